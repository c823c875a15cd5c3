import type { Transaction } from 'kysely';
import type { Database } from '../src/db/schema';
import { FLEET_EMAIL_SUFFIX } from './demoBookings';
import { insertChecklists, insertSymptoms } from './demoFleet';
import { hashText } from './demoRandom';
import type { DayOrder, MissedAppointment, ServiceLine, Visitor } from './historyDayPlan';
import { approvedRequestHistory, partsRequestStep } from './partsRequestHistory';
import { idsByCode, inBatches, SEED_BATCH } from './seedBatches';

/**
 * The rows of the demo history's planned visits (historyDayPlan.ts), table by table in batches: the appointments
 * and their history, the closed service orders with their history, clock entries and bays, the answered checklists
 * and symptoms, the extra-work parts requests, the billable lines, the paid invoices and the slots. Rows hang off
 * each other by the ids looked up from their codes.
 */

const MINUTE = 60_000;
const DAY = 86_400_000;
const PART_REASONS = ['Kiểm tra thấy mòn quá giới hạn.', 'Linh kiện hỏng, cần thay để xe an toàn.', 'Khách yêu cầu thay khi kiểm tra.'];

type Trx = Transaction<Database>;
/** The id of a planned order's service order (once written). */
export type OrderIdOf = (order: DayOrder) => number;

const iso = (ms: number) => new Date(ms).toISOString();

/** An appointment's row as a guest booked it (the registered ones get their owner and vehicle after). */
function appointmentRow(centreId: number, code: string, who: Visitor, start: number, minutes: number, lines: readonly ServiceLine[], status: string, created: number, cancelReason: string | null) {
  return {
    code,
    user_id: null as number | null,
    vehicle_id: null as number | null,
    vehicle_type: who.type,
    vehicle_brand: 'VinFast',
    vehicle_model: who.model,
    license_plate: who.plate,
    centre_id: centreId,
    starts_at: iso(start),
    ends_at: iso(start + minutes * MINUTE),
    status,
    estimated_price: lines.reduce((sum, l) => sum + l.price, 0),
    estimated_duration_minutes: minutes,
    note: null,
    contact_name: who.name,
    contact_phone: who.phone,
    contact_email: `${who.phone}${FLEET_EMAIL_SUFFIX}`,
    package_credit_id: null,
    hold_expires_at: null,
    cancel_reason: cancelReason,
    created_at: iso(created),
    updated_at: iso(start + minutes * MINUTE),
  };
}

/** The appointments (the missed ones, then the completed ones with their owner) and their booked services; returns their ids by code. */
export async function insertHistoryAppointments(trx: Trx, orders: readonly DayOrder[], missed: readonly MissedAppointment[]): Promise<Map<string, number>> {
  const appointments = [
    ...missed.map((m) => appointmentRow(m.centreId, m.code, m.who, m.start, m.minutes, m.lines, m.status, m.created, m.reason)),
    ...orders.map((o) => ({ ...appointmentRow(o.centreId, o.appointmentCode, o.who, o.start, o.standard, o.lines, 'COMPLETED', o.booked, null), user_id: o.owner?.userId ?? null, vehicle_id: o.owner?.vehicleId ?? null })),
  ];
  await inBatches(appointments, (chunk) => trx.insertInto('appointments').values(chunk).execute());
  const appointmentIds = await idsByCode(trx, 'appointments', appointments.map((a) => a.code));
  const allLines = [...orders.map((o) => ({ code: o.appointmentCode, lines: o.lines })), ...missed.map((m) => ({ code: m.code, lines: m.lines }))];
  await inBatches(
    allLines.flatMap(({ code, lines }) => lines.map((l) => ({ appointment_id: appointmentIds.get(code)!, service_id: l.id, service_name: l.name, price: l.price, duration_minutes: l.minutes }))),
    (chunk) => trx.insertInto('appointment_services').values(chunk).execute(),
  );
  return appointmentIds;
}

