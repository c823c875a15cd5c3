import type { Transaction } from 'kysely';
import { addCalendarDays, APPROVAL_WINDOW_HOURS, SLOT_MINUTES, vietnamDateOf, vietnamInstant } from 'shared-contracts/schemas';
import { toNumber } from '../src/db/portable';
import type { Database } from '../src/db/schema';
import { newAppointmentCode, occupiedSteps } from '../src/modules/bookings';
import { reserveCentreStock } from '../src/modules/stockLocations';
import { writeBookedLines, backOfficeCode } from '../src/modules/serviceOrders';
import { DEMO_ACCOUNTS } from './demoAccounts';
import { SERVICE_CENTRES } from './serviceCentres';
import { DEMO_VEHICLES } from './serviceHistory';

/**
 * The parts story's demo (work package 2), after the centre stock is seeded (seedCentreInventory). Inserts only
 * what is missing, never writes over anything:
 *
 * - the demo customer's car at the first centre (the demo staff's), checked in yesterday afternoon and kept
 *   overnight, IN_PROGRESS with the second demo technician: its checklist found the brakes soft (FAIL, with a
 *   note), and new brake fluid waits for the customer's yes (AWAITING_CUSTOMER, deadline 24 h after it was
 *   sent), so khachhang@ sees 'Cần bạn duyệt (1)' on /dashboard at once. An order of yesterday, not of today:
 *   today's floor (seedBackOffice) stays the seven appointments the front desk's day shows. The car, not the
 *   scooter: the browser suite books the customer's first vehicle (the scooter) and finds it on the board by
 *   its plate, which must be the only card with it. When the customer already
 *   has such an order, it gets a new request waiting for them only when nothing waits and none was made today
 *   (a decision they took today stays theirs);
 * - on another order in progress at that centre (today's floor), work for the parts desk: brake pads approved
 *   in scope and reserved on the shelf (only where that leaves the shelf above its minimum: no low-stock
 *   crossing), and a headlight waiting for staff's decision.
 *
 * No part is issued by the seed: an ISSUE movement would be the ledger's first non-opening movement, which the
 * inventory's demo data keeps to the opening balances.
 */

export interface PartsApprovalDemoReport {
  /** Requests of the demo customer waiting for their answer now. */
  awaitingCustomer: number;
  /** Requests on the desk's demo order (reserved, waiting for a decision). */
  deskRequests: number;
}

const FIRST_CENTRE = SERVICE_CENTRES[0]!.slug;
const CUSTOMER_EMAIL = DEMO_ACCOUNTS.find((account) => account.role === 'customer')!.email;
const STAFF_EMAIL = DEMO_ACCOUNTS.find((account) => account.role === 'staff')!.email;
const TECHNICIAN_EMAILS = ['kythuatvien2@evshop.vn', DEMO_ACCOUNTS.find((account) => account.role === 'technician')!.email];
const CAR_PLATE = DEMO_VEHICLES.find((vehicle) => vehicle.type === 'car')!.licensePlate;
const SERVICE_SLUG = 'bao-duong-co-ban';
const FINDING = { code: 'BRAKE_FUNCTION', note: 'Bàn đạp phanh sâu, dầu phanh sẫm màu: nên thay dầu phanh.' };
/** Parts by SKU: the brake fluid the customer is asked about; the desk's pads and headlight. */
const FLUID_SKU = 'BRK-FLUID-DOT4';
const PADS_SKU = 'BRK-PAD-SC';
const HEADLIGHT_SKU = 'LGT-LED-HEAD';
const SLOT_MS = SLOT_MINUTES * 60_000;
const minutes = (count: number) => count * 60_000;

type Trx = Transaction<Database>;

interface Centre {
  id: number;
  open_time: string;
  close_time: string;
  service_bays: number;
}

interface People {
  customer: { id: number; full_name: string; phone_number: string | null };
  staffId: number | null;
  technicianId: number;
}

async function people(trx: Trx, centreId: number): Promise<People | null> {
  const rows = await trx
    .selectFrom('users')
    .leftJoin('staff_assignments', (join) => join.onRef('staff_assignments.user_id', '=', 'users.id').on('staff_assignments.ended_at', 'is', null))
    .select(['users.id', 'users.email', 'users.role', 'users.full_name', 'users.phone_number', 'staff_assignments.centre_id'])
    .where('users.email', 'in', [CUSTOMER_EMAIL, STAFF_EMAIL, ...TECHNICIAN_EMAILS])
    .execute();
  const customer = rows.find((row) => row.email === CUSTOMER_EMAIL && row.role === 'customer');
  const technician = TECHNICIAN_EMAILS.map((email) => rows.find((row) => row.email === email && row.role === 'technician' && row.centre_id === centreId)).find((row) => row !== undefined);
  if (!customer || !technician) return null;
  return { customer, staffId: rows.find((row) => row.email === STAFF_EMAIL)?.id ?? null, technicianId: technician.id };
}

