import type { Transaction } from 'kysely';
import { vietnamDateOf, vietnamInstant } from 'shared-contracts/schemas';
import type { SymptomCode } from 'shared-contracts/diagnostics';
import type { Database } from '../src/db/schema';
import { DEMO_ACCOUNTS } from './demoAccounts';
import { DEMO_FLEET_EMAIL_SUFFIX as FLEET_EMAIL_SUFFIX } from '../src/security/demoDataGuard';
import { seededRandom, type Random } from './demoRandom';
import { DEMO_VEHICLES } from './serviceHistory';
import {
  concernOf,
  demoVehicleProfile,
  earlierVisitTimes,
  MONTH_MS,
  symptomsFor,
  wearComponentOf,
  wearVehicleFor,
  type DemoFinding,
  type DemoVehicleProfile,
  type DemoVehicleType,
} from './demoWear';
import { approvedRequestHistory } from './partsRequestHistory';
import { idsByCode, inBatches, SEED_BATCH } from './seedBatches';

/**
 * The demo history's vehicles and their inspections (spec predictive.md §1, §7): the customers of the three months
 * of closed work come back, so that the failure models have histories to learn from.
 *
 * - REGISTERED_SHARE of the window's orders are a registered customer's vehicle (an account without password,
 *   keyed by the phone: `<phone>@khach.example.vn`, the contact email the appointment already carries); the rest
 *   stay guests' (no vehicle row: their history cannot be followed, and training leaves them out).
 * - A registered vehicle was bought 3 to 48 months before its visit in the window (demoWear.demoVehicleProfile)
 *   and came before for its periodic care at the same centre: the **earlier visits**, from 1–3 months after
 *   purchase every 2.5–7 months, ending before the window (and two months before the window's visit). They are
 *   closed orders for the inspections only: the appointment (COMPLETED) and its service, the order (CLOSED, no
 *   technician: the teams of then are not the seed's), its line and paid invoice, the checklist, the symptoms;
 *   no clock, bay, slot or status trail, which belong to the three months the floor's figures show.
 * - Every order's checklist (the window's and the earlier ones) is its services' templates answered by
 *   demoWear: the components' lives drawn from the documented parameters, worn through the vehicle's km and age.
 *   A guest's vehicle is worn the same way through visits elsewhere (not written), so its state is plausible.
 * - Symptoms: each visit's failed components' knowledge-base links fire with their weight (demoWear.symptomsFor);
 *   recorded on the appointment, by the customer when booking (SYMPTOMS_BY_CUSTOMER) or by staff at check-in.
 */

export const REGISTERED_SHARE = 0.6;
/** The share of recorded symptoms the customer picked when booking (the rest: staff at check-in). */
const SYMPTOMS_BY_CUSTOMER = 0.7;
const MINUTE = 60_000;
const DAY = 86_400_000;
const MAINTENANCE_TIERS = ['bao-duong-co-ban', 'bao-duong-nang-cao', 'bao-duong-cao-cap'] as const;

export interface FleetService {
  id: number;
  slug: string;
  name: string;
  price: number;
  minutes: number;
  checklist: ReadonlyArray<{ code: string; label: string }>;
}

/** What the fleet needs of a window order (demoHistory's DayOrder). */
export interface WindowOrderInput {
  centreId: number;
  appointmentCode: string;
  who: { type: 'car' | 'scooter'; model: string; plate: string; name: string; phone: string };
  start: number;
  slugs: readonly string[];
}

export interface PlannedInspection {
  /** The checklist in template order, answered. */
  items: Array<DemoFinding & { label: string }>;
  symptoms: SymptomCode[];
  symptomSource: 'customer' | 'staff';
  odometerKm: number;
}

export interface EarlierVisit extends PlannedInspection {
  at: number;
  service: FleetService;
}

export interface FleetVehicle {
  key: string;
  centreId: number;
  owner: { name: string; phone: string; email: string };
  type: DemoVehicleType;
  model: string;
  plate: string;
  profile: DemoVehicleProfile;
  earlier: EarlierVisit[];
  /** The odometer at the window's visit (the vehicle's current reading). */
  odometerKm: number;
  /** The first visit (when the vehicle was registered). */
  firstAt: number;
}

export interface FleetPlan {
  vehicles: FleetVehicle[];
  /** Per window order (its appointment code): its vehicle (null: a guest's) and its inspection. */
  windowVisits: Map<string, { vehicleKey: string | null; inspection: PlannedInspection }>;
}

/** The order's checklist: its services' templates, each code once, in service and template order. */
export function checklistOf(slugs: readonly string[], services: ReadonlyMap<string, FleetService>): Array<{ code: string; label: string }> {
  const items = new Map<string, { code: string; label: string }>();
  for (const slug of slugs) for (const item of services.get(slug)?.checklist ?? []) if (!items.has(item.code)) items.set(item.code, item);
  return [...items.values()];
}

function inspectionAt(
  vehicle: ReturnType<typeof wearVehicleFor>,
  random: Random,
  at: number,
  checklist: ReadonlyArray<{ code: string; label: string }>,
): PlannedInspection {
  const odometerKm = vehicle.rideTo(at);
  const findings = vehicle.inspect(at, checklist.map((item) => item.code));
  const symptoms = symptomsFor(random, findings);
  return {
    items: findings.map((finding, index) => ({ ...finding, label: checklist[index]!.label })),
    symptoms,
    symptomSource: random.chance(SYMPTOMS_BY_CUSTOMER) ? 'customer' : 'staff',
    odometerKm,
  };
}