/** Each appointment's status history: PENDING → CONFIRMED → CHECKED_IN → IN_PROGRESS → COMPLETED, or PENDING → CONFIRMED → CANCELLED / NO_SHOW. */
export async function insertAppointmentHistory(trx: Trx, orders: readonly DayOrder[], missed: readonly MissedAppointment[], appointmentIds: ReadonlyMap<string, number>): Promise<void> {
  const appointmentHistory = [
    ...orders.flatMap((o) => {
      const id = appointmentIds.get(o.appointmentCode)!;
      return [
        { appointment_id: id, from_status: null, to_status: 'PENDING', changed_by: null, note: null, created_at: iso(o.booked) },
        { appointment_id: id, from_status: 'PENDING', to_status: 'CONFIRMED', changed_by: o.staffId, note: null, created_at: iso(o.booked + 2 * 60 * MINUTE) },
        { appointment_id: id, from_status: 'CONFIRMED', to_status: 'CHECKED_IN', changed_by: o.staffId, note: null, created_at: iso(o.opened) },
        { appointment_id: id, from_status: 'CHECKED_IN', to_status: 'IN_PROGRESS', changed_by: o.technicianId, note: null, created_at: iso(o.started) },
        { appointment_id: id, from_status: 'IN_PROGRESS', to_status: 'COMPLETED', changed_by: o.staffId, note: null, created_at: iso(o.issued) },
      ];
    }),
    ...missed.flatMap((m) => {
      const id = appointmentIds.get(m.code)!;
      return [
        { appointment_id: id, from_status: null, to_status: 'PENDING', changed_by: null, note: null, created_at: iso(m.created) },
        { appointment_id: id, from_status: 'PENDING', to_status: 'CONFIRMED', changed_by: m.staffId, note: null, created_at: iso(m.created + 2 * 60 * MINUTE) },
        { appointment_id: id, from_status: 'CONFIRMED', to_status: m.status, changed_by: m.staffId, note: m.reason, created_at: iso(m.changed) },
      ];
    }),
  ];
  await inBatches(appointmentHistory, (chunk) => trx.insertInto('appointment_status_history').values(chunk).execute());
}

/** The service orders, CLOSED, one per completed appointment; returns how to find each one's id. */
export async function insertClosedServiceOrders(trx: Trx, orders: readonly DayOrder[], appointmentIds: ReadonlyMap<string, number>): Promise<OrderIdOf> {
  await inBatches(orders, (chunk) =>
    trx
      .insertInto('service_orders')
      .values(
        chunk.map((o) => ({
          code: o.orderCode,
          appointment_id: appointmentIds.get(o.appointmentCode)!,
          centre_id: o.centreId,
          user_id: o.owner?.userId ?? null,
          vehicle_id: o.owner?.vehicleId ?? null,
          vehicle_type: o.who.type,
          vehicle_brand: 'VinFast',
          vehicle_model: o.who.model,
          license_plate: o.who.plate,
          status: 'CLOSED',
          technician_id: o.technicianId,
          bay_no: null,
          odometer_in_km: o.odometer,
          customer_concern: o.concern,
          intake_note: null,
          opened_by: o.staffId,
          opened_at: iso(o.opened),
          started_at: iso(o.started),
          work_done_at: iso(o.done),
          invoiced_at: iso(o.issued),
          closed_at: iso(o.paid),
          cancelled_at: null,
          cancel_reason: null,
          version: 5,
          updated_at: iso(o.paid),
        })),
      )
      .execute(),
  );
  const orderIds = await idsByCode(trx, 'service_orders', orders.map((o) => o.orderCode));
  return (o) => orderIds.get(o.orderCode)!;
}

/** What the floor recorded of each order: its status history (OPEN → … → CLOSED), the technician's clock entry and the bay it held. */
export async function insertFloorRecords(trx: Trx, orders: readonly DayOrder[], orderOf: OrderIdOf): Promise<void> {
  await inBatches(
    orders.flatMap((o) => {
      const id = orderOf(o);
      return [
        { service_order_id: id, from_status: null, to_status: 'OPEN', changed_by: o.staffId, note: null, created_at: iso(o.opened) },
        { service_order_id: id, from_status: 'OPEN', to_status: 'IN_PROGRESS', changed_by: o.technicianId, note: null, created_at: iso(o.started) },
        { service_order_id: id, from_status: 'IN_PROGRESS', to_status: 'WORK_DONE', changed_by: o.technicianId, note: null, created_at: iso(o.done) },
        { service_order_id: id, from_status: 'WORK_DONE', to_status: 'INVOICED', changed_by: o.staffId, note: null, created_at: iso(o.issued) },
        { service_order_id: id, from_status: 'INVOICED', to_status: 'CLOSED', changed_by: o.staffId, note: null, created_at: iso(o.paid) },
      ];
    }),
    (chunk) => trx.insertInto('service_order_status_history').values(chunk).execute(),
  );
  await inBatches(
    orders.map((o) => ({ service_order_id: orderOf(o), technician_id: o.technicianId, started_at: iso(o.started), ended_at: iso(o.done), source: 'clock', edited_by: null, edit_reason: null })),
    (chunk) => trx.insertInto('work_time_entries').values(chunk).execute(),
  );
  await inBatches(
    orders.map((o) => ({ centre_id: o.centreId, bay_no: o.bayNo, service_order_id: orderOf(o), from_at: iso(o.opened + 2 * MINUTE), to_at: iso(o.done + 5 * MINUTE) })),
    (chunk) => trx.insertInto('bay_occupancy').values(chunk).execute(),
  );
}

