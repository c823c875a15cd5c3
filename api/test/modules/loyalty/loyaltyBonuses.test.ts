import type { LoyaltySettingsOverview, LoyaltySummary } from 'shared-contracts/schemas';
import { giveBirthdayBonuses } from '../../../src/modules/loyalty';
import { birthdaysOn } from '../../../src/modules/loyalty/birthdayBonus';
import { lotExpiry } from '../../../src/modules/loyalty/loyaltyRules';
import { createLoyaltyWorker } from '../../../src/modules/loyalty/loyaltyWorker';
import { createUser } from '../../support/serviceTestKit';
import { productionDatabase, useFloor } from '../../support/floorTestKit';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * Sign-up and birthday bonuses as earning rules (issue 67 §3): a customer verified while the rules give a sign-up bonus
 * gets it once, under the rules of their verification (never one verified before the bonus existed); a customer gets
 * the birthday bonus once a year on their birthday in Vietnam (29 February's on 28 February of a common year), and is
 * told; both are BONUS lots the member sees as "Thưởng".
 */
describe.each(productionDatabase())('sign-up and birthday bonuses on $label', (target) => {
  const floor = useFloor(target);
  const worker = () => createLoyaltyWorker({ db: floor.db, clock: floor.service.clock });
  const entriesOf = (userId: number) => floor.db.selectFrom('loyalty_entries').selectAll().where('user_id', '=', userId).orderBy('id').execute();
  let ruleFrom: Date;

  const customer = async (patch: { verifiedAt?: Date | null; dateOfBirth?: string; disabled?: boolean; role?: 'customer' | 'staff' } = {}) => {
    const user = await createUser(floor.db, patch.role ?? 'customer', 'Khách Thưởng');
    await floor.db
      .updateTable('users')
      .set({
        email_verified_at: patch.verifiedAt === undefined ? null : patch.verifiedAt === null ? null : patch.verifiedAt.toISOString(),
        date_of_birth: patch.dateOfBirth ?? null,
        disabled_at: patch.disabled ? floor.service.clock.now().toISOString() : null,
      })
      .where('id', '=', user.id)
      .execute();
    return user;
  };

  beforeAll(async () => {
    // The bonuses (the first rules': sign-up 50, birthday 100) given to customers verified from 10 days before the floor's clock.
    ruleFrom = new Date(floor.service.clock.now().getTime() - 10 * DAY);
    await floor.db.updateTable('loyalty_cursor').set({ signups_from: ruleFrom.toISOString() }).where('id', '=', 1).execute();
  });

  it('gives a verified customer the sign-up bonus once, under the rules of their verification, never retroactively', async () => {
    const now = floor.service.clock.now();
    const before = await customer({ verifiedAt: new Date(ruleFrom.getTime() - DAY) });
    const fresh = await customer({ verifiedAt: new Date(now.getTime() - HOUR) });
    const unverified = await customer();
    const staffer = await customer({ role: 'staff', verifiedAt: new Date(now.getTime() - HOUR) });

    await Promise.all([worker().runRound(), worker().runRound()]);
    await worker().runRound();

    const given = await entriesOf(fresh.id);
    expect(given).toHaveLength(1);
    expect(given[0]).toMatchObject({ kind: 'BONUS', points: 50, remaining: 50, reason: 'Thưởng đăng ký thành viên', entry_key: `signup-${fresh.id}` });
    expect(new Date(given[0]!.expires_at!).toISOString()).toBe(lotExpiry(now).toISOString());
    expect(await entriesOf(before.id)).toHaveLength(0);
    expect(await entriesOf(unverified.id)).toHaveLength(0);
    expect(await entriesOf(staffer.id)).toHaveLength(0);

    // The admin raises it: the customer already given keeps theirs, the next one verified gets the new bonus.
    const changed = await floor.request(floor.users.admin, 'POST', '/api/admin/loyalty/settings', { pointsPer1000: 1, pointValue: 10, redeemCapPercent: 50, redeemMinimum: 100, signupBonus: 80 });
    expect(changed.statusCode).toBe(201);
    const overview = changed.json().data as LoyaltySettingsOverview;
    expect(overview.history.find((change) => change.changedBy?.id === floor.users.admin.id)).toMatchObject({ signupBonus: 80, birthdayBonus: 100 });
    floor.service.clock.advance(60_000);
    const later = await customer({ verifiedAt: floor.service.clock.now() });
    // Verified later, once the round has gone by: given at the next round.
    await worker().runRound();
    expect((await entriesOf(later.id)).map((entry) => entry.points)).toEqual([80]);
    expect((await entriesOf(fresh.id)).map((entry) => entry.points)).toEqual([50]);
  });

  it('shows the bonus to the member as “Thưởng”', async () => {
    const member = await customer({ verifiedAt: floor.service.clock.now() });
    await worker().runRound();
    const answer = await floor.request(member, 'GET', '/api/loyalty/me');
    expect(answer.statusCode).toBe(200);
    const summary = answer.json().data as LoyaltySummary;
    expect(summary.balance).toBe(80);
    expect(summary.history[0]).toMatchObject({ kind: 'BONUS', kindLabel: 'Thưởng', points: 80, reason: 'Thưởng đăng ký thành viên' });
  });

  it('gives each customer the birthday bonus once a year on their birthday in Vietnam, and tells them', async () => {
    // 19/11/2026 in Vietnam (07:00 there is 00:00 UTC).
    const morning = new Date('2026-11-19T01:00:00.000Z');
    const today = await customer({ dateOfBirth: '1990-11-19' });
    const tomorrow = await customer({ dateOfBirth: '1990-11-20' });
    const disabled = await customer({ dateOfBirth: '1991-11-19', disabled: true });
    const deps = { db: floor.db, events: floor.service.events, now: morning };

    expect(await giveBirthdayBonuses(deps)).toBeGreaterThanOrEqual(1);
    expect(await giveBirthdayBonuses({ ...deps, now: new Date(morning.getTime() + 2 * HOUR) })).toBe(0);

    const given = await entriesOf(today.id);
    expect(given).toHaveLength(1);
    expect(given[0]).toMatchObject({ kind: 'BONUS', points: 100, remaining: 100, reason: 'Thưởng sinh nhật', entry_key: `birthday-${today.id}-2026` });
    expect(await entriesOf(tomorrow.id)).toHaveLength(0);
    expect(await entriesOf(disabled.id)).toHaveLength(0);
    const told = await floor.db.selectFrom('notifications').select(['title', 'body', 'link', 'topic']).where('user_id', '=', today.id).where('kind', '=', 'loyalty_birthday_bonus').execute();
    expect(told).toEqual([
      {
        title: 'Chúc mừng sinh nhật! Bạn được tặng 100 điểm thưởng',
        body: 'Nhân dịp sinh nhật, cửa hàng tặng bạn 100 điểm thưởng. Hãy dùng điểm khi đặt hàng hoặc thanh toán dịch vụ.',
        link: '/loyalty',
        topic: 'payment',
      },
    ]);

    // Next year, once again.
    expect(await giveBirthdayBonuses({ ...deps, now: new Date('2027-11-19T02:00:00.000Z') })).toBeGreaterThanOrEqual(1);
    expect((await entriesOf(today.id)).map((entry) => entry.entry_key)).toEqual([`birthday-${today.id}-2026`, `birthday-${today.id}-2027`]);
  });

  it('celebrates 29 February on 28 February of a common year, and on the day itself in a leap year', async () => {
    expect(birthdaysOn('2027-02-28')).toEqual(['02-28', '02-29']);
    expect(birthdaysOn('2028-02-28')).toEqual(['02-28']);
    expect(birthdaysOn('2028-02-29')).toEqual(['02-29']);
    expect(birthdaysOn('2100-02-28')).toEqual(['02-28', '02-29']);

    const leapling = await customer({ dateOfBirth: '2000-02-29' });
    const run = (iso: string) => giveBirthdayBonuses({ db: floor.db, events: floor.service.events, now: new Date(iso) });
    // 28/02/2027 08:00 in Vietnam; then 01/03/2027; 28/02/2028 (a leap year: not yet); 29/02/2028.
    await run('2027-02-28T01:00:00.000Z');
    await run('2027-03-01T01:00:00.000Z');
    await run('2028-02-28T01:00:00.000Z');
    expect((await entriesOf(leapling.id)).map((entry) => entry.entry_key)).toEqual([`birthday-${leapling.id}-2027`]);
    await run('2028-02-29T01:00:00.000Z');
    expect((await entriesOf(leapling.id)).map((entry) => entry.entry_key)).toEqual([`birthday-${leapling.id}-2027`, `birthday-${leapling.id}-2028`]);
  });
});
