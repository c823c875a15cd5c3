import { DEMO_ACCOUNTS } from '../../seed';
import { seedDemoBatteryReports } from '../../seed/demoBatteryReports';
import { testDatabases, useScratchDatabase } from '../support/testDatabases';

/** Issue 66 §3: the demo customer's vehicles carry battery checks in their history, one of them "Pin suy giảm". */
describe.each(testDatabases())('the demo battery reports on $label', (target) => {
  const scratch = useScratchDatabase(target, { seed: 'demoHistory' });

  it('gives the demo customer’s vehicles a fading SOH on their closed orders, one report flagged, once', async () => {
    const customer = DEMO_ACCOUNTS.find((account) => account.role === 'customer')!;
    const reports = await scratch.db
      .selectFrom('battery_health_reports as r')
      .innerJoin('vehicles', 'vehicles.id', 'r.vehicle_id')
      .innerJoin('users', 'users.id', 'vehicles.user_id')
      .innerJoin('service_orders as o', 'o.id', 'r.service_order_id')
      .select(['r.vehicle_id', 'r.soh_percent', 'r.flag', 'r.verify_code', 'o.status', 'o.vehicle_id as order_vehicle'])
      .where('users.email', '=', customer.email)
      .orderBy('r.vehicle_id')
      .orderBy('r.measured_at')
      .execute();
    expect(reports.length).toBeGreaterThan(1);
    expect(reports.every((report) => report.status === 'CLOSED' && report.order_vehicle === report.vehicle_id)).toBe(true);
    expect(reports.filter((report) => report.flag === 'DEGRADED')).toHaveLength(1);
    expect(new Set(reports.map((report) => report.verify_code)).size).toBe(reports.length);
    const first = reports.filter((report) => report.vehicle_id === reports[0]!.vehicle_id).map((report) => Number(report.soh_percent));
    expect(first).toEqual([...first].sort((a, b) => b - a));
    // Seeding again writes nothing more.
    expect(await seedDemoBatteryReports(scratch.db, customer.email)).toBe(0);
  });
});
