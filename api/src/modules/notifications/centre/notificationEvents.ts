import type { Kysely } from 'kysely';
import {
  formatVietnamDateTime,
  type AppointmentStatusEvent,
  type OrderStatusEvent,
  type ServiceOrderEvent,
} from 'shared-contracts/schemas';
import { paddedInList } from '../../../db/chunks';
import type { Database } from '../../../db/schema';
import type { BusMessage } from '../../../events/eventBus';
import type { NotifyInput } from './notify';

/**
 * What each bus message means to the people it concerns: the notifications it makes (none for most). Read
 * once, on the instance that published the message (EventBus.onPublished), after the request answered; the
 * event keys make a repeat (a retry, the same status told twice) a no-op. One small read at most per message, and
 * one for all the new web orders of a batch.
 */

const DASHBOARD = '/dashboard';
const STAFF_WEB_ORDERS = '/staff/web-orders';

/**
 * New web orders (placed, or paid when they waited for a transfer): the staff and managers of each one's desk centre.
 * One read for all of `events` (a burst of orders is told in one batch).
 */
async function newWebOrderNotifications(db: Kysely<Database>, events: readonly OrderStatusEvent[]): Promise<NotifyInput[]> {
  const codes = [...new Set(events.filter((event) => event.status === 'PLACED').map((event) => event.code))];
  if (codes.length === 0) return [];
  const staff = await db
    .selectFrom('orders')
    .innerJoin('staff_assignments', (join) => join.onRef('staff_assignments.centre_id', '=', 'orders.desk_centre_id').on('staff_assignments.ended_at', 'is', null))
    .innerJoin('users', 'users.id', 'staff_assignments.user_id')
    .select(['orders.code as code', 'users.id as userId', 'users.role as role', 'orders.recipient_name as recipient', 'orders.fulfilment_method as method'])
    .where('orders.code', 'in', paddedInList(codes))
    .where('users.role', 'in', ['staff', 'manager'])
    .where('users.disabled_at', 'is', null)
    .execute();
  // In the orders' own order, each one's staff by id: the notifications' ids follow the events.
  const rank = new Map(codes.map((code, index) => [code, index]));
  staff.sort((a, b) => rank.get(a.code)! - rank.get(b.code)! || a.userId - b.userId);
  return staff.map((row) => ({
    userId: row.userId,
    kind: 'staff_new_web_order' as const,
    title: `Đơn hàng mới ${row.code}`,
    body: `${row.recipient} – ${row.method === 'pickup' ? 'nhận tại cửa hàng' : 'giao tận nơi'}.`,
    link: row.role === 'manager' ? '/manager/web-orders' : STAFF_WEB_ORDERS,
    eventKey: `web-order:${row.code}:new`,
  }));
}

/**
 * The customer's booking: confirmed by the centre, checked in (the message names the appointment; its car is read).
 * Its booking, change and cancellation are told by bookings in their transaction (customerFacts.ts).
 */
async function appointmentNotifications(db: Kysely<Database>, userId: number, event: AppointmentStatusEvent): Promise<NotifyInput[]> {
  if (event.status !== 'CONFIRMED' && event.status !== 'CHECKED_IN') return [];
  const row = await db
    .selectFrom('appointments')
    .innerJoin('service_centres', 'service_centres.id', 'appointments.centre_id')
    .select(['appointments.license_plate as plate', 'appointments.starts_at as startsAt', 'service_centres.name as centre'])
    .where('appointments.id', '=', event.appointmentId)
    .executeTakeFirst();
  if (!row) return [];
  const when = formatVietnamDateTime(new Date(row.startsAt));
  const eventKey = `appointment:${event.appointmentId}:${event.status}`;
  switch (event.status) {
    case 'CONFIRMED':
      return [{ userId, kind: 'booking_confirmed', title: `Lịch hẹn ${event.code} đã được xác nhận`, body: `Xe ${row.plate}, ${when} tại ${row.centre}.`, link: DASHBOARD, eventKey }];
    default:
      return [{ userId, kind: 'vehicle_checked_in', title: `Xe ${row.plate} đã được tiếp nhận`, body: `${row.centre} đã nhận xe của bạn. Bạn có thể theo dõi tiến độ trên trang tổng quan.`, link: DASHBOARD, eventKey }];
  }
}

/**
 * The customer's car at the centre: ready, invoiced, paid. Extra work waiting for their yes is told by partsRequests
 * in the transaction that sends the request (customerFacts.ts, with its approval email).
 */
async function serviceOrderNotifications(db: Kysely<Database>, userId: number, event: ServiceOrderEvent): Promise<NotifyInput[]> {
  if (event.status !== 'WORK_DONE' && event.status !== 'INVOICED' && event.status !== 'CLOSED') return [];
  const row = await db
    .selectFrom('service_orders')
    .innerJoin('service_centres', 'service_centres.id', 'service_orders.centre_id')
    .select(['service_orders.license_plate as plate', 'service_centres.name as centre'])
    .where('service_orders.id', '=', event.serviceOrderId)
    .executeTakeFirst();
  if (!row) return [];
  const key = (what: string) => `service-order:${event.serviceOrderId}:${what}`;
  switch (event.status) {
    case 'WORK_DONE':
      return [{ userId, kind: 'vehicle_ready', title: `Xe ${row.plate} đã sẵn sàng`, body: `${row.centre} đã làm xong xe của bạn (phiếu ${event.serviceOrderCode}).`, link: DASHBOARD, eventKey: key('ready') }];
    case 'INVOICED':
      return [{ userId, kind: 'service_invoiced', title: `Hoá đơn dịch vụ xe ${row.plate}`, body: `Phiếu ${event.serviceOrderCode} đã có hoá đơn, mời bạn thanh toán tại quầy hoặc chuyển khoản VietQR.`, link: DASHBOARD, eventKey: key('invoiced') }];
    default:
      return [{ userId, kind: 'payment_received', title: `Đã nhận thanh toán phiếu ${event.serviceOrderCode}`, body: `Cảm ơn bạn. Xe ${row.plate} đã được lưu vào lịch sử bảo dưỡng.`, link: '/maintenance-history', eventKey: key('paid') }];
  }
}

/**
 * The notifications a batch of bus messages makes (often none), in the messages' order: the new web orders among them
 * read in one statement, the rest one small read each.
 */
export async function notificationsOf(db: Kysely<Database>, messages: readonly BusMessage[]): Promise<NotifyInput[]> {
  const inputs: NotifyInput[] = [];
  // The owner's facts (paid, confirmed, shipped, ready, refunded) were told by orders in their transaction.
  const orderEvents = messages.flatMap((message) => (message.type === 'order-status' ? [message.event] : []));
  inputs.push(...(await newWebOrderNotifications(db, orderEvents)));
  for (const message of messages) {
    if (message.type === 'appointment-status' && message.userId !== null) inputs.push(...(await appointmentNotifications(db, message.userId, message.event)));
    if (message.type === 'service-order' && message.userId !== null) inputs.push(...(await serviceOrderNotifications(db, message.userId, message.event)));
  }
  return inputs;
}
