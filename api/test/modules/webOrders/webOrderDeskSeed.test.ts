import { ORDER_STATUSES, type WebOrderList } from 'shared-contracts/schemas';
import { seed } from '../../../seed';
import { DEMO_ACCOUNTS } from '../../../seed/demoAccounts';
import { authHeader, startServiceApp, type ServiceApp } from '../../support/serviceTestKit';
import { testDatabases, useScratchDatabase } from '../../support/testDatabases';

/** `npm start`'s demo: Cầu Giấy's web-order desk has an order in every state, and seeding again adds none. */
describe.each(testDatabases())('the web-order desk demo on $label', (target) => {
  const scratch = useScratchDatabase(target, { seed: true });
  let service: ServiceApp;

  beforeAll(async () => {
    service = await startServiceApp(scratch.db);
  });
  afterAll(() => service.close());

  it("gives the demo staff's centre a web order in every state, once", async () => {
    const account = DEMO_ACCOUNTS.find((candidate) => candidate.role === 'staff')!;
    const user = await scratch.db.selectFrom('users').select(['id', 'role']).where('email', '=', account.email).executeTakeFirstOrThrow();
    const headers = await authHeader(service.app, { id: user.id, email: account.email, role: 'staff' });
    const list = async () => (await service.app.inject({ method: 'GET', url: '/api/staff/web-orders', headers })).json() as { data: WebOrderList };
    const { data } = await list();
    // (PENDING_PAYMENT aside: the expiry job would cancel a seeded unpaid transfer within a day)
    for (const status of ORDER_STATUSES.filter((candidate) => candidate !== 'PENDING_PAYMENT')) expect({ status, count: data.counts.find((entry) => entry.status === status)!.count > 0 }).toEqual({ status, count: true });
    const paymentStates = await scratch.db.selectFrom('orders').select('payment_status').where('idempotency_key', 'like', 'seed-web-desk-%').execute();
    expect(new Set(paymentStates.map((row) => row.payment_status))).toEqual(new Set(['UNPAID', 'PAID', 'REFUND_DUE', 'REFUNDED']));
    const missingDesk = await scratch.db.selectFrom('orders').select('id').where('desk_centre_id', 'is', null).execute();
    expect(missingDesk).toEqual([]);

    await seed(scratch.db);
    expect((await list()).data.counts).toEqual(data.counts);
  });
});
