import type { LoyaltySummary } from 'shared-contracts/schemas';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../../seed/demoAccounts';
import { seedDemoPoints } from '../../../src/modules/loyalty';
import { manualClock } from '../../../src/security/clock';
import { startAuthApp, type AuthTestApp } from '../../support/authTestKit';
import { DEMO_HISTORY_NOW, productionDatabase, useScratchDatabase } from '../../support/testDatabases';

const NOW = new Date(DEMO_HISTORY_NOW);
const DAY = 86_400_000;
const CUSTOMER = DEMO_ACCOUNTS.find((account) => account.role === 'customer')!.email;

/** The demo's points (issue 67 §6): the history's complete paid sales earned theirs; the demo customer's gift expires within the month. */
describe.each(productionDatabase())('the demo points on $label', (target) => {
  const scratch = useScratchDatabase(target, { seed: 'demoHistory' });
  let shop: AuthTestApp;
  beforeAll(async () => {
    shop = await startAuthApp(scratch.db, { clock: manualClock(NOW) });
  }, 300_000);
  afterAll(() => shop.close());

  it('earns every member’s complete paid sale once, and shows the demo customer points expiring within the month', async () => {
    const earned = await scratch.db.selectFrom('loyalty_sales').select(['status', 'points']).execute();
    expect(earned.length).toBeGreaterThan(50);
    expect(earned.every((sale) => sale.status === 'EARNED' && (sale.points ?? -1) >= 0)).toBe(true);
    const lots = await scratch.db.selectFrom('loyalty_entries').select((eb) => eb.fn.countAll<number | string>().as('n')).where('kind', '=', 'EARN').executeTakeFirstOrThrow();
    expect(Number(lots.n)).toBe(earned.filter((sale) => (sale.points ?? 0) > 0).length);

    const login = await shop.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: CUSTOMER, password: DEMO_PASSWORD } });
    const headers = { authorization: `Bearer ${(login.json() as { data: { accessToken: string } }).data.accessToken}` };
    const mine = (await shop.app.inject({ method: 'GET', url: '/api/loyalty/me', headers })).json().data as LoyaltySummary;
    expect(mine.balance).toBeGreaterThan(500);
    expect(mine.history.length).toBeGreaterThan(1);
    // The welcome gift (500) among the lots expiring within the month.
    const withinMonth = mine.expiring.filter((lot) => Date.parse(lot.expiresAt) > NOW.getTime() && Date.parse(lot.expiresAt) - NOW.getTime() <= 30 * DAY);
    expect(withinMonth.map((lot) => lot.points)).toContain(500);
    // Vàng from the history's last 12 months: the VIP promotions are hers.
    expect(mine.tier).toMatchObject({ code: 'GOLD', label: 'Vàng', multiplierPercent: 125 });
    expect(mine.tier.spend12m).toBeGreaterThanOrEqual(20_000_000);
    const quote = await shop.app.inject({
      method: 'POST',
      url: '/api/checkout/quote',
      headers,
      payload: { items: [{ kind: 'product', refId: (await scratch.db.selectFrom('products').select('id').where('price', '>=', 3_000_000).where('is_active', '=', 1).executeTakeFirstOrThrow()).id, quantity: 1 }], promoCode: 'VIP300K', fulfilment: { method: 'delivery', province: 'Hà Nội' } },
    });
    expect((quote.json() as { data: { promoError: unknown } }).data.promoError).toBeNull();

    expect(await seedDemoPoints(scratch.db, { now: NOW, customerEmail: CUSTOMER })).toBe(0);
    expect((await scratch.db.selectFrom('loyalty_sales').select('id').execute()).length).toBe(earned.length);
  });
});
