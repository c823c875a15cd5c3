import type { Kysely } from 'kysely';
import { ERROR_CODES } from 'shared-contracts/schemas';
import type { ServiceInvoiceRow, ServiceOrderRow } from '../../db/backOfficeSchema';
import type { Database } from '../../db/schema';
import type { OrderRow } from '../../db/shopSchema';
import { AppError } from '../../http/appError';
import type { AuthContext } from '../../security/authGuard';
import { activeCentreOf, centreScopeMessages } from '../../security/centreScope';
import { invoiceMessages } from './invoiceMessages';

type Db = Kysely<Database>;

/**
 * Who sees a receipt or an invoice: the order's customer; the staff and managers of its centre (a web order's desk
 * centre, a service order's centre); admins. Anyone else gets 404, as for a missing order (another customer's
 * order is not confirmed to exist).
 */
export type Viewer = { kind: 'customer'; userId: number } | { kind: 'centre'; userId: number; centreId: number } | { kind: 'admin'; userId: number };

export async function viewerOf(db: Db, auth: AuthContext): Promise<Viewer> {
  if (auth.role === 'admin') return { kind: 'admin', userId: auth.userId };
  if (auth.role === 'staff' || auth.role === 'manager') {
    const centreId = await activeCentreOf(db, auth.userId);
    if (centreId === null) throw new AppError(403, ERROR_CODES.NO_CENTRE, centreScopeMessages.noCentre);
    return { kind: 'centre', userId: auth.userId, centreId };
  }
  return { kind: 'customer', userId: auth.userId };
}

export function orderNotFound(): AppError {
  return AppError.notFound(invoiceMessages.orderNotFound, ERROR_CODES.ORDER_NOT_FOUND);
}

export function serviceOrderNotFound(): AppError {
  return AppError.notFound(invoiceMessages.serviceOrderNotFound, ERROR_CODES.SERVICE_ORDER_NOT_FOUND);
}

/** The web order `code` if `viewer` may see it, else 404. */
export async function webOrderFor(db: Db, viewer: Viewer, code: string): Promise<OrderRow> {
  const order = await db.selectFrom('orders').selectAll().where('code', '=', code).executeTakeFirst();
  if (!order) throw orderNotFound();
  const allowed = viewer.kind === 'admin' || (viewer.kind === 'customer' ? order.user_id === viewer.userId : order.desk_centre_id === viewer.centreId);
  if (!allowed) throw orderNotFound();
  return order;
}

/** The service order `id` if `viewer` may see it (a customer: the appointment's owner), else 404. */
export async function serviceOrderFor(db: Db, viewer: Viewer, id: number): Promise<ServiceOrderRow> {
  const order = await db.selectFrom('service_orders').selectAll().where('id', '=', id).executeTakeFirst();
  if (!order) throw serviceOrderNotFound();
  if (viewer.kind === 'admin') return order;
  if (viewer.kind === 'centre') {
    if (order.centre_id !== viewer.centreId) throw serviceOrderNotFound();
    return order;
  }
  const owner = await db.selectFrom('appointments').select('user_id').where('id', '=', order.appointment_id).executeTakeFirst();
  if (owner?.user_id !== viewer.userId) throw serviceOrderNotFound();
  return order;
}

/** The service order of the customer's appointment `appointmentId` (another's, or none yet: 404). */
export async function serviceOrderOfAppointment(db: Db, userId: number, appointmentId: number): Promise<ServiceOrderRow> {
  const order = await db
    .selectFrom('service_orders')
    .innerJoin('appointments', 'appointments.id', 'service_orders.appointment_id')
    .selectAll('service_orders')
    .where('service_orders.appointment_id', '=', appointmentId)
    .where('appointments.user_id', '=', userId)
    .executeTakeFirst();
  if (!order) throw serviceOrderNotFound();
  return order;
}

/** The receipt exists once the order is paid: 409 before. */
export function assertPaid(order: OrderRow): void {
  if (order.paid_at === null) throw new AppError(409, ERROR_CODES.ORDER_UNPAID, invoiceMessages.orderUnpaid);
}

/** The invoice of the service order: 409 before it is invoiced. */
export async function invoiceOf(db: Db, order: ServiceOrderRow): Promise<ServiceInvoiceRow> {
  const invoice = await db.selectFrom('service_invoices').selectAll().where('service_order_id', '=', order.id).executeTakeFirst();
  if (!invoice) throw new AppError(409, ERROR_CODES.NOT_INVOICED, invoiceMessages.notInvoiced);
  return invoice;
}
