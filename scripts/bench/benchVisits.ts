import type { Kysely } from 'kysely';
import type { Database } from './benchApi.ts';

/** The service a bench's visits book: its id, name, price, duration and checklist. */
export interface BenchService {
  id: number;
  name: string;
  price: number;
  duration_minutes: number;
  checklist: ReadonlyArray<{ code: string; label: string }>;
}

export interface BenchVisit {
  /** makes the codes, plate-independent contact and phone unique within the bench */
  number: number;
  /** prefix of the codes: the appointment's `LH<prefix>…`, the order's `PDV<prefix>…` */
  codePrefix: string;
  centreId: number;
  service: BenchService;
  start: Date;
  plate: string;
  appointmentStatus: string;
  userId?: number | null;
  contact: { name: string; phone: string; email: string };
  /**
   * the visit's service order, if it has one: in progress (checklist open) or closed (all PASS); its customer
   * (`userId`, default none: the floor's walk-ins) is the one who approves its parts
   */
  order?: { status: 'IN_PROGRESS' | 'CLOSED'; technicianId: number | null; openedBy: number; userId?: number | null };
  nowIso: string;
}

/**
 * One booked visit of a bench's data, as the floor makes it: the appointment and its service, and optionally its
 * service order with the booked line and the service's checklist (open, or all PASS when closed). Returns the ids.
 */
export async function insertBenchVisit(db: Kysely<Database>, visit: BenchVisit): Promise<{ appointmentId: number; orderId: number | null; itemIds: number[] }> {
  const { number, codePrefix, service, start, nowIso } = visit;
  const code = (kind: string) => `${kind}${codePrefix}${String(number).padStart(7, '0')}`;
  const appointment = await db
    .insertInto('appointments')
    .values({
      code: code('LH'),
      user_id: visit.userId ?? null,
      vehicle_id: null,
      vehicle_type: 'car',
      vehicle_brand: 'VinFast',
      vehicle_model: 'VF 8',
      license_plate: visit.plate,
      centre_id: visit.centreId,
      starts_at: start.toISOString(),
      ends_at: new Date(start.getTime() + service.duration_minutes * 60_000).toISOString(),
      status: visit.appointmentStatus,
      estimated_price: service.price,
      estimated_duration_minutes: service.duration_minutes,
      note: null,
      contact_name: visit.contact.name,
      contact_phone: visit.contact.phone,
      contact_email: visit.contact.email,
      package_credit_id: null,
      hold_expires_at: null,
      cancel_reason: null,
      created_at: nowIso,
      updated_at: nowIso,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('appointment_services')
    .values({ appointment_id: appointment.id, service_id: service.id, service_name: service.name, price: service.price, duration_minutes: service.duration_minutes })
    .execute();
  if (!visit.order) return { appointmentId: appointment.id, orderId: null, itemIds: [] };

  const closed = visit.order.status === 'CLOSED';
  const opened = new Date(start.getTime() - 10 * 60_000).toISOString();
  const closedAt = closed ? start.toISOString() : null;
  const order = await db
    .insertInto('service_orders')
    .values({
      code: code('PDV'),
      appointment_id: appointment.id,
      centre_id: visit.centreId,
      user_id: visit.order.userId ?? null,
      vehicle_id: null,
      vehicle_type: 'car',
      vehicle_brand: 'VinFast',
      vehicle_model: 'VF 8',
      license_plate: visit.plate,
      status: visit.order.status,
      technician_id: visit.order.technicianId,
      bay_no: null,
      odometer_in_km: 10_000 + number,
      customer_concern: null,
      intake_note: null,
      opened_by: visit.order.openedBy,
      opened_at: opened,
      started_at: opened,
      work_done_at: closedAt,
      invoiced_at: closedAt,
      closed_at: closedAt,
      cancelled_at: null,
      cancel_reason: null,
      version: closed ? 5 : 2,
      updated_at: nowIso,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('service_order_lines')
    .values({ service_order_id: order.id, kind: 'service', ref_id: service.id, name: service.name, quantity: 1, unit_price: service.price, line_total: service.price, source: 'booked', parts_request_id: null })
    .execute();
  if (service.checklist.length === 0) return { appointmentId: appointment.id, orderId: order.id, itemIds: [] };
  const items = await db
    .insertInto('service_order_checklist_items')
    .values(
      service.checklist.map((item, sort) => ({
        service_order_id: order.id,
        code: item.code,
        label: item.label,
        sort_order: sort,
        result: closed ? 'PASS' : null,
        note: null,
        checked_by: closed ? visit.order!.technicianId : null,
        checked_at: closedAt,
      })),
    )
    .returning('id')
    .execute();
  return { appointmentId: appointment.id, orderId: order.id, itemIds: items.map((item) => item.id) };
}