/**
 * The answered checklists (by the order's technician, as the work went) and the symptoms of the appointments;
 * returns the symptoms written and, per order whose part came from a finding, the id of its checklist item.
 */
export async function insertInspections(
  trx: Trx,
  orders: readonly DayOrder[],
  orderOf: OrderIdOf,
  appointmentIds: ReadonlyMap<string, number>,
): Promise<{ symptoms: number; linkedItems: Map<number, number> }> {
  await insertChecklists(
    trx,
    orders.map((o) => ({ orderId: orderOf(o), items: o.inspection!.items, checkedBy: o.technicianId, checkedAt: o.started + Math.round((o.done - o.started) * 0.4) })),
  );
  const symptoms = await insertSymptoms(
    trx,
    orders.map((o) => ({
      appointmentId: appointmentIds.get(o.appointmentCode)!,
      symptoms: o.inspection!.symptoms,
      source: o.inspection!.symptomSource,
      staffId: o.staffId,
      bookedAt: o.booked,
      checkedInAt: o.opened,
    })),
  );
  const linkedItems = new Map<number, number>();
  const linked = orders.filter((o) => o.part?.itemCode !== undefined);
  for (let index = 0; index < linked.length; index += SEED_BATCH) {
    const chunk = linked.slice(index, index + SEED_BATCH);
    const rows = await trx.selectFrom('service_order_checklist_items').select(['id', 'service_order_id', 'code']).where('service_order_id', 'in', chunk.map(orderOf)).execute();
    const wanted = new Map(chunk.map((o) => [orderOf(o), o.part!.itemCode!]));
    for (const row of rows) if (wanted.get(row.service_order_id) === row.code) linkedItems.set(row.service_order_id, row.id);
  }
  return { symptoms, linkedItems };
}

/** The extra-work parts requests (ISSUED or DECLINED, linked to their checklist item when a finding asked for them); returns their ids by service order id. */
export async function insertPartsRequests(trx: Trx, withPart: readonly DayOrder[], orderOf: OrderIdOf, linkedItems: ReadonlyMap<number, number>): Promise<Map<number, number>> {
  await inBatches(withPart, (chunk) =>
    trx
      .insertInto('parts_requests')
      .values(
        chunk.map((o) => {
          const p = o.part!;
          return {
            service_order_id: orderOf(o),
            centre_id: o.centreId,
            product_id: p.productId,
            quantity: p.quantity,
            unit_price: p.price,
            reason: p.reason ?? PART_REASONS[hashText(o.orderCode) % PART_REASONS.length]!,
            checklist_item_id: linkedItems.get(orderOf(o)) ?? null,
            requested_by: o.technicianId,
            status: p.approved ? 'ISSUED' : 'DECLINED',
            in_scope: 0,
            decided_by: o.staffId,
            decided_at: iso(p.requested + 5 * MINUTE),
            decline_reason: null,
            customer_decision_at: iso(p.decided),
            customer_decision_via: hashText(o.orderCode) % 3 === 0 ? 'staff_phone' : 'web',
            customer_decision: p.approved ? 'approve' : 'decline',
            customer_decision_note: null,
            customer_decision_by: null,
            expires_at: iso(p.requested + 5 * MINUTE + DAY),
            issued_qty: p.approved ? p.quantity : 0,
            returned_qty: p.returned,
            version: p.approved ? (p.returned ? 6 : 5) : 3,
            created_at: iso(p.requested),
            updated_at: iso(p.returned ? o.done : p.approved ? p.decided + 10 * MINUTE : p.decided),
          };
        }),
      )
      .execute(),
  );
  const requestIds = new Map<number, number>();
  const orderIdList = withPart.map(orderOf);
  for (let index = 0; index < orderIdList.length; index += SEED_BATCH) {
    const rows = await trx.selectFrom('parts_requests').select(['id', 'service_order_id']).where('service_order_id', 'in', orderIdList.slice(index, index + SEED_BATCH)).execute();
    for (const row of rows) requestIds.set(row.service_order_id, row.id);
  }
  return requestIds;
}

