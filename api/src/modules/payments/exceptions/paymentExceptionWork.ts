import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import {
  COD_EXCEPTION_REASONS,
  ERROR_CODES,
  PAYMENT_EXCEPTION_ACTION_LABELS,
  PAYMENT_EXCEPTION_CHANGE_KIND,
  PAYMENT_EXCEPTION_RESOLUTION_LABELS,
  ORDER_STATUS_LABELS,
  PAYMENT_STATUS_LABELS,
  type OrderStatus,
  type PaymentExceptionAction,
  type PaymentExceptionResolution,
  type PaymentStatus,
  type RefundMethod,
} from 'shared-contracts/schemas';
import { toNumber } from '../../../db/portable';
import type { Database } from '../../../db/schema';
import type { OrderRow } from '../../../db/shopSchema';
import type { EventBus } from '../../../events/eventBus';
import { AppError, isAppError } from '../../../http/appError';
import type { CentreScope } from '../../../security/centreScope';
import { markOrderPaid, type ShopContext, announceWebOrderChange } from '../../orders';
import { recordRefund, type Sale } from '../../ledger';
import { announceServiceInvoicePaid, firstInvoiceWithCode, payServiceInvoice } from '../../serviceOrders';
import { webOrderInScope } from '../../webOrders';
import { paymentExceptionMessages } from './paymentExceptionMessages';
import { expiredByPaymentWindow, nextVersion, providerLabel, vnd } from './paymentExceptionQueries';
import { exceptionInScope, transactionCentre, type PaymentTransactionRow } from './paymentExceptionScope';

type Db = Kysely<Database>;

