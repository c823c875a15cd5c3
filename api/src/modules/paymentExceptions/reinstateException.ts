import { sql, type Kysely } from 'kysely';
import { toNumber } from '../../db/portable';
import type { Database } from '../../db/schema';
import type { OrderRow } from '../../db/shopSchema';
import { AppError } from '../../http/appError';
import type { CentreScope } from '../../security/centreScope';
import { invalidateCatalogue } from '../catalogue/catalogueCache';
import { OrderErrorCodes } from '../orders/orderMessages';
import { announceWebOrderChange } from '../orders/webOrderChanges';
import { PaymentExceptionErrorCodes, paymentExceptionMessages } from './paymentExceptionMessages';
import { providerLabel, vnd } from './paymentExceptionQueries';
import { exceptionInScope, type PaymentTransactionRow } from './paymentExceptionScope';
import { announcePaymentExceptionChange, payOrder, refuse, reinstatableOrder, resolve, stale, type PaymentExceptionContext } from './paymentExceptionWork';

type Db = Kysely<Database>;

/** What the cancellation gave back besides the stock: the products' sales and the promotion use, taken again. */
async function retakeSalesAndPromotion(trx: Db, order: OrderRow, nowIso: string): Promise<void> {
  const lines = await trx.selectFrom('order_lines').select(['ref_id', 'quantity']).where('order_id', '=', order.id).where('kind', '=', 'product').orderBy('ref_id').execute();
  for (const line of lines) {
    await trx
      .updateTable('products')
      .set({ sales_count: sql<number>`sales_count + ${line.quantity}`, updated_at: nowIso })
      .where('id', '=', line.ref_id)
      .execute();
  }
  if (order.promotion_id === null) return;
  const retaken = await trx.updateTable('promotion_redemptions').set({ released_at: null }).where('order_id', '=', order.id).where('released_at', 'is not', null).executeTakeFirst();
  if (Number(retaken.numUpdatedRows) > 0) {
    await trx.updateTable('promotions').set({ used_count: sql<number>`used_count + 1` }).where('id', '=', order.promotion_id).execute();
  }
}

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
      throw new AppError(422, PaymentExceptionErrorCodes.AMOUNT_MISMATCH, message, [{ field: 'version', message }]);
    }
    const tx = await resolve(trx, row, input.version, { action: 'reinstate', resolution: 'REINSTATED', actorId: scope.userId, nowIso, note: cancelled.code, orderId: cancelled.id });
    const note = paymentExceptionMessages.reinstated(vnd(amount), providerLabel(row.provider));
    const paid = await payOrder(ctx, trx, cancelled, tx, scope.userId, nowIso, note, 'CANCELLED').catch((error: unknown) => {
      if (error instanceof AppError && error.code === OrderErrorCodes.OUT_OF_STOCK) {
        throw new AppError(409, PaymentExceptionErrorCodes.REINSTATE_OUT_OF_STOCK, `${paymentExceptionMessages.outOfStock} (${error.message}).`);
      }
      throw error;
    });
    await retakeSalesAndPromotion(trx, paid, nowIso);
    return { tx, order: paid };
  });
  if (order.promotion_id !== null) invalidateCatalogue();
  await announcePaymentExceptionChange(ctx.events, order.desk_centre_id);
  await announceWebOrderChange(ctx.events, order.desk_centre_id, order);
  return tx;
}
