import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERROR_CODES, errorEnvelopeSchema, orderCodeParamsSchema, PAYMENT_WEBHOOK_BODY_LIMIT, payOsLinkResponseSchema, payOsWebhookSchema, paymentWebhookAckSchema } from 'shared-contracts/schemas';
import type { AppContext } from '../../../../appContext';
import { AppError } from '../../../../http/appError';
import { cacheControlForAll } from '../../../../http/cacheControl';
import { ok } from '../../../../http/envelope';
import { authenticate, currentAuth } from '../../../../security/authGuard';
import { paymentMessages, recordTransfer, keepRawJsonBodies, rawBodyOf, sameSecret } from '../../transactions';
import { payOsCheckoutUrl } from './payOsLinks';
import { payOsSignature } from './payOsSignature';
import { payOsTransfer } from './payOsTransfer';
import { named } from '../../../../http/pluginName';

const errors = { 401: errorEnvelopeSchema, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema, 502: errorEnvelopeSchema, 503: errorEnvelopeSchema };

/**
 * payOS (shop-operations §5, https://payos.vn/docs): POST /api/orders/:code/payos-link (the order's owner: the
 * checkout URL of its payment link) and POST /api/payments/payos/webhook (payOS's documented webhook: the data
 * signed with the checksum key, checked in constant time; wrong → 401 and a log line without secrets). A paid
 * link (data.code '00') pays its order when the amount matches; anything else waits in the exceptions queue.
 */
export const payOSModule: FastifyPluginAsyncZod<{ context: AppContext }> = named('payOSModule', async (app, { context }) => {
  const { db, clock, config, events } = context;
  keepRawJsonBodies(app);
  cacheControlForAll(app, 'private, no-store');

  app.post(
    '/orders/:code/payos-link',
    {
      preHandler: authenticate,
      schema: {
        tags: ['payments'],
        summary: 'Liên kết thanh toán payOS của đơn hàng chờ chuyển khoản (chủ đơn)',
        params: orderCodeParamsSchema,
        response: { 200: payOsLinkResponseSchema, ...errors },
      },
    },
    async (request) => {
      const checkoutUrl = await payOsCheckoutUrl(
        { db, payOs: config.payOs, publicUrl: config.publicUrl, paymentHours: config.vietQr.paymentHours },
        request.params.code,
        currentAuth(request),
      );
      return ok({ checkoutUrl }, paymentMessages.linkReady);
    },
  );

  app.post(
    '/payments/payos/webhook',
    {
      bodyLimit: PAYMENT_WEBHOOK_BODY_LIMIT,
      schema: {
        tags: ['payments'],
        summary: 'Webhook payOS: thanh toán qua liên kết payOS (dữ liệu ký HMAC-SHA256 bằng checksum key)',
        body: payOsWebhookSchema,
        response: { 200: paymentWebhookAckSchema, 401: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const raw = rawBodyOf(request);
      // The signature covers the data exactly as payOS sent it (every key, unknown ones too).
      const received = (JSON.parse(raw) as { data: Record<string, unknown> }).data;
      if (!config.payOs || !sameSecret(payOsSignature(config.payOs.checksumKey, received), request.body.signature)) {
        request.log.warn({ provider: 'PAYOS', ip: request.ip, orderCode: request.body.data.orderCode }, 'payment webhook refused: wrong signature');
        throw new AppError(401, ERROR_CODES.PAYMENT_WEBHOOK_UNAUTHORIZED, paymentMessages.wrongSignature);
      }
      const { data } = request.body;
      if (request.body.code !== '00' || data.code !== '00' || data.amount <= 0) return ok({ outcome: 'IGNORED' as const }, paymentMessages.ignored);
      const result = await recordTransfer({ db, clock, config, events, log: request.log }, payOsTransfer(request.body, raw, clock.now()), async (trx, order) => {
        await trx.updateTable('payos_payment_links').set({ status: 'PAID' }).where('order_id', '=', order.id).execute();
      });
      if (result.outcome === 'REPLAYED') return ok({ outcome: 'REPLAYED' as const }, paymentMessages.replayed);
      return ok({ outcome: result.outcome }, paymentMessages.received);
    },
  );
});