/** A maintenance tier for a periodic visit: the basic one most often, the premium one now and then. */
function tierOf(random: Random): (typeof MAINTENANCE_TIERS)[number] {
  const draw = random.next();
  return draw < 0.55 ? MAINTENANCE_TIERS[0] : draw < 0.9 ? MAINTENANCE_TIERS[1] : MAINTENANCE_TIERS[2];
}

/**
 * Plans the window orders' vehicles, their earlier visits and every inspection. Deterministic: each order's draws
 * come from PRNGs keyed by its appointment code.
 */
export function planFleet(orders: readonly WindowOrderInput[], services: ReadonlyMap<string, FleetService>, windowStart: number): FleetPlan {
  const vehicles: FleetVehicle[] = [];
  const windowVisits: FleetPlan['windowVisits'] = new Map();
  const phones = new Set<string>();
  const tiers = MAINTENANCE_TIERS.map((slug) => services.get(slug)).filter((service): service is FleetService => service !== undefined);
  for (const order of [...orders].sort((a, b) => a.start - b.start)) {
    const random = seededRandom(`fleet|${order.appointmentCode}`);
    const profile = demoVehicleProfile(random, order.who.type, order.who.model, order.start);
    const registered = random.chance(REGISTERED_SHARE) && !phones.has(order.who.phone) && tiers.length === MAINTENANCE_TIERS.length;
    const wear = wearVehicleFor(order.appointmentCode, profile);
    const earlierTimes = earlierVisitTimes(random, profile, Math.min(windowStart, order.start - 2 * MONTH_MS));
    const earlier: EarlierVisit[] = [];
    for (const at of earlierTimes) {
      const service = tiers.length > 0 ? tiers[MAINTENANCE_TIERS.indexOf(tierOf(random))]! : null;
      const inspection = inspectionAt(wear, random, at, service?.checklist ?? []);
      if (registered && service) earlier.push({ ...inspection, at, service });
    }
    const inspection = inspectionAt(wear, random, order.start, checklistOf(order.slugs, services));
    if (registered) {
      phones.add(order.who.phone);
      vehicles.push({
        key: order.appointmentCode,
        centreId: order.centreId,
        owner: { name: order.who.name, phone: order.who.phone, email: `${order.who.phone}${FLEET_EMAIL_SUFFIX}` },
        type: order.who.type,
        model: order.who.model,
        plate: order.who.plate,
        profile,
        earlier,
        odometerKm: inspection.odometerKm,
        firstAt: earlier[0]?.at ?? order.start,
      });
    }
    windowVisits.set(order.appointmentCode, { vehicleKey: registered ? order.appointmentCode : null, inspection });
  }
  return { vehicles, windowVisits };
}

/** The customer's concern on an order: the symptoms in words, else what a periodic visit says. */
export function concernFor(symptoms: readonly SymptomCode[], fallback: string | null): string | null {
  return concernOf(symptoms) ?? fallback;
}

const iso = (ms: number) => new Date(ms).toISOString();
const BATCH = SEED_BATCH;


type Trx = Transaction<Database>;


/**
 * The registered vehicles' owners (reused when their phone or email is already an account's; a phone held by an
 * account of another email leaves that vehicle a guest's) and vehicles. Returns the ids by vehicle key.
 */
export async function insertFleetVehicles(trx: Trx, vehicles: readonly FleetVehicle[]): Promise<Map<string, { userId: number; vehicleId: number }>> {
  const ids = new Map<string, { userId: number; vehicleId: number }>();
  if (vehicles.length === 0) return ids;
  const known = new Map<string, { id: number; email: string }>();
  await inBatches(vehicles, async (chunk) => {
    const rows = await trx
      .selectFrom('users')
      .select(['id', 'email', 'phone_number'])
      .where((eb) => eb.or([eb('email', 'in', chunk.map((v) => v.owner.email)), eb('phone_number', 'in', chunk.map((v) => v.owner.phone))]))
      .execute();
    for (const row of rows) {
      known.set(row.email, { id: row.id, email: row.email });
      if (row.phone_number) known.set(`tel:${row.phone_number}`, { id: row.id, email: row.email });
    }
  });
  const usable = vehicles.filter((v) => {
    const byPhone = known.get(`tel:${v.owner.phone}`);
    return !byPhone || byPhone.email === v.owner.email;
  });
  const missing = usable.filter((v) => !known.has(v.owner.email));
  await inBatches(missing, (chunk) =>
    trx
      .insertInto('users')
      .values(
        chunk.map((v) => ({
          email: v.owner.email,
          password_hash: null,
          full_name: v.owner.name,
          phone_number: v.owner.phone,
          role: 'customer',
          created_at: iso(v.firstAt),
          updated_at: iso(v.firstAt),
        })),
      )
      .execute(),
  );
  const userIds = new Map<string, number>();
  await inBatches(usable, async (chunk) => {
    const rows = await trx.selectFrom('users').select(['id', 'email']).where('email', 'in', chunk.map((v) => v.owner.email)).execute();
    for (const row of rows) userIds.set(row.email, row.id);
  });
  // A plate the owner already has live (a later run meeting the same owner and plate) is not added twice.
  const taken = new Set<string>();
  await inBatches(usable, async (chunk) => {
    const rows = await trx
      .selectFrom('vehicles')
      .select(['user_id', 'license_plate'])
      .where('user_id', 'in', chunk.map((v) => userIds.get(v.owner.email)!))
      .where('deleted_at', 'is', null)
      .execute();
    for (const row of rows) taken.add(`${row.user_id}|${row.license_plate}`);
  });
  const fresh = usable.filter((v) => {
    const key = `${userIds.get(v.owner.email)!}|${v.plate}`;
    if (taken.has(key)) return false;
    taken.add(key);
    return true;
  });
  await inBatches(fresh, (chunk) =>
    trx
      .insertInto('vehicles')
      .values(
        chunk.map((v) => ({
          user_id: userIds.get(v.owner.email)!,
          type: v.type,
          brand: 'VinFast',
          model: v.model,
          year: v.profile.modelYear,
          license_plate: v.plate,
          vin: null,
          color: null,
          odometer_km: v.odometerKm,
          battery_capacity_wh: null,
          nickname: null,
          created_at: iso(v.firstAt),
          updated_at: iso(v.firstAt),
        })),
      )
      // a plate another account already holds stays there (one account per plate): that vehicle is a guest's
      .onConflict((conflict) => conflict.doNothing())
      .execute(),
  );
  await inBatches(fresh, async (chunk) => {
    const byOwner = new Map(chunk.map((v) => [`${userIds.get(v.owner.email)!}|${v.plate}`, v.key]));
    const rows = await trx
      .selectFrom('vehicles')
      .select(['id', 'user_id', 'license_plate'])
      .where('user_id', 'in', chunk.map((v) => userIds.get(v.owner.email)!))
      .where('deleted_at', 'is', null)
      .execute();
    for (const row of rows) {
      const key = byOwner.get(`${row.user_id}|${row.license_plate}`);
      if (key !== undefined) ids.set(key, { userId: row.user_id, vehicleId: row.id });
    }
  });
  return ids;
}

