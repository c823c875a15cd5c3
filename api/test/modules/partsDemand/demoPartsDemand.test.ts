import { vietnamDateOf, vietnamInstant } from 'shared-contracts/schemas';
import { replayStockLedger } from '../../../src/modules/inventory/stockLedger';
import { readPartsDemand } from '../../../src/modules/partsDemand/partsDemandQueries';
import { componentOfChecklistCode } from '../../../src/modules/prediction/checklistComponents';
import { seed } from '../../../seed';
import { seedBackOffice } from '../../../seed/backOffice';
import { DEMO_ACCOUNTS } from '../../../seed/demoAccounts';
import { DEMO_BOOKING_DAYS, FLEET_EMAIL_SUFFIX } from '../../../seed/demoBookings';
import { trainFirstWearModel } from '../../../seed/firstWearModel';
import { DEMO_HISTORY_NOW, productionDatabase, useScratchDatabase } from '../../support/testDatabases';

/**
 * "Nhu cầu phụ tùng" on the demo data (spec predictive.md §4, docs/prediction.md §6–§7): after `npm start`'s seed
 * and first training, the demo manager's centre has booked visits of registered vehicles whose checklists look at
 * wearing parts, past failures whose parts were issued through parts requests, and so a page with real rows for 14
 * and 30 days. The seed's clock: Thursday 19/11/2026 08:00 in Vietnam.
 */
const NOW = new Date(DEMO_HISTORY_NOW);
const DAY_MS = 86_400_000;
const MANAGER = DEMO_ACCOUNTS.find((account) => account.role === 'manager')!.email;

