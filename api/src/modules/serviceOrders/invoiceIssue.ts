import type { Kysely, Transaction } from 'kysely';
import type { AppointmentStatus, InvoicePaymentMethod, InvoicePreview, ServiceInvoice, ServiceOrderStatus } from 'shared-contracts/schemas';
import { ERROR_CODES, INVOICE_PAYMENT_METHOD_LABELS } from 'shared-contracts/schemas';
import type { ServiceOrderRow } from '../../db/backOfficeSchema';
import type { Database } from '../../db/schema';
import { AppError, isAppError } from '../../http/appError';
import { assertFloorWriter, type CentreScope } from '../../security/centreScope';
import { inTransaction } from '../../db/inTransaction';
import { moveAppointmentWithServiceOrder } from '../bookings';
import { completeRecallRemedies } from '../recalls';
import { draftWarrantyClaim } from '../warranty';
import { isUniqueViolation } from '../vehicles';
import { paymentNote } from './cashPayment';
import { computeInvoice } from './invoiceTotals';
import { toServiceInvoice } from './invoiceView';
import { writeMaintenanceRecord } from './maintenanceRecordWriter';
import { orderInScope } from './serviceOrderAccess';
import type { ServiceOrderContext } from './serviceOrderContext';
import { publishServiceOrderChange } from './serviceOrderEvents';
import { payServiceInvoice } from './invoicePayment';
import { backOfficeCode, invalidTransition, transitionServiceOrder } from './serviceOrderTransition';

type Db = Kysely<Database> | Transaction<Database>;

/** The invoice and payment steps run with the service-order context (db, VietQR account, live bus). */
export type InvoiceContext = ServiceOrderContext;

function changeOf(order: ServiceOrderRow, appointment: AppointmentFacts | null) {
  return {
    serviceOrderId: order.id,
    code: order.code,
    appointmentId: order.appointment_id,
    centreId: order.centre_id,
    userId: order.user_id,
    status: order.status as ServiceOrderStatus,
    ...(appointment ? { appointment: { code: appointment.code, status: appointment.status } } : {}),
  };
}

export const invoiceMessages = {
  issued: 'Đã lập hoá đơn.',
  alreadyIssued: 'Hoá đơn đã được lập trước đó.',
  paid: 'Đã xác nhận thanh toán.',
  alreadyPaid: 'Thanh toán đã được xác nhận trước đó.',
  paidOtherMethod: (method: InvoicePaymentMethod) => `Hoá đơn đã được thanh toán bằng ${INVOICE_PAYMENT_METHOD_LABELS[method].toLowerCase()}.`,
  completedNote: 'Hoàn tất dịch vụ (đã lập hoá đơn).',
} as const;

/** GET /service-orders/:id/invoice-preview: what the invoice is (or will be) — the same computation that freezes it. */
export async function previewInvoice(db: Kysely<Database>, scope: CentreScope, orderId: number): Promise<InvoicePreview> {
  await orderInScope(db, scope, orderId);
  return computeInvoice(db, orderId);
}

async function invoiceRow(db: Db, orderId: number) {
  return db.selectFrom('service_invoices').selectAll().where('service_order_id', '=', orderId).executeTakeFirst();
}

/**
 * WORK_DONE → INVOICED in one transaction: the conditional transition (one caller wins), the invoice frozen from
 * the lines (code HD…; service_order_id is UNIQUE), the appointment COMPLETED with its history, and the
 * maintenance record. A call that finds the order already invoiced — a retry, or the losers of parallel calls,
 * whose transaction is rolled back — answers the same invoice (`created: false`): concurrency rule 8.
 */