/** A start on `date` near `wanted` within the centre's hours whose steps all have a free bay; null when none. */
async function placeStart(trx: Trx, centre: Centre, date: string, wanted: Date, durationMinutes: number): Promise<Date | null> {
  const open = vietnamInstant(date, centre.open_time).getTime();
  const lastStart = vietnamInstant(date, centre.close_time).getTime() - minutes(durationMinutes);
  if (lastStart < open) return null;
  const dayStart = vietnamInstant(date, '00:00').toISOString();
  const dayEnd = vietnamInstant(addCalendarDays(date, 1), '00:00').toISOString();
  const booked = new Map(
    (await trx.selectFrom('slot_occupancy').select(['slot_start', 'booked']).where('centre_id', '=', centre.id).where('slot_start', '>=', dayStart).where('slot_start', '<', dayEnd).execute()).map(
      (row) => [new Date(row.slot_start).toISOString(), toNumber(row.booked)] as const,
    ),
  );
  const clamped = Math.min(Math.max(wanted.getTime(), open), lastStart - ((lastStart - open) % SLOT_MS));
  const candidates: number[] = [];
  for (let at = clamped; at <= lastStart; at += SLOT_MS) candidates.push(at);
  for (let at = clamped - SLOT_MS; at >= open; at -= SLOT_MS) candidates.push(at);
  for (const at of candidates) {
    if (occupiedSteps(new Date(at), durationMinutes).every((step) => (booked.get(step) ?? 0) < centre.service_bays)) return new Date(at);
  }
  return null;
}

async function freeCode(trx: Trx, table: 'appointments' | 'service_orders', make: () => string): Promise<string> {
  for (;;) {
    const code = make();
    if (!(await trx.selectFrom(table).select('id').where('code', '=', code).executeTakeFirst())) return code;
  }
}

async function freeBay(trx: Trx, centre: Centre): Promise<number | null> {
  const taken = new Set((await trx.selectFrom('bay_occupancy').select('bay_no').where('centre_id', '=', centre.id).where('to_at', 'is', null).execute()).map((row) => row.bay_no));
  for (let bay = 1; bay <= centre.service_bays; bay += 1) if (!taken.has(bay)) return bay;
  return null;
}

/**
 * The demo customer's order in progress at the centre: the one they have (OPEN or IN_PROGRESS), else their
 * car checked in yesterday afternoon and started (null when the car or a free slot is missing).
 */