describe.each(productionDatabase())('the demo manager’s parts demand on $label', (target) => {
  const scratch = useScratchDatabase(target, { seed: 'demoHistory' });
  let centreId = 0;

  beforeAll(async () => {
    expect(await trainFirstWearModel(scratch.db, { now: () => NOW })).not.toBeNull();
    centreId = (
      await scratch.db
        .selectFrom('staff_assignments as a')
        .innerJoin('users as u', 'u.id', 'a.user_id')
        .select('a.centre_id')
        .where('u.email', '=', MANAGER)
        .where('a.ended_at', 'is', null)
        .executeTakeFirstOrThrow()
    ).centre_id;
  }, 300_000);

  const comingBookings = () =>
    scratch.db
      .selectFrom('appointments')
      .select(['id', 'centre_id', 'vehicle_id', 'user_id', 'starts_at', 'status', 'contact_email'])
      .where('status', 'in', ['PENDING', 'CONFIRMED'])
      .where('contact_email', 'like', `%${FLEET_EMAIL_SUFFIX}`)
      .execute();

  it('books the registered demo vehicles’ next care, from tomorrow, for services that look at wearing parts', async () => {
    const bookings = await comingBookings();
    const tomorrow = vietnamInstant('2026-11-20', '00:00').getTime();
    const end = vietnamInstant('2026-12-20', '00:00').getTime();
    expect(bookings.every((row) => row.vehicle_id !== null && row.user_id !== null)).toBe(true);
    expect(bookings.every((row) => new Date(row.starts_at).getTime() >= tomorrow && new Date(row.starts_at).getTime() < end)).toBe(true);
    expect(new Set(bookings.map((row) => row.vehicle_id)).size).toBe(bookings.length);
    expect(new Set(bookings.map((row) => row.status))).toEqual(new Set(['PENDING', 'CONFIRMED']));
    const atCentre = bookings.filter((row) => row.centre_id === centreId);
    expect(atCentre.filter((row) => new Date(row.starts_at).getTime() < NOW.getTime() + 14 * DAY_MS).length).toBeGreaterThanOrEqual(15);
    // No Sunday; every booking within its centre's bays (slot_occupancy holds them).
    expect(bookings.filter((row) => new Date(`${vietnamDateOf(new Date(row.starts_at))}T00:00:00.000Z`).getUTCDay() === 0)).toEqual([]);
    const overbooked = await scratch.db
      .selectFrom('slot_occupancy as s')
      .innerJoin('service_centres as c', 'c.id', 's.centre_id')
      .select(['s.centre_id', 's.slot_start'])
      .where('s.slot_start', '>=', new Date(tomorrow).toISOString())
      .whereRef('s.booked', '>', 'c.service_bays')
      .execute();
    expect(overbooked).toEqual([]);

    // What their checklists look at: the brake pads and tyres at least, some through the brake or tyre service's own items.
    const lines = await scratch.db
      .selectFrom('appointment_services as line')
      .innerJoin('services as s', 's.id', 'line.service_id')
      .select(['line.appointment_id', 's.slug', 's.checklist'])
      .where('line.appointment_id', 'in', atCentre.map((row) => row.id))
      .execute();
    const components = new Set(lines.flatMap((line) => (JSON.parse(line.checklist) as { code: string }[]).map((item) => componentOfChecklistCode(item.code))));
    for (const component of ['BRAKE_PADS', 'TYRE_WEAR', 'LIGHTS', 'HORN']) expect(components.has(component)).toBe(true);
    const slugs = new Set(lines.map((line) => line.slug));
    for (const slug of ['bao-duong-co-ban', 'bao-duong-phanh', 'dich-vu-lop']) expect(slugs.has(slug)).toBe(true);
  });

  it('issues the parts of the earlier visits’ replaced findings through parts requests, the ledger still equal to the stock', async () => {
    const issued = await scratch.db
      .selectFrom('parts_requests as pr')
      .innerJoin('service_order_checklist_items as item', 'item.id', 'pr.checklist_item_id')
      .innerJoin('service_orders as so', 'so.id', 'pr.service_order_id')
      .select(['item.code', 'item.result', 'item.note', 'pr.issued_qty', 'pr.returned_qty', 'so.technician_id'])
      .where('pr.status', '=', 'ISSUED')
      .where('so.status', '=', 'CLOSED')
      .execute();
    // The earlier visits (closed orders without a technician) as well as the window's.
    const earlier = issued.filter((row) => row.technician_id === null);
    expect(earlier.length).toBeGreaterThan(500);
    expect(earlier.every((row) => row.result === 'FAIL' && Number(row.issued_qty) > Number(row.returned_qty) && /đã thay/i.test(row.note ?? ''))).toBe(true);
    expect(earlier.some((row) => row.code === 'BRAKE_PADS') && earlier.some((row) => row.code === 'TYRE_WEAR')).toBe(true);
    expect((await replayStockLedger(scratch.db)).mismatches).toEqual([]);
  });

  it('gives the demo manager’s centre real rows for 14 and 30 days, with a receive suggested', async () => {
    const days14 = await readPartsDemand(scratch.db, centreId, 14, NOW);
    expect(days14.model).not.toBeNull();
    expect(days14.appointments).toBeGreaterThanOrEqual(15);
    expect(days14.vehicles).toBe(days14.appointments);
    const real = days14.items.filter((item) => item.expectedDemand > 0);
    expect(real.length).toBeGreaterThanOrEqual(4);
    expect(real.some((item) => item.components.some((component) => component.code === 'BRAKE_PADS'))).toBe(true);
    expect(real.some((item) => item.components.some((component) => component.code === 'TYRE_WEAR'))).toBe(true);
    expect(days14.items.some((item) => item.suggestedReceive > 0)).toBe(true);
    expect(days14.componentsWithoutUsage).toEqual([]);

    const days30 = await readPartsDemand(scratch.db, centreId, 30, NOW);
    expect(days30.appointments).toBeGreaterThan(days14.appointments);
    expect(days30.items.reduce((sum, item) => sum + item.expectedDemand, 0)).toBeGreaterThan(days14.items.reduce((sum, item) => sum + item.expectedDemand, 0));
  });

  it('on the next day’s start lays that day’s floor beside the fleet’s bookings for it, and books no vehicle twice', async () => {
    const before = await comingBookings();
    const next = new Date(NOW.getTime() + DAY_MS);
    const report = await seed(scratch.db, { demoHistory: true, now: next });
    // Today's floor at the demo centre (backOffice.ts; seed() lays it on the real date), although the fleet has
    // bookings today.
    const floor = await scratch.db.transaction().execute((trx) => seedBackOffice(trx, next));
    expect(floor.todayAppointments).toBeGreaterThan(0);
    const today = await scratch.db
      .selectFrom('appointments')
      .select(['contact_email'])
      .where('centre_id', '=', centreId)
      .where('starts_at', '>=', vietnamInstant('2026-11-20', '00:00').toISOString())
      .where('starts_at', '<', vietnamInstant('2026-11-21', '00:00').toISOString())
      .execute();
    expect(today.filter((row) => row.contact_email.endsWith(FLEET_EMAIL_SUFFIX)).length).toBeGreaterThan(0);
    expect(today.filter((row) => !row.contact_email.endsWith(FLEET_EMAIL_SUFFIX)).length).toBe(floor.todayAppointments);
    // Only days that came into the window are booked (the 30th day ahead is a Sunday: none), no vehicle twice.
    const after = await comingBookings();
    expect(report.demoHistory!.bookings).toBe(after.length - before.length);
    expect(new Set(after.map((row) => row.vehicle_id)).size).toBe(after.length);
    const lastDay = vietnamInstant('2026-11-20', '00:00').getTime() + (DEMO_BOOKING_DAYS + 1) * DAY_MS;
    expect(after.every((row) => new Date(row.starts_at).getTime() < lastDay)).toBe(true);
  });
});
