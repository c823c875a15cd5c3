import { sql, type Kysely } from 'kysely';
import {
  availablePaymentExceptionActions,
  formatVndPlain,
  ORDER_STATUS_LABELS,
  PAYMENT_EXCEPTION_ACTION_LABELS,
  PAYMENT_EXCEPTION_PAGE_SIZE,
  PAYMENT_EXCEPTION_PROVIDER_LABELS,
  PAYMENT_EXCEPTION_REASON_LABELS,
  PAYMENT_EXCEPTION_RESOLUTION_LABELS,
  PAYMENT_STATUS_LABELS,
  REFUND_METHOD_LABELS,
  type OrderStatus,
  type PaymentException,
  type PaymentExceptionAction,
  type PaymentExceptionDetail,
  type PaymentExceptionList,
  type PaymentExceptionReason,
  type PaymentExceptionResolution,
  type PaymentStatus,
  type RefundMethod,
} from 'shared-contracts/schemas';
import type { Config } from '../../../config';
import { toIsoUtc, toNumber } from '../../../db/portable';
import type { Database } from '../../../db/schema';
import type { OrderRow } from '../../../db/shopSchema';
import { shippingCentreId } from '../../orders';
import type { PaymentTransactionRow } from './paymentExceptionScope';

type Db = Kysely<Database>;

export const providerLabel = (provider: string): string => PAYMENT_EXCEPTION_PROVIDER_LABELS[provider] ?? provider;
export const vnd = (amount: number): string => formatVndPlain(amount);

/** Whether the payment-expiry job (not a person) cancelled the order: its last cancellation step is the system's. */
export async function expiredByPaymentWindow(db: Db, order: Pick<OrderRow, 'id' | 'status'>): Promise<boolean> {
  if (order.status !== 'CANCELLED') return false;
  const step = await db
    .selectFrom('web_order_events')
    .select('actor_kind')
    .where('order_id', '=', order.id)
    .where('action', '=', 'cancel')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return step?.actor_kind === 'system';
}

/**
 * The order a transfer may belong to: the one it names; else, when exactly one order of the caller's desks waits
 * for a transfer of that very amount, that one (a typo'd code with the right amount), marked as a suggestion.
 */
async function orderOf(db: Db, row: PaymentTransactionRow, centreId: number | null): Promise<{ order: OrderRow | null; suggested: boolean }> {
  if (row.order_id !== null) {
    const order = await db.selectFrom('orders').selectAll().where('id', '=', row.order_id).executeTakeFirst();
    return { order: order ?? null, suggested: false };
  }
  if (row.resolution !== null) return { order: null, suggested: false };
  let query = db
    .selectFrom('orders')
    .selectAll()
    .where('status', '=', 'PENDING_PAYMENT')
    .where('payment_status', '=', 'UNPAID')
    .where('total', '=', toNumber(row.amount));
  if (centreId !== null) query = query.where('desk_centre_id', '=', centreId);
  const candidates = await query.orderBy('id', 'desc').limit(2).execute();
  return candidates.length === 1 ? { order: candidates[0]!, suggested: true } : { order: null, suggested: false };
}

async function nameOf(db: Db, userId: number | null): Promise<string | null> {
  if (userId === null) return null;
  return (await db.selectFrom('users').select('full_name').where('id', '=', userId).executeTakeFirst())?.full_name ?? null;
}

/** One exception as the desk shows it, with the actions its state allows. */
export async function toPaymentException(db: Db, row: PaymentTransactionRow, centreId: number | null): Promise<PaymentException> {
  const { order, suggested } = await orderOf(db, row, centreId);
  const reason = (row.exception_reason as PaymentExceptionReason | null) ?? null;
  const resolution = (row.resolution as PaymentExceptionResolution | null) ?? null;
  const expired = order ? await expiredByPaymentWindow(db, order) : false;
  return {
    id: row.id,
    provider: row.provider,
    providerLabel: providerLabel(row.provider),
    providerRef: row.provider_ref,
    amount: toNumber(row.amount),
    content: row.content,
    bankReference: row.bank_reference,
    transferredAt: row.transferred_at ? toIsoUtc(row.transferred_at) : null,
    receivedAt: toIsoUtc(row.received_at),
    orderCodeFound: row.order_code_found,
    reason,
    reasonLabel: reason ? PAYMENT_EXCEPTION_REASON_LABELS[reason] : '',
    order: order
      ? {
          code: order.code,
          status: order.status,
          statusLabel: ORDER_STATUS_LABELS[order.status as OrderStatus] ?? order.status,
          paymentStatus: order.payment_status,
          paymentStatusLabel: PAYMENT_STATUS_LABELS[order.payment_status as PaymentStatus] ?? order.payment_status,
          total: toNumber(order.total),
          recipientName: order.recipient_name,
        }
      : null,
    orderSuggested: suggested,
    resolution,
    resolutionLabel: resolution ? PAYMENT_EXCEPTION_RESOLUTION_LABELS[resolution] : null,
    resolvedBy: await nameOf(db, row.resolved_by),
    resolvedAt: row.resolved_at ? toIsoUtc(row.resolved_at) : null,
    resolutionNote: row.resolution_note,
    version: toNumber(row.version),
    availableActions: availablePaymentExceptionActions({
      resolved: resolution !== null,
      reason,
      order: order && !suggested ? { status: order.status, paymentStatus: order.payment_status, expiredByPaymentWindow: expired } : null,
    }),
  };
}

