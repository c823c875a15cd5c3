import { ERROR_CODES } from 'shared-contracts/schemas';
import { toNumber } from '../../../db/portable';
import { AppError } from '../../../http/appError';
import type { CentreScope } from '../../../security/centreScope';
import { invalidateCatalogue } from '../../catalogue';
import { reopenOrder, announceWebOrderChange } from '../../orders';
import { paymentExceptionMessages } from './paymentExceptionMessages';
import { providerLabel, vnd } from './paymentExceptionQueries';
import { exceptionInScope, type PaymentTransactionRow } from './paymentExceptionScope';
import { announcePaymentExceptionChange, orderNotPayable, paymentOfException, refuse, reinstatableOrder, resolve, stale, type PaymentExceptionContext } from './paymentExceptionWork';

/**
 * POST /payment-exceptions/:id/reinstate: the transfer for an order the payment window cancelled came late, for
 * its whole total. The order goes back to PLACED and PAID: its stock is reserved again at its location (moveOrder
 * does it on reopening; not enough → 409 "hãy hoàn tiền", nothing changed), its products' sales and promotion use
 * counted again, package credits given, the customer emailed; the exception REINSTATED.
 */
export async function reinstateException(ctx: PaymentExceptionContext, scope: CentreScope, id: number, input: { version: number }): Promise<PaymentTransactionRow> {
  const nowIso = ctx.clock.now().toISOString();
  const { tx, order } = await ctx.db.transaction().execute(async (trx) => {
    const row = await exceptionInScope(trx, ctx.config, scope, id);
    if (toNumber(row.version) !== input.version || row.resolution !== null) throw stale(row);
    const cancelled = await reinstatableOrder(trx, row);
    if (!cancelled) throw refuse('reinstate');
    const amount = toNumber(row.amount);
    const total = toNumber(cancelled.total);
    if (amount !== total) {
      const message = paymentExceptionMessages.amountMismatch(vnd(amount), vnd(total));
      throw new AppError(422, ERROR_CODES.AMOUNT_MISMATCH, message, [{ field: 'version', message }]);
    }
    const tx = await resolve(trx, row, input.version, { action: 'reinstate', resolution: 'REINSTATED', actorId: scope.userId, nowIso, note: cancelled.code, orderId: cancelled.id });
    const note = paymentExceptionMessages.reinstated(vnd(amount), providerLabel(row.provider));
    const paid = await reopenOrder(ctx, trx, cancelled, {
      payment: paymentOfException(tx, 'REINSTATE'),
      actor: { kind: 'staff', scope },
      note,
      conflict: orderNotPayable(cancelled),
    }).catch((error: unknown) => {
      if (error instanceof AppError && error.code === ERROR_CODES.OUT_OF_STOCK) {
        throw new AppError(409, ERROR_CODES.REINSTATE_OUT_OF_STOCK, `${paymentExceptionMessages.outOfStock} (${error.message}).`);
      }
      throw error;
    });
    return { tx, order: paid };
  });
  if (order.promotion_id !== null) invalidateCatalogue();
  await announcePaymentExceptionChange(ctx.events, order.desk_centre_id);
  await announceWebOrderChange(ctx.events, order.desk_centre_id, order);
  return tx;
}
