import type { LoyaltySummary, LoyaltyTierRulesOverview, Quote } from 'shared-contracts/schemas';
import { reviewTiers, memberTierOf } from '../../../src/modules/loyalty';
import { releaseEarnings } from '../../../src/modules/loyalty/saleEarnings';
import { spendWindowStart } from '../../../src/modules/loyalty/memberTiers';
import { useServiceAppWithAdmin } from '../../support/adminServiceKit';
import { createProduct, createPromotion, createUser, type TestUser } from '../../support/shopTestKit';
import { productionDatabase, useScratchDatabase } from '../../support/testDatabases';

const DAY = 86_400_000;

/**
 * Members' tiers (issue 67 §3, §5, §6): Thành viên, Bạc, Vàng, Kim cương from the spending of the last 12 months
 * (paid less refunded, VOID left out), reviewed in batches; a tier's multiplier applies to the next earning and never
 * rewrites an earned one; a change of the tiers' rules is not retroactive; a promotion may require a tier, and VIP is
 * Vàng or above.
 */
describe.each(productionDatabase())('members’ tiers on $label', (target) => {
  const scratch = useScratchDatabase(target, { seed: true });
  const shop = useServiceAppWithAdmin(scratch);

  const now = () => shop.service.clock.now();
  let orders = 0;
  /** A member's sale of `amount` ₫ paid `daysAgo` days ago (a web order handed over), as the ledger's events leave it. */
  async function sale(userId: number, amount: number, options: { daysAgo?: number; refunded?: number; status?: 'PENDING' | 'EARNED' | 'VOID'; at?: Date } = {}): Promise<number> {
    const paidAt = (options.at ?? new Date(now().getTime() - (options.daysAgo ?? 1) * DAY)).toISOString();
    orders += 1;
    const order = await scratch.db
      .insertInto('orders')
      .values({
        code: `EVT${process.pid}${orders}${Date.now() % 100_000}`,
        user_id: userId,
        status: options.status === 'VOID' ? 'CANCELLED' : 'DELIVERED',
        payment_method: 'COD',
        payment_status: 'PAID',
        subtotal: amount,
        total: amount,
        fulfilment_method: 'delivery',
        recipient_name: 'Khách thử',
        phone: '0912345678',
        idempotency_key: `tier-test-${orders}-${Date.now()}`,
        request_hash: 'x'.repeat(64),
        paid_at: paidAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const row = await scratch.db
      .insertInto('loyalty_sales')
      .values({ user_id: userId, order_id: order.id, service_invoice_id: null, amount, refunded: options.refunded ?? 0, status: options.status ?? 'EARNED', points: options.status === 'PENDING' ? null : 0, paid_at: paidAt })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }
  const member = () => createUser(shop.service.app, scratch.db);
  /** The admin's headers with a token of the clock's now (the tests move the clock by months). */
  const asAdmin = async () => ({ authorization: `Bearer ${(await shop.service.app.accessTokens.issue({ userId: shop.admin.id, role: 'admin' })).token}` });
  const changeTiers = async (payload: Record<string, number>) => shop.service.app.inject({ method: 'POST', url: '/api/admin/loyalty/tiers', headers: await asAdmin(), payload });
  const tierOf = async (user: TestUser) => (await memberTierOf(scratch.db, user.id, now())).tier;
  const summary = async (user: TestUser) => {
    const answer = await shop.service.app.inject({ method: 'GET', url: '/api/loyalty/me', headers: user.headers });
    expect(answer.statusCode).toBe(200);
    return (answer.json() as { data: LoyaltySummary }).data;
  };

  it('ranks members by the last 12 months’ spending: boundaries, refunds, old sales and void ones', async () => {
    const justSilver = await member();
    await sale(justSilver.id, 5_000_000);
    const almost = await member();
    await sale(almost.id, 4_999_999);
    const refunded = await member();
    await sale(refunded.id, 21_000_000, { refunded: 2_000_000 });
    const old = await member();
    await sale(old.id, 60_000_000, { at: new Date(spendWindowStart(now()).getTime() - 1) });
    await sale(old.id, 6_000_000, { daysAgo: 30 });
    const voided = await member();
    await sale(voided.id, 30_000_000, { status: 'VOID' });
    const diamond = await member();
    await sale(diamond.id, 30_000_000, { daysAgo: 300 });
    await sale(diamond.id, 20_000_000, { daysAgo: 2 });

    await reviewTiers(scratch.db, now());
    expect(await tierOf(justSilver)).toBe('SILVER');
    expect(await tierOf(almost)).toBe('MEMBER');
    expect(await tierOf(refunded)).toBe('SILVER');
    expect(await tierOf(old)).toBe('SILVER');
    expect(await tierOf(voided)).toBe('MEMBER');
    expect(await tierOf(diamond)).toBe('DIAMOND');

    // The member sees the tier, the spending and what the next tier needs.
    expect((await summary(refunded)).tier).toEqual({
      code: 'SILVER',
      label: 'Bạc',
      multiplierPercent: 110,
      spend12m: 19_000_000,
      next: { code: 'GOLD', label: 'Vàng', minSpend: 20_000_000, remaining: 1_000_000 },
    });
    expect((await summary(diamond)).tier).toMatchObject({ code: 'DIAMOND', label: 'Kim cương', multiplierPercent: 150, next: null });
    expect((await summary(almost)).tier).toMatchObject({ code: 'MEMBER', label: 'Thành viên', multiplierPercent: 100, next: { code: 'SILVER', remaining: 1 } });

    // 300 days on, the Kim cương member's older sale has left the window: down to Vàng, the change recorded.
    shop.service.clock.advance(70 * DAY);
    await reviewTiers(scratch.db, now());
    expect(await tierOf(diamond)).toBe('GOLD');
    const changes = await scratch.db.selectFrom('loyalty_tier_changes').select(['from_tier', 'to_tier']).where('user_id', '=', diamond.id).orderBy('id').execute();
    expect(changes).toEqual([
      { from_tier: 'MEMBER', to_tier: 'DIAMOND' },
      { from_tier: 'DIAMOND', to_tier: 'GOLD' },
    ]);
    // A review with nothing new writes nothing.
    const before = await scratch.db.selectFrom('loyalty_tier_changes').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
    expect((await reviewTiers(scratch.db, now())).changed).toBe(0);
    const after = await scratch.db.selectFrom('loyalty_tier_changes').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('earns the next sale at the new tier’s multiplier, and leaves what was earned as it was', async () => {
    const user = await member();
    const first = await sale(user.id, 1_000_000, { status: 'PENDING' });
    await releaseEarnings(scratch.db, now());
    const earned = (id: number) => scratch.db.selectFrom('loyalty_sales').select(['points', 'tier']).where('id', '=', id).executeTakeFirstOrThrow();
    const lot = (id: number) => scratch.db.selectFrom('loyalty_entries').select('points').where('entry_key', '=', `earn-sale-${id}`).executeTakeFirstOrThrow();
    expect(await earned(first)).toEqual({ points: 1_000, tier: 'MEMBER' });

    await sale(user.id, 25_000_000, { daysAgo: 3 });
    await reviewTiers(scratch.db, now());
    expect(await tierOf(user)).toBe('GOLD');
    const second = await sale(user.id, 1_234_567, { status: 'PENDING', daysAgo: 0 });
    await releaseEarnings(scratch.db, now());
    // 1.234 points ×1,25 = 1.543,2 → 1.543 (rounded down once).
    expect(await earned(second)).toEqual({ points: 1_543, tier: 'GOLD' });
    expect((await lot(second)).points).toBe(1_543);
    expect((await lot(first)).points).toBe(1_000);
    expect(await earned(first)).toEqual({ points: 1_000, tier: 'MEMBER' });
  });

  it('changes the tiers’ rules from now on only, and refuses rules out of order', async () => {
    const bad = await changeTiers({ silverMinSpend: 5_000_000, goldMinSpend: 5_000_000, diamondMinSpend: 50_000_000, silverMultiplierPercent: 110, goldMultiplierPercent: 125, diamondMultiplierPercent: 301 });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('Mức chi tiêu tối thiểu phải tăng dần: Bạc < Vàng < Kim cương.');
    expect(JSON.stringify(bad.json())).toContain('Hệ số điểm hạng Kim cương (%) phải là số nguyên từ 100 đến 300.');

    const user = await member();
    await sale(user.id, 8_000_000, { daysAgo: 5 });
    await reviewTiers(scratch.db, now());
    expect(await tierOf(user)).toBe('SILVER');
    const paidBefore = await sale(user.id, 1_000_000, { status: 'PENDING', daysAgo: 0 });

    const changed = await changeTiers({ silverMinSpend: 10_000_000, goldMinSpend: 30_000_000, diamondMinSpend: 80_000_000, silverMultiplierPercent: 200, goldMultiplierPercent: 250, diamondMultiplierPercent: 300 });
    expect(changed.statusCode).toBe(201);
    const overview = (changed.json() as { data: LoyaltyTierRulesOverview }).data;
    expect(overview.history).toHaveLength(2);
    expect(overview.history[0]!.changedBy).toEqual({ id: shop.admin.id, fullName: 'Trần Thị Mua Hàng' });
    expect(overview.history[0]!.tiers.find((tier) => tier.code === 'SILVER')).toEqual({ code: 'SILVER', label: 'Bạc', minSpend: 10_000_000, multiplierPercent: 200 });

    // Paid before the change: earned at the Bạc multiplier of then (×1,1), not the new ×2.
    shop.service.clock.advance(60_000);
    await releaseEarnings(scratch.db, now());
    expect((await scratch.db.selectFrom('loyalty_sales').select('points').where('id', '=', paidBefore).executeTakeFirstOrThrow()).points).toBe(1_100);
    // Paid after: the new multiplier.
    const paidAfter = await sale(user.id, 1_000_000, { status: 'PENDING', daysAgo: 0 });
    await releaseEarnings(scratch.db, now());
    expect((await scratch.db.selectFrom('loyalty_sales').select('points').where('id', '=', paidAfter).executeTakeFirstOrThrow()).points).toBe(2_000);
    // The next review reads the new minimums: 10.000.000 ₫ spent is still Bạc; 8.000.000 would not be.
    await reviewTiers(scratch.db, now());
    expect(await tierOf(user)).toBe('SILVER');
    const light = await member();
    await sale(light.id, 8_000_000, { daysAgo: 5 });
    await reviewTiers(scratch.db, now());
    expect(await tierOf(light)).toBe('MEMBER');

    // Back to the first rules, for the tests after this one.
    const restored = await changeTiers({ silverMinSpend: 5_000_000, goldMinSpend: 20_000_000, diamondMinSpend: 50_000_000, silverMultiplierPercent: 110, goldMultiplierPercent: 125, diamondMultiplierPercent: 150 });
    expect(restored.statusCode).toBe(201);
    shop.service.clock.advance(60_000);
    expect((await shop.service.app.inject({ method: 'GET', url: '/api/admin/loyalty/tiers', headers: (await member()).headers })).statusCode).toBe(403);
  });

  it('refuses a Vàng-only promotion to a Bạc member and gives it to a Vàng one; VIP is Vàng or above', async () => {
    // On the wall clock, where createPromotion lays its windows, before the members' tokens are issued.
    shop.service.clock.set(new Date());
    const product = await createProduct(scratch.db, { price: 500_000, stock: 20 });
    const goldOnly = await createPromotion(scratch.db, { value: 50_000, perCustomerLimit: 5 });
    await scratch.db.updateTable('promotions').set({ min_tier: 'GOLD' }).where('code', '=', goldOnly).execute();
    const vip = await createPromotion(scratch.db, { value: 30_000, eligibility: 'vip', perCustomerLimit: 5 });
    const silver = await member();
    await sale(silver.id, 6_000_000);
    const gold = await member();
    await sale(gold.id, 22_000_000);
    await reviewTiers(scratch.db, now());
    const quote = async (user: TestUser, promoCode: string) => {
      const answer = await shop.service.app.inject({
        method: 'POST',
        url: '/api/checkout/quote',
        headers: user.headers,
        payload: { items: [{ kind: 'product', refId: product.id, quantity: 1 }], promoCode, fulfilment: { method: 'delivery', province: 'Hà Nội' } },
      });
      expect(answer.statusCode).toBe(200);
      return (answer.json() as { data: Quote }).data;
    };
    expect((await quote(silver, goldOnly)).promoError).toEqual({ code: 'PROMO_TIER_REQUIRED', message: 'Khuyến mãi dành cho thành viên hạng Vàng trở lên.' });
    const accepted = await quote(gold, goldOnly);
    expect(accepted.promoError).toBeNull();
    expect(accepted.discount).toBe(50_000);
    expect((await quote(silver, vip)).promoError?.code).toBe('PROMO_VIP_ONLY');
    expect((await quote(gold, vip)).promoError).toBeNull();
  });

  it('reviews 2.000 simulated members in batches, each to the tier of their spending', async () => {
    const count = 2_000;
    const stamp = Date.now();
    const users: number[] = [];
    for (let index = 0; index < count; index += 250) {
      const rows = await scratch.db
        .insertInto('users')
        .values(Array.from({ length: Math.min(250, count - index) }, (_, offset) => ({ email: `tier.${stamp}.${index + offset}@example.vn`, password_hash: null, full_name: 'Khách mô phỏng', role: 'customer' as const })))
        .returning('id')
        .execute();
      users.push(...rows.map((row) => row.id));
    }
    // Spending from 0 to 59.970.000 ₫ by steps of 30.000 ₫, in one or two sales.
    const spendOf = (index: number) => index * 30_000;
    const expected = (spend: number) => (spend >= 50_000_000 ? 'DIAMOND' : spend >= 20_000_000 ? 'GOLD' : spend >= 5_000_000 ? 'SILVER' : 'MEMBER');
    const paidAt = new Date(now().getTime() - 10 * DAY).toISOString();
    const sales: { userId: number; amount: number }[] = [];
    users.forEach((userId, index) => {
      const spend = spendOf(index);
      if (spend === 0) return;
      if (index % 2 === 0) sales.push({ userId, amount: spend });
      else sales.push({ userId, amount: spend - 10_000 }, { userId, amount: 10_000 });
    });
    for (let index = 0; index < sales.length; index += 200) {
      const chunk = sales.slice(index, index + 200);
      const made = await scratch.db
        .insertInto('orders')
        .values(
          chunk.map((one, offset) => ({
            code: `EVS${stamp % 1_000_000}${index + offset}`,
            user_id: one.userId,
            status: 'DELIVERED',
            payment_method: 'COD',
            payment_status: 'PAID',
            subtotal: one.amount,
            total: one.amount,
            fulfilment_method: 'delivery' as const,
            recipient_name: 'Khách mô phỏng',
            phone: '0912345678',
            idempotency_key: `tier-sim-${stamp}-${index + offset}`,
            request_hash: 'x'.repeat(64),
            paid_at: paidAt,
          })),
        )
        .returning('id')
        .execute();
      await scratch.db
        .insertInto('loyalty_sales')
        .values(chunk.map((one, offset) => ({ user_id: one.userId, order_id: made[offset]!.id, service_invoice_id: null, amount: one.amount, status: 'EARNED', points: 0, paid_at: paidAt })))
        .execute();
    }
    const started = Date.now();
    const review = await reviewTiers(scratch.db, now());
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(review.reviewed).toBeGreaterThanOrEqual(count);
    const rows = await scratch.db.selectFrom('member_tiers').select(['user_id', 'tier', 'spend_12m']).where('user_id', '>=', users[0]!).where('user_id', '<=', users.at(-1)!).execute();
    const byUser = new Map(rows.map((row) => [row.user_id, row]));
    const wrong = users.filter((userId, index) => (byUser.get(userId)?.tier ?? 'MEMBER') !== expected(spendOf(index)));
    expect(wrong).toEqual([]);
    expect(users.every((userId, index) => Number(byUser.get(userId)?.spend_12m ?? 0) === spendOf(index))).toBe(true);
    const changed = await scratch.db.selectFrom('loyalty_tier_changes').select((eb) => eb.fn.countAll<number | string>().as('n')).where('user_id', '>=', users[0]!).where('user_id', '<=', users.at(-1)!).executeTakeFirstOrThrow();
    expect(Number(changed.n)).toBe(users.filter((_, index) => expected(spendOf(index)) !== 'MEMBER').length);
  });

  it('answers the latest 100 changes of the tiers’ rules, and the rules in force even when older', async () => {
    const inYear = new Date(now().getTime() + 365 * DAY);
    const planned = Array.from({ length: 101 }, (_, index) => ({
      silver_min_spend: 5_000_000,
      gold_min_spend: 20_000_000,
      diamond_min_spend: 50_000_000,
      silver_multiplier: 110,
      gold_multiplier: 125,
      diamond_multiplier: 150,
      changed_by: shop.admin.id,
      effective_from: new Date(inYear.getTime() + index * 60_000).toISOString(),
      created_at: now().toISOString(),
    }));
    const ids = (await scratch.db.insertInto('loyalty_tier_rules').values(planned).returning('id').execute()).map((row) => row.id);
    try {
      const answer = await shop.service.app.inject({ method: 'GET', url: '/api/admin/loyalty/tiers', headers: await asAdmin() });
      expect(answer.statusCode).toBe(200);
      const overview = (answer.json() as { data: LoyaltyTierRulesOverview }).data;
      expect(overview.history).toHaveLength(100);
      expect(overview.history.every((change) => Date.parse(change.effectiveFrom) >= inYear.getTime())).toBe(true);
      expect(ids).not.toContain(overview.current.id);
      expect(Date.parse(overview.current.effectiveFrom)).toBeLessThanOrEqual(now().getTime());
    } finally {
      await scratch.db.deleteFrom('loyalty_tier_rules').where('id', 'in', ids).execute();
    }
  });
});