/**
 * GET /payment-exceptions: the caller's open (oldest first: a queue) or resolved (newest first) exceptions, a page
 * at a time, and how many are open. Staff and managers see their desk's: the transfers naming one of its orders or
 * its centre's service invoices, and, at the desk that ships online orders, those naming none; admins every one.
 */
export async function listPaymentExceptions(
  db: Db,
  config: Pick<Config, 'shippingCentreId'>,
  centreId: number | null,
  query: { status: 'open' | 'resolved'; page: number },
): Promise<PaymentExceptionList> {
  const unnamedHere = centreId === null ? true : (await shippingCentreId(db, config)) === centreId;
  const scoped = (open: boolean) => {
    let q = db
      .selectFrom('payment_transactions')
      .leftJoin('orders', 'orders.id', 'payment_transactions.order_id')
      .leftJoin('service_invoices', 'service_invoices.id', 'payment_transactions.service_invoice_id')
      .where('payment_transactions.outcome', '=', 'EXCEPTION')
      .where('payment_transactions.resolution', open ? 'is' : 'is not', null);
    if (centreId !== null) {
      q = q.where((eb) => {
        const named = [eb('orders.desk_centre_id', '=', centreId), eb('service_invoices.centre_id', '=', centreId)];
        const unnamed = eb.and([eb('payment_transactions.order_id', 'is', null), eb('payment_transactions.service_invoice_id', 'is', null)]);
        return eb.or(unnamedHere ? [...named, unnamed] : named);
      });
    }
    return q;
  };
  const open = query.status === 'open';
  const pageSize = PAYMENT_EXCEPTION_PAGE_SIZE;
  const rows = await scoped(open)
    .selectAll('payment_transactions')
    .orderBy(open ? 'payment_transactions.received_at' : 'payment_transactions.resolved_at', open ? 'asc' : 'desc')
    .orderBy('payment_transactions.id', open ? 'asc' : 'desc')
    .limit(pageSize + 1)
    .offset((query.page - 1) * pageSize)
    .execute();
  const counted = await scoped(true)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  const items: PaymentException[] = [];
  for (const row of rows.slice(0, pageSize)) items.push(await toPaymentException(db, row, centreId));
  return { items, hasMore: rows.length > pageSize, page: query.page, pageSize, openCount: toNumber(counted.n) };
}

/** GET /payment-exceptions/:id: the exception, the raw body received, its audit and its refunds. */
export async function paymentExceptionDetail(db: Db, row: PaymentTransactionRow, centreId: number | null): Promise<PaymentExceptionDetail> {
  const [base, events, refunds] = await Promise.all([
    toPaymentException(db, row, centreId),
    db
      .selectFrom('payment_exception_events')
      .leftJoin('users', 'users.id', 'payment_exception_events.actor_id')
      .select(['payment_exception_events.action', 'payment_exception_events.note', 'payment_exception_events.created_at', 'users.full_name'])
      .where('payment_exception_events.transaction_id', '=', row.id)
      .orderBy('payment_exception_events.id')
      .execute(),
    db
      .selectFrom('payment_refunds')
      .leftJoin('users', 'users.id', 'payment_refunds.actor_id')
      .select(['payment_refunds.amount', 'payment_refunds.method', 'payment_refunds.bank_reference', 'payment_refunds.reason', 'payment_refunds.created_at', 'users.full_name'])
      .where('payment_refunds.transaction_id', '=', row.id)
      .orderBy('payment_refunds.id')
      .execute(),
  ]);
  return {
    ...base,
    rawPayload: row.raw_payload,
    events: events.map((event) => ({
      action: event.action,
      actionLabel: PAYMENT_EXCEPTION_ACTION_LABELS[event.action as PaymentExceptionAction] ?? event.action,
      actor: event.full_name ?? null,
      note: event.note,
      at: toIsoUtc(event.created_at),
    })),
    refunds: refunds.map((refund) => ({
      amount: toNumber(refund.amount),
      method: refund.method as RefundMethod,
      methodLabel: REFUND_METHOD_LABELS[refund.method as RefundMethod],
      bankReference: refund.bank_reference,
      reason: refund.reason,
      by: refund.full_name ?? null,
      at: toIsoUtc(refund.created_at),
    })),
  };
}

/** Raised by every action: the conditional UPDATE's guard. */
export const nextVersion = sql<number>`version + 1`;
