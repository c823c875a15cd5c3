import type { LoyaltyKpis } from 'shared-contracts/schemas';
import { lotExpiry } from '../../../src/modules/loyalty/loyaltyRules';
import { creditLot, debit, holdMember } from '../../../src/modules/loyalty/pointsLedger';
import { createUser, type TestUser } from '../../support/serviceTestKit';
import { testDatabases, useFloor } from '../../support/floorTestKit';

/**
 * The points' KPIs (issue 67 §5) on a ledger simulated from known figures: five members over the first half of 2025,
 * each month's points issued, redeemed, returned, reversed, expired and deducted, and the liability at the month's end
 * (positive balances × a point's worth then), by Vietnamese month.
 */
describe.each(testDatabases())('the points’ KPIs on $label', (target) => {
  const floor = useFloor(target);
  let members: TestUser[] = [];

  const credit = (member: TestUser, points: number, at: string, kind: 'EARN' | 'RETURN' | 'ADJUST' | 'BONUS') =>
    floor.db.transaction().execute(async (trx) => {
      await holdMember(trx, member.id);
      await creditLot(trx, { userId: member.id, points, key: `kpi-${member.id}-${at}-${kind}`, reason: 'Mô phỏng', saleId: null, actorId: null, at: new Date(at), expiresAt: lotExpiry(new Date(at)), kind });
    });
  const take = (member: TestUser, points: number, at: string, kind: 'REDEEM' | 'EXPIRE' | 'REVERSE' | 'ADJUST') =>
    floor.db.transaction().execute(async (trx) => {
      await holdMember(trx, member.id);
      await debit(trx, { userId: member.id, points, kind, key: `kpi-${member.id}-${at}-${kind}`, reason: 'Mô phỏng', saleId: null, refundId: null, actorId: null, at: new Date(at) });
    });
  const kpis = async (query: string, user: TestUser = floor.users.admin) => {
    const answer = await floor.request(user, 'GET', `/api/admin/loyalty/kpis${query}`);
    return { status: answer.statusCode, body: answer.json() as { data: LoyaltyKpis; message: string } };
  };
  /** A refusal's status and the messages it says (its own and its fields'). */
  const refusal = async (query: string) => {
    const answer = await floor.request(floor.users.admin, 'GET', `/api/admin/loyalty/kpis${query}`);
    const body = answer.json() as { message: string; errors?: { message: string }[] };
    return { status: answer.statusCode, messages: [body.message, ...(body.errors ?? []).map((error) => error.message)] };
  };

  beforeAll(async () => {
    members = [];
    for (let index = 0; index < 5; index += 1) members.push(await createUser(floor.db, 'customer', `Thành viên ${index + 1}`));
    const [a, b, c, d, e] = members as [TestUser, TestUser, TestUser, TestUser, TestUser];
    // January: each earns 1.000.
    for (const member of members) await credit(member, 1_000, '2025-01-15T03:00:00.000Z', 'EARN');
    // February: A's bonus at 00:30 on 1 February in Vietnam (still 31 January in UTC); each redeems 300.
    await credit(a, 50, '2025-01-31T17:30:00.000Z', 'BONUS');
    for (const member of members) await take(member, 300, '2025-02-10T03:00:00.000Z', 'REDEEM');
    // March: each earns 500; B adjusted down 100, C up 200.
    for (const member of members) await credit(member, 500, '2025-03-05T03:00:00.000Z', 'EARN');
    await take(b, 100, '2025-03-06T03:00:00.000Z', 'ADJUST');
    await credit(c, 200, '2025-03-07T03:00:00.000Z', 'ADJUST');
    // April: a point is worth 20 ₫ from the 10th; D is given back 300 by a cancelled order.
    const base = await floor.db.selectFrom('loyalty_settings').selectAll().orderBy('effective_from').orderBy('id').limit(1).executeTakeFirstOrThrow();
    await floor.db
      .insertInto('loyalty_settings')
      .values({ points_per_1000: base.points_per_1000, point_value: 20, redeem_cap_percent: base.redeem_cap_percent, redeem_minimum: base.redeem_minimum, changed_by: null, effective_from: '2025-04-10T00:00:00.000Z' })
      .execute();
    await credit(d, 300, '2025-04-12T03:00:00.000Z', 'RETURN');
    // May: a refund takes 1.700 back from E, who has 1.200: E owes 500.
    await take(e, 1_700, '2025-05-20T03:00:00.000Z', 'REVERSE');
    // June: E earns 300 (still owing 200); 250 of A's expire at 23:59:59 on 30 June in Vietnam, 100 of B's at 00:00 on 1 July.
    await credit(e, 300, '2025-06-02T03:00:00.000Z', 'EARN');
    await take(a, 250, '2025-06-30T16:59:59.000Z', 'EXPIRE');
    await take(b, 100, '2025-06-30T17:00:00.000Z', 'EXPIRE');
  });

  it('answers each month’s points by what they did, and the liability at its end in ₫', async () => {
    const { status, body } = await kpis('?from=2025-01&to=2025-06');
    expect(status).toBe(200);
    const zero = { issued: 0, redeemed: 0, returned: 0, reversed: 0, expired: 0, deducted: 0 };
    expect(body.data).toEqual({
      from: '2025-01',
      to: '2025-06',
      months: [
        { ...zero, month: '2025-01', issued: 5_000, outstanding: 5_000, pointValue: 10, liability: 50_000 },
        { ...zero, month: '2025-02', issued: 50, redeemed: 1_500, outstanding: 3_550, pointValue: 10, liability: 35_500 },
        { ...zero, month: '2025-03', issued: 2_700, deducted: 100, outstanding: 6_150, pointValue: 10, liability: 61_500 },
        { ...zero, month: '2025-04', returned: 300, outstanding: 6_450, pointValue: 20, liability: 129_000 },
        { ...zero, month: '2025-05', reversed: 1_700, outstanding: 5_250, pointValue: 20, liability: 105_000 },
        { ...zero, month: '2025-06', issued: 300, expired: 250, outstanding: 5_000, pointValue: 20, liability: 100_000 },
      ],
      totals: { issued: 8_050, redeemed: 1_500, returned: 300, reversed: 1_700, expired: 250, deducted: 100 },
    });
  });

  it('starts a later range from the balances before it, for a manager too', async () => {
    const { status, body } = await kpis('?from=2025-03&to=2025-05', floor.users.manager);
    expect(status).toBe(200);
    expect(body.data.months.map((month) => [month.month, month.outstanding, month.liability])).toEqual([
      ['2025-03', 6_150, 61_500],
      ['2025-04', 6_450, 129_000],
      ['2025-05', 5_250, 105_000],
    ]);
    expect(body.data.totals).toEqual({ issued: 2_700, redeemed: 0, returned: 300, reversed: 1_700, expired: 0, deducted: 100 });
  });

  it('covers the last 12 months by default', async () => {
    const { status, body } = await kpis('');
    expect(status).toBe(200);
    expect(body.data.from).toBe('2025-12');
    expect(body.data.to).toBe('2026-11');
    expect(body.data.months).toHaveLength(12);
  });

  it('refuses a bad range in Vietnamese, and anyone but a manager or an admin', async () => {
    const refused = async (query: string, message: string) => {
      const { status, messages } = await refusal(query);
      expect(status).toBe(400);
      expect(messages).toContain(message);
    };
    await refused('?from=2023-01&to=2025-01', 'Chỉ xem được tối đa 24 tháng một lần.');
    await refused('?from=2025-13&to=2025-01', 'Tháng phải có dạng YYYY-MM (ví dụ 2026-11).');
    await refused('?from=2025-06&to=2025-01', 'Tháng bắt đầu phải trước hoặc bằng tháng kết thúc.');
    await refused('?from=2026-10&to=2026-12', 'Tháng kết thúc không được sau tháng hiện tại.');
    await refused('?from=2020-01', 'Chỉ xem được tối đa 24 tháng một lần.');
    expect((await kpis('?from=2025-01&to=2025-06', floor.users.staff)).status).toBe(403);
    expect((await kpis('?from=2025-01&to=2025-06', floor.users.customer)).status).toBe(403);
  });
});
