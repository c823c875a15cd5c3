import type { Kysely } from 'kysely';
import {
  canRefundInvoice,
  DB_INTEGER_MAX,
  ERROR_CODES,
  formatVndPlain,
  INVOICE_REFUND_REASON_MAX,
  INVOICE_REFUND_REFERENCE_MAX,
  INVOICE_REFUND_ROLES,
  INVOICE_REFUND_STATE_LABELS,
  invoiceRefundState,
  REFUND_METHOD_LABELS,
  REFUND_METHODS,
  type ErrorCode,
  type InvoicePaymentStatus,
  type InvoiceRefunds,
  type RefundMethod,
} from 'shared-contracts/schemas';
import type { ServiceInvoiceRow } from '../../db/backOfficeSchema';
import { inTransaction } from '../../db/inTransaction';
import { toIsoUtc, toNumber } from '../../db/portable';
import type { Database } from '../../db/schema';
import { lockForUpdate } from '../../db/sqlDialect';
import { AppError } from '../../http/appError';
import { assertInScope, type CentreScope } from '../../security/centreScope';
import { recordRefund } from '../ledger';
import { announcePending, tellInvoiceRefunded } from '../notifications';
import { orderInScope } from './serviceOrderAccess';
import type { ServiceOrderContext } from './serviceOrderContext';

type Db = Kysely<Database>;

/** Money given back of a paid service invoice. */
export interface InvoiceRefundRequest {
  /** VND, a whole number > 0, at most what was paid less what was already given back. */
  amount: number;
  method: RefundMethod;
  /** The bank's reference of the refund transfer (required for BANK_TRANSFER); none for cash. */
  reference?: string | null | undefined;
  /** Why (required, 5–300 characters): kept with the refund. */
  reason: string;
}

export const invoiceRefundMessages = {
  notAllowed: 'Bạn không có quyền hoàn tiền hoá đơn dịch vụ.',
  notFound: 'Không tìm thấy hoá đơn.',
  noInvoice: 'Phiếu dịch vụ chưa có hoá đơn.',
  notPaid: 'Hoá đơn chưa được thanh toán nên chưa thể hoàn tiền.',
  fullyRefunded: 'Hoá đơn đã được hoàn toàn bộ số tiền.',
  amountInvalid: 'Số tiền hoàn phải là số nguyên dương (VND).',
  tooLarge: (rest: string) => `Số tiền hoàn không được lớn hơn số tiền còn có thể hoàn (${rest}).`,
  methodInvalid: 'Vui lòng chọn hình thức hoàn tiền.',
  referenceRequired: 'Vui lòng nhập mã giao dịch ngân hàng của khoản hoàn tiền.',
  referenceTooLong: `Mã giao dịch tối đa ${INVOICE_REFUND_REFERENCE_MAX} ký tự.`,
  reasonRequired: 'Vui lòng nhập lý do hoàn tiền (tối thiểu 5 ký tự).',
  reasonTooLong: `Lý do hoàn tiền tối đa ${INVOICE_REFUND_REASON_MAX} ký tự.`,
  refunded: (amount: string, code: string) => `Đã hoàn ${amount} cho hoá đơn ${code}.`,
} as const;

function fieldInvalid(field: string, message: string, code: ErrorCode = ERROR_CODES.VALIDATION_ERROR): AppError {
  return new AppError(422, code, message, [{ field, message }]);
}

