import { DEMO_ACCOUNTS } from '../../seed';
import { DEMO_RECALL, seedDemoRecalls } from '../../seed/demoRecalls';
import { testDatabases, useScratchDatabase } from '../support/testDatabases';

/** Issue 66 §4: one active recall campaign holds the demo customer's VF 5, its owner told once. */
describe.each(testDatabases())('the demo recall on $label', (target) => {
  const scratch = useScratchDatabase(target, { seed: 'demoHistory' });

  it('flags the demo customer’s VF 5 and tells them, once', async () => {
    const customer = DEMO_ACCOUNTS.find((account) => account.role === 'customer')!;
    const admin = DEMO_ACCOUNTS.find((account) => account.role === 'admin')!;
    const rows = await scratch.db
      .selectFrom('recall_vehicles as rv')
      .innerJoin('recall_campaigns as c', 'c.id', 'rv.campaign_id')
      .innerJoin('vehicles as v', 'v.id', 'rv.vehicle_id')
      .innerJoin('users as u', 'u.id', 'v.user_id')
      .select(['c.code', 'c.status', 'rv.state', 'v.license_plate', 'u.email', 'u.id as user_id', 'rv.campaign_id', 'rv.vehicle_id'])
      .execute();
    expect(rows).toEqual([expect.objectContaining({ code: DEMO_RECALL.code, status: 'ACTIVE', state: 'NOTIFIED', license_plate: '30K-567.89', email: customer.email })]);
    const notices = await scratch.db.selectFrom('notifications').select(['title', 'event_key']).where('kind', '=', 'vehicle_recall').where('user_id', '=', rows[0]!.user_id).execute();
    expect(notices).toEqual([{ title: 'Xe của bạn thuộc diện triệu hồi', event_key: `recall:${rows[0]!.campaign_id}:${rows[0]!.vehicle_id}` }]);
    // Seeding again writes nothing more.
    expect(await seedDemoRecalls(scratch.db, admin.email)).toBe(0);
  });
});
