import { notifyWithin, type NotifyInput } from '../../../src/modules/notifications/centre/notify';
import { toInternationalVietnamesePhone } from '../../../src/modules/notifications/channels/phone';
import { startProviderStandIn, type ProviderStandIn } from '../../support/idempotentProviderStandIn';
import { runChildRound, spreadKillPoints, type KillPoint } from '../../support/killAtPoints';
import { testDatabases, useScratchDatabase } from '../../support/testDatabases';
import { seededRandom } from '../../support/seededRandom';

/**
 * Issue 63: a fan-out of 1,000 deliveries (250 customers × 4 messages, half on Zalo ZNS, half on SMS) whose worker
 * process is killed with SIGKILL at random points, a new one started each time: with providers that honour the
 * idempotency keys (ZNS tracking_id, eSMS RequestId = the delivery), each customer receives each message exactly once
 * and every delivery ends sent. FANOUT_SEED=<n> replays a run's kill points (printed in the test's name).
 */

const CUSTOMERS = 250;
const MESSAGES = 4;
const DELIVERIES = CUSTOMERS * MESSAGES;
/** The kills: KILLS - 1 among the first sends, the last among the resends. */
const KILLS = 5;
/** A process that neither finishes nor reaches its kill point in this time is stuck. */
const CHILD_TIMEOUT_MS = 40_000;

const SEED = Number(process.env.FANOUT_SEED) || Math.floor(Math.random() * 2 ** 31);


jest.setTimeout(120_000);

