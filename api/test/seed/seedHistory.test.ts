import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema';
import { replayStockLedger } from '../../src/modules/inventory/stockLedger';
import { centreKpis } from '../../src/modules/kpis/centreKpis';
import { parseKpiRange } from '../../src/modules/kpis/kpiRange';
import { seed } from '../../seed';
import { DEMO_HISTORY_RECEIVE_REASON } from '../../seed/demoHistory';
import { SERVICE_CENTRES } from '../../seed/serviceCentres';
import { DEMO_HISTORY_NOW, testDatabases, useScratchDatabase } from '../support/testDatabases';

/**
 * The demo history (issue 15): a new user opening /manager sees three months of real figures, and shifts for
 * the weeks around today; a restart adds nothing; the stock ledger still replays to the stock table.
 * The seed's clock: Thursday 19/11/2026 08:00 in Vietnam.
 */
const NOW = new Date(DEMO_HISTORY_NOW);

const HISTORY_TABLES = [
  'appointments',
  'appointment_services',
  'appointment_status_history',
  'service_orders',
  'service_order_status_history',
  'service_order_lines',
  'service_invoices',
  'work_time_entries',
  'bay_occupancy',
  'slot_occupancy',
  'parts_requests',
  'parts_request_history',
  'stock_movements',
  'centre_stock',
  'orders',
  'order_status_history',
  'technician_shifts',
  'users',
  'staff_assignments',
  'vehicles',
  'service_order_checklist_items',
  'appointment_symptoms',
] as const;

async function counts(db: Kysely<Database>): Promise<Record<string, number>> {
  const result: Record<string, number> = {};
  for (const table of HISTORY_TABLES) {
    const row = await db
      .selectFrom(table as 'users')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    result[table] = Number(row.n);
  }
  return result;
}

describe.each(testDatabases())('the demo history on $label', (target) => {
  const scratch = useScratchDatabase(target, { seed: 'demoHistory' });
  let firstCentre = 0;

  beforeAll(async () => {
    firstCentre = (await scratch.db.selectFrom('service_centres').select('id').where('slug', '=', SERVICE_CENTRES[0]!.slug).executeTakeFirstOrThrow()).id;
  });

  it('gives the manager of the first centre real figures over the last 30 days, the web shop too', async () => {
    const kpis = await centreKpis(scratch.db, firstCentre, parseKpiRange('2026-10-20', '2026-11-18'), NOW);
    expect(kpis.carCount).toBeGreaterThan(50);
    expect(kpis.revenue.paidInvoices).toBe(kpis.carCount);
    expect(kpis.revenue.total).toBeGreaterThan(0);
    expect(kpis.aro).not.toBeNull();
    expect(kpis.technicians.length).toBeGreaterThanOrEqual(2);
    // clocked inside scheduled shifts: a real utilisation, neither "—" nor over 100 %
    expect(kpis.utilisationPct).toBeGreaterThan(20);
    expect(kpis.utilisationPct).toBeLessThanOrEqual(100);
    expect(kpis.efficiencyPct).toBeGreaterThan(70);
    expect(kpis.cancellationRatePct).not.toBeNull();
    expect(kpis.extraWork.approvedCount).toBeGreaterThan(0);
    expect(kpis.extraWork.declinedCount).toBeGreaterThan(0);
    expect(kpis.partsUsage.items.length).toBeGreaterThan(0);
    expect(kpis.turnaround.medianMinutes).not.toBeNull();
    expect(kpis.bayUtilisationPct).toBeGreaterThan(0);
    expect(kpis.shopRevenue.orders).toBeGreaterThan(10);
  });

  it('closes work at every centre, through every status, with a paid invoice each', async () => {
    const db = scratch.db;
    const perCentre = await db.selectFrom('service_orders').select(['centre_id', (eb) => eb.fn.countAll<number | string>().as('n')]).where('status', '=', 'CLOSED').groupBy('centre_id').execute();
    expect(perCentre).toHaveLength(SERVICE_CENTRES.length);
    const order = await db.selectFrom('service_orders').select(['id', 'appointment_id']).where('status', '=', 'CLOSED').where('centre_id', '=', firstCentre).orderBy('id').executeTakeFirstOrThrow();
    const history = await db.selectFrom('service_order_status_history').select('to_status').where('service_order_id', '=', order.id).orderBy('created_at').execute();
    expect(history.map((h) => h.to_status)).toEqual(['OPEN', 'IN_PROGRESS', 'WORK_DONE', 'INVOICED', 'CLOSED']);
    const appointment = await db.selectFrom('appointments').select('status').where('id', '=', order.appointment_id).executeTakeFirstOrThrow();
    expect(appointment.status).toBe('COMPLETED');
    const unpaid = await db.selectFrom('service_invoices').select('id').where('payment_status', '<>', 'PAID').execute();
    expect(unpaid).toEqual([]);
  });

  it('keeps the stock ledger equal to the stock table', async () => {
    const replay = await replayStockLedger(scratch.db);
    expect(replay.mismatches).toEqual([]);
    const history = await scratch.db.selectFrom('stock_movements').select('kind').where('kind', 'in', ['ISSUE', 'RETURN']).execute();
    expect(history.some((m) => m.kind === 'ISSUE')).toBe(true);
    expect(history.some((m) => m.kind === 'RETURN')).toBe(true);
    expect(await scratch.db.selectFrom('stock_movements').select('id').where('reason', '=', DEMO_HISTORY_RECEIVE_REASON).execute()).not.toEqual([]);
  });

  it('gives every technician shifts last week, this week and next week, inside the centre’s opening hours', async () => {
    const db = scratch.db;
    const shifts = await db
      .selectFrom('technician_shifts as s')
      .innerJoin('service_centres as c', 'c.id', 's.centre_id')
      .select(['s.technician_id', 's.work_date', 's.start_time', 's.end_time', 'c.open_time', 'c.close_time'])
      .where('s.work_date', '>=', '2026-11-09')
      .where('s.work_date', '<=', '2026-11-29')
      .execute();
    for (const week of [['2026-11-09', '2026-11-15'], ['2026-11-16', '2026-11-22'], ['2026-11-23', '2026-11-29']]) {
      expect(shifts.filter((s) => s.work_date >= week[0]! && s.work_date <= week[1]!).length).toBeGreaterThanOrEqual(SERVICE_CENTRES.length * 2 * 6);
    }
    expect(shifts.filter((s) => s.start_time < s.open_time || s.end_time > s.close_time)).toEqual([]);
  });

  it('adds nothing on a restart (the same day)', async () => {
    const before = await counts(scratch.db);
    await seed(scratch.db, { demoHistory: true, now: NOW });
    expect(await counts(scratch.db)).toEqual(before);
  });
});
