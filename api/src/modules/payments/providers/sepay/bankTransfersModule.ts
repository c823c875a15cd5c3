import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERROR_CODES, errorEnvelopeSchema, PAYMENT_WEBHOOK_BODY_LIMIT, paymentWebhookAckSchema, sepayWebhookSchema } from 'shared-contracts/schemas';
import type { AppContext } from '../../../../appContext';
import { cacheControlForAll } from '../../../../http/cacheControl';
import { AppError } from '../../../../http/appError';
import { ok } from '../../../../http/envelope';
import { paymentMessages, recordTransfer, keepRawJsonBodies, rawBodyOf, sameSecret } from '../../transactions';
import { sepayTransfer } from './sepayTransfer';
import { named } from '../../../../http/pluginName';

const APIKEY_SCHEME = /^Apikey\s+(.+)$/i;

/**
 * Bank-transfer notifications (shop-operations §5): POST /api/payments/sepay/webhook, SePay's documented webhook
 * (https://developer.sepay.vn/vi/sepay-webhooks/tich-hop-webhook), authenticated by `Authorization: Apikey <key>`
 * (SEPAY_WEBHOOK_KEY, compared in constant time; wrong or missing → 401 and a log line without the key). Money in
 * only; the transfer is recorded once per SePay id and pays the order whose code its content holds.
 */
export const bankTransfersModule: FastifyPluginAsyncZod<{ context: AppContext }> = named('bankTransfersModule', async (app, { context }) => {
  const { db, clock, config, events } = context;
  keepRawJsonBodies(app);
  cacheControlForAll(app, 'no-store');

  app.post(
    '/payments/sepay/webhook',
    {
      bodyLimit: PAYMENT_WEBHOOK_BODY_LIMIT,
      // The key is checked before the body is validated: a stranger learns nothing of the expected shape.
      onRequest: async (request) => {
        const header = request.headers.authorization ?? '';
        const key = APIKEY_SCHEME.exec(header)?.[1]?.trim() ?? '';
        if (!config.sepayWebhookKey || !sameSecret(config.sepayWebhookKey, key)) {
          request.log.warn({ provider: 'SEPAY', ip: request.ip, scheme: header.split(' ')[0]?.slice(0, 20) ?? '' }, 'payment webhook refused: wrong or missing API key');
          throw new AppError(401, ERROR_CODES.PAYMENT_WEBHOOK_UNAUTHORIZED, paymentMessages.wrongKey);
        }
      },
      schema: {
        tags: ['payments'],
        summary: 'Webhook SePay: thông báo chuyển khoản vào tài khoản (Authorization: Apikey …)',
        body: sepayWebhookSchema,
        response: { 200: paymentWebhookAckSchema, 401: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const body = request.body;
      if (body.transferType !== 'in' || body.transferAmount <= 0) return ok({ outcome: 'IGNORED' as const }, paymentMessages.ignored);
      const result = await recordTransfer({ db, clock, config, events, log: request.log }, sepayTransfer(body, rawBodyOf(request), clock.now()));
      if (result.outcome === 'REPLAYED') return ok({ outcome: 'REPLAYED' as const }, paymentMessages.replayed);
      return ok({ outcome: result.outcome }, paymentMessages.received);
    },
  );
});
