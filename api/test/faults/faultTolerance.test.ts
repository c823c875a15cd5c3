import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { sql } from 'kysely';
import { createAccessTokens } from '../../src/security/accessTokens';
import { hashPassword } from '../../src/security/passwords';
import { systemClock } from '../../src/security/clock';
import { seedReference } from '../../seed';
import { startApiProcess, type ApiProcess } from '../support/apiProcess';
import { nginxPath, startBalancer, type Balancer } from '../support/nginxBalancer';
import { freePort, startRedis, stopRedis } from '../support/redisServer';
import { openEventStream, type SseStream } from '../support/sseClient';
import { setOnlineStock } from '../support/shopTestKit';
import { terminateSessions } from '../support/postgresSessions';
import { testDatabases, type ScratchDatabase } from '../support/testDatabases';

/**
 * The operator's scale-out under faults: two API processes on one PostgreSQL and one Redis, behind docker-compose's
 * own balancer configuration (scripts/docker/nginx-api-balancer.conf in Debian's nginx), while customers list,
 * open a product, add to and remove from their cart and check out with an Idempotency-Key (a failed checkout is
 * tried again with the same key, as the shop's page does). In turn: every PostgreSQL connection of the API is
 * terminated (a restart or failover), one instance is killed (-9) and started again, the other is stopped with
 * SIGTERM and started again, Redis is down for 20 s. The budgets (issue 69) are asserted; the figures are printed.
 *
 * PostgreSQL only (TEST_DATABASE_URL), and nginx (apt-get install nginx-light): CI has both and must not skip it.
 */

const postgres = testDatabases().find((target) => target.dialect === 'postgres');
const nginx = nginxPath();
const runnable = Boolean(postgres && nginx);

const CUSTOMERS = 12;
/** The drain window of a stopping instance (production's default is 5 s; the test keeps its run short). */
const DRAIN_MS = 1_500;
const REDIS_DOWN_MS = 20_000;
/** Budgets: the database connection drop is recovered within this; a restarted instance serves again within this. */
const RECOVERY_MS = 1_000;
const SERVES_AGAIN_MS = 2_000;
/**
 * A request the balancer sent to the killed process before it saw that process's connections close (a kept-alive
 * one is dropped when its FIN is read, milliseconds after the process is gone) was in flight as much as one sent
 * before the kill. Timed from the process's exit: on a loaded machine a killed process takes its time to go.
 */
const BALANCER_NOTICE_MS = 100;
/** Budget: a logout on one instance is refused by the other within this, Redis down or not. */
const REVOKED_WITHIN_MS = 2_000;
const PASSWORD = 'MatKhau@2026';

jest.setTimeout(300_000);

type Kind = 'list' | 'detail' | 'cart-add' | 'cart-remove' | 'checkout';

interface Attempt {
  kind: Kind;
  method: string;
  startedAt: number;
  endedAt: number;
  /** 0: no answer (the connection failed). */
  status: number;
  code?: string;
}

interface CheckoutKey {
  userId: number;
  key: string;
  tries: number;
  orderCode: string | null;
  /** When the answer that placed it arrived. */
  placedAt?: number;
  refused: number | null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const failed = (attempt: Attempt) => attempt.status === 0 || attempt.status >= 500;
const median = (values: number[]) => {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)]! : Number.NaN;
};

interface LogLine {
  time: number;
  msg?: string;
  url?: string;
  ms?: number;
}