export interface ChecklistRow {
  orderId: number;
  items: PlannedInspection['items'];
  checkedBy: number | null;
  checkedAt: number;
}

/** The answered checklists of closed orders. */
export async function insertChecklists(trx: Trx, rows: readonly ChecklistRow[]): Promise<void> {
  await inBatches(
    rows.flatMap((row) =>
      row.items.map((item, index) => ({
        service_order_id: row.orderId,
        code: item.code,
        label: item.label,
        sort_order: index,
        result: item.result,
        note: item.note,
        checked_by: row.checkedBy,
        checked_at: iso(row.checkedAt),
      })),
    ),
    (chunk) => trx.insertInto('service_order_checklist_items').values(chunk).execute(),
  );
}

/** The symptoms recorded on appointments: the customer's at booking, the staff's at check-in. */
export async function insertSymptoms(
  trx: Trx,
  rows: ReadonlyArray<{ appointmentId: number; symptoms: readonly SymptomCode[]; source: 'customer' | 'staff'; staffId: number | null; bookedAt: number; checkedInAt: number }>,
): Promise<number> {
  const values = rows.flatMap((row) =>
    row.symptoms.map((code) => ({
      appointment_id: row.appointmentId,
      code,
      source: row.source,
      recorded_by: row.source === 'staff' ? row.staffId : null,
      created_at: iso(row.source === 'staff' ? row.checkedInAt : row.bookedAt),
    })),
  );
  await inBatches(values, (chunk) => trx.insertInto('appointment_symptoms').values(chunk).execute());
  return values.length;
}

/** Draws a code of the history: prefix, local yymmdd of `at`, a suffix from `random`, not used yet in this run. */
export type HistoryCode = (prefix: string, at: Date, random: Random, length: number) => string;

async function existingCodes(trx: Trx, table: 'appointments' | 'service_orders' | 'service_invoices', codes: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let index = 0; index < codes.length; index += BATCH) {
    const rows = await trx.selectFrom(table).select('code').where('code', 'in', codes.slice(index, index + BATCH)).execute();
    for (const row of rows) found.add(row.code);
  }
  return found;
}

interface CodedOrder {
  key: string;
  appointmentCode: string;
  orderCode: string;
  invoiceCode: string;
  start: number;
  opened: number;
  issued: number;
}

/**
 * Dated in the past, these orders share their dates' code prefixes with the orders of earlier runs: any code already
 * in the database is drawn again (the window's days are new days, so its codes never meet this).
 */
async function avoidStoredCodes(trx: Trx, orders: readonly CodedOrder[], code: HistoryCode): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    const [appointments, serviceOrders, invoices] = await Promise.all([
      existingCodes(trx, 'appointments', orders.map((o) => o.appointmentCode)),
      existingCodes(trx, 'service_orders', orders.map((o) => o.orderCode)),
      existingCodes(trx, 'service_invoices', orders.map((o) => o.invoiceCode)),
    ]);
    if (appointments.size + serviceOrders.size + invoices.size === 0) return;
    for (const order of orders) {
      const random = seededRandom(`code-again|${order.key}|${attempt}`);
      if (appointments.has(order.appointmentCode)) order.appointmentCode = code('LH', new Date(order.start), random, 5);
      if (serviceOrders.has(order.orderCode)) order.orderCode = code('PDV', new Date(order.opened), random, 4);
      if (invoices.has(order.invoiceCode)) order.invoiceCode = code('HD', new Date(order.issued), random, 4);
    }
  }
}

export interface CentreHours {
  id: number;
  open_time: string;
  close_time: string;
}