export async function issueInvoice(ctx: InvoiceContext, scope: CentreScope, orderId: number, at: Date): Promise<{ invoice: ServiceInvoice; created: boolean }> {
  assertFloorWriter(scope);
  await orderInScope(ctx.db, scope, orderId);
  const replay = async () => {
    const existing = await invoiceRow(ctx.db, orderId);
    return existing ? { invoice: await toServiceInvoice(existing, ctx.vietQr), created: false } : null;
  };
  const done = await replay();
  if (done) return done;

  const freeze = () =>
    inTransaction(ctx.db, async (trx) => {
      const order = await transitionServiceOrder(trx, { id: orderId, action: 'invoice', actorId: scope.userId, at });
      const totals = await computeInvoice(trx, orderId);
      const row = await trx
        .insertInto('service_invoices')
        .values({
          code: backOfficeCode('HD', at),
          service_order_id: orderId,
          centre_id: order.centre_id,
          subtotal_services: totals.subtotalServices,
          subtotal_parts: totals.subtotalParts,
          package_discount: totals.packageDiscount,
          warranty_covered: totals.warrantyCovered ?? 0,
          goodwill_covered: totals.goodwillCovered ?? 0,
          total: totals.total,
          payment_method: null,
          payment_status: 'UNPAID',
          issued_by: scope.userId,
          issued_at: at.toISOString(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const appointment = await completeAppointment(trx, order.appointment_id, scope.userId, at);
      // The work order completed: the recall remedies booked on its appointment are DONE.
      await completeRecallRemedies(trx, { serviceOrderId: orderId, appointmentId: order.appointment_id, at });
      await writeMaintenanceRecord(trx, order, { cost: row.total, servicedAt: at });
      // The lines under the manufacturer's warranty become its claim, a draft for the manager to send.
      if ((totals.warrantyCovered ?? 0) > 0) await draftWarrantyClaim(trx, { serviceOrderId: orderId, actorId: scope.userId, at });
      return { order, appointment, invoice: await toServiceInvoice(row, ctx.vietQr) };
    });

  let outcome: { order: ServiceOrderRow; appointment: AppointmentFacts | null; invoice: ServiceInvoice } | null = null;
  for (let attempt = 1; outcome === null; attempt += 1) {
    try {
      outcome = await freeze();
    } catch (error) {
      // Lost the race (the order moved on, or the invoice row of a parallel call won): the winner's invoice.
      if ((isAppError(error) && error.status === 409) || isUniqueViolation(error)) {
        const winner = await replay();
        if (winner) return winner;
      }
      // No winner: the random invoice code was taken (one chance in a million a day), drawn again.
      if (!isUniqueViolation(error) || attempt >= 3) throw error;
    }
  }
  await publishServiceOrderChange(ctx, changeOf(outcome.order, outcome.appointment), at);
  return { invoice: outcome.invoice, created: true };
}

interface AppointmentFacts {
  code: string;
  status: AppointmentStatus;
}

/** The appointment follows its order: CHECKED_IN | IN_PROGRESS → COMPLETED, with history (null when it had moved already). */
async function completeAppointment(trx: Transaction<Database>, appointmentId: number, actorId: number, at: Date): Promise<AppointmentFacts | null> {
  const before = await trx.selectFrom('appointments').select(['status', 'code']).where('id', '=', appointmentId).executeTakeFirstOrThrow();
  const moved = await moveAppointmentWithServiceOrder(trx, actorId, {
    appointmentId,
    from: before.status as AppointmentStatus,
    to: 'COMPLETED',
    at: at.toISOString(),
    note: invoiceMessages.completedNote,
  });
  if (moved === null) return null;
  return { code: before.code, status: 'COMPLETED' };
}

/**
 * INVOICED → CLOSED: staff confirm the cash received or the VietQR transfer seen; the invoice is paid through
 * payServiceInvoice (the ledger's record, paid_at, confirmed_by, payment_method) in one transaction. Conditional on the status (rule 9): one
 * confirmation wins; the same confirmation repeated (a double click, parallel clicks) answers the paid invoice
 * with `changed: false`; a confirmation with the other method after it answers 409 PAYMENT_ALREADY_CONFIRMED; an
 * order not invoiced yet (or cancelled) 409 INVALID_STATUS_TRANSITION.
 */
export async function confirmInvoicePayment(
  ctx: InvoiceContext,
  scope: CentreScope,
  orderId: number,
  method: InvoicePaymentMethod,
  at: Date,
  /** Cash handed over, for the change (CASH only, at least the total): recorded in the payment's history note. */
  amountReceived?: number,
): Promise<{ invoice: ServiceInvoice; changed: boolean }> {
  assertFloorWriter(scope);
  await orderInScope(ctx.db, scope, orderId);
  const alreadyPaid = async () => {
    const row = await invoiceRow(ctx.db, orderId);
    if (!row || row.payment_status !== 'PAID') return null;
    if (row.payment_method !== method) {
      throw new AppError(409, ERROR_CODES.PAYMENT_ALREADY_CONFIRMED, invoiceMessages.paidOtherMethod(row.payment_method as InvoicePaymentMethod));
    }
    return { invoice: await toServiceInvoice(row, ctx.vietQr), changed: false };
  };
  const done = await alreadyPaid();
  if (done) return done;
  const unpaid = await invoiceRow(ctx.db, orderId);
  const note = unpaid ? paymentNote(method, unpaid.total, amountReceived) : INVOICE_PAYMENT_METHOD_LABELS[method];

  let outcome: { order: ServiceOrderRow; invoice: ServiceInvoice };
  try {
    outcome = await inTransaction(ctx.db, async (trx) => {
      const unpaidNow = await invoiceRow(trx, orderId);
      if (!unpaidNow) {
        const current = await trx.selectFrom('service_orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow();
        throw invalidTransition(current.status as ServiceOrderStatus, 'CLOSED');
      }
      const paid = await payServiceInvoice(trx, unpaidNow, { method, channel: 'DESK', reference: null, transactionId: null, actorId: scope.userId, at, note });
      return { order: paid.order, invoice: await toServiceInvoice(paid.invoice, ctx.vietQr) };
    });
  } catch (error) {
    if (isAppError(error) && error.status === 409) {
      const winner = await alreadyPaid();
      if (winner) return winner;
    }
    throw error;
  }
  await publishServiceOrderChange(ctx, changeOf(outcome.order, null), at);
  return { invoice: outcome.invoice, changed: true };
}
