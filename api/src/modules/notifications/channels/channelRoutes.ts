import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeSchema,
  notificationPreferencesInputSchema,
  notificationPreferencesSchema,
  pushPublicKeySchema,
  pushSubscriptionInputSchema,
  PUSH_SUBSCRIPTIONS_PER_USER_MAX,
  type NotificationChannel as ChannelName,
} from 'shared-contracts/schemas';
import type { AppContext } from '../../../appContext';
import { AppError } from '../../../http/appError';
import { requireKnownField } from '../../../http/bodyFields';
import { cacheControlForAll } from '../../../http/cacheControl';
import { ok } from '../../../http/envelope';
import { authenticate, currentAuth } from '../../../security/authGuard';
import { readPreferences, writePreferences } from './preferences';
import { named } from '../../../http/pluginName';
import { pushEndpointRules, validPushKeys } from './providers/pushConnection';

export const channelMessages = {
  preferences: 'Lựa chọn nhận thông báo của bạn.',
  preferencesSaved: 'Đã lưu lựa chọn nhận thông báo.',
  pushKey: 'Khóa đăng ký thông báo trên trình duyệt.',
  subscribed: 'Đã bật thông báo trên trình duyệt này.',
  unsubscribed: 'Đã tắt thông báo trên trình duyệt này.',
  endpointInvalid: 'Đăng ký nhận thông báo không hợp lệ.',
  endpointNotPushService: 'Địa chỉ nhận thông báo không thuộc dịch vụ push của trình duyệt (FCM, Mozilla, Apple, Microsoft).',
  keysInvalid: 'Khóa mã hóa của đăng ký nhận thông báo không hợp lệ.',
} as const;

const preferencesResponse = envelopeSchema(notificationPreferencesSchema);
const unsubscribeQuerySchema = z.object({
  endpoint: z.string({ error: channelMessages.endpointInvalid }).trim().min(1, channelMessages.endpointInvalid).max(1000, channelMessages.endpointInvalid),
});

/**
 * The user's channels outside the site (any signed-in role, own settings only): GET/PUT /api/notifications/preferences,
 * GET /api/notifications/push-key, POST/DELETE /api/notifications/push-subscriptions.
 */
export const channelRoutes: FastifyPluginAsyncZod<{ context: AppContext; available: (channel: ChannelName) => boolean }> = named('channelRoutes', async (app, { context, available }) => {
  const { db, clock, config } = context;
  const endpoints = pushEndpointRules(config);
  cacheControlForAll(app, 'private, no-store');

  app.get(
    '/notifications/preferences',
    { preHandler: authenticate, schema: { tags: ['notifications'], summary: 'Kênh nhận thông báo theo từng chủ đề, và các kênh liên lạc được với tôi', response: { 200: preferencesResponse } } },
    async (request) => ok(await readPreferences(db, currentAuth(request).userId, available), channelMessages.preferences),
  );

  app.put(
    '/notifications/preferences',
    {
      preValidation: requireKnownField(notificationPreferencesInputSchema),
      preHandler: authenticate,
      schema: { tags: ['notifications'], summary: 'Chọn kênh nhận thông báo cho từng chủ đề (khuyến mãi: chỉ khi tôi bật)', body: notificationPreferencesInputSchema, response: { 200: preferencesResponse } },
    },
    async (request) => {
      const { userId } = currentAuth(request);
      await writePreferences(db, userId, request.body, clock.now());
      return ok(await readPreferences(db, userId, available), channelMessages.preferencesSaved);
    },
  );

  app.get(
    '/notifications/push-key',
    { preHandler: authenticate, schema: { tags: ['notifications'], summary: 'Khóa VAPID công khai để trình duyệt đăng ký nhận thông báo (null: máy chủ chưa bật)', response: { 200: envelopeSchema(pushPublicKeySchema) } } },
    async () => ok({ publicKey: config.notificationChannels.pushPublicKey }, channelMessages.pushKey),
  );

  app.post(
    '/notifications/push-subscriptions',
    {
      preHandler: authenticate,
      schema: {
        tags: ['notifications'],
        summary: `Bật thông báo trên trình duyệt này (tối đa ${PUSH_SUBSCRIPTIONS_PER_USER_MAX} thiết bị, thiết bị cũ nhất bị thay)`,
        body: pushSubscriptionInputSchema,
        response: { 201: envelopeSchema(z.object({ id: z.number().int().positive() })) },
      },
    },
    async (request, reply) => {
      const { userId } = currentAuth(request);
      const { endpoint, keys } = request.body;
      // The API will POST to this address: only a browser push service's (a customer's address inside our network
      // would be called on every notification), and keys web-push can encrypt to.
      if (!endpoints.allowed(endpoint)) throw AppError.validation([{ field: 'endpoint', message: channelMessages.endpointNotPushService }], channelMessages.endpointNotPushService);
      if (!validPushKeys(keys)) throw AppError.validation([{ field: 'keys.p256dh', message: channelMessages.keysInvalid }], channelMessages.keysInvalid);
      const now = clock.now().toISOString();
      const id = await db.transaction().execute(async (trx) => {
        // The endpoint names one browser subscription: another user's is never moved to the poster (whoever learnt an
        // endpoint must not redirect its pushes); the answer is the same as a stored one, and says nothing of the owner.
        const existing = await trx.selectFrom('push_subscriptions').select(['id', 'user_id']).where('endpoint', '=', endpoint).executeTakeFirst();
        if (existing && existing.user_id !== userId) return existing.id;
        // The poster's own browser again: its keys renewed in the same row (the same id, as another's would answer).
        const row = existing
          ? await trx.updateTable('push_subscriptions').set({ p256dh: keys.p256dh, auth: keys.auth, created_at: now }).where('id', '=', existing.id).returning('id').executeTakeFirstOrThrow()
          : await trx.insertInto('push_subscriptions').values({ user_id: userId, endpoint, p256dh: keys.p256dh, auth: keys.auth, created_at: now }).returning('id').executeTakeFirstOrThrow();
        const kept = await trx.selectFrom('push_subscriptions').select('id').where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(PUSH_SUBSCRIPTIONS_PER_USER_MAX).execute();
        await trx
          .deleteFrom('push_subscriptions')
          .where('user_id', '=', userId)
          .where(
            'id',
            'not in',
            kept.map((subscription) => subscription.id),
          )
          .execute();
        return row.id;
      });
      return reply.code(201).send(ok({ id }, channelMessages.subscribed));
    },
  );

  app.delete(
    '/notifications/push-subscriptions',
    {
      preHandler: authenticate,
      schema: { tags: ['notifications'], summary: 'Tắt thông báo trên trình duyệt này', querystring: unsubscribeQuerySchema, response: { 200: envelopeSchema(z.object({ removed: z.number().int().nonnegative() })) } },
    },
    async (request) => {
      const result = await db.deleteFrom('push_subscriptions').where('user_id', '=', currentAuth(request).userId).where('endpoint', '=', request.query.endpoint).executeTakeFirst();
      return ok({ removed: Number(result.numDeletedRows) }, channelMessages.unsubscribed);
    },
  );
});
