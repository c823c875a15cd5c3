import { formatCalendarDate, vietnamDateOf, type LoyaltySummary } from 'shared-contracts/schemas';
import { noticeExpiringPoints } from '../../../src/modules/loyalty';
import { createLoyaltyWorker } from '../../../src/modules/loyalty/loyaltyWorker';
import { lotExpiry, pointsKept } from '../../../src/modules/loyalty/loyaltyRules';
import { creditLot, debit, holdMember } from '../../../src/modules/loyalty/pointsLedger';
import { testDatabases, useFloor } from '../../support/floorTestKit';

const DAY = 86_400_000;

/**
 * Members' points as a ledger (issue 67 §1–2): a paid service invoice earns its member's points once, whatever the
 * number of workers; a refund takes back exactly its share, a whole refund every point, and a balance a refund left
 * negative is paid by the next earning first; earned lots expire oldest first 12 months on; a change of the rules
 * never touches points earned under the old ones.
 */
describe.each(testDatabases())('members’ points on $label', (target) => {
  const floor = useFloor(target);
  const worker = () => createLoyaltyWorker({ db: floor.db, clock: floor.service.clock });
  const member = () => floor.users.customer.id;
  const summary = async () => {
    const answer = await floor.request(floor.users.customer, 'GET', '/api/loyalty/me');
    expect(answer.statusCode).toBe(200);
    return answer.json().data as LoyaltySummary;
  };
  const entries = () => floor.db.selectFrom('loyalty_entries').selectAll().where('user_id', '=', member()).orderBy('id').execute();
  const refund = (orderId: number, amount: number) => floor.request(floor.users.manager, 'POST', `/api/service-orders/${orderId}/invoice/refunds`, { amount, method: 'CASH', reason: 'Bớt phí do chờ lâu' });
  const balanceNow = async () => (await summary()).balance;

  it('earns a paid visit’s points once, across two workers and repeated rounds, and shows them to the member', async () => {
    const before = await balanceNow();
    const sale = await floor.paidServiceInvoice();
    await Promise.all([worker().runRound(), worker().runRound(), worker().runRound()]);
    await worker().runRound();
    const points = Math.floor(sale.total / 1000);
    const earned = (await entries()).filter((entry) => entry.kind === 'EARN');
    expect(earned.map((entry) => entry.points).at(-1)).toBe(points);
    expect(earned.filter((entry) => entry.entry_key === earned.at(-1)!.entry_key)).toHaveLength(1);

    const mine = await summary();
    expect(mine.balance).toBe(before + points);
    expect(mine.pointValue).toBe(10);
    expect(mine.balanceValue).toBe(mine.balance * 10);
    expect(mine.history[0]).toMatchObject({ kind: 'EARN', kindLabel: 'Tích điểm', points, reason: 'Tích điểm dịch vụ' });
    expect(mine.history[0]!.expiresAt).toBe(lotExpiry(floor.service.clock.now()).toISOString());
    expect(mine.expiring.at(-1)).toEqual({ points, expiresAt: lotExpiry(floor.service.clock.now()).toISOString() });
    expect((await floor.request(floor.users.staff, 'GET', '/api/loyalty/me')).statusCode).toBe(403);
  });

  it('takes back exactly a partial refund’s share, and every point with the rest refunded', async () => {
    const sale = await floor.paidServiceInvoice();
    await worker().runRound();
    const points = Math.floor(sale.total / 1000);
    const start = await balanceNow();
    const lastBefore = (await entries()).at(-1)!.id;
    const first = Math.floor(sale.total / 3);
    expect((await refund(sale.orderId, first)).statusCode).toBe(201);
    await worker().runRound();
    const share = points - pointsKept(points, sale.total, first);
    expect(await balanceNow()).toBe(start - share);
    expect((await entries()).at(-1)).toMatchObject({ kind: 'REVERSE', points: -share, reason: 'Trừ điểm do hoàn tiền' });

    expect((await refund(sale.orderId, sale.total - first)).statusCode).toBe(201);
    await worker().runRound();
    await worker().runRound();
    expect(await balanceNow()).toBe(start - points);
    const reversals = (await entries()).filter((entry) => entry.id > lastBefore);
    expect(reversals.map((entry) => entry.kind)).toEqual(['REVERSE', 'REVERSE']);
    expect(reversals.reduce((sum, entry) => sum + entry.points, 0)).toBe(-points);
  });

  it('lets a refund of spent points leave the balance negative, and the next earning pays it first', async () => {
    const sale = await floor.paidServiceInvoice();
    await worker().runRound();
    // Spend every point the member has (as a redemption will), then refund the whole visit.
    const all = await balanceNow();
    await floor.db.transaction().execute(async (trx) => {
      await holdMember(trx, member());
      await debit(trx, { userId: member(), points: all, kind: 'REDEEM', key: `test-redeem-${sale.orderId}`, reason: 'Dùng điểm', saleId: null, refundId: null, actorId: null, at: floor.service.clock.now() });
    });
    expect(await balanceNow()).toBe(0);
    expect((await refund(sale.orderId, sale.total)).statusCode).toBe(201);
    await worker().runRound();
    const debt = Math.floor(sale.total / 1000);
    expect(await balanceNow()).toBe(-debt);

    const next = await floor.paidServiceInvoice();
    await worker().runRound();
    const earned = Math.floor(next.total / 1000);
    expect(await balanceNow()).toBe(earned - debt);
    const lot = (await entries()).filter((entry) => entry.kind === 'EARN').at(-1)!;
    expect(lot.remaining).toBe(Math.max(0, earned - debt));
  });

  it('earns under the rules in force when the sale was paid, never a later change’s', async () => {
    const sale = await floor.paidServiceInvoice();
    // The rules change before the worker earns the sale: five points per 1.000 ₫ from now on.
    await floor.db.insertInto('loyalty_settings').values({ points_per_1000: 5, point_value: 20, redeem_cap_percent: 50, redeem_minimum: 100, changed_by: floor.users.admin.id, effective_from: new Date(floor.service.clock.now().getTime() + 1).toISOString() }).execute();
    floor.service.clock.advance(60_000);
    await worker().runRound();
    const earnedBefore = (await entries()).filter((entry) => entry.kind === 'EARN').at(-1)!;
    expect(earnedBefore.points).toBe(Math.floor(sale.total / 1000));

    const later = await floor.paidServiceInvoice();
    await worker().runRound();
    expect((await entries()).filter((entry) => entry.kind === 'EARN').at(-1)!.points).toBe(Math.floor((later.total * 5) / 1000));
    expect((await summary()).pointValue).toBe(20);
    // The earlier lot is as it was.
    expect((await floor.db.selectFrom('loyalty_entries').select('points').where('id', '=', earnedBefore.id).executeTakeFirstOrThrow()).points).toBe(earnedBefore.points);
  });
  // Last: it moves the floor's clock a year on (bookings are made for the floor's day).
  it('expires lots oldest first 12 months after earning, what is left of each, on a simulated year', async () => {
    // A clean slate: what the member has expires (or what they owe is settled by hand).
    // Twice: the sign-up bonus the first round gives (the member's verification is in the past now) expires by the second.
    for (let turn = 0; turn < 2; turn += 1) {
      floor.service.clock.advance(400 * DAY);
      await worker().runRound();
    }
    const start = floor.service.clock.now().getTime();
    const lot = (points: number, daysIn: number, key: string) =>
      floor.db.transaction().execute(async (trx) => {
        await holdMember(trx, member());
        const at = new Date(start + daysIn * DAY);
        await creditLot(trx, { userId: member(), points, key, reason: 'Tích điểm dịch vụ', saleId: null, actorId: null, at, expiresAt: lotExpiry(at) });
      });
    const owed = -(await balanceNow());
    if (owed > 0) await lot(owed, 0, `test-settle-${start}`);
    expect(await balanceNow()).toBe(0);

    // Three lots earned 90 days apart, as a member servicing every quarter would.
    const lots = [1_200, 800, 500];
    for (const [index, points] of lots.entries()) await lot(points, index * 90, `test-lot-${start}-${index}`);
    // Spent 270 days in: it comes from the oldest lot.
    floor.service.clock.advance(270 * DAY);
    const spent = 700;
    await floor.db.transaction().execute(async (trx) => {
      await holdMember(trx, member());
      await debit(trx, { userId: member(), points: spent, kind: 'REDEEM', key: `test-redeem-${start}`, reason: 'Dùng điểm', saleId: null, refundId: null, actorId: null, at: floor.service.clock.now() });
    });
    expect(await balanceNow()).toBe(2_500 - spent);
    expect((await summary()).expiring.map((next) => next.points)).toEqual([500, 800, 500]);

    // 25 days before the first lot's date: the member is told once what expires and when.
    floor.service.clock.advance(70 * DAY);
    const deps = () => ({ db: floor.db, events: floor.service.events, now: floor.service.clock.now() });
    expect(await noticeExpiringPoints(deps())).toBeGreaterThanOrEqual(1);
    await noticeExpiringPoints(deps());
    const expiryDay = formatCalendarDate(vietnamDateOf(lotExpiry(new Date(start))));
    const told = await floor.db.selectFrom('notifications').select(['title', 'body', 'link']).where('user_id', '=', member()).where('kind', '=', 'loyalty_points_expiring').execute();
    expect(told).toEqual([{ title: '500 điểm thưởng sắp hết hạn', body: `500 điểm thưởng của bạn sẽ hết hạn vào ngày ${expiryDay}. Hãy dùng điểm khi đặt hàng trước ngày này.`, link: '/loyalty' }]);

    // 12 months after the first lot: its unspent 500 go, the others stay.
    floor.service.clock.advance(26 * DAY);
    await worker().runRound();
    expect(await balanceNow()).toBe(1_300);
    expect((await entries()).at(-1)).toMatchObject({ kind: 'EXPIRE', points: -500, reason: 'Điểm hết hạn' });
    expect((await summary()).expiring.map((next) => next.points)).toEqual([800, 500]);

    // Past every lot's date: nothing is left, and each lot expired once.
    floor.service.clock.advance(200 * DAY);
    await worker().runRound();
    await worker().runRound();
    expect(await balanceNow()).toBe(0);
    expect((await summary()).expiring).toEqual([]);
    expect((await entries()).filter((entry) => entry.kind === 'EXPIRE' && Date.parse(String(entry.created_at)) >= 0).slice(-3).map((entry) => entry.points)).toEqual([-500, -800, -500]);
  });
});