/** A part of the centre's stock (the seed reads them with their SKU, name and price). */
export interface StockPart {
  centre_id: number;
  product_id: number;
  sku: string;
  name: string;
  price: number | string;
}

/** A part issued from a centre's stock for an earlier visit: the stock ledger's ISSUE (demoHistory writes it). */
export interface EarlierIssue {
  centreId: number;
  productId: number;
  quantity: number;
  requestId: number;
  actor: number | null;
  at: number;
}

/**
 * The registered vehicles' earlier visits as closed orders (see above). `code` draws a code of the history (prefix,
 * date, length) not used yet. A FAIL put right with a new part the centre stocks (`stockOf`: partSkuFor) is a parts
 * request linked to its item, issued, with its billable line and the invoice's parts (replacedParts): the parts a
 * failure used, which the manager's parts demand learns from. Returns how many orders were written, and the parts
 * issued, for the stock ledger.
 */
export async function insertEarlierVisits(
  trx: Trx,
  vehicles: readonly FleetVehicle[],
  ids: ReadonlyMap<string, { userId: number; vehicleId: number }>,
  centres: ReadonlyMap<number, CentreHours>,
  staffOf: (centreId: number) => number | null,
  code: HistoryCode,
  stockOf: (centreId: number) => readonly StockPart[] = () => [],
): Promise<{ orders: number; symptoms: number; issues: EarlierIssue[] }> {
  interface Planned extends CodedOrder {
    vehicle: FleetVehicle;
    visit: EarlierVisit;
    owner: { userId: number; vehicleId: number };
    staffId: number | null;
    started: number;
    done: number;
    paid: number;
    booked: number;
    method: 'CASH' | 'VIETQR';
    parts: Array<ReplacedPart<StockPart>>;
  }
  const planned: Planned[] = [];
  for (const vehicle of vehicles) {
    const owner = ids.get(vehicle.key);
    const centre = centres.get(vehicle.centreId);
    if (!owner || !centre) continue;
    vehicle.earlier.forEach((visit, index) => {
      const random = seededRandom(`earlier|${vehicle.key}|${index}`);
      // Centres are closed on Sundays: the Saturday before.
      let date = vietnamDateOf(new Date(visit.at));
      if (new Date(`${date}T00:00:00.000Z`).getUTCDay() === 0) date = new Date(Date.parse(`${date}T00:00:00.000Z`) - DAY).toISOString().slice(0, 10);
      const open = vietnamInstant(date, centre.open_time).getTime();
      const close = vietnamInstant(date, centre.close_time).getTime();
      const slots = Math.max(1, Math.floor((close - open - visit.service.minutes * MINUTE) / (30 * MINUTE)));
      const start = open + random.int(0, slots - 1) * 30 * MINUTE;
      const opened = start - random.int(0, 12) * MINUTE;
      const started = start + random.int(3, 25) * MINUTE;
      const done = started + Math.round(visit.service.minutes * (0.8 + random.next() * 0.45)) * MINUTE;
      const issued = done + random.int(5, 25) * MINUTE;
      const paid = issued + random.int(2, 20) * MINUTE;
      planned.push({
        key: `${vehicle.key}|${index}`,
        vehicle,
        visit,
        owner,
        staffId: staffOf(vehicle.centreId),
        appointmentCode: code('LH', new Date(start), random, 5),
        orderCode: code('PDV', new Date(opened), random, 4),
        invoiceCode: code('HD', new Date(issued), random, 4),
        start,
        opened,
        started,
        done,
        issued,
        paid,
        booked: start - random.int(1, 10) * DAY,
        method: random.chance(0.6) ? 'VIETQR' : 'CASH',
        parts: replacedParts(vehicle, visit.items, stockOf(vehicle.centreId)),
      });
    });
  }
  if (planned.length === 0) return { orders: 0, symptoms: 0, issues: [] };
  await avoidStoredCodes(trx, planned, code);

  await inBatches(planned, (chunk) =>
    trx
      .insertInto('appointments')
      .values(
        chunk.map((p) => ({
          code: p.appointmentCode,
          user_id: p.owner.userId,
          vehicle_id: p.owner.vehicleId,
          vehicle_type: p.vehicle.type,
          vehicle_brand: 'VinFast',
          vehicle_model: p.vehicle.model,
          license_plate: p.vehicle.plate,
          centre_id: p.vehicle.centreId,
          starts_at: iso(p.start),
          ends_at: iso(p.start + p.visit.service.minutes * MINUTE),
          status: 'COMPLETED',
          estimated_price: p.visit.service.price,
          estimated_duration_minutes: p.visit.service.minutes,
          note: null,
          contact_name: p.vehicle.owner.name,
          contact_phone: p.vehicle.owner.phone,
          contact_email: p.vehicle.owner.email,
          package_credit_id: null,
          hold_expires_at: null,
          cancel_reason: null,
          created_at: iso(p.booked),
          updated_at: iso(p.issued),
        })),
      )
      .execute(),
  );
  const appointmentIds = await idsByCode(trx, 'appointments', planned.map((p) => p.appointmentCode));
  await inBatches(planned, (chunk) =>
    trx
      .insertInto('appointment_services')
      .values(chunk.map((p) => ({ appointment_id: appointmentIds.get(p.appointmentCode)!, service_id: p.visit.service.id, service_name: p.visit.service.name, price: p.visit.service.price, duration_minutes: p.visit.service.minutes })))
      .execute(),
  );
  await inBatches(planned, (chunk) =>
    trx
      .insertInto('service_orders')
      .values(
        chunk.map((p) => ({
          code: p.orderCode,
          appointment_id: appointmentIds.get(p.appointmentCode)!,
          centre_id: p.vehicle.centreId,
          user_id: p.owner.userId,
          vehicle_id: p.owner.vehicleId,
          vehicle_type: p.vehicle.type,
          vehicle_brand: 'VinFast',
          vehicle_model: p.vehicle.model,
          license_plate: p.vehicle.plate,
          status: 'CLOSED',
          technician_id: null,
          bay_no: null,
          odometer_in_km: p.visit.odometerKm,
          customer_concern: concernFor(p.visit.symptoms, 'Bảo dưỡng định kỳ theo lịch.'),
          intake_note: null,
          opened_by: p.staffId,
          opened_at: iso(p.opened),
          started_at: iso(p.started),
          work_done_at: iso(p.done),
          invoiced_at: iso(p.issued),
          closed_at: iso(p.paid),
          cancelled_at: null,
          cancel_reason: null,
          version: 5,
          updated_at: iso(p.paid),
        })),
      )
      .execute(),
  );
  const orderIds = await idsByCode(trx, 'service_orders', planned.map((p) => p.orderCode));
  await inBatches(planned, (chunk) =>
    trx
      .insertInto('service_order_lines')
      .values(
        chunk.map((p) => ({
          service_order_id: orderIds.get(p.orderCode)!,
          kind: 'service',
          ref_id: p.visit.service.id,
          name: p.visit.service.name,
          quantity: 1,
          unit_price: p.visit.service.price,
          line_total: p.visit.service.price,
          source: 'booked',
          parts_request_id: null,
        })),
      )
      .execute(),
  );
  await inBatches(planned, (chunk) =>
    trx
      .insertInto('service_invoices')
      .values(
        chunk.map((p) => ({
          code: p.invoiceCode,
          service_order_id: orderIds.get(p.orderCode)!,
          centre_id: p.vehicle.centreId,
          subtotal_services: p.visit.service.price,
          subtotal_parts: partsTotal(p.parts),
          package_discount: 0,
          total: p.visit.service.price + partsTotal(p.parts),
          payment_method: p.method,
          payment_status: 'PAID',
          issued_by: p.staffId,
          issued_at: iso(p.issued),
          paid_at: iso(p.paid),
          confirmed_by: p.staffId,
        })),
      )
      .execute(),
  );
  await insertChecklists(
    trx,
    planned.map((p) => ({ orderId: orderIds.get(p.orderCode)!, items: p.visit.items, checkedBy: null, checkedAt: p.done })),
  );
  const symptoms = await insertSymptoms(
    trx,
    planned.map((p) => ({
      appointmentId: appointmentIds.get(p.appointmentCode)!,
      symptoms: p.visit.symptoms,
      source: p.visit.symptomSource,
      staffId: p.staffId,
      bookedAt: p.booked,
      checkedInAt: p.opened,
    })),
  );
  const issues = await insertEarlierParts(
    trx,
    planned.filter((p) => p.parts.length > 0).map((p) => ({ orderId: orderIds.get(p.orderCode)!, p })),
  );
  return { orders: planned.length, symptoms, issues };
}

