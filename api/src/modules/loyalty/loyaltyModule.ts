import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema, loyaltyCounterCodeResponseSchema, loyaltySummaryResponseSchema } from 'shared-contracts/schemas';
import type { AppContext } from '../../appContext';
import { cacheControlForAll } from '../../http/cacheControl';
import { ok } from '../../http/envelope';
import { named } from '../../http/pluginName';
import { currentAuth, requireRole } from '../../security/authGuard';
import { counterPointsMessages, issueCounterCode } from './counterRedemption';
import { loyaltyBackOfficeRoutes } from './loyaltyBackOfficeRoutes';
import { loyaltySummary } from './loyaltyViews';
import { createLoyaltyWorker, type LoyaltyWorker } from './loyaltyWorker';

/**
 * Members' points: GET /api/loyalty/me for the customer, the back office's rules and manual adjustments
 * (loyaltyBackOfficeRoutes), and the worker that earns, reverses and expires them from the ledger's events on every
 * instance once it listens.
 */
export const loyaltyModule: FastifyPluginAsyncZod<{ context: AppContext }> = named('loyaltyModule', async (app, { context }) => {
  const { db, clock } = context;
  cacheControlForAll(app, 'private, no-store');

  app.get(
    '/loyalty/me',
    {
      preHandler: requireRole('customer'),
      schema: {
        tags: ['loyalty'],
        summary: 'Điểm thưởng của khách: số dư và giá trị, điểm sắp hết hạn, lịch sử gần nhất',
        response: { 200: loyaltySummaryResponseSchema, 401: errorEnvelopeSchema, 403: errorEnvelopeSchema },
      },
    },
    async (request) => ok(await loyaltySummary(db, currentAuth(request).userId, clock.now())),
  );

  app.post(
    '/loyalty/me/counter-code',
    {
      preHandler: requireRole('customer'),
      schema: {
        tags: ['loyalty'],
        summary: 'Mã dùng điểm tại quầy: 6 chữ số (kèm QR ở trang của khách), dùng một lần trong 5 phút; mã mới thay mã cũ chưa dùng',
        response: { 201: loyaltyCounterCodeResponseSchema, 401: errorEnvelopeSchema, 403: errorEnvelopeSchema },
      },
    },
    async (request, reply) => reply.code(201).send(ok(await issueCounterCode(db, context.secret, currentAuth(request).userId, clock.now()), counterPointsMessages.codeIssued)),
  );

  await app.register(loyaltyBackOfficeRoutes, { context });

  let worker: LoyaltyWorker | null = null;
  app.addHook('onListen', async () => {
    worker ??= createLoyaltyWorker({ db, clock, log: app.log });
    worker.start();
  });
  app.addHook('onClose', async () => worker?.stop());
});
