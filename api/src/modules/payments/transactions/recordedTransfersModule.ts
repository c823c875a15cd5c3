import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ERROR_CODES,
  addCalendarDays,
  errorEnvelopeSchema,
  orderCodeParamsSchema,
  recordedTransferInputSchema,
  recordedTransferResponseSchema,
  vietnamDateOf,
  vietnamInstant,
} from 'shared-contracts/schemas';
import type { AppContext } from '../../../appContext';
import { AppError } from '../../../http/appError';
import { cacheControlForAll } from '../../../http/cacheControl';
import { ok } from '../../../http/envelope';
import { centreScopeOf, requireCentreRole } from '../../../security/centreScope';
import { orderMessages } from '../../orders';
import { webOrderInScope } from '../../webOrders';
import { recordedTransferMessages } from './paymentTransactionMessages';
import { recordTransfer } from './recordTransfer';
import { named } from '../../../http/pluginName';

/** How far back a clerk may date a transfer: a bank statement's usual reach. */
const RECORDED_TRANSFER_MAX_AGE_DAYS = 90;

const errors = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema, 422: errorEnvelopeSchema };

/**
 * POST /api/staff/web-orders/:code/transfers: where no bank notification is configured, the desk records a transfer
 * the bank statement shows for an order of its centre (amount, bank reference, date). It is matched as a webhook's
 * would be (recordTransfer, provider MANUAL, the clerk as actor): the exact total pays the order through the one
 * paid path; any other amount waits in the exceptions queue. A bank reference recorded before is a 409.
 */
export const recordedTransfersModule: FastifyPluginAsyncZod<{ context: AppContext }> = named('recordedTransfersModule', async (app, { context }) => {
  const { db, clock, config, events } = context;
  const deskRoles = requireCentreRole(db, 'staff', 'manager', 'admin');
  cacheControlForAll(app, 'private, no-store');

  app.post(
    '/staff/web-orders/:code/transfers',
    {
      preHandler: deskRoles,
      schema: {
        tags: ['web-orders'],
        summary: 'Ghi nhận tiền chuyển khoản đã nhận cho đơn hàng (số tiền, mã giao dịch ngân hàng, ngày): đúng tổng tiền → đã thanh toán; khác → hàng đợi cần xử lý',
        params: orderCodeParamsSchema,
        body: recordedTransferInputSchema,
        response: { 200: recordedTransferResponseSchema, ...errors },
      },
    },
    async (request) => {
      const scope = centreScopeOf(request);
      const { amount, bankReference, transferredOn } = request.body;
      const today = vietnamDateOf(clock.now());
      if (transferredOn > today || transferredOn < addCalendarDays(today, -RECORDED_TRANSFER_MAX_AGE_DAYS)) {
        const message = recordedTransferMessages.dateOutOfRange(RECORDED_TRANSFER_MAX_AGE_DAYS);
        throw AppError.validation([{ field: 'transferredOn', message }], message);
      }
      // The order must be of the clerk's desk (another centre's is 404) before anything is written.
      const order = await webOrderInScope(db, scope, request.params.code);
      if (order.payment_method !== 'VIETQR') throw new AppError(409, ERROR_CODES.PAYMENT_NOT_CONFIRMABLE, orderMessages.paymentNotVietQr);
      const reference = bankReference.replace(/\s+/g, '').toUpperCase();
      const result = await recordTransfer(
        { db, clock, config, events, log: request.log },
        {
          provider: 'MANUAL',
          providerRef: reference,
          amount,
          content: recordedTransferMessages.content(order.code),
          bankReference: reference,
          transferredAt: vietnamInstant(transferredOn, '00:00').toISOString(),
          rawPayload: JSON.stringify({ orderCode: order.code, amount, bankReference, transferredOn, recordedBy: scope.userId }),
          locate: async (trx) => ({ order: await webOrderInScope(trx, scope, order.code), codeFound: order.code }),
          actor: { kind: 'staff', scope },
        },
      );
      if (result.outcome === 'REPLAYED') throw new AppError(409, ERROR_CODES.TRANSFER_ALREADY_RECORDED, recordedTransferMessages.alreadyRecorded(reference));
      const message = result.outcome === 'MATCHED' ? recordedTransferMessages.paid(order.code) : recordedTransferMessages.queued;
      return ok({ outcome: result.outcome, orderCode: order.code }, message);
    },
  );
});