const partsTotal = (parts: ReadonlyArray<ReplacedPart<StockPart>>) => parts.reduce((sum, part) => sum + part.quantity * Number(part.stock.price), 0);

/**
 * The earlier visits' parts: per replaced part, the parts request linked to its checklist item (ISSUED, approved
 * by the customer at the counter), its history and its billable line. Returns the issues for the stock ledger.
 */
async function insertEarlierParts(
  trx: Trx,
  orders: ReadonlyArray<{ orderId: number; p: { parts: Array<ReplacedPart<StockPart>>; staffId: number | null; started: number; done: number; vehicle: FleetVehicle } }>,
): Promise<EarlierIssue[]> {
  if (orders.length === 0) return [];
  // The items the parts were issued for, by order and code.
  const itemIds = new Map<string, number>();
  await inBatches(orders, async (chunk) => {
    const rows = await trx.selectFrom('service_order_checklist_items').select(['id', 'service_order_id', 'code']).where('service_order_id', 'in', chunk.map((o) => o.orderId)).execute();
    for (const row of rows) itemIds.set(`${row.service_order_id}|${row.code}`, row.id);
  });
  const requests = orders.flatMap(({ orderId, p }) =>
    p.parts.map((part) => {
      const requested = p.started + Math.round((p.done - p.started) * 0.3);
      const decided = p.started + Math.round((p.done - p.started) * 0.5);
      return { orderId, p, part, itemId: itemIds.get(`${orderId}|${part.item.code}`)!, requested, decided, issued: decided + 10 * MINUTE };
    }),
  );
  await inBatches(requests, (chunk) =>
    trx
      .insertInto('parts_requests')
      .values(
        chunk.map((r) => ({
          service_order_id: r.orderId,
          centre_id: r.p.vehicle.centreId,
          product_id: r.part.stock.product_id,
          quantity: r.part.quantity,
          unit_price: Number(r.part.stock.price),
          reason: r.part.reason,
          checklist_item_id: r.itemId,
          requested_by: null,
          status: 'ISSUED',
          in_scope: 0,
          decided_by: r.p.staffId,
          decided_at: iso(r.requested + 5 * MINUTE),
          decline_reason: null,
          customer_decision_at: iso(r.decided),
          customer_decision_via: 'staff_phone',
          customer_decision: 'approve',
          customer_decision_note: null,
          customer_decision_by: null,
          expires_at: iso(r.requested + 5 * MINUTE + DAY),
          issued_qty: r.part.quantity,
          returned_qty: 0,
          version: 5,
          created_at: iso(r.requested),
          updated_at: iso(r.issued),
        })),
      )
      .execute(),
  );
  const requestIds = new Map<number, number>();
  await inBatches(requests, async (chunk) => {
    const rows = await trx.selectFrom('parts_requests').select(['id', 'checklist_item_id']).where('checklist_item_id', 'in', chunk.map((r) => r.itemId)).execute();
    for (const row of rows) requestIds.set(row.checklist_item_id!, row.id);
  });
  await inBatches(
    requests.flatMap((r) =>
      approvedRequestHistory(requestIds.get(r.itemId)!, { requested: r.requested, decided: r.decided, issued: r.issued }, { requestedBy: null, staffId: r.p.staffId }, r.part.quantity),
    ),
    (chunk) => trx.insertInto('parts_request_history').values(chunk).execute(),
  );
  await inBatches(requests, (chunk) =>
    trx
      .insertInto('service_order_lines')
      .values(
        chunk.map((r) => ({
          service_order_id: r.orderId,
          kind: 'part',
          ref_id: r.part.stock.product_id,
          name: r.part.stock.name,
          quantity: r.part.quantity,
          unit_price: Number(r.part.stock.price),
          line_total: r.part.quantity * Number(r.part.stock.price),
          source: 'parts_request',
          parts_request_id: requestIds.get(r.itemId)!,
        })),
      )
      .execute(),
  );
  return requests.map((r) => ({ centreId: r.p.vehicle.centreId, productId: r.part.stock.product_id, quantity: r.part.quantity, requestId: requestIds.get(r.itemId)!, actor: r.p.staffId, at: r.issued }));
}

