import type { CustomerLoyalty, LoyaltySettingsOverview } from 'shared-contracts/schemas';
import { createLoyaltyWorker } from '../../../src/modules/loyalty/loyaltyWorker';
import { lotExpiry } from '../../../src/modules/loyalty/loyaltyRules';
import { testDatabases, useFloor } from '../../support/floorTestKit';
import type { TestUser } from '../../support/serviceTestKit';

const HOUR = 3_600_000;
let keys = 0;
const newKey = () => `test-adjust-${Date.now()}-${(keys += 1)}`;

/**
 * The back office's members' points (issue 67 §1, §5): the admin's rules — a row per change, from now or later, never
 * the past, never rewriting an entry — and a customer's ledger with a manual adjustment by a manager or an admin: once
 * per request key, a lot when positive, a debit that never takes the balance below 0, even 12 at once.
 */
describe.each(testDatabases())('members’ points in the back office on $label', (target) => {
  const floor = useFloor(target);
  const customer = () => floor.users.customer.id;
  const ledgerUrl = (userId = customer()) => `/api/staff/customers/${userId}/loyalty`;
  const adjust = async (user: TestUser, body: Record<string, unknown>, key: string | null = newKey(), userId = customer()) =>
    floor.app.inject({
      method: 'POST',
      url: `${ledgerUrl(userId)}/adjustments`,
      headers: { ...(await floor.headers(user)), ...(key === null ? {} : { 'idempotency-key': key }) },
      payload: body,
    });
  const ledger = async (user: TestUser = floor.users.manager) => {
    const answer = await floor.request(user, 'GET', ledgerUrl());
    expect(answer.statusCode).toBe(200);
    return answer.json().data as CustomerLoyalty;
  };
  const balanceNow = async () => (await ledger()).balance;
  /** Gives or takes what brings the customer's balance to `target`. */
  const setBalance = async (target: number) => {
    const gap = target - (await balanceNow());
    if (gap !== 0) expect((await adjust(floor.users.admin, { points: gap, reason: 'Đưa số dư về mức thử nghiệm' })).statusCode).toBe(201);
    expect(await balanceNow()).toBe(target);
  };

  describe('a customer’s points, adjusted by hand', () => {
    it('shows the balance and the ledger to managers and admins only, and only a customer’s', async () => {
      const mine = await ledger();
      expect(mine).toMatchObject({ userId: customer(), fullName: 'Phạm Khách Hàng', pointValue: 10, page: 1, pageSize: 50 });
      expect((await floor.request(floor.users.admin, 'GET', ledgerUrl())).statusCode).toBe(200);
      for (const user of [floor.users.staff, floor.users.technician, floor.users.customer]) {
        expect((await floor.request(user, 'GET', ledgerUrl())).statusCode).toBe(403);
        expect((await adjust(user, { points: 10, reason: 'Tặng điểm khách thân thiết' })).statusCode).toBe(403);
      }
      expect((await floor.request(null, 'GET', ledgerUrl())).statusCode).toBe(401);
      expect((await floor.request(floor.users.manager, 'GET', ledgerUrl(floor.users.staff.id))).statusCode).toBe(404);
      expect((await floor.request(floor.users.manager, 'GET', ledgerUrl(9_999_999))).statusCode).toBe(404);
      const another = await adjust(floor.users.manager, { points: 10, reason: 'Tặng điểm khách thân thiết' }, newKey(), floor.users.admin.id);
      expect(another.statusCode).toBe(404);
      expect(another.json().message).toBe('Không tìm thấy khách hàng.');
    });

    it('gives points as a lot expiring like earned points, once per key, recorded with who gave them', async () => {
      const before = await balanceNow();
      const key = newKey();
      const body = { points: 500, reason: 'Bù điểm do lỗi hệ thống tháng 10' };
      const [first, second] = await Promise.all([adjust(floor.users.manager, body, key), adjust(floor.users.manager, body, key)]);
      expect([first.statusCode, second.statusCode].sort()).toEqual([200, 201]);
      expect(await balanceNow()).toBe(before + 500);
      const again = await adjust(floor.users.manager, body, key);
      expect(again.statusCode).toBe(200);
      expect(again.json().message).toBe('Điều chỉnh này đã được ghi trước đó.');
      expect((again.json().data as CustomerLoyalty).balance).toBe(before + 500);

      const [entry] = (await ledger()).entries;
      expect(entry).toMatchObject({ kind: 'ADJUST', kindLabel: 'Điều chỉnh', points: 500, reason: body.reason, actor: { id: floor.users.manager.id, fullName: 'Hoàng Quản Lý' } });
      expect(entry!.expiresAt).toBe(lotExpiry(floor.service.clock.now()).toISOString());
      const row = await floor.db.selectFrom('loyalty_entries').selectAll().where('id', '=', entry!.id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ kind: 'ADJUST', remaining: 500, actor_id: floor.users.manager.id });

      const reused = await adjust(floor.users.manager, { ...body, points: 600 }, key);
      expect(reused.statusCode).toBe(409);
      expect(reused.json().message).toMatch(/Mã yêu cầu đã được dùng/);

      // The key may come in the body instead of the header; without either nothing is written.
      const clientKey = newKey();
      expect((await adjust(floor.users.admin, { points: 20, reason: 'Tặng điểm sinh nhật', clientKey }, null)).statusCode).toBe(201);
      expect((await adjust(floor.users.admin, { points: 20, reason: 'Tặng điểm sinh nhật', clientKey }, null)).statusCode).toBe(200);
      const missing = await adjust(floor.users.admin, { points: 20, reason: 'Tặng điểm sinh nhật' }, null);
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message).toMatch(/Idempotency-Key/);
      expect(await balanceNow()).toBe(before + 520);
    });

    it('takes points from the soonest-expiring lots, and never below 0', async () => {
      await setBalance(300);
      const refused = await adjust(floor.users.manager, { points: -301, reason: 'Thu hồi điểm tặng nhầm' });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().message).toBe('Không thể trừ quá số điểm hiện có: khách hàng còn 300 điểm.');
      expect(refused.json().errors).toEqual([{ field: 'points', message: refused.json().message }]);
      expect(await balanceNow()).toBe(300);

      const taken = await adjust(floor.users.managerB, { points: -300, reason: 'Thu hồi điểm tặng nhầm' });
      expect(taken.statusCode).toBe(201);
      expect((taken.json().data as CustomerLoyalty).entries[0]).toMatchObject({ kind: 'ADJUST', points: -300, expiresAt: null, actor: { id: floor.users.managerB.id } });
      expect(await balanceNow()).toBe(0);
      const lots = await floor.db.selectFrom('loyalty_entries').select((eb) => eb.fn.sum<number | string | null>('remaining').as('left')).where('user_id', '=', customer()).executeTakeFirstOrThrow();
      expect(Number(lots.left ?? 0)).toBe(0);
    });

    it('lets 12 concurrent deductions against one balance take only what it holds', async () => {
      await setBalance(1_000);
      const answers = await Promise.all(Array.from({ length: 12 }, (_, index) => adjust(index % 2 === 0 ? floor.users.manager : floor.users.admin, { points: -300, reason: `Trừ điểm đồng thời số ${index + 1}` })));
      const codes = answers.map((answer) => answer.statusCode);
      expect(codes.filter((code) => code === 201)).toHaveLength(3);
      expect(codes.filter((code) => code === 422)).toHaveLength(9);
      expect(await balanceNow()).toBe(100);
      const lots = await floor.db.selectFrom('loyalty_entries').select((eb) => eb.fn.sum<number | string | null>('remaining').as('left')).where('user_id', '=', customer()).executeTakeFirstOrThrow();
      expect(Number(lots.left ?? 0)).toBe(100);
    });

    it('refuses an adjustment out of bounds or without a reason, in Vietnamese, naming the field', async () => {
      const refusal = async (body: Record<string, unknown>) => {
        const answer = await adjust(floor.users.manager, body);
        expect(answer.statusCode).toBe(400);
        return (answer.json().errors as { field: string; message: string }[]).map((error) => `${error.field}: ${error.message}`);
      };
      expect(await refusal({ points: 0, reason: 'Không có gì' })).toEqual(['points: Số điểm điều chỉnh phải là số nguyên khác 0.']);
      expect(await refusal({ points: 1.5, reason: 'Không có gì' })).toEqual(['points: Số điểm điều chỉnh phải là số nguyên khác 0.']);
      expect(await refusal({ points: 1_000_001, reason: 'Quá nhiều điểm' })).toEqual(['points: Số điểm điều chỉnh tối đa ±1.000.000.']);
      expect(await refusal({ points: -1_000_001, reason: 'Quá nhiều điểm' })).toEqual(['points: Số điểm điều chỉnh tối đa ±1.000.000.']);
      expect(await refusal({ points: 10, reason: ' abc ' })).toEqual(['reason: Lý do điều chỉnh tối thiểu 5 ký tự.']);
      expect(await refusal({ points: 10, reason: 'x'.repeat(301) })).toEqual(['reason: Lý do điều chỉnh tối đa 300 ký tự.']);
      expect(await refusal({ points: 10 })).toEqual(['reason: Vui lòng nhập lý do điều chỉnh.']);
    });
  });

  describe('the rules, changed by the admin', () => {
    const settings = async () => {
      const answer = await floor.request(floor.users.admin, 'GET', '/api/admin/loyalty/settings');
      expect(answer.statusCode).toBe(200);
      return answer.json().data as LoyaltySettingsOverview;
    };
    const change = (body: Record<string, unknown>, user: TestUser = floor.users.admin) => floor.request(user, 'POST', '/api/admin/loyalty/settings', body);
    const rules = { pointsPer1000: 2, pointValue: 15, redeemCapPercent: 40, redeemMinimum: 200 };

    it('answers the rules in force and their history to the admin only', async () => {
      const overview = await settings();
      expect(overview.current).toMatchObject({ pointsPer1000: 1, pointValue: 10, redeemCapPercent: 50, redeemMinimum: 100, changedBy: null });
      expect(overview.history.at(-1)).toEqual(overview.current);
      for (const user of [floor.users.manager, floor.users.staff, floor.users.customer]) {
        expect((await floor.request(user, 'GET', '/api/admin/loyalty/settings')).statusCode).toBe(403);
        expect((await change(rules, user)).statusCode).toBe(403);
      }
    });

    it('refuses values out of bounds and a past instant, in Vietnamese, naming the field', async () => {
      const refusal = async (body: Record<string, unknown>, status = 400) => {
        const answer = await change(body);
        expect(answer.statusCode).toBe(status);
        return (answer.json().errors as { field: string; message: string }[]).map((error) => `${error.field}: ${error.message}`);
      };
      expect(await refusal({ ...rules, pointsPer1000: 101 })).toEqual(['pointsPer1000: Số điểm cho mỗi 1.000 ₫ phải là số nguyên từ 0 đến 100.']);
      expect(await refusal({ ...rules, pointValue: 10_001 })).toEqual(['pointValue: Giá trị một điểm (₫) phải là số nguyên từ 0 đến 10.000 ₫.']);
      expect(await refusal({ ...rules, redeemCapPercent: -1 })).toEqual(['redeemCapPercent: Tối đa dùng điểm (% đơn hàng) phải là số nguyên từ 0 đến 100 %.']);
      expect(await refusal({ ...rules, redeemMinimum: 1_000_001 })).toEqual(['redeemMinimum: Số điểm tối thiểu để dùng phải là số nguyên từ 0 đến 1.000.000.']);
      expect(await refusal({ ...rules, pointsPer1000: 1.5 })).toEqual(['pointsPer1000: Số điểm cho mỗi 1.000 ₫ phải là số nguyên từ 0 đến 100.']);
      expect(await refusal({ ...rules, effectiveFrom: 'ngày mai' })).toEqual(['effectiveFrom: Áp dụng từ: thời điểm không hợp lệ.']);
      const past = new Date(floor.service.clock.now().getTime() - HOUR).toISOString();
      expect(await refusal({ ...rules, effectiveFrom: past }, 422)).toEqual(['effectiveFrom: Áp dụng từ: không được chọn thời điểm trong quá khứ (thay đổi không áp dụng hồi tố).']);
      expect((await settings()).history).toHaveLength(1);
    });

    it('adds a row per change, from now or later, and never rewrites an entry or a sale paid before', async () => {
      const worker = () => createLoyaltyWorker({ db: floor.db, clock: floor.service.clock });
      // A visit earned under the first rules, and one paid but not yet earned when the rules change.
      const earned = await floor.paidServiceInvoice();
      await worker().runRound();
      const pending = await floor.paidServiceInvoice();
      const entriesBefore = await floor.db.selectFrom('loyalty_entries').selectAll().orderBy('id').execute();
      const settingsBefore = await floor.db.selectFrom('loyalty_settings').selectAll().orderBy('id').execute();

      const now = floor.service.clock.now();
      const answer = await change(rules);
      expect(answer.statusCode).toBe(201);
      const later = new Date(now.getTime() + 24 * HOUR).toISOString();
      const upcoming = await change({ pointsPer1000: 3, pointValue: 20, redeemCapPercent: 30, redeemMinimum: 0, effectiveFrom: later });
      expect(upcoming.statusCode).toBe(201);
      const overview = upcoming.json().data as LoyaltySettingsOverview;
      expect(overview.history.map((row) => row.pointsPer1000)).toEqual([3, 2, 1]);
      expect(overview.history[0]).toMatchObject({ effectiveFrom: later, createdAt: now.toISOString(), changedBy: { id: floor.users.admin.id, fullName: 'Lê Quản Trị' } });
      expect(Date.parse(overview.history[1]!.effectiveFrom)).toBeGreaterThan(now.getTime());
      // Rows are added, none updated.
      expect((await floor.db.selectFrom('loyalty_settings').selectAll().orderBy('id').execute()).slice(0, settingsBefore.length)).toEqual(settingsBefore);

      floor.service.clock.advance(60_000);
      expect((await settings()).current).toMatchObject({ ...rules, changedBy: { id: floor.users.admin.id } });
      await worker().runRound();
      // What was written stays as it was; the visit paid before the change earns under the rules it was paid under.
      const entriesAfter = await floor.db.selectFrom('loyalty_entries').selectAll().orderBy('id').execute();
      expect(entriesAfter.slice(0, entriesBefore.length)).toEqual(entriesBefore);
      expect(entriesAfter.at(-1)).toMatchObject({ kind: 'EARN', points: Math.floor(pending.total / 1000) });
      expect(entriesBefore.filter((entry) => entry.kind === 'EARN').at(-1)!.points).toBe(Math.floor(earned.total / 1000));
      expect((await ledger()).pointValue).toBe(15);

      floor.service.clock.advance(24 * HOUR);
      expect((await settings()).current.pointsPer1000).toBe(3);
    });
  });
});