async function demoCustomerOrder(trx: Trx, centre: Centre, who: People, now: Date): Promise<{ id: number; status: string } | null> {
  const existing = await trx
    .selectFrom('service_orders')
    .select(['id', 'status'])
    .where('user_id', '=', who.customer.id)
    .where('centre_id', '=', centre.id)
    .where('status', 'in', ['OPEN', 'IN_PROGRESS'])
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (existing) return existing;

  const [vehicle, service] = await Promise.all([
    trx
      .selectFrom('vehicles')
      .select(['id', 'type', 'brand', 'model', 'license_plate', 'odometer_km'])
      .where('user_id', '=', who.customer.id)
      .where('license_plate', '=', CAR_PLATE)
      .where('deleted_at', 'is', null)
      .executeTakeFirst(),
    trx.selectFrom('services').select(['id', 'name', 'price', 'duration_minutes', 'checklist']).where('slug', '=', SERVICE_SLUG).where('is_active', '=', 1).executeTakeFirst(),
  ]);
  if (!vehicle || !service) return null;
  const yesterday = addCalendarDays(vietnamDateOf(now), -1);
  const start = await placeStart(trx, centre, yesterday, vietnamInstant(yesterday, '15:00'), service.duration_minutes);
  if (!start) return null;
  const at = (offsetMinutes: number) => new Date(start.getTime() + minutes(offsetMinutes)).toISOString();
  const steps = occupiedSteps(start, service.duration_minutes);
  await trx
    .insertInto('slot_occupancy')
    .values(steps.map((step) => ({ centre_id: centre.id, slot_start: step, booked: 1 })))
    .onConflict((conflict) => conflict.columns(['centre_id', 'slot_start']).doUpdateSet((eb) => ({ booked: eb('slot_occupancy.booked', '+', 1) })))
    .execute();
  const bookedAt = new Date(start.getTime() - minutes(26 * 60)).toISOString();
  const appointment = await trx
    .insertInto('appointments')
    .values({
      code: await freeCode(trx, 'appointments', () => newAppointmentCode(start)),
      user_id: who.customer.id,
      vehicle_id: vehicle.id,
      vehicle_type: vehicle.type,
      vehicle_brand: vehicle.brand,
      vehicle_model: vehicle.model,
      license_plate: vehicle.license_plate,
      centre_id: centre.id,
      starts_at: start.toISOString(),
      ends_at: at(service.duration_minutes),
      status: 'IN_PROGRESS',
      estimated_price: service.price,
      estimated_duration_minutes: service.duration_minutes,
      note: 'Bàn đạp phanh hơi sâu, nhờ kiểm tra phanh.',
      contact_name: who.customer.full_name,
      contact_phone: who.customer.phone_number ?? '',
      contact_email: CUSTOMER_EMAIL,
      package_credit_id: null,
      hold_expires_at: null,
      cancel_reason: null,
      created_at: bookedAt,
      updated_at: at(20),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx.insertInto('appointment_services').values({ appointment_id: appointment.id, service_id: service.id, service_name: service.name, price: service.price, duration_minutes: service.duration_minutes }).execute();
  const appointmentHistory: Array<[string | null, string, string, number | null]> = [
    [null, 'PENDING', bookedAt, who.customer.id],
    ['PENDING', 'CONFIRMED', new Date(start.getTime() - minutes(20 * 60)).toISOString(), who.staffId],
    ['CONFIRMED', 'CHECKED_IN', at(5), who.staffId],
    ['CHECKED_IN', 'IN_PROGRESS', at(20), who.technicianId],
  ];
  await trx
    .insertInto('appointment_status_history')
    .values(appointmentHistory.map(([from, to, when, by]) => ({ appointment_id: appointment.id, from_status: from, to_status: to, changed_by: by, note: null, created_at: when })))
    .execute();

  const bay = await freeBay(trx, centre);
  const order = await trx
    .insertInto('service_orders')
    .values({
      code: await freeCode(trx, 'service_orders', () => backOfficeCode('PDV', start)),
      appointment_id: appointment.id,
      centre_id: centre.id,
      user_id: who.customer.id,
      vehicle_id: vehicle.id,
      vehicle_type: vehicle.type,
      vehicle_brand: vehicle.brand,
      vehicle_model: vehicle.model,
      license_plate: vehicle.license_plate,
      status: 'IN_PROGRESS',
      technician_id: who.technicianId,
      bay_no: bay,
      odometer_in_km: vehicle.odometer_km,
      customer_concern: 'Bàn đạp phanh hơi sâu, nhờ kiểm tra phanh.',
      intake_note: 'Khách đồng ý để xe lại qua đêm nếu cần thay phụ tùng.',
      opened_by: who.staffId,
      opened_at: at(5),
      started_at: at(20),
      work_done_at: null,
      invoiced_at: null,
      closed_at: null,
      cancelled_at: null,
      cancel_reason: null,
      version: 2,
      updated_at: at(20),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('service_order_status_history')
    .values([
      { service_order_id: order.id, from_status: null, to_status: 'OPEN', changed_by: who.staffId, note: null, created_at: at(5) },
      { service_order_id: order.id, from_status: 'OPEN', to_status: 'IN_PROGRESS', changed_by: who.technicianId, note: null, created_at: at(20) },
    ])
    .execute();
  // The checklist of the booked service: answered but for the last item (work stopped at the brakes), one FAIL.
  const template = JSON.parse(service.checklist) as Array<{ code: string; label: string }>;
  if (template.length > 0) {
    await trx
      .insertInto('service_order_checklist_items')
      .values(
        template.map((item, index) => {
          const last = index === template.length - 1 && item.code !== FINDING.code;
          const result = last ? null : item.code === FINDING.code ? 'FAIL' : 'PASS';
          return {
            service_order_id: order.id,
            code: item.code,
            label: item.label,
            sort_order: index,
            result,
            note: result === 'FAIL' ? FINDING.note : null,
            checked_by: result === null ? null : who.technicianId,
            checked_at: result === null ? null : at(40 + index * 5),
          };
        }),
      )
      .execute();
  }
  await writeBookedLines(trx, order.id, appointment.id, null);
  if (bay !== null) await trx.insertInto('bay_occupancy').values({ centre_id: centre.id, bay_no: bay, service_order_id: order.id, from_at: at(5), to_at: null }).execute();
  await trx
    .insertInto('work_time_entries')
    .values({ service_order_id: order.id, technician_id: who.technicianId, started_at: at(20), ended_at: at(95), source: 'clock', edited_by: null, edit_reason: null })
    .execute();
  return { id: order.id, status: 'IN_PROGRESS' };
}

async function activeProduct(trx: Trx, sku: string) {
  return trx.selectFrom('products').select(['id', 'price']).where('sku', '=', sku).where('is_active', '=', 1).executeTakeFirst();
}

/** A request row with its history (`steps`: the actions after the technician's request, each with its instant). */
async function insertRequest(
  trx: Trx,
  values: {
    orderId: number;
    centreId: number;
    product: { id: number; price: number };
    quantity: number;
    reason: string;
    itemId: number | null;
    technicianId: number;
    staffId: number | null;
    status: string;
    inScope: number | null;
    decidedAt: string | null;
    expiresAt: string | null;
    requestedAt: string;
    steps: Array<{ action: string; from: string; to: string; at: string }>;
  },
): Promise<void> {
  const last = values.steps.at(-1)?.at ?? values.requestedAt;
  const row = await trx
    .insertInto('parts_requests')
    .values({
      service_order_id: values.orderId,
      centre_id: values.centreId,
      product_id: values.product.id,
      quantity: values.quantity,
      unit_price: values.product.price,
      reason: values.reason,
      checklist_item_id: values.itemId,
      requested_by: values.technicianId,
      status: values.status,
      in_scope: values.inScope,
      decided_by: values.decidedAt === null ? null : values.staffId,
      decided_at: values.decidedAt,
      expires_at: values.expiresAt,
      version: 1 + values.steps.length,
      created_at: values.requestedAt,
      updated_at: last,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('parts_request_history')
    .values([
      { parts_request_id: row.id, action: 'request', from_status: null, to_status: 'REQUESTED', quantity: values.quantity, changed_by: values.technicianId, note: null, created_at: values.requestedAt },
      ...values.steps.map((step) => ({ parts_request_id: row.id, action: step.action, from_status: step.from, to_status: step.to, quantity: null, changed_by: values.staffId, note: null, created_at: step.at })),
    ])
    .execute();
}

/**
 * A request for new brake fluid waiting for the customer on their order, unless one waits already or one was made
 * on that order today (whatever the customer answered stays). Returns how many of theirs wait now.
 */
async function awaitingRequest(trx: Trx, centre: Centre, orderId: number, who: People, now: Date): Promise<number> {
  const requests = await trx.selectFrom('parts_requests').select(['status', 'expires_at', 'created_at']).where('service_order_id', '=', orderId).execute();
  const waiting = () => requests.filter((row) => row.status === 'AWAITING_CUSTOMER' && new Date(row.expires_at!).getTime() > now.getTime()).length;
  const today = vietnamDateOf(now);
  if (waiting() > 0 || requests.some((row) => vietnamDateOf(new Date(row.created_at)) === today)) return waiting();
  const [fluid, item, order] = await Promise.all([
    activeProduct(trx, FLUID_SKU),
    trx.selectFrom('service_order_checklist_items').select(['id', 'result', 'note']).where('service_order_id', '=', orderId).where('code', '=', FINDING.code).executeTakeFirst(),
    trx.selectFrom('service_orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow(),
  ]);
  if (!fluid || order.status !== 'IN_PROGRESS') return waiting();
  const failed = item?.result === 'FAIL' ? item : null;
  // A few minutes ago, but never before today's local midnight: the request must count as made today, or the
  // next start (just after midnight) would not see it and would add another.
  const midnight = vietnamInstant(today, '00:00').getTime();
  const requestedAt = new Date(Math.max(now.getTime() - minutes(25), midnight)).toISOString();
  const sentAt = new Date(Math.max(now.getTime() - minutes(10), midnight));
  await insertRequest(trx, {
    orderId,
    centreId: centre.id,
    product: fluid,
    quantity: 1,
    reason: failed?.note ?? FINDING.note,
    itemId: failed?.id ?? null,
    technicianId: who.technicianId,
    staffId: who.staffId,
    status: 'AWAITING_CUSTOMER',
    inScope: 0,
    decidedAt: sentAt.toISOString(),
    expiresAt: new Date(sentAt.getTime() + APPROVAL_WINDOW_HOURS * 3_600_000).toISOString(),
    requestedAt,
    steps: [{ action: 'sendToCustomer', from: 'REQUESTED', to: 'AWAITING_CUSTOMER', at: sentAt.toISOString() }],
  });
  return 1;
}

/**
 * The parts desk's work on another order in progress at the centre that has no request yet (the first such):
 * brake pads approved in scope and reserved (APPROVED when reserving would take the shelf to its minimum or
 * below), and a headlight waiting for a decision. Returns the desk demo's requests (on whichever order has them).
 */
async function deskWork(trx: Trx, centre: Centre, excludeOrderId: number | null, staffId: number | null, now: Date): Promise<number> {
  const marked = await trx
    .selectFrom('parts_requests')
    .innerJoin('products', 'products.id', 'parts_requests.product_id')
    .select('parts_requests.service_order_id')
    .where('parts_requests.centre_id', '=', centre.id)
    .where('products.sku', '=', HEADLIGHT_SKU)
    .executeTakeFirst();
  const countOn = async (orderId: number) => (await trx.selectFrom('parts_requests').select('id').where('service_order_id', '=', orderId).execute()).length;
  if (marked) return countOn(marked.service_order_id);

  let candidates = trx
    .selectFrom('service_orders')
    .select(['id', 'technician_id'])
    .where('centre_id', '=', centre.id)
    .where('status', '=', 'IN_PROGRESS')
    .where('technician_id', 'is not', null)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('parts_requests').select('parts_requests.id').whereRef('parts_requests.service_order_id', '=', 'service_orders.id'))))
    .orderBy('id');
  if (excludeOrderId !== null) candidates = candidates.where('id', '<>', excludeOrderId);
  const order = await candidates.executeTakeFirst();
  const [pads, headlight] = await Promise.all([activeProduct(trx, PADS_SKU), activeProduct(trx, HEADLIGHT_SKU)]);
  if (!order || order.technician_id === null || !pads || !headlight) return 0;

  const stock = await trx.selectFrom('centre_stock').select(['on_hand', 'reserved', 'min_stock']).where('centre_id', '=', centre.id).where('product_id', '=', pads.id).executeTakeFirst();
  const available = stock ? toNumber(stock.on_hand) - toNumber(stock.reserved) : 0;
  const reservable = stock !== undefined && available - 1 > toNumber(stock.min_stock);
  const clock = { now: () => now };
  if (reservable) {
    const reserved = await reserveCentreStock(trx, { centreId: centre.id, productId: pads.id, quantity: 1 }, clock);
    if (!reserved.reserved) throw new Error('the demo reservation found less on the shelf than it read');
  }
  const at = (agoMinutes: number) => new Date(now.getTime() - minutes(agoMinutes)).toISOString();
  await insertRequest(trx, {
    orderId: order.id,
    centreId: centre.id,
    product: pads,
    quantity: 1,
    reason: 'Má phanh sau mòn hết, nằm trong gói bảo dưỡng phanh đã đặt.',
    itemId: null,
    technicianId: order.technician_id,
    staffId,
    status: reservable ? 'RESERVED' : 'APPROVED',
    inScope: 1,
    decidedAt: at(30),
    expiresAt: null,
    requestedAt: at(40),
    steps: [
      { action: 'inScope', from: 'REQUESTED', to: 'APPROVED', at: at(30) },
      ...(reservable ? [{ action: 'reserve', from: 'APPROVED', to: 'RESERVED', at: at(30) }] : []),
    ],
  });
  await insertRequest(trx, {
    orderId: order.id,
    centreId: centre.id,
    product: headlight,
    quantity: 1,
    reason: 'Đèn pha mờ, chóa đèn ố vàng: đề nghị thay đèn pha LED.',
    itemId: null,
    technicianId: order.technician_id,
    staffId,
    status: 'REQUESTED',
    inScope: null,
    decidedAt: null,
    expiresAt: null,
    requestedAt: at(15),
    steps: [],
  });
  return 2;
}

/** The parts story's demo (see above). */
export async function seedPartsApprovalDemo(trx: Trx, now: Date = new Date()): Promise<PartsApprovalDemoReport> {
  const centre = await trx.selectFrom('service_centres').select(['id', 'open_time', 'close_time', 'service_bays']).where('slug', '=', FIRST_CENTRE).executeTakeFirst();
  if (!centre) return { awaitingCustomer: 0, deskRequests: 0 };
  const who = await people(trx, centre.id);
  let awaitingCustomer = 0;
  let orderId: number | null = null;
  if (who) {
    const order = await demoCustomerOrder(trx, centre, who, now);
    if (order) {
      orderId = order.id;
      awaitingCustomer = await awaitingRequest(trx, centre, order.id, who, now);
    }
  }
  const deskRequests = await deskWork(trx, centre, orderId, who?.staffId ?? null, now);
  return { awaitingCustomer, deskRequests };
}
