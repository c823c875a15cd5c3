import { sql, type Kysely } from 'kysely';
import {
  ERROR_CODES,
  CUSTOMER_CANCELLABLE_STATUSES,
  type AccountRole,
  type Order,
  type OrderStatus,
  type PaymentStatus,
  type WebOrderFacts,
} from 'shared-contracts/schemas';
import { toNumber } from '../../db/portable';
import type { Database } from '../../db/schema';
import type { OrderRow } from '../../db/shopSchema';
import type { EventBus } from '../../events/eventBus';
import { AppError } from '../../http/appError';
import { invalidateCatalogue } from '../catalogue';
import { uncountProductSale } from '../catalogueAdmin';
import { givePromotionUseBack } from '../promotions';
import { tellOrderFacts, type OrderFact } from '../notifications';
import { enqueueOrderEmail, orderCancelledEmail, type OrderEmail } from './orderEmails';
import { orderMessages } from './orderMessages';
import { actorKindOf, recordOrderEvent, type OrderEventInput } from './orderTimeline';
import { settleOrderStock } from './orderStock';
import { findOrderRow, toOrder } from './orderView';
import { revokePackageCredits } from './packageCredits';
import { returnOrderPoints } from '../loyalty';
import type { ShopContext } from './placeOrder';
import { announceWebOrderChange } from './webOrderChanges';

type Db = Kysely<Database>;

/** Who acts on an order. */
export interface OrderActor {
  userId: number;
  role: AccountRole;
}

/**
 * The customer's own order; 404 otherwise (another customer's order does not exist). Staff reach orders through
 * the web-order desk, within their centre (webOrders).
 */
export async function ownOrder(db: Db, code: string, actor: OrderActor): Promise<OrderRow> {
  const row = await findOrderRow(db, code);
  if (!row || row.user_id !== actor.userId) throw AppError.notFound(orderMessages.notFound, ERROR_CODES.ORDER_NOT_FOUND);
  return row;
}

/**
 * Tells the customer what just happened to their order, inside the transaction of the change. A fact of the
 * notification centre (the email's `fact`: placed, paid, confirmed, shipped, ready, completed, cancelled, refunded) is handed to the centre,
 * which tells it once on the channel the customer chose, this email when that is email; a paid order's payment is
 * such a fact even when the email tells another (handed over and paid at the counter). An email that names no fact
 * of the centre would be put in the email outbox as it is.
 */
export async function notifyCustomer(ctx: ShopContext, trx: Db, row: OrderRow, build: (fullName: string, facts: Order & { orderUrl: string }) => OrderEmail): Promise<void> {
  const [customer, order] = await Promise.all([
    trx.selectFrom('users').select(['email', 'full_name']).where('id', '=', row.user_id).executeTakeFirstOrThrow(),
    toOrder(trx, row, ctx.config.vietQr),
  ]);
  const email = build(customer.full_name, { ...order, orderUrl: `${ctx.config.publicUrl}/orders/${row.code}` });
  const { fact, ...content } = email;
  const facts: { fact: OrderFact; email?: OrderEmail }[] = fact ? [{ fact, email: content }] : [];
  if (row.payment_status === 'PAID' && fact !== 'paid') facts.push({ fact: 'paid' });
  if (!fact) await enqueueOrderEmail(trx, ctx.clock, customer.email, content);
  await tellOrderFacts(trx, ctx.clock.now(), row.user_id, row.code, facts);
}

/**
 * Moves an order from the status read to `next` unless someone changed it in between (then 409): the
 * conditional UPDATE is the guard, so two staff clicks or a cancel racing a confirmation apply once. Its stock
 * follows (orderStock.ts): shipped or handed over issues the reserved units (with `actorId`), cancelled releases them.
 */
