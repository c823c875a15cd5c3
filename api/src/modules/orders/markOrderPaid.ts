import type { Kysely } from 'kysely';
import { recountProductSale } from '../catalogueAdmin';
import { retakePromotionUse } from '../promotions';
import type { Order, OrderPaymentChannel, OrderPaymentMethod, OrderStatus } from 'shared-contracts/schemas';
import { ERROR_CODES } from 'shared-contracts/schemas';
import type { Database } from '../../db/schema';
import type { OrderRow } from '../../db/shopSchema';
import { AppError } from '../../http/appError';
import type { CentreScope } from '../../security/centreScope';
import { recordPayment } from '../ledger';
import { orderStatusEmail, type OrderEmail } from './orderEmails';
import { moveOrder, notifyCustomer, recordHistory } from './orderLifecycle';
import { orderMessages } from './orderMessages';
import type { OrderEventInput } from './orderTimeline';
import { issuePackageCredits } from './packageCredits';
import { retakeOrderPoints } from '../loyalty';
import type { ShopContext } from './placeOrder';

type Db = Kysely<Database>;

/** Who pays an order in: the system (a provider's verified notification) or a desk user, within their centre. */
export type PaymentActor = { kind: 'system' } | { kind: 'staff'; scope: CentreScope };
export const SYSTEM_ACTOR: PaymentActor = { kind: 'system' };

/** The money that arrived: what the ledger's payment record (sale_payments) keeps. */
export interface OrderPaymentInput {
  amount: number;
  method: OrderPaymentMethod;
  channel: OrderPaymentChannel;
  /** The bank's reference of a transfer; null for cash. */
  reference: string | null;
  /** The payment_transactions row it came from, if any. */
  transactionId: number | null;
}

export interface MarkOrderPaidOptions {
  payment: OrderPaymentInput;
  actor: PaymentActor;
  /** The history note (the customer does not see it). */
  note: string | null;
  /** Where the order goes: by default PENDING_PAYMENT (or a reopened CANCELLED) → PLACED, otherwise it stays. */
  status?: OrderStatus;
  /** The timeline step; by default the payment step with its amount and reference. */
  step?: { action: string } & Partial<Pick<OrderEventInput, 'carrier' | 'trackingCode'>>;
  /** Thrown when the order changed since it was read (a racing payment, the expiry job, another clerk). */
  conflict?: AppError;
  /** The customer's email; by default "payment received". null: none (the caller sends its own). */
  email?: ((fullName: string, facts: Order & { orderUrl: string }) => OrderEmail) | null;
}

/** 404 unless the actor may act on the order: the system always; desk staff on their centre's orders. */
export function assertOrderInActorScope(actor: PaymentActor, order: OrderRow): void {
  if (actor.kind === 'staff' && actor.scope.centreId !== null && order.desk_centre_id !== actor.scope.centreId) {
    throw AppError.notFound(orderMessages.notFound, ERROR_CODES.ORDER_NOT_FOUND);
  }
}

const actorIdOf = (actor: PaymentActor): number | null => (actor.kind === 'staff' ? actor.scope.userId : null);

/**
 * The one way an order becomes paid, whatever reported the money (SePay, payOS, a transfer a clerk recorded, the
 * exceptions queue, cash at the desk or on delivery): inside the caller's transaction, the order must be UNPAID and
 * in the actor's centre; it moves (a conditional update on the version read, else `conflict`), its payment record
 * is written by the ledger (amount, method, channel, reference, transaction, who: once per order, the unique index
 * refuses a second; with its sale.paid announcement), package credits are given, the history and timeline step and
 * the customer's message are written. The caller announces the change after commit.
 */
export async function markOrderPaid(ctx: ShopContext, trx: Db, order: OrderRow, options: MarkOrderPaidOptions): Promise<OrderRow> {
  assertOrderInActorScope(options.actor, order);
  const conflict = options.conflict ?? new AppError(409, ERROR_CODES.PAYMENT_NOT_CONFIRMABLE, orderMessages.paymentAlreadyConfirmed);
  if (order.payment_status !== 'UNPAID') throw conflict;
  const now = ctx.clock.now();
  const nowIso = now.toISOString();
  const actorId = actorIdOf(options.actor);
  const reopening = order.status === 'CANCELLED';
  const status: OrderStatus = options.status ?? (order.status === 'PENDING_PAYMENT' || reopening ? 'PLACED' : (order.status as OrderStatus));
  const moved = await moveOrder(trx, order, { status, paymentStatus: 'PAID', paidAt: nowIso, ...(reopening ? { cancelReason: null } : {}) }, nowIso, conflict, actorId);
  const { payment } = options;
  await recordPayment(trx, { kind: 'WEB_ORDER', orderId: order.id }, { ...payment, actorId, at: nowIso });
  await issuePackageCredits(trx, moved, now);
  await recordHistory(trx, moved, options.note, actorId, nowIso, options.step ?? { action: 'payment', amount: payment.amount, reference: payment.reference });
  if (options.email !== null) {
    const email = options.email ?? ((fullName: string, facts: Order & { orderUrl: string }) => orderStatusEmail(fullName, facts, status, null, true));
    await notifyCustomer(ctx, trx, moved, email);
  }
  return moved;
}

/**
 * Brings back an order the payment window cancelled, paid by the transfer that came late: the cancellation's
 * bookkeeping is undone (its products' sales, its promotion use and its points taken again; its stock is reserved again by
 * moveOrder on reopening, 409 OUT_OF_STOCK if the shelf no longer has it) and the order is paid through
 * markOrderPaid (PLACED, PAID). Only a CANCELLED, UNPAID order.
 */
export async function reopenOrder(ctx: ShopContext, trx: Db, order: OrderRow, options: Omit<MarkOrderPaidOptions, 'status'>): Promise<OrderRow> {
  if (order.status !== 'CANCELLED' || order.payment_status !== 'UNPAID') throw options.conflict ?? new AppError(409, ERROR_CODES.CONCURRENT_CHANGE, orderMessages.concurrentChange);
  const paid = await markOrderPaid(ctx, trx, order, { ...options, status: 'PLACED' });
  const nowIso = ctx.clock.now().toISOString();
  await retakeOrderPoints(trx, { id: order.id, userId: order.user_id, pointsUsed: order.points_used, at: ctx.clock.now() });
  const lines = await trx.selectFrom('order_lines').select(['ref_id', 'quantity']).where('order_id', '=', order.id).where('kind', '=', 'product').orderBy('ref_id').execute();
  for (const line of lines) {
    await recountProductSale(trx, line.ref_id, line.quantity, nowIso);
  }
  if (order.promotion_id !== null) {
    const retaken = await trx.updateTable('promotion_redemptions').set({ released_at: null }).where('order_id', '=', order.id).where('released_at', 'is not', null).executeTakeFirst();
    if (Number(retaken.numUpdatedRows) > 0) {
      await retakePromotionUse(trx, order.promotion_id);
    }
  }
  return paid;
}