/**
 * The catalogue's part for a failed component of a vehicle, where the shop sells one that fits (SKUs of
 * catalogue/products.ts); null: put right with what the technician has at hand (the note says so).
 */
export function partSkuFor(component: string, who: { type: 'car' | 'scooter'; model: string }): string | null {
  const scooter = who.type === 'scooter';
  switch (component) {
    case 'BRAKE_PADS':
      return scooter ? 'BRK-PAD-SC' : who.model === 'VF 8' ? 'BRK-PAD-VF8' : null;
    case 'TYRE_WEAR':
      if (scooter) return who.model === 'Evo200' || who.model === 'Feliz S' ? 'TYR-CSM-90-90-10' : 'TYR-MCL-90-90-12';
      return who.model === 'VF 3' ? 'TYR-MCL-VF3' : null;
    case 'LIGHTS':
      return scooter ? 'LGT-LED-HEAD' : null;
    case 'HORN':
      return 'HRN-12V-EV';
    case 'MOTOR_NOISE':
      return scooter ? 'BRG-6203-2RS' : null;
    case 'CONTROLLER':
      return scooter ? (who.model === 'Klara S' ? 'CTL-VF-KLARA' : 'CTL-48-60-30A') : null;
    case 'CHARGER_OUTPUT':
      return scooter ? 'CHG-VF-SCOOTER' : null;
    default:
      return null;
  }
}

const PART_REASON_WORN = 'Kiểm tra thấy mòn quá giới hạn.';
const PART_REASON_BROKEN = 'Linh kiện hỏng, cần thay để xe an toàn.';

/**
 * The order's parts request from its findings: the first FAIL of a replaceable component whose part the centre
 * stocks (a car's tyres come in pairs). Its item was put right (the request issued) or declined (declined too).
 */
export function findingPart<S extends { product_id: number; sku: string }>(
  who: { type: 'car' | 'scooter'; model: string },
  items: readonly DemoFinding[],
  centreStock: readonly S[],
): { item: DemoFinding; stock: S; quantity: number; reason: string } | null {
  for (const item of items) {
    if (item.result !== 'FAIL' || !item.component || !(item.replaced || item.declined)) continue;
    const sku = partSkuFor(item.component, who);
    const stock = sku === null ? undefined : centreStock.find((row) => row.sku === sku);
    if (!stock) continue;
    const worn = item.component === 'BRAKE_PADS' || item.component === 'TYRE_WEAR';
    return { item, stock, quantity: item.component === 'TYRE_WEAR' && who.type === 'car' ? 2 : 1, reason: worn ? PART_REASON_WORN : PART_REASON_BROKEN };
  }
  return null;
}

export interface ReplacedPart<S> {
  item: DemoFinding;
  stock: S;
  quantity: number;
  reason: string;
}

/**
 * The parts of a visit's FAILs put right with a new part the centre stocks (partSkuFor), one per component: what an
 * earlier visit issued through its parts requests.
 */