describe.each(testDatabases())(`a fan-out of ${DELIVERIES} deliveries killed ${KILLS} times (seed ${SEED}), on $label`, (target) => {
  const scratch = useScratchDatabase(target);
  const draw = seededRandom(SEED);
  // The latencies from a generator of their own: the kill points stay the seed's whatever the timing.
  const latency = seededRandom(SEED ^ 0x5bd1e995);
  let standIn: ProviderStandIn;

  beforeAll(async () => {
    standIn = await startProviderStandIn(() => 5 + Math.floor(latency() * 36));
    const stamp = Date.now();
    const now = new Date();
    const userIds: number[] = [];
    for (let start = 0; start < CUSTOMERS; start += 50) {
      const rows = await scratch.db
        .insertInto('users')
        .values(
          Array.from({ length: Math.min(50, CUSTOMERS - start) }, (_, offset) => ({
            email: `khach.${start + offset}.${stamp}@example.vn`,
            password_hash: null,
            full_name: `Khách hàng ${start + offset}`,
            role: 'customer' as const,
            // 0386xxxxxx: a Vietnamese mobile number of its own per customer.
            phone_number: `0386${String(start + offset).padStart(6, '0')}`,
            date_of_birth: '1990-01-01',
            email_verified_at: now.toISOString(),
          })),
        )
        .returning('id')
        .execute();
      userIds.push(...rows.map((row) => row.id));
    }
    // Every second customer turned Zalo off and SMS on for orders: both providers' keys are exercised.
    const smsCustomers = userIds.filter((_, index) => index % 2 === 1);
    await scratch.db
      .insertInto('notification_preferences')
      .values(smsCustomers.flatMap((userId) => [{ user_id: userId, topic: 'order' as const, channel: 'zalo' as const, enabled: 0, updated_at: now.toISOString() }, { user_id: userId, topic: 'order' as const, channel: 'sms' as const, enabled: 1, updated_at: now.toISOString() }]))
      .execute();
    // The centre's path: each notification and its delivery written in one transaction.
    const inputs: NotifyInput[] = userIds.flatMap((userId) =>
      Array.from({ length: MESSAGES }, (_, index) => ({
        userId,
        kind: 'order_shipped' as const,
        title: `Đơn hàng FANOUT-${index + 1} đang được giao`,
        body: 'Đơn hàng của bạn đã rời kho.',
        link: `/orders/FANOUT-${index + 1}`,
        eventKey: `fanout:${index + 1}`,
      })),
    );
    await scratch.db.transaction().execute((trx) => notifyWithin(trx, inputs, now));
  });

  afterAll(async () => {
    await standIn?.close();
  });

  /**
   * Runs a worker process whose clock starts `round` leases later; with a kill point, kills it with SIGKILL the moment
   * a request that reaches the point arrives (that send in flight, others of its batch too); resolves its output.
   */
  const runWorker = (round: number, killPoint: KillPoint | null) =>
    runChildRound({
      script: 'fanOutCrashChild.ts',
      config: scratch.config,
      round,
      env: { ZALO_ZNS_API_URL: standIn.baseUrl, ESMS_API_URL: standIn.baseUrl },
      killPoint,
      timeoutMs: CHILD_TIMEOUT_MS,
      // The kill point is checked at each request's arrival at the stand-in.
      watch: (check) => {
        standIn.onRequest(() => check());
        return () => standIn.onRequest(null);
      },
      progress: () => `${standIn.delivered.size} delivered`,
    });

  it('each customer receives each message exactly once, and every delivery ends sent', async () => {
    const started = Date.now();
    // One kill point in each of the first fifths of the fan-out, counted in keys delivered (never-tried rows go first).
    const killPoints = spreadKillPoints(draw, KILLS, DELIVERIES, () => standIn.delivered.size, 'keys delivered');
    // The last one among the resends (the lapsed claims come after the untried rows): each earlier kill left at least
    // one send whose request had arrived, so at least KILLS - 1 resends come; killed at the n-th, that one goes a third time.
    const nthResend = 1 + Math.floor(draw() * (KILLS - 1));
    let repeatsBefore = 0;
    killPoints.push({ label: `at resend ${nthResend}`, reached: () => standIn.repeats() - repeatsBefore >= nthResend });
    const rounds: { kill: string; requests: number; repeats: number }[] = [];
    for (const [round, killPoint] of [...killPoints, null].entries()) {
      const requestsBefore = standIn.requests();
      repeatsBefore = standIn.repeats();
      const output = await runWorker(round, killPoint);
      rounds.push({ kill: killPoint?.label ?? 'none', requests: standIn.requests() - requestsBefore, repeats: standIn.repeats() - repeatsBefore });
      if (!killPoint) expect(output).toMatch(/^done \{"sent":\d+,"retried":0,"failed":0\}$/m);
    }

    const rows = await scratch.db
      .selectFrom('notification_deliveries')
      .innerJoin('notifications', 'notifications.id', 'notification_deliveries.notification_id')
      .innerJoin('users', 'users.id', 'notification_deliveries.user_id')
      .select(['notification_deliveries.id', 'notification_deliveries.channel', 'notification_deliveries.status', 'notification_deliveries.attempts', 'notifications.event_key', 'users.phone_number'])
      .execute();
    expect(rows).toHaveLength(DELIVERIES);
    expect(rows.filter((row) => row.status !== 'sent')).toEqual([]);
    expect(rows.filter((row) => row.channel === 'zalo')).toHaveLength(DELIVERIES / 2);
    expect(rows.filter((row) => row.channel === 'sms')).toHaveLength(DELIVERIES / 2);

    // Each row's key reached the stand-in, to its customer's phone, with its own message; no key beyond them.
    for (const row of rows) {
      const delivered = standIn.delivered.get(row.channel === 'zalo' ? `zalo:delivery-${row.id}` : `sms:${row.id}`);
      expect({ id: row.id, phone: delivered?.phone, message: /FANOUT-(\d+)$/.exec(delivered?.link ?? '')?.[1] }).toEqual({
        id: row.id,
        phone: toInternationalVietnamesePhone(row.phone_number),
        message: row.event_key.replace('fanout:', ''),
      });
    }
    expect(standIn.delivered.size).toBe(DELIVERIES);
    // Delivered to a customer: once per message (two keys of one message would be a second delivery).
    const perCustomerMessage = new Map<string, number>();
    for (const message of standIn.delivered.values()) {
      const pair = `${message.phone} ${/FANOUT-(\d+)$/.exec(message.link)?.[1]}`;
      perCustomerMessage.set(pair, (perCustomerMessage.get(pair) ?? 0) + 1);
    }
    expect(perCustomerMessage.size).toBe(DELIVERIES);
    expect([...perCustomerMessage.values()].every((count) => count === 1)).toBe(true);

    // Not vacuous: each kill cut off a send whose request had arrived, which the next process sent again (a repeat).
    const repeats = standIn.repeats();
    const resent = rows.filter((row) => row.attempts > 1).length;
    const mostRequests = Math.max(...rows.map((row) => standIn.requestsOf(row.channel === 'zalo' ? `zalo:delivery-${row.id}` : `sms:${row.id}`)));
    console.log(
      `fan-out on ${target.label}, seed ${SEED}: ${DELIVERIES} deliveries, ${KILLS} kills; ${standIn.requests()} requests, ${repeats} repeats, ` +
        `${resent} rows claimed more than once, a key sent up to ${mostRequests} times; ${Date.now() - started} ms; rounds ${JSON.stringify(rounds)}`,
    );
    expect(repeats).toBeGreaterThanOrEqual(KILLS);
    expect(mostRequests).toBeGreaterThanOrEqual(3);
    expect(standIn.requests()).toBe(DELIVERIES + repeats);
  });
});
