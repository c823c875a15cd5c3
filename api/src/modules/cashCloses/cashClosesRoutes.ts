import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cashCloseCentreQuerySchema,
  cashCloseHistoryQuerySchema,
  cashCloseHistoryResponseSchema,
  cashCloseInputSchema,
  cashCloseResponseSchema,
  currentCashPeriodResponseSchema,
} from 'shared-contracts/schemas';
import { backOfficeErrors, backOfficeReadErrors } from '../../http/backOfficeErrors';
import { cacheControlForAll } from '../../http/cacheControl';
import { ok } from '../../http/envelope';
import { named } from '../../http/pluginName';
import { centreForRequest, centreScopeOf, requireCentreRole } from '../../security/centreScope';
import { cashCloseMessages } from './cashCloseMessages';
import { readCloseHistory } from './cashCloseHistory';
import { readCurrentPeriod } from './cashClosePeriod';
import { closeCashPeriod, type CashCloseContext } from './cashCloseWrites';

/**
 * The cashier's close per centre ("Chốt ca", issue 62): the open period and its expected cash, the close, the
 * history. Staff and the manager of a centre see and close theirs (another centre's answers 404); an admin reads
 * any centre's (?centreId=) and closes none (403 ADMIN_READ_ONLY); other roles 403.
 */
export const cashClosesRoutes: FastifyPluginAsyncZod<{ ctx: CashCloseContext }> = named('cashClosesRoutes', async (app, { ctx }) => {
  cacheControlForAll(app, 'private, no-store');
  const { db, clock } = ctx;
  const readers = requireCentreRole(db, 'staff', 'manager', 'admin');

  app.get(
    '/cash-closes/current',
    {
      preHandler: readers,
      schema: {
        tags: ['back-office'],
        summary: 'Ca đang mở của quầy: từ lần chốt trước (hoặc đầu ngày), tiền mặt dự kiến theo sổ và từng khoản thu/hoàn tiền mặt',
        querystring: cashCloseCentreQuerySchema,
        response: { 200: currentCashPeriodResponseSchema, ...backOfficeReadErrors },
      },
    },
    async (request) => {
      const centreId = await centreForRequest(db, centreScopeOf(request), request.query.centreId);
      return ok(await readCurrentPeriod(db, centreId, clock.now()), cashCloseMessages.current);
    },
  );

  app.post(
    '/cash-closes',
    {
      preHandler: readers,
      schema: {
        tags: ['back-office'],
        summary:
          'Chốt ca: ghi số tiền mặt đếm được so với số dự kiến (tính lại trên máy chủ; khác số đã xem: 409 CASH_CLOSE_EXPECTED_CHANGED; người khác vừa chốt: 409 CASH_CLOSE_TAKEN; chênh lệch cần lý do: 422)',
        body: cashCloseInputSchema,
        response: { 201: cashCloseResponseSchema, ...backOfficeErrors },
      },
    },
    async (request, reply) => {
      const close = await closeCashPeriod(ctx, centreScopeOf(request), request.body);
      return reply.code(201).send(ok(close, cashCloseMessages.closed(close.difference)));
    },
  );

  app.get(
    '/cash-closes',
    {
      preHandler: readers,
      schema: {
        tags: ['back-office'],
        summary: 'Lịch sử chốt ca của trung tâm theo khoảng ngày (mặc định 7 ngày gần nhất, tối đa 92 ngày), mới nhất trước',
        querystring: cashCloseHistoryQuerySchema,
        response: { 200: cashCloseHistoryResponseSchema, ...backOfficeReadErrors },
      },
    },
    async (request) => {
      const { centreId: requested, from, to } = request.query;
      const centreId = await centreForRequest(db, centreScopeOf(request), requested);
      return ok(await readCloseHistory(db, centreId, clock.now(), { from, to }), cashCloseMessages.history);
    },
  );
});