export function replacedParts<S extends { sku: string }>(who: { type: 'car' | 'scooter'; model: string }, items: readonly DemoFinding[], centreStock: readonly S[]): Array<ReplacedPart<S>> {
  const parts: Array<ReplacedPart<S>> = [];
  const done = new Set<string>();
  for (const item of items) {
    if (item.result !== 'FAIL' || !item.replaced || !item.component || done.has(item.component)) continue;
    const sku = partSkuFor(item.component, who);
    const stock = sku === null ? undefined : centreStock.find((row) => row.sku === sku);
    if (!stock) continue;
    done.add(item.component);
    const worn = item.component === 'BRAKE_PADS' || item.component === 'TYRE_WEAR';
    parts.push({ item, stock, quantity: item.component === 'TYRE_WEAR' && who.type === 'car' ? 2 : 1, reason: worn ? PART_REASON_WORN : PART_REASON_BROKEN });
  }
  return parts;
}

/**
 * The demo customer's own maintenance history (serviceHistory.ts: the records they see on /my-vehicles) as the
 * closed orders that wrote it, so that their vehicles' forecasts rest on inspections of their own: per record, the
 * appointment (COMPLETED), the order (CLOSED at 09:00 + the work, that day), its status trail, the services and
 * parts as lines, the paid invoice, and the checklist with the record's results and notes (a note saying 'đã thay'
 * restarts the component's clock, as for any order). Symptoms follow the findings as for the fleet.
 * Insert-only: a demo vehicle that has a closed service order already is left as it is (today's floor may hold an
 * open one of theirs: partsApprovalDemo). Returns the orders written.
 */