/** Each parts request's history: sent to the customer and declined, or approved and issued (and one returned when the work was done). */
export async function insertPartsRequestHistory(trx: Trx, withPart: readonly DayOrder[], requestOf: OrderIdOf): Promise<void> {
  await inBatches(
    withPart.flatMap((o) => {
      const p = o.part!;
      const id = requestOf(o);
      const step = partsRequestStep(id);
      if (!p.approved) {
        return [
          step('request', null, 'REQUESTED', p.requested, o.technicianId, p.quantity),
          step('sendToCustomer', 'REQUESTED', 'AWAITING_CUSTOMER', p.requested + 5 * MINUTE, o.staffId),
          step('customerDecline', 'AWAITING_CUSTOMER', 'DECLINED', p.decided, null),
        ];
      }
      const steps = approvedRequestHistory(id, { requested: p.requested, decided: p.decided, issued: p.decided + 10 * MINUTE }, { requestedBy: o.technicianId, staffId: o.staffId }, p.quantity);
      if (p.returned) steps.push(step('return', 'ISSUED', 'ISSUED', o.done, o.staffId, p.returned));
      return steps;
    }),
    (chunk) => trx.insertInto('parts_request_history').values(chunk).execute(),
  );
}

/** What each order bills: its booked services, and the approved part less what was returned. */
export async function insertBillableLines(trx: Trx, orders: readonly DayOrder[], orderOf: OrderIdOf, requestIds: ReadonlyMap<number, number>): Promise<void> {
  await inBatches(
    orders.flatMap((o) => {
      const id = orderOf(o);
      const lines = o.lines.map((l) => ({ service_order_id: id, kind: 'service', ref_id: l.id, name: l.name, quantity: 1, unit_price: l.price, line_total: l.price, source: 'booked', parts_request_id: null as number | null }));
      const p = o.part;
      if (p?.approved) {
        const quantity = p.quantity - p.returned;
        lines.push({ service_order_id: id, kind: 'part', ref_id: p.productId, name: p.name, quantity, unit_price: p.price, line_total: quantity * p.price, source: 'parts_request', parts_request_id: requestIds.get(id)! });
      }
      return lines;
    }),
    (chunk) => trx.insertInto('service_order_lines').values(chunk).execute(),
  );
}

/** Each order's invoice, PAID in cash or by VietQR, totalling its lines. */
export async function insertPaidInvoices(trx: Trx, orders: readonly DayOrder[], orderOf: OrderIdOf): Promise<void> {
  await inBatches(orders, (chunk) =>
    trx
      .insertInto('service_invoices')
      .values(
        chunk.map((o) => {
          const servicesTotal = o.lines.reduce((sum, l) => sum + l.price, 0);
          const parts = o.part?.approved ? (o.part.quantity - o.part.returned) * o.part.price : 0;
          return {
            code: o.invoiceCode,
            service_order_id: orderOf(o),
            centre_id: o.centreId,
            subtotal_services: servicesTotal,
            subtotal_parts: parts,
            package_discount: 0,
            total: servicesTotal + parts,
            payment_method: o.method,
            payment_status: 'PAID',
            issued_by: o.staffId,
            issued_at: iso(o.issued),
            paid_at: iso(o.paid),
            confirmed_by: o.staffId,
          };
        }),
      )
      .execute(),
  );
}

/** The slots the days' appointments took, added to what the slots already held. */
export async function insertSlotOccupancy(trx: Trx, slots: ReadonlyMap<string, number>): Promise<void> {
  await inBatches([...slots], (chunk) =>
    trx
      .insertInto('slot_occupancy')
      .values(chunk.map(([key, booked]) => ({ centre_id: Number(key.split('|')[0]), slot_start: key.split('|')[1]!, booked })))
      .onConflict((conflict) => conflict.columns(['centre_id', 'slot_start']).doUpdateSet((eb) => ({ booked: eb('slot_occupancy.booked', '+', eb.ref('excluded.booked')) })))
      .execute(),
  );
}
