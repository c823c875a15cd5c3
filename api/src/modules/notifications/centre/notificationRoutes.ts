import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeSchema,
  errorEnvelopeSchema,
  markNotificationsReadInputSchema,
  notificationListSchema,
  notificationsQuerySchema,
  unreadCountSchema,
} from 'shared-contracts/schemas';
import type { AppContext } from '../../../appContext';
import { requireKnownField } from '../../../http/bodyFields';
import { cacheControlForAll } from '../../../http/cacheControl';
import { ok } from '../../../http/envelope';
import { authenticate, currentAuth } from '../../../security/authGuard';
import { markNotificationsRead, readNotifications, unreadCountOf } from './notificationReads';
import { named } from '../../../http/pluginName';

/** Either form's fields: a body with neither is an update of nothing (422, as every PUT's). */
const markReadFields = z.object({ ...markNotificationsReadInputSchema.options[0].shape, ...markNotificationsReadInputSchema.options[1].shape });

export const notificationMessages = {
  list: 'Danh sách thông báo',
  unreadCount: 'Số thông báo chưa đọc',
  marked: 'Đã đánh dấu đã đọc',
} as const;

/**
 * The bell's routes (issue 49 §2), for any signed-in role, each user's own notifications only: the list newest
 * first, the unread count, marking read. The live stream is notificationEventsRoutes.ts.
 */
export const notificationRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = named('notificationRoutes', async (app, { context }) => {
  const { db, clock } = context;
  cacheControlForAll(app, 'private, no-store');
  const errors = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema };

  app.get(
    '/notifications',
    {
      preHandler: authenticate,
      schema: { tags: ['notifications'], summary: 'Thông báo của tôi, mới nhất trước (before: id cuối đã xem)', querystring: notificationsQuerySchema, response: { 200: envelopeSchema(notificationListSchema), ...errors } },
    },
    async (request) => ok(await readNotifications(db, currentAuth(request).userId, request.query), notificationMessages.list),
  );

  app.get(
    '/notifications/unread-count',
    { preHandler: authenticate, schema: { tags: ['notifications'], summary: 'Số thông báo chưa đọc (chuông)', response: { 200: envelopeSchema(unreadCountSchema), 401: errorEnvelopeSchema } } },
    async (request) => ok({ unreadCount: await unreadCountOf(db, currentAuth(request).userId) }, notificationMessages.unreadCount),
  );

  app.put(
    '/notifications/read',
    {
      preValidation: requireKnownField(markReadFields),
      preHandler: authenticate,
      schema: { tags: ['notifications'], summary: 'Đánh dấu đã đọc: { ids } hoặc { all: true }', body: markNotificationsReadInputSchema, response: { 200: envelopeSchema(unreadCountSchema), ...errors, 422: errorEnvelopeSchema } },
    },
    async (request) => {
      const unreadCount = await markNotificationsRead(db, currentAuth(request).userId, request.body, clock.now());
      return ok({ unreadCount }, notificationMessages.marked);
    },
  );
});