/** A pino JSON line of the API's output; none for anything else (the kept output may begin mid-line). */
function parsedLogLine(line: string): LogLine[] {
  if (!line.startsWith('{"level"')) return [];
  try {
    return [JSON.parse(line) as LogLine];
  } catch {
    return [];
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const describeRunnable = runnable ? describe : describe.skip;

if (!runnable && process.env.CI) {
  // On CI a skipped fault test would pass unseen: it fails instead.
  it('runs the fault test on CI', () => {
    throw new Error(`the fault test needs PostgreSQL (TEST_DATABASE_URL) and nginx (apt-get install nginx-light): ${postgres ? '' : 'no TEST_DATABASE_URL '}${nginx ? '' : 'no nginx'}`);
  });
}

describeRunnable('two API instances behind the balancer survive database, process and Redis faults', () => {
  let scratch!: ScratchDatabase;
  let work = '';
  let redis: ChildProcess | null = null;
  let redisPort = 0;
  let balancer: Balancer | null = null;
  const instances: { a: ApiProcess | null; b: ApiProcess | null } = { a: null, b: null };
  const ports = { a: 0, b: 0 };
  const jwtSecret = randomBytes(48).toString('base64');

  const env = (name: 'a' | 'b'): Record<string, string> => ({
    NODE_ENV: 'development',
    JWT_SECRET: jwtSecret,
    DATABASE_URL: scratch.config.databaseUrl!,
    REDIS_URL: `redis://127.0.0.1:${redisPort}`,
    PORT: String(ports[name]),
    UPLOAD_DIR: path.join(work, name, 'uploads'),
    SQLITE_FILE: path.join(work, name, 'unused.sqlite'),
    SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
  });

  beforeAll(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'ev-faults-'));
    scratch = await postgres!.createMigrated();
    await sql`select setval(pg_get_serial_sequence('users', 'id'), ${randomInt(1_000_000, 1_000_000_000)})`.execute(scratch.db);
    await seedReference(scratch.db);
    redisPort = await freePort();
    redis = await startRedis(redisPort);
    [ports.a, ports.b] = [await freePort(), await freePort()];
    const [a, b] = await Promise.allSettled([startApiProcess(env('a'), { timeoutMs: 60_000 }), startApiProcess(env('b'), { timeoutMs: 60_000 })]);
    instances.a = a.status === 'fulfilled' ? a.value : null;
    instances.b = b.status === 'fulfilled' ? b.value : null;
    if (a.status === 'rejected') throw a.reason;
    if (b.status === 'rejected') throw b.reason;
    balancer = await startBalancer(work, [ports.a, ports.b], await freePort());
  }, 120_000);

  afterAll(async () => {
    await Promise.all([instances.a?.stop(), instances.b?.stop()]);
    await balancer?.stop();
    if (redis) await stopRedis(redis);
    await (scratch as ScratchDatabase | undefined)?.drop();
    if (work) rmSync(work, { recursive: true, force: true });
  }, 30_000);

  it('keeps every instance alive, loses and doubles no order, and recovers within the budgets', async () => {
    const base = `http://127.0.0.1:${balancer!.port}`;
    const products = await scratch.db.selectFrom('products').select(['id', 'slug']).where('is_active', '=', 1).orderBy('id').limit(12).execute();
    expect(products.length).toBeGreaterThan(3);
    for (const product of products) await setOnlineStock(scratch.db, product.id, 10_000_000);
    const tokens = createAccessTokens({ secret: jwtSecret, clock: systemClock });
    const customers: { userId: number; token: string }[] = [];
    for (let index = 0; index < CUSTOMERS; index += 1) {
      const user = await scratch.db
        .insertInto('users')
        .values({ email: `faults.${index}.${randomBytes(3).toString('hex')}@example.vn`, password_hash: null, full_name: `Khách ${index + 1}`, role: 'customer' })
        .returning('id')
        .executeTakeFirstOrThrow();
      customers.push({ userId: user.id, token: (await tokens.issue({ userId: user.id, role: 'customer' })).token });
    }

    const attempts: Attempt[] = [];
    const keys: CheckoutKey[] = [];
    let stopped = false;

    async function request(kind: Kind, method: string, url: string, token: string, body?: unknown, headers: Record<string, string> = {}) {
      const startedAt = Date.now();
      try {
        const response = await fetch(`${base}${url}`, {
          method,
          headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(15_000),
        });
        const text = await response.text();
        const json = text ? (JSON.parse(text) as { data?: { code?: string }; code?: string }) : {};
        attempts.push({ kind, method, startedAt, endedAt: Date.now(), status: response.status, code: json.code });
        return { status: response.status, json };
      } catch (error) {
        attempts.push({ kind, method, startedAt, endedAt: Date.now(), status: 0, code: (error as Error).name });
        return { status: 0, json: {} as { data?: { code?: string }; code?: string } };
      }
    }

    /** A checkout as the page does it: one key for the order until an answer says placed or refused. */
    async function checkout(customer: { userId: number; token: string }, turn: number): Promise<void> {
      const entry: CheckoutKey = { userId: customer.userId, key: randomUUID(), tries: 0, orderCode: null, refused: null };
      keys.push(entry);
      const first = products[turn % products.length]!;
      const second = products[(turn + 1) % products.length]!;
      const body = {
        items: [
          { kind: 'product', refId: first.id, quantity: 1 },
          { kind: 'product', refId: second.id, quantity: 2 },
        ],
        recipientName: 'Nguyễn Văn Khách',
        phone: '0912345678',
        fulfilment: { method: 'delivery', address: { province: 'Hà Nội', ward: 'Phường Cửa Nam', street: '12 Tràng Thi' } },
        paymentMethod: 'COD',
      };
      while (entry.tries < 60) {
        entry.tries += 1;
        const answer = await request('checkout', 'POST', '/api/orders', customer.token, body, { 'idempotency-key': entry.key });
        if (answer.status === 200 || answer.status === 201) {
          entry.orderCode = answer.json.data?.code ?? null;
          entry.placedAt = Date.now();
          return;
        }
        if (answer.status >= 400 && answer.status < 500) {
          entry.refused = answer.status;
          return;
        }
        await sleep(250);
      }
    }

    async function shop(customer: { userId: number; token: string }, index: number): Promise<void> {
      let turn = index;
      while (!stopped) {
        turn += 1;
        const product = products[turn % products.length]!;
        await request('list', 'GET', `/api/products?sort=popular&minPrice=${randomInt(0, 100_000)}`, customer.token);
        await request('detail', 'GET', `/api/products/${product.slug}`, customer.token);
        const added = await request('cart-add', 'POST', '/api/cart/items', customer.token, { kind: 'product', refId: product.id, quantity: 1 });
        if (added.status === 200 || added.status === 201) await request('cart-remove', 'DELETE', `/api/cart/items/product-${product.id}`, customer.token);
        await checkout(customer, turn);
        await sleep(100);
      }
    }

    const load = Promise.all(customers.map((customer, index) => shop(customer, index)));
    const failuresBetween = (from: number, to: number) => attempts.filter((attempt) => failed(attempt) && attempt.endedAt >= from && attempt.startedAt < to);
    const describeFailures = (list: Attempt[], since: number) =>
      list.map((attempt) => `${attempt.method} ${attempt.kind} ${attempt.status} ${attempt.code ?? ''} started +${attempt.startedAt - since} ms, ended +${attempt.endedAt - since} ms`).join('\n');
    const report: string[] = [];

    try {
      await sleep(4_000);
      expect(attempts.filter((attempt) => !failed(attempt)).length).toBeGreaterThan(20);

      // 1. Every PostgreSQL connection of the API ends at once (a restart, a failover, maintenance).
      const dropAt = Date.now();
      expect(await terminateSessions(scratch.config.databaseUrl!)).toBeGreaterThan(0);
      await sleep(4_000);
      expect(alive(instances.a!.pid)).toBe(true);
      expect(alive(instances.b!.pid)).toBe(true);
      const dropFailures = failuresBetween(dropAt, Date.now());
      const lastFailedStart = Math.max(dropAt, ...dropFailures.map((attempt) => attempt.startedAt));
      report.push(`database drop: ${dropFailures.length} failed answers, the last failed request started ${lastFailedStart - dropAt} ms after the drop`);
      // Only requests in flight at the drop, or begun before the pool had healed (the budget), may fail.
      expect(describeFailures(dropFailures.filter((attempt) => attempt.startedAt > dropAt + RECOVERY_MS), dropAt)).toBe('');

      // 2. kill -9 of one instance; it is started again on its port.
      const killAt = Date.now();
      process.kill(instances.a!.pid, 'SIGKILL');
      const goneAt = await instances.a!.exitedAt();
      await sleep(1_000);
      const restarted = startApiProcess(env('a'), { timeoutMs: 60_000 });
      instances.a = await restarted;
      // Ready: the process's own 'API listening' line. Served again: the arrival (its log line's time less its
      // duration) of the first customer's request the balancer sent it.
      const logLines = () => instances.a!.output().split('\n').flatMap((line) => parsedLogLine(line));
      // (The output kept is its last 64 KB: were the line gone already, now is when it was seen.)
      const readyAt = logLines().find((line) => line.msg === 'API listening')?.time ?? Date.now();
      let servedAgainAt = 0;
      while (Date.now() - readyAt < 10_000) {
        const first = logLines().find((line) => line.msg === 'request' && /^\/api\/(products|cart|orders)/.test(line.url ?? ''));
        if (first) {
          servedAgainAt = first.time - (first.ms ?? 0);
          break;
        }
        await sleep(20);
      }
      const killFailures = failuresBetween(killAt, Date.now());
      report.push(`kill -9: the process gone ${goneAt - killAt} ms after the signal, ${killFailures.length} failed answers (${killFailures.map((attempt) => `${attempt.method} ${attempt.kind}`).join(', ') || 'none'}); restarted instance served again ${Math.round(servedAgainAt - readyAt)} ms after it was ready`);
      expect(servedAgainAt).toBeGreaterThan(0);
      expect(servedAgainAt - readyAt).toBeLessThanOrEqual(SERVES_AGAIN_MS);
      // Only what was in flight on the killed instance fails, and never an idempotent request (the balancer retries it).
      expect(describeFailures(killFailures.filter((attempt) => attempt.method === 'GET' || attempt.method === 'DELETE' || attempt.startedAt > goneAt + BALANCER_NOTICE_MS), killAt)).toBe('');

      // 3. SIGTERM of the other instance: it drains, closes, and is started again. Not one request fails.
      await sleep(1_000);
      const termAt = Date.now();
      await instances.b!.stop(20_000);
      const stoppedAfterMs = Date.now() - termAt;
      instances.b = await startApiProcess(env('b'), { timeoutMs: 60_000 });
      await sleep(1_500);
      const termFailures = failuresBetween(termAt, Date.now());
      report.push(`SIGTERM: stopped after ${stoppedAfterMs} ms (drain ${DRAIN_MS} ms), ${termFailures.length} failed answers`);
      expect(describeFailures(termFailures, termAt)).toBe('');

      // 4. Redis down for 20 s: checkout's median stays within 20 % of what it was just before; nothing fails; a
      // customer's live stream on one instance hears of every order placed through either, and a stream reopened on
      // the other instance with Last-Event-ID gets what it missed while it was closed.
      const watcher = customers[0]!;
      // A customer signed in with a password (sign-in needs Redis: before the outage), logged out during it.
      const signInEmail = `faults.signin.${randomBytes(3).toString('hex')}@example.vn`;
      await scratch.db.insertInto('users').values({ email: signInEmail, password_hash: await hashPassword(PASSWORD), full_name: 'Trần Thị Đăng Nhập', role: 'customer' }).execute();
      const signIn = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: signInEmail, password: PASSWORD }) });
      expect(signIn.status).toBe(200);
      const session = ((await signIn.json()) as { data: { accessToken: string; refreshToken: string } }).data;
      const profileOn = (instance: ApiProcess) => fetch(`${instance.baseUrl}/api/auth/profile`, { headers: { authorization: `Bearer ${session.accessToken}` } }).then((response) => response.status);
      expect(await profileOn(instances.b!)).toBe(200);
      const streams: SseStream[] = [await openEventStream(instances.a.baseUrl, watcher.token)];
      const watchedFrom = Date.now();
      await sleep(5_000); // the restarted instance warms up
      const normalFrom = Date.now();
      await sleep(8_000);
      const redisDownAt = Date.now();
      await stopRedis(redis!);
      await sleep(REDIS_DOWN_MS / 4);
      const logout = await fetch(`${instances.a.baseUrl}/api/auth/logout`, {
        method: 'POST',
        headers: { authorization: `Bearer ${session.accessToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ refreshToken: session.refreshToken }),
      });
      expect(logout.status).toBe(200);
      const loggedOutAt = Date.now();
      let refusedAfterMs = -1;
      while (Date.now() - loggedOutAt < 5_000) {
        if ((await profileOn(instances.b!)) === 401) {
          refusedAfterMs = Date.now() - loggedOutAt;
          break;
        }
        await sleep(50);
      }
      report.push(`logout on one instance with Redis down: refused on the other after ${refusedAfterMs} ms`);
      expect(refusedAfterMs).toBeGreaterThanOrEqual(0);
      expect(refusedAfterMs).toBeLessThanOrEqual(REVOKED_WITHIN_MS);
      await sleep(Math.max(0, REDIS_DOWN_MS / 4 - (Date.now() - loggedOutAt)));
      const lastSeen = streams[0]!.ids().filter((id): id is string => id !== null).at(-1);
      streams[0]!.close();
      await sleep(1_000);
      streams.push(await openEventStream(instances.b!.baseUrl, watcher.token, '/api/appointments/events', lastSeen ? { 'last-event-id': lastSeen } : {}));
      await sleep(REDIS_DOWN_MS / 2 - 1_000);
      const redisUpAt = Date.now();
      redis = await startRedis(redisPort);
      await sleep(2_000);
      const heardBy = Date.now() - 1_000;
      // As the site's reader takes them: a frame whose id it handled already (a replay's look-back) is dropped.
      const handled = new Set<string>();
      const heard = streams.flatMap((stream) => {
        const ids = stream.ids();
        return stream.pending().flatMap((event, index) => {
          const id = ids[index];
          if (event.event !== 'order-status' || (id && handled.has(id))) return [];
          if (id) handled.add(id);
          return [(JSON.parse(event.data) as { code: string }).code];
        });
      });
      for (const stream of streams) stream.close();
      const placedForWatcher = keys.filter((entry) => entry.userId === watcher.userId && entry.orderCode !== null && entry.placedAt! >= watchedFrom && entry.placedAt! <= heardBy).map((entry) => entry.orderCode!);
      report.push(`live events: ${placedForWatcher.length} orders placed for the watching customer, ${heard.length} order-status events heard on two streams (one reopened with Last-Event-ID on the other instance)`);
      expect(placedForWatcher.length).toBeGreaterThan(3);
      expect(placedForWatcher.filter((code) => !heard.includes(code))).toEqual([]);
      // Once each: no order's event comes under two ids.
      expect(heard.filter((code, index) => heard.indexOf(code) !== index)).toEqual([]);
      const checkoutMs = (from: number, to: number) =>
        attempts.filter((attempt) => attempt.kind === 'checkout' && !failed(attempt) && attempt.startedAt >= from && attempt.startedAt < to).map((attempt) => attempt.endedAt - attempt.startedAt);
      const normal = checkoutMs(normalFrom, redisDownAt);
      const withoutRedis = checkoutMs(redisDownAt + 1_000, redisUpAt);
      const redisFailures = failuresBetween(redisDownAt, Date.now());
      report.push(
        `Redis down ${REDIS_DOWN_MS / 1000} s: checkout p50 ${median(normal)} ms before (${normal.length} orders), ${median(withoutRedis)} ms without Redis (${withoutRedis.length} orders); ${redisFailures.length} failed answers`,
      );
      expect(describeFailures(redisFailures, redisDownAt)).toBe('');
      expect(withoutRedis.length).toBeGreaterThan(10);
      // Within 20 %, and a few milliseconds of timer noise on a busy 2-core machine.
      expect(median(withoutRedis)).toBeLessThanOrEqual(median(normal) * 1.2 + 5);
    } finally {
      stopped = true;
      await load;
      console.log(`fault test figures:\n  ${report.join('\n  ')}`);
    }

    // No instance died but the one killed on purpose.
    expect(alive(instances.a!.pid)).toBe(true);
    expect(alive(instances.b!.pid)).toBe(true);
    // Every checkout ended with its order, none was refused, and the database holds exactly one order per key:
    // nothing lost, nothing doubled, no order the customer was not told of.
    expect(keys.filter((entry) => entry.refused !== null || entry.orderCode === null)).toEqual([]);
    const orders = await scratch.db
      .selectFrom('orders')
      .select(['code', 'idempotency_key'])
      .where(
        'user_id',
        'in',
        customers.map((customer) => customer.userId),
      )
      .execute();
    expect(orders.length).toBe(keys.length);
    const byKey = new Map(orders.map((order) => [order.idempotency_key, order.code]));
    expect(keys.filter((entry) => byKey.get(entry.key) !== entry.orderCode)).toEqual([]);
    const retried = keys.filter((entry) => entry.tries > 1).length;
    console.log(`fault test: ${attempts.length} requests, ${keys.length} orders, ${retried} placed after a retry with the same key; nginx: ${readFileSync(balancer!.errorLog, 'utf8').split('\n').filter((line) => / \[(error|crit|alert|emerg)\] /.test(line)).length} errors logged`);
  });
});