export async function seedDemoCustomerInspections(trx: Trx, services: ReadonlyMap<string, FleetService>, code: HistoryCode): Promise<number> {
  const email = DEMO_ACCOUNTS.find((account) => account.role === 'customer')!.email;
  const customer = await trx.selectFrom('users').select(['id', 'full_name', 'phone_number', 'email']).where('email', '=', email).executeTakeFirst();
  if (!customer) return 0;
  const vehicles = await trx
    .selectFrom('vehicles')
    .select(['id', 'type', 'model', 'license_plate'])
    .where('user_id', '=', customer.id)
    .where('license_plate', 'in', DEMO_VEHICLES.map((vehicle) => vehicle.licensePlate))
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
  let written = 0;
  for (const vehicle of vehicles) {
    const hasOrders = await trx.selectFrom('service_orders').select('id').where('vehicle_id', '=', vehicle.id).where('status', '=', 'CLOSED').limit(1).executeTakeFirst();
    if (hasOrders) continue;
    const records = await trx
      .selectFrom('maintenance_records as r')
      .innerJoin('service_centres as c', 'c.id', 'r.centre_id')
      .select(['r.id', 'r.centre_id', 'r.serviced_at', 'r.odometer_km', 'r.service_slugs', 'r.technician_id', 'c.open_time'])
      .where('r.vehicle_id', '=', vehicle.id)
      .orderBy('r.serviced_at')
      .orderBy('r.id')
      .execute();
    if (records.length === 0) continue;
    const recordIds = records.map((record) => record.id);
    const [items, parts] = await Promise.all([
      trx.selectFrom('maintenance_checklist_items').select(['record_id', 'label', 'result', 'note']).where('record_id', 'in', recordIds).orderBy('sort_order').orderBy('id').execute(),
      trx.selectFrom('maintenance_record_parts').select(['record_id', 'product_id', 'name', 'quantity', 'unit_price']).where('record_id', 'in', recordIds).orderBy('id').execute(),
    ]);
    for (const record of records) {
      const random = seededRandom(`customer|${vehicle.license_plate}|${record.id}`);
      const slugs = JSON.parse(record.service_slugs) as string[];
      const booked = slugs.map((slug) => services.get(slug)).filter((service): service is FleetService => service !== undefined);
      const codeOf = new Map(checklistOf(slugs, services).map((item) => [item.label, item.code]));
      const answered = items
        .filter((item) => item.record_id === record.id && codeOf.has(item.label))
        .map((item) => {
          const code = codeOf.get(item.label)!;
          return { code, label: item.label, result: item.result as DemoFinding['result'], note: item.note, component: wearComponentOf(code), replaced: false, declined: false };
        });
      const symptoms = symptomsFor(random, answered);
      const minutes = booked.reduce((sum, service) => sum + service.minutes, 0);
      const date = vietnamDateOf(new Date(record.serviced_at));
      const start = vietnamInstant(date, record.open_time).getTime() + 60 * MINUTE;
      const opened = start - 5 * MINUTE;
      const started = start + 10 * MINUTE;
      const done = started + minutes * MINUTE;
      const issued = done + 10 * MINUTE;
      const paid = issued + 5 * MINUTE;
      const bookedAt = start - 3 * DAY;
      const order: CodedOrder = {
        key: `${vehicle.license_plate}|${record.id}`,
        appointmentCode: code('LH', new Date(start), random, 5),
        orderCode: code('PDV', new Date(opened), random, 4),
        invoiceCode: code('HD', new Date(issued), random, 4),
        start,
        opened,
        issued,
      };
      await avoidStoredCodes(trx, [order], code);
      const servicesTotal = booked.reduce((sum, service) => sum + service.price, 0);
      const recordParts = parts.filter((part) => part.record_id === record.id);
      const partsTotal = recordParts.reduce((sum, part) => sum + part.quantity * part.unit_price, 0);
      const staffId = (await trx.selectFrom('staff_assignments as a').innerJoin('users as u', 'u.id', 'a.user_id').select('u.id').where('a.centre_id', '=', record.centre_id).where('u.role', 'in', ['staff', 'manager']).orderBy('u.id').executeTakeFirst())?.id ?? null;
      const appointment = await trx
        .insertInto('appointments')
        .values({
          code: order.appointmentCode,
          user_id: customer.id,
          vehicle_id: vehicle.id,
          vehicle_type: vehicle.type,
          vehicle_brand: 'VinFast',
          vehicle_model: vehicle.model,
          license_plate: vehicle.license_plate,
          centre_id: record.centre_id,
          starts_at: iso(start),
          ends_at: iso(start + minutes * MINUTE),
          status: 'COMPLETED',
          estimated_price: servicesTotal,
          estimated_duration_minutes: minutes,
          note: null,
          contact_name: customer.full_name,
          contact_phone: customer.phone_number ?? '',
          contact_email: customer.email,
          package_credit_id: null,
          hold_expires_at: null,
          cancel_reason: null,
          created_at: iso(bookedAt),
          updated_at: iso(issued),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (booked.length > 0) {
        await trx
          .insertInto('appointment_services')
          .values(booked.map((service) => ({ appointment_id: appointment.id, service_id: service.id, service_name: service.name, price: service.price, duration_minutes: service.minutes })))
          .execute();
      }
      await trx
        .insertInto('appointment_status_history')
        .values([
          { appointment_id: appointment.id, from_status: null, to_status: 'PENDING', changed_by: null, note: null, created_at: iso(bookedAt) },
          { appointment_id: appointment.id, from_status: 'PENDING', to_status: 'CONFIRMED', changed_by: staffId, note: null, created_at: iso(bookedAt + 2 * 60 * MINUTE) },
          { appointment_id: appointment.id, from_status: 'CONFIRMED', to_status: 'CHECKED_IN', changed_by: staffId, note: null, created_at: iso(opened) },
          { appointment_id: appointment.id, from_status: 'CHECKED_IN', to_status: 'IN_PROGRESS', changed_by: record.technician_id, note: null, created_at: iso(started) },
          { appointment_id: appointment.id, from_status: 'IN_PROGRESS', to_status: 'COMPLETED', changed_by: staffId, note: null, created_at: iso(issued) },
        ])
        .execute();
      const serviceOrder = await trx
        .insertInto('service_orders')
        .values({
          code: order.orderCode,
          appointment_id: appointment.id,
          centre_id: record.centre_id,
          user_id: customer.id,
          vehicle_id: vehicle.id,
          vehicle_type: vehicle.type,
          vehicle_brand: 'VinFast',
          vehicle_model: vehicle.model,
          license_plate: vehicle.license_plate,
          status: 'CLOSED',
          technician_id: record.technician_id,
          bay_no: null,
          odometer_in_km: record.odometer_km,
          customer_concern: concernFor(symptoms, 'Bảo dưỡng định kỳ theo lịch.'),
          intake_note: null,
          opened_by: staffId,
          opened_at: iso(opened),
          started_at: iso(started),
          work_done_at: iso(done),
          invoiced_at: iso(issued),
          closed_at: iso(paid),
          cancelled_at: null,
          cancel_reason: null,
          version: 5,
          updated_at: iso(paid),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('service_order_status_history')
        .values([
          { service_order_id: serviceOrder.id, from_status: null, to_status: 'OPEN', changed_by: staffId, note: null, created_at: iso(opened) },
          { service_order_id: serviceOrder.id, from_status: 'OPEN', to_status: 'IN_PROGRESS', changed_by: record.technician_id, note: null, created_at: iso(started) },
          { service_order_id: serviceOrder.id, from_status: 'IN_PROGRESS', to_status: 'WORK_DONE', changed_by: record.technician_id, note: null, created_at: iso(done) },
          { service_order_id: serviceOrder.id, from_status: 'WORK_DONE', to_status: 'INVOICED', changed_by: staffId, note: null, created_at: iso(issued) },
          { service_order_id: serviceOrder.id, from_status: 'INVOICED', to_status: 'CLOSED', changed_by: staffId, note: null, created_at: iso(paid) },
        ])
        .execute();
      const lines = [
        ...booked.map((service) => ({ kind: 'service', ref_id: service.id as number | null, name: service.name, quantity: 1, unit_price: service.price })),
        ...recordParts.map((part) => ({ kind: 'part', ref_id: part.product_id, name: part.name, quantity: part.quantity, unit_price: part.unit_price })),
      ];
      if (lines.length > 0) {
        await trx
          .insertInto('service_order_lines')
          .values(lines.map((line) => ({ service_order_id: serviceOrder.id, ...line, line_total: line.quantity * line.unit_price, source: 'booked', parts_request_id: null })))
          .execute();
      }
      await trx
        .insertInto('service_invoices')
        .values({
          code: order.invoiceCode,
          service_order_id: serviceOrder.id,
          centre_id: record.centre_id,
          subtotal_services: servicesTotal,
          subtotal_parts: partsTotal,
          package_discount: 0,
          total: servicesTotal + partsTotal,
          payment_method: 'VIETQR',
          payment_status: 'PAID',
          issued_by: staffId,
          issued_at: iso(issued),
          paid_at: iso(paid),
          confirmed_by: staffId,
        })
        .execute();
      await insertChecklists(trx, [{ orderId: serviceOrder.id, items: answered, checkedBy: record.technician_id, checkedAt: started + Math.round((done - started) * 0.4) }]);
      await insertSymptoms(trx, [{ appointmentId: appointment.id, symptoms, source: 'staff', staffId, bookedAt, checkedInAt: opened }]);
      written += 1;
    }
  }
  return written;
}
