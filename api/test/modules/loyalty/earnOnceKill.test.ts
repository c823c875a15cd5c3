import { pointsFor } from '../../../src/modules/loyalty/loyaltyRules';
import { runChildRound, type KillPoint } from '../../support/killAtPoints';
import { seededRandom } from '../../support/seededRandom';
import { testDatabases, useScratchDatabase } from '../../support/testDatabases';
import { deliveredWebOrderRow } from '../../support/webOrderRows';

/**
 * Issue 67's test list: a sale earns its points once across two instances and kill -9. 200 paid web orders handed
 * over, of 20 members, reach the ledger as sale.paid events in waves while two worker processes (loyaltyEarnChild.ts)
 * run the loyalty worker against the same database: one runs throughout, the other is SIGKILLed a short random time
 * after each wave and started again, the last one run to completion. Each sale then has exactly one EARN entry, and
 * each member's balance is the sum of their sales' points. EARN_KILL_SEED=<n> replays a run's kill times.
 */

const SALES = 200;
const MEMBERS = 20;
/** Waves of sale events, one per kill. */
const KILLS = 8;
const CHILD_TIMEOUT_MS = 90_000;
const SEED = Number(process.env.EARN_KILL_SEED) || Math.floor(Math.random() * 2 ** 31);

jest.setTimeout(240_000);