/** The request checked as the command's own rules say (the route's schema says the same; other callers get them too). */
function checkedRequest(input: InvoiceRefundRequest): { amount: number; method: RefundMethod; reference: string | null; reason: string } {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0 || input.amount > DB_INTEGER_MAX) throw fieldInvalid('amount', invoiceRefundMessages.amountInvalid);
  if (!(REFUND_METHODS as readonly string[]).includes(input.method)) throw fieldInvalid('method', invoiceRefundMessages.methodInvalid);
  const reference = input.reference?.trim() || null;
  if (reference !== null && reference.length > INVOICE_REFUND_REFERENCE_MAX) throw fieldInvalid('reference', invoiceRefundMessages.referenceTooLong);
  if (input.method === 'BANK_TRANSFER' && reference === null) throw fieldInvalid('reference', invoiceRefundMessages.referenceRequired, ERROR_CODES.REFUND_REFERENCE_REQUIRED);
  const reason = input.reason.trim();
  if (reason.length < 5) throw fieldInvalid('reason', invoiceRefundMessages.reasonRequired);
  if (reason.length > INVOICE_REFUND_REASON_MAX) throw fieldInvalid('reason', invoiceRefundMessages.reasonTooLong);
  return { amount: input.amount, method: input.method, reference, reason };
}

/** What the ledger holds of the invoice: paid (its one payment), given back (its refunds). */
async function ledgerSums(db: Db, invoiceId: number): Promise<{ paid: number; refunded: number }> {
  const paid = await db.selectFrom('sale_payments').select((eb) => eb.fn.sum<number | string | null>('amount').as('total')).where('service_invoice_id', '=', invoiceId).executeTakeFirst();
  const refunded = await db.selectFrom('payment_refunds').select((eb) => eb.fn.sum<number | string | null>('amount').as('total')).where('service_invoice_id', '=', invoiceId).executeTakeFirst();
  return { paid: toNumber(paid?.total), refunded: toNumber(refunded?.total) };
}

/** The invoice's money and refunds as the back office shows them (`canRefund` for `scope`). */
async function refundsView(db: Db, scope: CentreScope, invoice: ServiceInvoiceRow): Promise<InvoiceRefunds> {
  const { paid, refunded } = await ledgerSums(db, invoice.id);
  const rows = await db
    .selectFrom('payment_refunds as r')
    .leftJoin('users as u', 'u.id', 'r.actor_id')
    .select(['r.id', 'r.amount', 'r.method', 'r.bank_reference', 'r.reason', 'r.created_at', 'u.full_name'])
    .where('r.service_invoice_id', '=', invoice.id)
    .orderBy('r.id')
    .execute();
  const paymentStatus = invoice.payment_status as InvoicePaymentStatus;
  const state = invoiceRefundState(paid, refunded);
  return {
    invoiceId: invoice.id,
    code: invoice.code,
    total: toNumber(invoice.total),
    paid,
    refunded,
    refundable: Math.max(0, paid - refunded),
    refundState: state,
    refundStateLabel: INVOICE_REFUND_STATE_LABELS[state],
    canRefund: canRefundInvoice(scope.role, paymentStatus, paid, refunded),
    refunds: rows.map((row) => ({
      id: row.id,
      amount: toNumber(row.amount),
      method: row.method as RefundMethod,
      methodLabel: REFUND_METHOD_LABELS[row.method as RefundMethod] ?? row.method,
      reference: row.bank_reference,
      reason: row.reason,
      by: row.full_name ?? null,
      createdAt: toIsoUtc(row.created_at),
    })),
  };
}

/** The invoice of a service order within the caller's centre (404 for none, or another centre's). */
export async function invoiceOfOrder(db: Db, scope: CentreScope, orderId: number): Promise<ServiceInvoiceRow> {
  await orderInScope(db, scope, orderId);
  const invoice = await db.selectFrom('service_invoices').selectAll().where('service_order_id', '=', orderId).executeTakeFirst();
  if (!invoice) throw AppError.notFound(invoiceRefundMessages.noInvoice);
  return invoice;
}

/** GET /service-orders/:id/invoice/refunds: what was paid, given back and may still be, the refunds oldest first. */
export async function invoiceRefunds(db: Db, scope: CentreScope, orderId: number): Promise<InvoiceRefunds> {
  return refundsView(db, scope, await invoiceOfOrder(db, scope, orderId));
}

