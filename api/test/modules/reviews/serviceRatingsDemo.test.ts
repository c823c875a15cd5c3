import { followUpListSchema, pendingServiceRatingsSchema, ratingKpisSchema } from 'shared-contracts/schemas';
import { z } from 'zod';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../../seed';
import { seedDemoServiceRatings } from '../../../seed/demoServiceRatings';
import { manualClock } from '../../../src/security/clock';
import { sendRatingRequests } from '../../../src/modules/reviews';
import { startAuthApp, type AuthTestApp } from '../../support/authTestKit';
import { DEMO_HISTORY_NOW, productionDatabase, useScratchDatabase } from '../../support/testDatabases';

const NOW = new Date(DEMO_HISTORY_NOW);
const emailOf = (role: string) => DEMO_ACCOUNTS.find((account) => account.role === role)!.email;

describe.each(productionDatabase())('the demo service ratings on $label', (target) => {
  const scratch = useScratchDatabase(target, { seed: 'demoHistory' });
  let shop: AuthTestApp;

  beforeAll(async () => {
    shop = await startAuthApp(scratch.db, { clock: manualClock(NOW) });
  });
  afterAll(() => shop.close());

  const login = async (role: string) => {
    const response = await shop.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: emailOf(role), password: DEMO_PASSWORD } });
    expect(response.statusCode).toBe(200);
    return { authorization: `Bearer ${(response.json() as { data: { accessToken: string } }).data.accessToken}` };
  };

  it('gives the manager a low rating to call back today and a handled one, with mostly good ratings', async () => {
    const headers = await login('manager');
    const list = z.object({ data: followUpListSchema }).parse((await shop.app.inject({ method: 'GET', url: '/api/service-rating-follow-ups', headers })).json()).data;
    const open = list.items.filter((item) => item.status === 'OPEN');
    expect(open.length).toBeGreaterThanOrEqual(1);
    expect(open.some((item) => NOW.getTime() - Date.parse(item.rating.createdAt) < 86_400_000)).toBe(true);
    const closed = list.items.find((item) => item.status === 'CLOSED' && item.notes.length > 0 && item.outcome);
    expect(closed).toBeDefined();
    expect(closed!.closedByName).toBe(DEMO_ACCOUNTS.find((account) => account.role === 'manager')!.fullName);
    // A rating names its visit's maintenance record, if the visit wrote one (the history's visits did not).
    const record = await scratch.db
      .selectFrom('service_orders as so')
      .innerJoin('maintenance_records as mr', 'mr.appointment_id', 'so.appointment_id')
      .select('mr.id')
      .where('so.id', '=', open[0]!.rating.serviceOrderId)
      .executeTakeFirst();
    expect(open[0]!.rating.maintenanceRecordId).toBe(record?.id ?? null);

    const kpis = await shop.app.inject({ method: 'GET', url: '/api/service-ratings/kpis?from=2026-10-20&to=2026-11-18', headers });
    const [centre] = z.object({ data: ratingKpisSchema }).parse(kpis.json()).data.centres;
    expect(centre!.count).toBeGreaterThan(20);
    expect(centre!.average).toBeGreaterThanOrEqual(3.8);
    expect(centre!.positivePct).toBeGreaterThan(60);
    expect(centre!.openFollowUps).toBeGreaterThanOrEqual(1);
  });

  it('leaves the demo customer\'s visits unrated and writes nothing twice', async () => {
    const customer = await scratch.db.selectFrom('users').select('id').where('email', '=', emailOf('customer')).executeTakeFirstOrThrow();
    expect(await scratch.db.selectFrom('service_ratings').select('id').where('user_id', '=', customer.id).execute()).toEqual([]);
    const pending = await shop.app.inject({ method: 'GET', url: '/api/service-ratings/pending', headers: await login('customer') });
    expect(pending.statusCode).toBe(200);
    z.object({ data: pendingServiceRatingsSchema }).parse(pending.json());

    const counts = async () =>
      Promise.all(
        (['service_ratings', 'service_rating_follow_ups', 'service_rating_follow_up_notes', 'service_rating_requests'] as const).map(async (table) =>
          Number((await scratch.db.selectFrom(table).select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow()).n),
        ),
      );
    const before = await counts();
    expect(await seedDemoServiceRatings(scratch.db, NOW)).toBe(0);
    expect(await counts()).toEqual(before);
    // The history's visits count as asked: the job has nobody to ask but the demo customer's recent visits (told by the centre).
    const sent = await sendRatingRequests(scratch.db, shop.clock, { publicUrl: 'https://evshop.test' });
    const toCustomer = await scratch.db.selectFrom('notifications').select('id').where('kind', '=', 'service_rating_request').where('user_id', '=', customer.id).execute();
    expect(sent).toBe(toCustomer.length);
  });
});