describe.each(testDatabases())(`${SALES} paid sales earned by two workers, one killed ${KILLS} times (seed ${SEED}), on $label`, (target) => {
  const scratch = useScratchDatabase(target);
  const draw = seededRandom(SEED);
  /** Each sale's order id, member and amount. */
  const sales: { orderId: number; userId: number; amount: number; paymentId: number }[] = [];
  let paidAt = '';

  beforeAll(async () => {
    const db = scratch.db;
    const stamp = Date.now().toString(36).toUpperCase();
    paidAt = new Date(Date.now() - 3_600_000).toISOString();
    const members = await db
      .insertInto('users')
      // Not verified: no sign-up bonus among the points counted.
      .values(Array.from({ length: MEMBERS }, (_, index) => ({ email: `earn.${stamp}.${index}@example.vn`, password_hash: null, full_name: `Thành Viên ${index + 1}`, role: 'customer' as const, phone_number: null, email_verified_at: null })))
      .returning('id')
      .execute();
    // 50.000–150.000 ₫ each: 10 sales a member stay far below the first tier's spending.
    const amounts = Array.from({ length: SALES }, () => 1_000 * (50 + Math.floor(draw() * 101)) + Math.floor(draw() * 1_000));
    const orders = await db
      .insertInto('orders')
      .values(
        amounts.map((total, index) => ({
          ...deliveredWebOrderRow({
            code: `EK${stamp}${index}`,
            user_id: members[index % MEMBERS]!.id,
            status: 'DELIVERED',
            payment_method: 'VIETQR',
            payment_status: 'PAID',
            total,
            street: `${index} Trần Duy Hưng`,
            recipient_name: `Khách hàng ${index}`,
            phone: '0912345678',
            idempotency_key: `earn-kill-${stamp}-${index}`,
            request_hash: `earn-kill-${index}`,
            cancel_reason: null,
            paid_at: paidAt,
            created_at: paidAt,
            updated_at: paidAt,
          }),
          desk_centre_id: null,
        })),
      )
      .returning(['id', 'user_id', 'total'])
      .execute();
    const payments = await db
      .insertInto('sale_payments')
      .values(orders.map((order) => ({ order_id: order.id, service_invoice_id: null, amount: Number(order.total), method: 'BANK_TRANSFER', channel: 'SEPAY', reference: null, transaction_id: null, actor_id: null, paid_at: paidAt })))
      .returning(['id', 'order_id'])
      .execute();
    const paymentOf = new Map(payments.map((payment) => [payment.order_id, payment.id]));
    for (const order of orders) sales.push({ orderId: order.id, userId: order.user_id!, amount: Number(order.total), paymentId: paymentOf.get(order.id)! });
    sales.sort((a, b) => a.orderId - b.orderId);
  });

  /** The ledger announces the next wave of payments (sale.paid), as it writes them. */
  let announced = 0;
  const announceWave = async () => {
    const wave = sales.slice(announced, announced + Math.ceil(SALES / KILLS));
    announced += wave.length;
    if (wave.length === 0) return;
    await scratch.db
      .insertInto('sale_events')
      .values(wave.map((sale) => ({ kind: 'sale.paid', order_id: sale.orderId, service_invoice_id: null, amount: sale.amount, payment_id: sale.paymentId, refund_id: null, actor_id: null, created_at: paidAt })))
      .execute();
  };

  const runWorker = (round: number, killPoint: KillPoint | null) =>
    runChildRound({
      script: 'loyaltyEarnChild.ts',
      config: scratch.config,
      round,
      env: { EXPECT_SALES: String(SALES) },
      killPoint,
      timeoutMs: CHILD_TIMEOUT_MS,
      progress: () => `${announced} sales announced`,
    });

  it('earns each sale’s points exactly once, and each member’s balance is the sum of their sales’ points', async () => {
    const steady = runWorker(0, null);
    const kills: string[] = [];
    for (let kill = 0; kill < KILLS; kill += 1) {
      // Once the process is up, a wave of sales is announced; it is killed 5–120 ms later, amid the two workers' earning.
      const delay = 5 + Math.floor(draw() * 116);
      let fire: () => void = () => undefined;
      const point: KillPoint = { label: `${delay} ms after wave ${kill + 1}`, reached: () => true };
      const output = await runChildRound({
        script: 'loyaltyEarnChild.ts',
        config: scratch.config,
        round: kill + 1,
        // Killed, never done: the other worker may have earned every sale before the kill lands.
        env: { EXPECT_SALES: String(SALES), UNTIL_KILLED: '1' },
        killPoint: point,
        timeoutMs: CHILD_TIMEOUT_MS,
        watch: (check) => {
          fire = check;
          return () => undefined;
        },
        onLine: (line) => {
          if (line !== 'ready') return;
          void announceWave().then(() => setTimeout(() => fire(), delay));
        },
        progress: () => `${announced} sales announced`,
      });
      kills.push(`${point.label}: ${output.match(/^round /gm)?.length ?? 0} rounds done, ${[...output.matchAll(/"earned":(\d+)/g)].reduce((sum, match) => sum + Number(match[1]), 0)} sales earned`);
    }
    await announceWave();
    // The last one runs to completion beside the one that ran throughout.
    const [lastOutput, steadyOutput] = await Promise.all([runWorker(KILLS + 1, null), steady]);
    expect(lastOutput).toMatch(/^done$/m);
    expect(steadyOutput).toMatch(/^done$/m);
    expect(kills).toHaveLength(KILLS);

    const db = scratch.db;
    const loyaltySales = await db.selectFrom('loyalty_sales').selectAll().execute();
    expect(loyaltySales).toHaveLength(SALES);
    expect(loyaltySales.every((sale) => sale.status === 'EARNED')).toBe(true);
    const saleIdOf = new Map(loyaltySales.map((sale) => [sale.order_id!, sale.id]));
    const earned = await db.selectFrom('loyalty_entries').select(['loyalty_sale_id', 'user_id', 'points', 'entry_key']).where('kind', '=', 'EARN').execute();
    expect(earned).toHaveLength(SALES);
    const byLoyaltySale = new Map(earned.map((entry) => [entry.loyalty_sale_id!, entry]));
    expect(byLoyaltySale.size).toBe(SALES);
    for (const sale of sales) {
      const entry = byLoyaltySale.get(saleIdOf.get(sale.orderId)!);
      expect(entry).toMatchObject({ user_id: sale.userId, points: pointsFor(sale.amount, 1) });
    }
    // Every entry of these members is an earning: each balance is the sum of their sales' points, and so are their lots.
    const balances = await db
      .selectFrom('loyalty_entries')
      .select(['user_id', (eb) => eb.fn.sum<number | string>('points').as('balance'), (eb) => eb.fn.sum<number | string>('remaining').as('remaining'), (eb) => eb.fn.countAll<number | string>().as('entries')])
      .where('user_id', 'in', [...new Set(sales.map((sale) => sale.userId))])
      .groupBy('user_id')
      .execute();
    const expected = new Map<number, number>();
    for (const sale of sales) expected.set(sale.userId, (expected.get(sale.userId) ?? 0) + pointsFor(sale.amount, 1));
    expect(balances).toHaveLength(MEMBERS);
    for (const row of balances) {
      expect(Number(row.balance)).toBe(expected.get(row.user_id));
      expect(Number(row.remaining)).toBe(expected.get(row.user_id));
      expect(Number(row.entries)).toBe(SALES / MEMBERS);
    }
    const cursor = await db.selectFrom('loyalty_cursor').select('last_sale_event_id').executeTakeFirstOrThrow();
    const last = await db.selectFrom('sale_events').select((eb) => eb.fn.max('id').as('id')).executeTakeFirstOrThrow();
    expect(cursor.last_sale_event_id).toBe(Number(last.id));
  });
});
