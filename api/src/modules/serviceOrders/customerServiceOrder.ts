import type { Kysely } from 'kysely';
import { ERROR_CODES, customerServiceOrderLabel, type CustomerServiceOrder, type ServiceOrderStatus } from 'shared-contracts/schemas';
import type { VietQrConfig } from '../../config';
import { toIsoUtc } from '../../db/portable';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/appError';
import { linesOfOrder } from './invoiceTotals';
import { readInvoice } from './invoiceView';
import type { ServiceOrderParts } from './serviceOrderParts';

export const customerServiceOrderMessages = {
  notFound: 'Chưa có phiếu dịch vụ cho lịch hẹn này.',
} as const;

/**
 * GET /appointments/:id/service-order: the customer's view of their car's work — status (the customer's
 * labels), billable lines, and once invoiced the invoice with its VietQR picture while unpaid. Only the
 * appointment's owner sees it: another customer's appointment, or one not checked in yet, answers 404.
 */
export async function customerServiceOrder(
  db: Kysely<Database>,
  userId: number,
  appointmentId: number,
  vietQr: Pick<VietQrConfig, 'bankBin' | 'accountNumber'>,
  parts: ServiceOrderParts,
): Promise<CustomerServiceOrder> {
  const order = await db
    .selectFrom('service_orders')
    .innerJoin('appointments', 'appointments.id', 'service_orders.appointment_id')
    .select(['service_orders.id', 'service_orders.code', 'service_orders.status', 'service_orders.opened_at'])
    .where('service_orders.appointment_id', '=', appointmentId)
    .where('appointments.user_id', '=', userId)
    .executeTakeFirst();
  if (!order) throw AppError.notFound(customerServiceOrderMessages.notFound, ERROR_CODES.SERVICE_ORDER_NOT_FOUND);
  const status = order.status as ServiceOrderStatus;
  const [lines, invoice, pendingApprovals] = await Promise.all([linesOfOrder(db, order.id), readInvoice(db, order.id, vietQr), parts.pendingApprovals(db, order.id)]);
  return {
    appointmentId,
    code: order.code,
    status,
    statusLabel: customerServiceOrderLabel(status, pendingApprovals),
    pendingApprovals,
    openedAt: toIsoUtc(order.opened_at),
    lines,
    invoice,
  };
}