export interface PaymentExceptionContext extends ShopContext {
  events: EventBus;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

/** Tells a desk that one of its exceptions appeared or changed: its floor stream carries a `floor-changed` of this kind. */
export async function announcePaymentExceptionChange(events: Pick<EventBus, 'publishFloorChange'>, centreId: number | null): Promise<void> {
  if (centreId === null) return;
  await events.publishFloorChange(centreId, { kind: PAYMENT_EXCEPTION_CHANGE_KIND, appointmentId: null, serviceOrderId: null });
}

export function stale(row: PaymentTransactionRow): AppError {
  const state = row.resolution ? PAYMENT_EXCEPTION_RESOLUTION_LABELS[row.resolution as PaymentExceptionResolution] : paymentExceptionMessages.open;
  return new AppError(409, ERROR_CODES.PAYMENT_EXCEPTION_STALE, paymentExceptionMessages.stale(state));
}

const auditState = (row: Pick<PaymentTransactionRow, 'order_id' | 'resolution' | 'resolved_by' | 'resolution_note' | 'version'>) =>
  JSON.stringify({ orderId: row.order_id, resolution: row.resolution, resolvedBy: row.resolved_by, resolutionNote: row.resolution_note, version: toNumber(row.version) });

/**
 * Resolves an exception read at `version`: a conditional UPDATE on that version and on "still open", so of two
 * staff acting at once exactly one wins (the other's transaction rolls back with 409 and the current state); then
 * the audit row with the state before and after.
 */
export async function resolve(
  trx: Db,
  row: PaymentTransactionRow,
  version: number,
  change: { action: PaymentExceptionAction; resolution: PaymentExceptionResolution; actorId: number; nowIso: string; note: string | null; orderId?: number; serviceInvoiceId?: number },
): Promise<PaymentTransactionRow> {
  if (toNumber(row.version) !== version || row.resolution !== null) throw stale(row);
  const result = await trx
    .updateTable('payment_transactions')
    .set({
      resolution: change.resolution,
      resolved_by: change.actorId,
      resolved_at: change.nowIso,
      resolution_note: change.note,
      version: nextVersion,
      ...(change.orderId !== undefined ? { order_id: change.orderId } : {}),
      ...(change.serviceInvoiceId !== undefined ? { service_invoice_id: change.serviceInvoiceId } : {}),
    })
    .where('id', '=', row.id)
    .where('version', '=', row.version)
    .where('resolution', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) {
    const current = await trx.selectFrom('payment_transactions').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
    throw stale(current);
  }
  const after = await trx.selectFrom('payment_transactions').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
  await trx
    .insertInto('payment_exception_events')
    .values({
      transaction_id: row.id,
      action: change.action,
      actor_id: change.actorId,
      note: change.note,
      before_json: auditState(row),
      after_json: auditState(after),
      created_at: change.nowIso,
    })
    .execute();
  return after;
}

export function refuse(action: PaymentExceptionAction): AppError {
  return new AppError(409, ERROR_CODES.PAYMENT_EXCEPTION_ACTION_NOT_ALLOWED, paymentExceptionMessages.notAllowed(PAYMENT_EXCEPTION_ACTION_LABELS[action]));
}

/** The exception's transfer as the order's payment record (markOrderPaid / reopenOrder). */
export function paymentOfException(tx: PaymentTransactionRow, channel: 'EXCEPTION_MATCH' | 'REINSTATE') {
  return { amount: toNumber(tx.amount), method: 'BANK_TRANSFER' as const, channel, reference: tx.bank_reference, transactionId: tx.id };
}

export function orderNotPayable(order: OrderRow): AppError {
  return new AppError(409, ERROR_CODES.ORDER_NOT_PAYABLE, paymentExceptionMessages.orderNotPayable(order.code, ORDER_STATUS_LABELS[order.status as OrderStatus]));
}

/** After commit: the desks that saw the exception (before and after) hear of it; a paid order's desk and owner too. */
async function announce(ctx: PaymentExceptionContext, centres: Array<number | null>, paidOrder: OrderRow | undefined): Promise<void> {
  for (const centre of new Set(centres)) await announcePaymentExceptionChange(ctx.events, centre);
  if (paidOrder !== undefined) await announceWebOrderChange(ctx.events, paidOrder.desk_centre_id, paidOrder);
}

/**
 * POST /payment-exceptions/:id/match: the transfer paid this order (a typo'd code, a second try). The order must
 * be of the caller's desk (else 404), unpaid and not cancelled (else 409), and its total the amount received
 * (else 422 naming both amounts); it is then paid as a confirmed transfer would pay it. A service invoice's code
 * (HD…) matches the transfer to that invoice instead (matchExceptionToInvoice).
 */
export async function matchException(
  ctx: PaymentExceptionContext,
  scope: CentreScope,
  id: number,
  input: { orderCode: string; version: number },
): Promise<{ transaction: PaymentTransactionRow; paid: Sale['kind'] }> {
  // A carrier's COD statement line is not a customer's payment: it never pays an order or an invoice.
  const reason = (await exceptionInScope(ctx.db, ctx.config, scope, id)).exception_reason;
  if (reason !== null && (COD_EXCEPTION_REASONS as readonly string[]).includes(reason)) throw refuse('match');
  if (/^HD/i.test(input.orderCode.trim())) {
    const transaction = await matchExceptionToInvoice(ctx, scope, id, { invoiceCode: input.orderCode.trim().toUpperCase(), version: input.version });
    return { transaction, paid: 'SERVICE_INVOICE' };
  }
  const nowIso = ctx.clock.now().toISOString();
  const before = await exceptionInScope(ctx.db, ctx.config, scope, id);
  const centreBefore = await transactionCentre(ctx.db, ctx.config, before);
  const { tx, order } = await ctx.db.transaction().execute(async (trx) => {
    const row = await exceptionInScope(trx, ctx.config, scope, id);
    if (toNumber(row.version) !== input.version || row.resolution !== null) throw stale(row);
    const order = await webOrderInScope(trx, scope, input.orderCode).catch(() => {
      throw AppError.notFound(paymentExceptionMessages.orderNotFound, ERROR_CODES.ORDER_NOT_FOUND);
    });
    if (order.payment_status !== 'UNPAID' || order.status === 'CANCELLED') {
      const state = order.status === 'CANCELLED' ? ORDER_STATUS_LABELS.CANCELLED : PAYMENT_STATUS_LABELS[order.payment_status as PaymentStatus];
      throw new AppError(409, ERROR_CODES.ORDER_NOT_PAYABLE, paymentExceptionMessages.orderNotPayable(order.code, state));
    }
    const amount = toNumber(row.amount);
    const total = toNumber(order.total);
    if (amount !== total) {
      const message = paymentExceptionMessages.amountMismatch(vnd(amount), vnd(total));
      throw new AppError(422, ERROR_CODES.AMOUNT_MISMATCH, message, [{ field: 'orderCode', message }]);
    }
    const tx = await resolve(trx, row, input.version, { action: 'match', resolution: 'MATCHED', actorId: scope.userId, nowIso, note: order.code, orderId: order.id });
    const paid = await markOrderPaid(ctx, trx, order, {
      payment: paymentOfException(tx, 'EXCEPTION_MATCH'),
      actor: { kind: 'staff', scope },
      note: paymentExceptionMessages.paidByMatch(vnd(amount), providerLabel(row.provider), row.bank_reference),
      conflict: orderNotPayable(order),
    });
    return { tx, order: paid };
  });
  await announce(ctx, [centreBefore, order.desk_centre_id], order);
  return { transaction: tx, paid: 'WEB_ORDER' };
}

/**
 * POST /payment-exceptions/:id/refund: the money went back to the sender: a payment_refunds row (amount ≤ the
 * amount received, method, bank reference for a transfer, reason, who), the exception REFUNDED.
 */
export async function refundException(
  ctx: PaymentExceptionContext,
  scope: CentreScope,
  id: number,
  input: { amount: number; method: RefundMethod; bankReference?: string | undefined; reason: string; version: number },
): Promise<PaymentTransactionRow> {
  const nowIso = ctx.clock.now().toISOString();
  const tx = await ctx.db.transaction().execute(async (trx) => {
    const row = await exceptionInScope(trx, ctx.config, scope, id);
    if (toNumber(row.version) !== input.version || row.resolution !== null) throw stale(row);
    const received = toNumber(row.amount);
    if (input.amount > received) {
      const message = paymentExceptionMessages.refundTooLarge(vnd(received));
      throw new AppError(422, ERROR_CODES.REFUND_TOO_LARGE, message, [{ field: 'amount', message }]);
    }
    if (input.method === 'BANK_TRANSFER' && !input.bankReference) {
      throw new AppError(422, ERROR_CODES.REFUND_REFERENCE_REQUIRED, paymentExceptionMessages.referenceRequired, [{ field: 'bankReference', message: paymentExceptionMessages.referenceRequired }]);
    }
    const resolved = await resolve(trx, row, input.version, { action: 'refund', resolution: 'REFUNDED', actorId: scope.userId, nowIso, note: input.reason });
    // The transfer never paid a sale: the money goes back on the record, the sale (if it named one) is untouched.
    await recordRefund(trx, {
      sale: null,
      namedOrderId: row.order_id,
      transactionId: row.id,
      amount: input.amount,
      method: input.method,
      reference: input.bankReference ?? null,
      reason: input.reason,
      actorId: scope.userId,
      at: nowIso,
    });
    return resolved;
  });
  await announce(ctx, [await transactionCentre(ctx.db, ctx.config, tx)], undefined);
  return tx;
}

/** POST /payment-exceptions/:id/dismiss: not a customer's payment (a transfer between the shop's own accounts, a test). */
export async function dismissException(ctx: PaymentExceptionContext, scope: CentreScope, id: number, input: { note: string; version: number }): Promise<PaymentTransactionRow> {
  const nowIso = ctx.clock.now().toISOString();
  const tx = await ctx.db.transaction().execute(async (trx) => {
    const row = await exceptionInScope(trx, ctx.config, scope, id);
    return resolve(trx, row, input.version, { action: 'dismiss', resolution: 'DISMISSED', actorId: scope.userId, nowIso, note: input.note });
  });
  await announce(ctx, [await transactionCentre(ctx.db, ctx.config, tx)], undefined);
  return tx;
}

/** Whether the order the transfer names can be brought back (expired by the payment window, still unpaid). */
export async function reinstatableOrder(trx: Db, row: PaymentTransactionRow): Promise<OrderRow | null> {
  if (row.order_id === null) return null;
  const order = await trx.selectFrom('orders').selectAll().where('id', '=', row.order_id).executeTakeFirst();
  if (!order || order.status !== 'CANCELLED' || order.payment_status !== 'UNPAID' || !(await expiredByPaymentWindow(trx, order))) return null;
  return order;
}


/**
 * The match of a transfer to a service invoice of the caller's centre (a typo'd HD… code): the invoice must be its
 * centre's (else 404), unpaid (else 409) and of the amount received (else 422); it is then paid through
 * payServiceInvoice (the order CLOSED, the ledger's record on channel EXCEPTION_MATCH), and the counter sees it live.
 */
async function matchExceptionToInvoice(ctx: PaymentExceptionContext, scope: CentreScope, id: number, input: { invoiceCode: string; version: number }): Promise<PaymentTransactionRow> {
  const now = ctx.clock.now();
  const before = await exceptionInScope(ctx.db, ctx.config, scope, id);
  const centreBefore = await transactionCentre(ctx.db, ctx.config, before);
  const { tx, serviceOrder } = await ctx.db.transaction().execute(async (trx) => {
    const row = await exceptionInScope(trx, ctx.config, scope, id);
    if (toNumber(row.version) !== input.version || row.resolution !== null) throw stale(row);
    const invoice = await firstInvoiceWithCode(trx, [input.invoiceCode]);
    if (!invoice || (scope.centreId !== null && invoice.centre_id !== scope.centreId)) {
      throw AppError.notFound(paymentExceptionMessages.invoiceNotFound, ERROR_CODES.ORDER_NOT_FOUND);
    }
    const notPayable = new AppError(409, ERROR_CODES.ORDER_NOT_PAYABLE, paymentExceptionMessages.invoiceNotPayable(invoice.code));
    if (invoice.payment_status !== 'UNPAID') throw notPayable;
    const amount = toNumber(row.amount);
    if (amount !== invoice.total) {
      const message = paymentExceptionMessages.invoiceAmountMismatch(vnd(amount), vnd(invoice.total));
      throw new AppError(422, ERROR_CODES.AMOUNT_MISMATCH, message, [{ field: 'orderCode', message }]);
    }
    const tx = await resolve(trx, row, input.version, { action: 'match', resolution: 'MATCHED', actorId: scope.userId, nowIso: now.toISOString(), note: invoice.code, serviceInvoiceId: invoice.id });
    const paid = await payServiceInvoice(trx, invoice, {
      method: 'VIETQR',
      channel: 'EXCEPTION_MATCH',
      reference: row.bank_reference,
      transactionId: row.id,
      actorId: scope.userId,
      at: now,
      note: paymentExceptionMessages.paidByMatch(vnd(amount), providerLabel(row.provider), row.bank_reference),
    }).catch((error: unknown) => {
      throw isAppError(error) && error.status === 409 ? notPayable : error;
    });
    return { tx, serviceOrder: paid.order };
  });
  await announce(ctx, [centreBefore, serviceOrder.centre_id], undefined);
  await announceServiceInvoicePaid(ctx, serviceOrder, now);
  return tx;
}
