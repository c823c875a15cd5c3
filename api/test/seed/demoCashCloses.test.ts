import { DEMO_ACCOUNTS } from '../../seed/demoAccounts';
import { seed } from '../../seed';
import { testDatabases, useScratchDatabase } from '../support/testDatabases';

/**
 * The demo's cashier's closes: the manager's history has the last evenings in it, one short close with its reason,
 * and the clerk's open period starts at yesterday's close; a second seed adds none.
 */
describe.each(testDatabases())('the demo cash closes on $label', (target) => {
  const scratch = useScratchDatabase(target, { migrate: true });

  it('closes each counter at 18:30 over the last three days, one short with its reason, once', async () => {
    const now = new Date('2026-11-26T03:00:00Z');
    await seed(scratch.db, { now });
    const closes = await scratch.db.selectFrom('cash_closes').selectAll().orderBy('centre_id').orderBy('closed_at').execute();
    expect(closes.length).toBeGreaterThanOrEqual(3);
    expect(closes.length % 3).toBe(0);
    const short = closes.filter((close) => Number(close.difference) !== 0);
    expect(short).toHaveLength(1);
    expect(short[0]).toMatchObject({ reason: 'Thối nhầm tiền thừa cho khách, đã báo quản lý.' });
    expect(Number(short[0]!.difference)).toBe(-50_000);
    // Each counter's closes follow one another, the last at 18:30 yesterday in Vietnam (11:30 UTC).
    const last = closes.filter((close) => close.centre_id === closes[0]!.centre_id).at(-1)!;
    expect(new Date(last.closed_at).toISOString()).toBe('2026-11-25T11:30:00.000Z');
    const staff = DEMO_ACCOUNTS.find((account) => account.role === 'staff')!;
    const clerk = await scratch.db.selectFrom('users').select('id').where('email', '=', staff.email).executeTakeFirstOrThrow();
    expect(closes.some((close) => close.closed_by === clerk.id)).toBe(true);

    await seed(scratch.db, { now });
    expect(await scratch.db.selectFrom('cash_closes').select('id').execute()).toHaveLength(closes.length);
  });
});