export async function moveOrder(
  trx: Db,
  row: OrderRow,
  next: { status: OrderStatus; paymentStatus: PaymentStatus; paidAt?: string; cancelReason?: string | null },
  nowIso: string,
  conflict: AppError,
  actorId: number | null = null,
): Promise<OrderRow> {
  const result = await trx
    .updateTable('orders')
    .set({
      status: next.status,
      payment_status: next.paymentStatus,
      updated_at: nowIso,
      version: sql<number>`version + 1`,
      ...(next.paidAt ? { paid_at: next.paidAt } : {}),
      ...(next.cancelReason !== undefined ? { cancel_reason: next.cancelReason } : {}),
    })
    .where('id', '=', row.id)
    .where('status', '=', row.status)
    .where('payment_status', '=', row.payment_status)
    .where('version', '=', row.version)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw conflict;
  const moved = await trx.selectFrom('orders').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
  await settleOrderStock(trx, row, moved, actorId, { now: () => new Date(nowIso) });
  return moved;
}

/**
 * The status history (what the KPIs read) and the timeline's step (web_order_events: what was done, by whom),
 * in the transaction of the change.
 */
export async function recordHistory(
  trx: Db,
  row: OrderRow,
  note: string | null,
  actorId: number | null,
  nowIso: string,
  step: { action: string } & Partial<Pick<OrderEventInput, 'carrier' | 'trackingCode' | 'amount' | 'refundMethod' | 'reference'>> = { action: 'status' },
): Promise<void> {
  await trx
    .insertInto('order_status_history')
    .values({ order_id: row.id, status: row.status, payment_status: row.payment_status, note, actor_user_id: actorId, created_at: nowIso })
    .execute();
  await recordOrderEvent(trx, {
    ...step,
    orderId: row.id,
    status: row.status as OrderStatus,
    paymentStatus: row.payment_status as PaymentStatus,
    actorKind: actorKindOf(actorId, row.user_id),
    actorUserId: actorId,
    note,
    at: nowIso,
  });
}

/**
 * Cancels an order read inside `trx`: its status moves to CANCELLED unless it changed since it was read (then
 * `conflict`), its reserved stock is released (moveOrder) and its sales uncounted (products in id order), the promotion use is given back (used_count − 1, the
 * redemption released so the customer's limit counts it no more), package credits are taken back (refused if one
 * was used), the points it used are given back, a paid order's payment becomes REFUND_DUE (the desk records the refund); history (actor null: the
 * system) and the cancellation email.
 */
export async function cancelWithin(
  ctx: ShopContext,
  trx: Db,
  row: OrderRow,
  cancellation: { actorId: number | null; reason: string | null; byCustomer: boolean; nowIso: string; conflict: AppError },
): Promise<OrderRow> {
  const { actorId, reason, byCustomer, nowIso, conflict } = cancellation;
  const refund = row.payment_status === 'PAID';
  const updated = await moveOrder(trx, row, { status: 'CANCELLED', paymentStatus: refund ? 'REFUND_DUE' : (row.payment_status as PaymentStatus), cancelReason: reason }, nowIso, conflict, actorId);
  await revokePackageCredits(trx, row.id);
  // The points it used come back to the member.
  await returnOrderPoints(trx, { id: row.id, userId: row.user_id, at: new Date(nowIso) });

  const products = await trx
    .selectFrom('order_lines')
    .select(['ref_id', 'quantity'])
    .where('order_id', '=', row.id)
    .where('kind', '=', 'product')
    .orderBy('ref_id')
    .execute();
  for (const line of products) {
    await uncountProductSale(trx, line.ref_id, line.quantity, nowIso);
  }
  if (row.promotion_id !== null) {
    const released = await trx
      .updateTable('promotion_redemptions')
      .set({ released_at: nowIso })
      .where('order_id', '=', row.id)
      .where('released_at', 'is', null)
      .executeTakeFirst();
    if (Number(released.numUpdatedRows) > 0) {
      await givePromotionUseBack(trx, row.promotion_id);
    }
  }
  await recordHistory(trx, updated, reason, actorId, nowIso, { action: 'cancel' });
  await notifyCustomer(ctx, trx, updated, (fullName, facts) => orderCancelledEmail(fullName, facts, reason, byCustomer, refund));
  return updated;
}

/**
 * The customer cancels their own order while PENDING_PAYMENT / PLACED / CONFIRMED: everything of cancelWithin in
 * one transaction. (The desk cancels through the web-order desk's cancel action, which calls cancelWithin.)
 */
