import type { ExpressionBuilder, Transaction } from 'kysely';
import { addCalendarDays, vietnamDateOf, vietnamInstant } from 'shared-contracts/schemas';
import type { Database } from '../src/db/schema';
import { occupiedSteps } from '../src/modules/bookings';
import { componentOfChecklistCode, saysReplaced } from '../src/modules/prediction';
import { DEMO_FLEET_EMAIL_SUFFIX } from '../src/security/demoDataGuard';
import type { FleetService } from './demoFleet';
import { seededRandom, type Random } from './demoRandom';
import { inBatches } from './seedBatches';

/**
 * The demo fleet's coming visits (spec predictive.md §4, the manager's parts demand): every centre's registered
 * demo vehicles (demoFleet: owners `<phone>@khach.example.vn`) book their next periodic care for the
 * DEMO_BOOKING_DAYS days from tomorrow, PENDING or CONFIRMED, so that "Nhu cầu phụ tùng" has booked visits whose
 * checklists look at wearing parts.
 *
 * - Who: each vehicle is due a drawn 2.5–7 months after its last closed order (the periodic visits of
 *   demoWear.earlierVisitTimes); the centre's not yet booked vehicles come in that order, the overdue first.
 * - How many: about 1 + 3.5·e^(−(k−1)/8) on the k-th day ahead (a week ahead is booked more than a month ahead),
 *   Sundays off, each placed at a step of the centre's opening hours with a free bay (slot_occupancy).
 * - What: a vehicle whose last visit found its brake pads or tyres worn and the customer put off the part comes
 *   back for the brake service or the tyre service (with its maintenance now and then); the others book a
 *   maintenance tier (basic 55 %, advanced 35 %, premium 10 %), sometimes with the brake or tyre service, or one
 *   of those alone.
 *
 * Deterministic (PRNGs keyed by centre, date and plate, the vehicles read in a stable order) and insert-only: a
 * centre-day that holds a fleet booking already is left as it is, so a restart the same day adds nothing and the
 * next day's start adds the day that came into the window. Today is never booked: today's floor is
 * backOffice.ts's, and the floor and the history leave these bookings out of their "the day is taken" checks
 * (isDemoBooking).
 */

export const DEMO_BOOKING_DAYS = 30;
/** The contact email of the demo fleet's owners ends so (demoFleet: `<phone>@khach.example.vn`). */
export const FLEET_EMAIL_SUFFIX = DEMO_FLEET_EMAIL_SUFFIX;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 86_400_000;
const MONTH = 30.436875 * DAY;
const STEP = 30 * MINUTE;
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const MAINTENANCE_TIERS = ['bao-duong-co-ban', 'bao-duong-nang-cao', 'bao-duong-cao-cap'] as const;
const BRAKES = 'bao-duong-phanh';
const TYRES = 'dich-vu-lop';
const COMEBACK_NOTES: Record<string, string> = {
  [BRAKES]: 'Thay má phanh như đã hẹn ở lần kiểm tra trước.',
  [TYRES]: 'Thay lốp như đã hẹn ở lần kiểm tra trước.',
};

type Trx = Transaction<Database>;

/** A fleet booking still to come: the floor and the history do not count it as their day being taken. */
export function isDemoBooking(eb: ExpressionBuilder<Database, 'appointments'>) {
  return eb.and([eb('appointments.status', 'in', ['PENDING', 'CONFIRMED']), eb('appointments.contact_email', 'like', `%${FLEET_EMAIL_SUFFIX}`)]);
}


const iso = (ms: number) => new Date(ms).toISOString();

/** Bookings expected on the k-th day ahead (1 = tomorrow). */
export function expectedBookings(daysAhead: number): number {
  return 1 + 3.5 * Math.exp(-(daysAhead - 1) / 8);
}

interface FleetVehicleRow {
  vehicleId: number;
  userId: number;
  plate: string;
  type: string;
  model: string;
  name: string;
  phone: string;
  email: string;
  centreId: number;
  lastOrderId: number;
  lastAt: number;
  due: number;
  /** Services its last visit's put-off parts call for (BRAKES, TYRES). */
  comeback: string[];
}

