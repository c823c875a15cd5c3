import type { Kysely } from 'kysely';
import type { InvoicePaymentMethod, OrderPaymentChannel } from 'shared-contracts/schemas';
import { ERROR_CODES } from 'shared-contracts/schemas';
import type { ServiceInvoiceRow, ServiceOrderRow } from '../../db/backOfficeSchema';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/appError';
import { recordPayment } from '../ledger';
import { publishServiceOrderChange } from './serviceOrderEvents';
import { transitionServiceOrder } from './serviceOrderTransition';

type Db = Kysely<Database>;

/** The money that paid a service invoice (its total, always: anything else is an exception of the queue). */
export interface InvoicePayment {
  method: InvoicePaymentMethod;
  /** Who reported it: the counter (DESK) or a bank's notification (SEPAY, PAYOS), a clerk's recorded transfer. */
  channel: OrderPaymentChannel;
  reference: string | null;
  /** The payment_transactions row it came from, if any. */
  transactionId: number | null;
  /** The clerk who took or confirmed it; null for a provider's verified notification. */
  actorId: number | null;
  at: Date;
  /** The service order's history note. */
  note: string | null;
}

export const invoicePaymentMessages = {
  alreadyPaid: 'Hoá đơn đã được thanh toán.',
} as const;

/**
 * The one way a service invoice becomes paid, whoever saw the money (the counter's cash or VietQR confirmation, a
 * bank's notification of a transfer naming the invoice code): inside the caller's transaction, the service order
 * INVOICED → CLOSED (conditional: one payment wins, 409 otherwise), the invoice PAID with its method, and the
 * ledger's payment record with its sale.paid announcement.
 */
export async function payServiceInvoice(trx: Db, invoice: ServiceInvoiceRow, payment: InvoicePayment): Promise<{ order: ServiceOrderRow; invoice: ServiceInvoiceRow }> {
  if (invoice.payment_status !== 'UNPAID') throw new AppError(409, ERROR_CODES.PAYMENT_ALREADY_CONFIRMED, invoicePaymentMessages.alreadyPaid);
  const order = await transitionServiceOrder(trx, { id: invoice.service_order_id, action: 'confirmPayment', actorId: payment.actorId, at: payment.at, note: payment.note });
  const at = payment.at.toISOString();
  const paid = await trx
    .updateTable('service_invoices')
    .set({ payment_status: 'PAID', payment_method: payment.method, paid_at: at, confirmed_by: payment.actorId })
    .where('id', '=', invoice.id)
    .where('payment_status', '=', 'UNPAID')
    .returningAll()
    .executeTakeFirst();
  // INVOICED always has its UNPAID invoice (both written in one transaction): a programming error otherwise.
  if (!paid) throw new Error(`service order ${invoice.service_order_id} is INVOICED without an unpaid invoice`);
  await recordPayment(
    trx,
    { kind: 'SERVICE_INVOICE', serviceInvoiceId: invoice.id },
    {
      amount: paid.total,
      method: payment.method === 'CASH' ? 'CASH' : 'BANK_TRANSFER',
      channel: payment.channel,
      reference: payment.reference,
      transactionId: payment.transactionId,
      actorId: payment.actorId,
      at,
    },
  );
  return { order, invoice: paid };
}

/** After the commit: the counter's floor and the customer's streams see the order CLOSED, its invoice paid. */
export async function announceServiceInvoicePaid(ctx: Parameters<typeof publishServiceOrderChange>[0], order: ServiceOrderRow, at: Date): Promise<void> {
  await publishServiceOrderChange(
    ctx,
    { serviceOrderId: order.id, code: order.code, appointmentId: order.appointment_id, centreId: order.centre_id, userId: order.user_id, status: 'CLOSED', pendingApprovals: 0 },
    at,
  );
}

/** The unpaid-or-paid invoice whose code is the first of `codes` (in that order) an invoice has. */
export async function firstInvoiceWithCode(db: Db, codes: readonly string[]): Promise<ServiceInvoiceRow | null> {
  if (codes.length === 0) return null;
  const rows = await db.selectFrom('service_invoices').selectAll().where('code', 'in', [...codes]).execute();
  for (const code of codes) {
    const row = rows.find((candidate) => candidate.code === code);
    if (row) return row;
  }
  return null;
}