export async function cancelOrder(ctx: ShopContext, code: string, actor: OrderActor, reason: string | null, expectedVersion?: number): Promise<Order> {
  const nowIso = ctx.clock.now().toISOString();
  const notCancellable = new AppError(409, ERROR_CODES.ORDER_NOT_CANCELLABLE, orderMessages.cannotCancel);
  const cancelled = await ctx.db.transaction().execute(async (trx) => {
    const row = await ownOrder(trx, code, actor);
    // The customer's page sends the version it showed: a change by the shop since (a confirmation racing the
    // cancellation) wins, and the customer sees the order again.
    if (expectedVersion !== undefined && toNumber(row.version) !== expectedVersion) throw new AppError(409, ERROR_CODES.CONCURRENT_CHANGE, orderMessages.concurrentChange);
    if (!CUSTOMER_CANCELLABLE_STATUSES.includes(row.status as OrderStatus)) throw notCancellable;
    return cancelWithin(ctx, trx, row, { actorId: actor.userId, reason, byCustomer: true, nowIso, conflict: notCancellable });
  });
  if (cancelled.promotion_id !== null) invalidateCatalogue();
  return toOrder(ctx.db, cancelled, ctx.config.vietQr);
}

/** How many unpaid VietQR orders one run of expireUnpaidOrders looks at (the next run takes the rest). */
const EXPIRY_BATCH_SIZE = 100;

/**
 * Cancels the VietQR orders still waiting for their transfer when the payment window
 * (VIETQR_PAYMENT_HOURS after the order was placed) has passed: the stock and promotion use they held go back,
 * the customer gets the cancellation email, and its open page and the desk hear of it live. An order whose payment staff confirm at the same moment keeps its
 * payment (the conditional status change of cancelWithin fails and that order is left alone).
 */
export async function expireUnpaidOrders(ctx: ShopContext & { events: Pick<EventBus, 'publishFloorChange' | 'publishOrderStatus'> }, now: Date): Promise<number> {
  // Placed before this instant: past the payment window.
  const deadline = new Date(now.getTime() - ctx.config.vietQr.paymentHours * 3_600_000).toISOString();
  const due = await ctx.db
    .selectFrom('orders')
    .select('code')
    .where('status', '=', 'PENDING_PAYMENT')
    .where('payment_status', '=', 'UNPAID')
    .where('created_at', '<', deadline)
    .orderBy('id')
    .limit(EXPIRY_BATCH_SIZE)
    .execute();
  const reason = orderMessages.paymentWindowPassed(ctx.config.vietQr.paymentHours);
  let expired = 0;
  for (const { code } of due) {
    const cancelled = await ctx.db.transaction().execute(async (trx) => {
      const row = await findOrderRow(trx, code);
      if (!row || row.status !== 'PENDING_PAYMENT' || row.payment_status !== 'UNPAID') return null;
      const changed = new AppError(409, ERROR_CODES.ORDER_NOT_CANCELLABLE, orderMessages.cannotCancel);
      return cancelWithin(ctx, trx, row, { actorId: null, reason, byCustomer: false, nowIso: now.toISOString(), conflict: changed }).catch((error: unknown) => {
        if (error === changed) return null;
        throw error;
      });
    });
    if (cancelled) {
      expired += 1;
      if (cancelled.promotion_id !== null) invalidateCatalogue();
      await announceWebOrderChange(ctx.events, cancelled.desk_centre_id, cancelled);
    }
  }
  return expired;
}

/** What the order machine needs to know of an order (shared-contracts' WebOrderFacts). */
export async function webOrderFactsOf(trx: Db, row: OrderRow): Promise<WebOrderFacts> {
  const [product, waybill] = await Promise.all([
    trx.selectFrom('order_lines').select('id').where('order_id', '=', row.id).where('kind', '=', 'product').executeTakeFirst(),
    trx.selectFrom('shipments').select('id').where('order_id', '=', row.id).where('status', '<>', 'CANCELLED').executeTakeFirst(),
  ]);
  return {
    status: row.status as OrderStatus,
    paymentStatus: row.payment_status as PaymentStatus,
    fulfilmentMethod: row.fulfilment_method,
    hasProducts: product !== undefined,
    liveWaybill: waybill !== undefined,
  };
}