function bookingCode(start: number, random: Random): string {
  let suffix = '';
  for (let index = 0; index < 5; index += 1) suffix += CODE_ALPHABET[random.int(0, CODE_ALPHABET.length - 1)];
  return `LH${vietnamDateOf(new Date(start)).replace(/-/g, '').slice(2)}${suffix}`;
}

/** The services of a booking (slugs), drawn for the vehicle. */
function servicesFor(random: Random, comeback: readonly string[]): string[] {
  const tier = (): string => {
    const draw = random.next();
    return draw < 0.55 ? MAINTENANCE_TIERS[0] : draw < 0.9 ? MAINTENANCE_TIERS[1] : MAINTENANCE_TIERS[2];
  };
  if (comeback.length > 0) return random.chance(0.4) ? [tier(), ...comeback] : [...comeback];
  const draw = random.next();
  if (draw < 0.12) return [BRAKES];
  if (draw < 0.24) return [TYRES];
  const slugs = [tier()];
  if (random.chance(0.2)) slugs.push(BRAKES);
  if (random.chance(0.15)) slugs.push(TYRES);
  return slugs;
}

/** The demo fleet's vehicles with their last closed order, due date and put-off parts, in a stable order. */
async function fleetVehicles(trx: Trx): Promise<FleetVehicleRow[]> {
  const orders = await trx
    .selectFrom('service_orders as so')
    .innerJoin('vehicles as v', 'v.id', 'so.vehicle_id')
    .innerJoin('users as u', 'u.id', 'v.user_id')
    .select(['so.id', 'so.vehicle_id', 'so.centre_id', 'so.closed_at', 'v.user_id', 'v.license_plate', 'v.type', 'v.model', 'u.full_name', 'u.phone_number', 'u.email'])
    .where('so.status', '=', 'CLOSED')
    .where('v.deleted_at', 'is', null)
    .where('u.email', 'like', `%${FLEET_EMAIL_SUFFIX}`)
    .execute();
  const last = new Map<number, (typeof orders)[number] & { at: number }>();
  for (const order of orders) {
    const at = new Date(order.closed_at!).getTime();
    const known = last.get(order.vehicle_id!);
    if (!known || at > known.at || (at === known.at && order.id > known.id)) last.set(order.vehicle_id!, { ...order, at });
  }
  const lastOrders = [...last.values()];
  const putOff = new Map<number, Set<string>>();
  await inBatches(lastOrders, async (chunk) => {
    const rows = await trx
      .selectFrom('service_order_checklist_items')
      .select(['service_order_id', 'code', 'note'])
      .where('service_order_id', 'in', chunk.map((order) => order.id))
      .where('result', '=', 'FAIL')
      .execute();
    for (const row of rows) {
      const component = componentOfChecklistCode(row.code);
      const service = component === 'BRAKE_PADS' ? BRAKES : component === 'TYRE_WEAR' ? TYRES : null;
      if (service === null || saysReplaced(row.note)) continue;
      putOff.set(row.service_order_id, (putOff.get(row.service_order_id) ?? new Set<string>()).add(service));
    }
  });
  return lastOrders
    .map((order) => {
      const random = seededRandom(`due|${order.license_plate}|${order.model}`);
      return {
        vehicleId: order.vehicle_id!,
        userId: order.user_id,
        plate: order.license_plate,
        type: order.type,
        model: order.model,
        name: order.full_name,
        phone: order.phone_number ?? '',
        email: order.email,
        centreId: order.centre_id,
        lastOrderId: order.id,
        lastAt: order.at,
        due: order.at + (2.5 + 4.5 * random.next()) * MONTH,
        comeback: [...(putOff.get(order.id) ?? [])].sort(),
      };
    })
    .sort((a, b) => a.due - b.due || (a.plate < b.plate ? -1 : a.plate > b.plate ? 1 : a.vehicleId - b.vehicleId));
}