/**
 * Gives back money of a paid service invoice, through the ledger's recordRefund only (the payment_refunds row and
 * its sale.refunded), with the customer's one notification (invoice_refunded, one per refund), in one transaction.
 *
 * Who: the roles of a web order's refund (INVOICE_REFUND_ROLES: the desk's staff and the manager of the invoice's
 * centre, an admin of any centre); a technician or customer 403. Another centre's invoice answers 404 as every
 * invoice route does (centre scope, spec §3: its existence is not told). The amount is at most what was paid less
 * what was already given back: the invoice row is locked first (FOR UPDATE on PostgreSQL; SQLite runs one transaction
 * at a time), so two refunds at once are counted one after the other and never give back more than was paid — the
 * second of two whole refunds answers 409 INVOICE_FULLY_REFUNDED, an amount above the rest 422 REFUND_TOO_LARGE.
 *
 * The invoice stays PAID (the money was received; cash closes and reports read it so); what was given back is the
 * refund state derived from the ledger (invoiceRefundState). Parts installed stay installed: a refund moves money
 * only, never stock (no stock movement, the service order stays CLOSED).
 */
export async function refundServiceInvoice(ctx: ServiceOrderContext, actor: CentreScope, invoiceId: number, input: InvoiceRefundRequest): Promise<{ refunds: InvoiceRefunds; message: string }> {
  if (!(INVOICE_REFUND_ROLES as readonly string[]).includes(actor.role)) throw AppError.forbidden(invoiceRefundMessages.notAllowed);
  const request = checkedRequest(input);
  const now = ctx.clock.now();
  const at = now.toISOString();
  const outcome = await inTransaction(ctx.db, async (trx) => {
    const invoice = await lockForUpdate(trx, trx.selectFrom('service_invoices').selectAll().where('id', '=', invoiceId)).executeTakeFirst();
    if (!invoice) throw AppError.notFound(invoiceRefundMessages.notFound);
    assertInScope(actor, invoice.centre_id);
    if (invoice.payment_status !== 'PAID') throw new AppError(409, ERROR_CODES.INVOICE_NOT_PAID, invoiceRefundMessages.notPaid);
    // Read after the lock: a refund committed meanwhile is counted.
    const { paid, refunded } = await ledgerSums(trx, invoice.id);
    const rest = paid - refunded;
    if (rest <= 0) throw new AppError(409, ERROR_CODES.INVOICE_FULLY_REFUNDED, invoiceRefundMessages.fullyRefunded);
    if (request.amount > rest) throw fieldInvalid('amount', invoiceRefundMessages.tooLarge(formatVndPlain(rest)), ERROR_CODES.REFUND_TOO_LARGE);
    const { refundId } = await recordRefund(trx, {
      sale: { kind: 'SERVICE_INVOICE', serviceInvoiceId: invoice.id },
      transactionId: null,
      amount: request.amount,
      method: request.method,
      reference: request.reference,
      reason: request.reason,
      actorId: actor.userId,
      at,
    });
    // The sale.refunded's one message to the customer, committed with it (the order's customer; none for a walk-in without an account).
    const order = await trx.selectFrom('service_orders').select('user_id').where('id', '=', invoice.service_order_id).executeTakeFirst();
    const userId = order?.user_id ?? null;
    if (userId !== null) {
      await tellInvoiceRefunded(trx, now, userId, { invoiceId: invoice.id, code: invoice.code, refundId, amount: request.amount, full: request.amount === rest });
    }
    return { invoice, userId };
  });
  // The customer's open pages learn of their notification now it is committed.
  if (outcome.userId !== null) {
    await announcePending({ db: ctx.db, events: ctx.events, now }, outcome.userId).catch((error: unknown) => ctx.log.warn({ err: error }, 'invoice refund notification not announced'));
  }
  return {
    refunds: await refundsView(ctx.db, actor, outcome.invoice),
    message: invoiceRefundMessages.refunded(formatVndPlain(request.amount), outcome.invoice.code),
  };
}
