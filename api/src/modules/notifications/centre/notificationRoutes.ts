import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CONVERSATION_MESSAGE_EVENT,
  envelopeSchema,
  errorEnvelopeSchema,
  markNotificationsReadInputSchema,
  notificationListSchema,
  notificationsQuerySchema,
  unreadCountSchema,
} from 'shared-contracts/schemas';
import type { AppContext } from '../../../appContext';
import { cacheControlForAll } from '../../../http/cacheControl';
import { ok } from '../../../http/envelope';
import { eventStreams, SSE_HEARTBEAT_MS } from '../../../http/eventStream';
import { authenticate, currentAuth } from '../../../security/authGuard';
import { markNotificationsRead, readNotifications, unreadCountOf } from './notificationReads';

export const notificationMessages = {
  list: 'Danh sách thông báo',
  unreadCount: 'Số thông báo chưa đọc',
  marked: 'Đã đánh dấu đã đọc',
} as const;

/**
 * The bell's routes (issue 49 §2), for any signed-in role, each user's own notifications only: the list newest
 * first, the unread count, marking read, and the personal live stream (GET /api/notifications/events:
 * `notification`, `conversation-message`, `conversation-read`), whichever instance the event was published on.
 */
export const notificationRoutes: FastifyPluginAsyncZod<{ context: AppContext; heartbeatMs?: number }> = async (app, { context, heartbeatMs = SSE_HEARTBEAT_MS }) => {
  const { db, clock, events } = context;
  const serve = eventStreams(app, events, heartbeatMs);
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
      preHandler: authenticate,
      schema: { tags: ['notifications'], summary: 'Đánh dấu đã đọc: { ids } hoặc { all: true }', body: markNotificationsReadInputSchema, response: { 200: envelopeSchema(unreadCountSchema), ...errors } },
    },
    async (request) => {
      const unreadCount = await markNotificationsRead(db, currentAuth(request).userId, request.body, clock.now());
      return ok({ unreadCount }, notificationMessages.marked);
    },
  );

  app.get(
    '/notifications/events',
    {
      preHandler: authenticate,
      schema: {
        tags: ['notifications'],
        summary: `Sự kiện trực tiếp của tôi (Server-Sent Events: notification, ${CONVERSATION_MESSAGE_EVENT}, conversation-read)`,
        response: { 401: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const { userId } = currentAuth(request);
      await serve(request, reply, (write) => events.subscribePersonal(userId, (event) => write(event.name, event.data)));
    },
  );
};