/** The fleet's bookings of the coming DEMO_BOOKING_DAYS days at every centre (see above). Returns how many were added. */
export async function seedDemoBookings(trx: Trx, now: Date, services: ReadonlyMap<string, FleetService>): Promise<number> {
  const today = vietnamDateOf(now);
  const dates = Array.from({ length: DEMO_BOOKING_DAYS }, (_, index) => addCalendarDays(today, index + 1));
  const from = vietnamInstant(dates[0]!, '00:00').getTime();
  const to = vietnamInstant(addCalendarDays(today, DEMO_BOOKING_DAYS + 1), '00:00').getTime();
  const wanted = [...MAINTENANCE_TIERS, BRAKES, TYRES];
  if (wanted.some((slug) => !services.has(slug))) return 0;

  const [centres, vehicles, coming, occupied] = await Promise.all([
    trx.selectFrom('service_centres').select(['id', 'slug', 'open_time', 'close_time', 'service_bays']).where('kind', '=', 'SERVICE_CENTRE').orderBy('id').execute(),
    fleetVehicles(trx),
    trx
      .selectFrom('appointments')
      .select(['centre_id', 'vehicle_id', 'starts_at', 'contact_email'])
      .where('status', 'in', ['PENDING', 'CONFIRMED'])
      .where('starts_at', '>=', iso(from))
      .execute(),
    trx.selectFrom('slot_occupancy').select(['centre_id', 'slot_start', 'booked']).where('slot_start', '>=', iso(from)).where('slot_start', '<', iso(to)).execute(),
  ]);
  const booked = new Set(coming.flatMap((row) => (row.vehicle_id === null ? [] : [row.vehicle_id])));
  const seeded = new Set(coming.filter((row) => row.contact_email.endsWith(FLEET_EMAIL_SUFFIX)).map((row) => `${row.centre_id}|${vietnamDateOf(new Date(row.starts_at))}`));
  const occupancy = new Map(occupied.map((row) => [`${row.centre_id}|${new Date(row.slot_start).toISOString()}`, row.booked]));

  interface Planned {
    key: string;
    code: string;
    centreId: number;
    vehicle: FleetVehicleRow;
    start: number;
    minutes: number;
    slugs: string[];
    status: 'PENDING' | 'CONFIRMED';
    bookedAt: number;
  }
  const planned: Planned[] = [];
  const codes = new Set<string>();
  for (const centre of centres) {
    const queue = vehicles.filter((vehicle) => vehicle.centreId === centre.id && !booked.has(vehicle.vehicleId));
    dates.forEach((date, index) => {
      if (new Date(`${date}T00:00:00.000Z`).getUTCDay() === 0 || seeded.has(`${centre.id}|${date}`)) return;
      const random = seededRandom(`bookings|${centre.slug}|${date}`);
      const count = Math.floor(expectedBookings(index + 1) + random.next());
      const open = vietnamInstant(date, centre.open_time).getTime();
      const close = vietnamInstant(date, centre.close_time).getTime();
      for (let n = 0; n < count && queue.length > 0; n += 1) {
        const vehicle = queue[0]!;
        const draw = seededRandom(`booking|${vehicle.plate}|${date}`);
        const slugs = servicesFor(draw, vehicle.comeback);
        const minutes = slugs.reduce((sum, slug) => sum + services.get(slug)!.minutes, 0);
        const starts: number[] = [];
        for (let start = open; start + minutes * MINUTE <= close; start += STEP) {
          if (occupiedSteps(new Date(start), minutes).every((step) => (occupancy.get(`${centre.id}|${step}`) ?? 0) < centre.service_bays)) starts.push(start);
        }
        if (starts.length === 0) break;
        queue.shift();
        const start = draw.pick(starts);
        for (const step of occupiedSteps(new Date(start), minutes)) occupancy.set(`${centre.id}|${step}`, (occupancy.get(`${centre.id}|${step}`) ?? 0) + 1);
        let code = bookingCode(start, random);
        while (codes.has(code)) code = bookingCode(start, random);
        codes.add(code);
        planned.push({
          key: `${centre.slug}|${date}|${n}`,
          code,
          centreId: centre.id,
          vehicle,
          start,
          minutes,
          slugs,
          status: draw.chance(0.7) ? 'CONFIRMED' : 'PENDING',
          // Booked within the last twelve days, after the last visit, and confirmed (2 h later) before now.
          bookedAt: Math.min(now.getTime() - 3 * HOUR, Math.max(vehicle.lastAt + HOUR, now.getTime() - draw.int(3, 12 * 24) * HOUR)),
        });
      }
    });
  }
  if (planned.length === 0) return 0;

  // A code some other appointment holds already is drawn again (codes of later days are rarely taken).
  for (let attempt = 0; ; attempt += 1) {
    const taken = new Set<string>();
    await inBatches(planned, async (chunk) => {
      const rows = await trx.selectFrom('appointments').select('code').where('code', 'in', chunk.map((p) => p.code)).execute();
      for (const row of rows) taken.add(row.code);
    });
    if (taken.size === 0) break;
    for (const p of planned) {
      if (!taken.has(p.code)) continue;
      const random = seededRandom(`booking-code-again|${p.key}|${attempt}`);
      do p.code = bookingCode(p.start, random);
      while (codes.has(p.code));
      codes.add(p.code);
    }
  }

  await inBatches(planned, (chunk) =>
    trx
      .insertInto('appointments')
      .values(
        chunk.map((p) => ({
          code: p.code,
          user_id: p.vehicle.userId,
          vehicle_id: p.vehicle.vehicleId,
          vehicle_type: p.vehicle.type,
          vehicle_brand: 'VinFast',
          vehicle_model: p.vehicle.model,
          license_plate: p.vehicle.plate,
          centre_id: p.centreId,
          starts_at: iso(p.start),
          ends_at: iso(p.start + p.minutes * MINUTE),
          status: p.status,
          estimated_price: p.slugs.reduce((sum, slug) => sum + services.get(slug)!.price, 0),
          estimated_duration_minutes: p.minutes,
          note: p.vehicle.comeback.length > 0 ? p.vehicle.comeback.map((slug) => COMEBACK_NOTES[slug]).join(' ') : null,
          contact_name: p.vehicle.name,
          contact_phone: p.vehicle.phone,
          contact_email: p.vehicle.email,
          package_credit_id: null,
          hold_expires_at: null,
          cancel_reason: null,
          created_at: iso(p.bookedAt),
          updated_at: iso(p.status === 'CONFIRMED' ? p.bookedAt + 2 * HOUR : p.bookedAt),
        })),
      )
      .execute(),
  );
  const ids = new Map<string, number>();
  await inBatches(planned, async (chunk) => {
    const rows = await trx.selectFrom('appointments').select(['id', 'code']).where('code', 'in', chunk.map((p) => p.code)).execute();
    for (const row of rows) ids.set(row.code, row.id);
  });
  const staff = new Map<number, number>();
  for (const row of await trx
    .selectFrom('staff_assignments as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select(['a.centre_id', 'u.id'])
    .where('a.ended_at', 'is', null)
    .where('u.role', 'in', ['staff', 'manager'])
    .orderBy('u.id')
    .execute()) {
    if (!staff.has(row.centre_id)) staff.set(row.centre_id, row.id);
  }
  await inBatches(
    planned.flatMap((p) =>
      p.slugs.map((slug) => {
        const service = services.get(slug)!;
        return { appointment_id: ids.get(p.code)!, service_id: service.id, service_name: service.name, price: service.price, duration_minutes: service.minutes };
      }),
    ),
    (chunk) => trx.insertInto('appointment_services').values(chunk).execute(),
  );
  await inBatches(
    planned.flatMap((p) => {
      const id = ids.get(p.code)!;
      const steps = [{ appointment_id: id, from_status: null as string | null, to_status: 'PENDING', changed_by: p.vehicle.userId as number | null, note: null, created_at: iso(p.bookedAt) }];
      if (p.status === 'CONFIRMED') steps.push({ appointment_id: id, from_status: 'PENDING', to_status: 'CONFIRMED', changed_by: staff.get(p.centreId) ?? null, note: null, created_at: iso(p.bookedAt + 2 * HOUR) });
      return steps;
    }),
    (chunk) => trx.insertInto('appointment_status_history').values(chunk).execute(),
  );
  const steps = new Map<string, number>();
  for (const p of planned) for (const step of occupiedSteps(new Date(p.start), p.minutes)) steps.set(`${p.centreId}|${step}`, (steps.get(`${p.centreId}|${step}`) ?? 0) + 1);
  await inBatches([...steps], (chunk) =>
    trx
      .insertInto('slot_occupancy')
      .values(chunk.map(([key, count]) => ({ centre_id: Number(key.split('|')[0]), slot_start: key.split('|')[1]!, booked: count })))
      .onConflict((conflict) => conflict.columns(['centre_id', 'slot_start']).doUpdateSet((eb) => ({ booked: eb('slot_occupancy.booked', '+', eb.ref('excluded.booked')) })))
      .execute(),
  );
  return planned.length;
}
