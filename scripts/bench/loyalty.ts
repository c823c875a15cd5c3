import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { insertBenchCustomers, loadApi, loadLoyaltyNightly, openBenchDatabase, stockWarehouse, type Database } from './benchApi.ts';
import { insertPaidSales } from './benchSales.ts';
import { percentile, round, runBench, serveBenchApi, startBenchApi } from './benchProcess.ts';
import { runCustomers, type CustomerLoadResult, type CustomerStep } from './customerLoad.ts';
import { FLOOR_CHECKS, floorLoad, p95Of, type FloorReady } from './floorLoad.ts';
import { benchService, seedFloor } from './floorSeed.ts';
import { benchEachDatabaseInItsOwnProcess, scratchDatabase } from './scratchDatabase.ts';

/**
 * `npm run bench:loyalty`: the members' points budgets (issue 67). The API runs in a child process on a scratch seeded
 * database (production's settings, its loyalty worker on).
 *
 *   quote:    BENCH_CUSTOMERS (default 20) members, each with 100.000 points, quote a checkout of two products in a loop
 *             for BENCH_SECONDS (default 20), every other quote using 500 points (POST /api/checkout/quote with and
 *             without `points`, interleaved so both see the same load). Budget: the p95 with points within 10 % of
 *             the p95 without.
 *   nightly:  BENCH_MEMBERS (default 100,000) members with a paid sale each over the last 13 months and 4 lots each
 *             earned over the last year and a day (a day's lots, ~1/366 of them, fall due), then the nightly run in the
 *             API process — every member's tier reviewed (reviewTiers) and the lots due expired (expireLots until
 *             none is left) — while 10 staff and 10 technicians work the floor (bench:einvoices' load). Budgets: the
 *             run < 60 s, and the floor's p95 during it within its budgets (day view and board 20 ms, checklist
 *             answer 15 ms); the floor alone for BENCH_SECONDS is printed beside it.
 *
 * BENCH_LOYALTY_PARTS: any of 'quote,nightly' (default both). BENCH_LOYALTY_DATABASES: 'sqlite' (default), 'postgres'
 * or 'sqlite,postgres' (each in a process of its own; BENCH_POSTGRES_URL's server). Exit code 1 when a budget fails.
 */
const BUDGETS = { quoteWithinPercent: 10, nightlySeconds: 60 };
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const LOTS_PER_MEMBER = 4;
const PARTS = new Set((process.env.BENCH_LOYALTY_PARTS ?? 'quote,nightly').split(',').map((part) => part.trim()));
const DATABASES_SETTING = 'BENCH_LOYALTY_DATABASES';
const DATABASES = (process.env[DATABASES_SETTING] ?? 'sqlite').split(',').map((name) => name.trim()).filter(Boolean);
const POINTS_USED = 500;
/** The lots that fall due at the nightly run carry this expiry until the parent asks for the run (the worker must not take them first). */
const NOT_YET = '2099-01-01T00:00:00.000Z';
const DAY_MS = 86_400_000;

type Db = Kysely<Database>;

interface ServerReady extends FloorReady {
  port: number;
  tokens: string[];
  productIds: number[];
  members: number;
  lotsDue: number;
}

interface NightlyResult {
  reviewMs: number;
  expireMs: number;
  /** Lots this run expired (the worker's rounds, every 5 s, take some of them meanwhile). */
  expired: number;
  /** Lots still due once the run ended. */
  leftDue: number;
  tiers: Array<{ tier: string; members: number }>;
}

// ---- The server (child process) -------------------------------------------------------------------------

/** A lot of `points` for each member, as creditLot writes an ADJUST (key, remaining, expiry), set-based. */
async function giveLots(db: Db, userIds: readonly number[], points: number, now: Date): Promise<void> {
  const expiresAt = new Date(now.getTime() + 300 * DAY_MS).toISOString();
  await db
    .insertInto('loyalty_entries')
    .values(userIds.map((userId) => ({ user_id: userId, kind: 'ADJUST', points, loyalty_sale_id: null, refund_id: null, entry_key: `bench-gift-${userId}`, reason: 'Điểm thử tải', actor_id: null, remaining: points, expires_at: expiresAt, created_at: now.toISOString() })))
    .execute();
}

/**
 * MEMBERS customers (bench.loyalty.<n>@example.vn) with a paid service visit each (its loyalty_sales row EARNED, of
 * 0–19.500.000 ₫, paid over the last 13 months) and LOTS_PER_MEMBER lots each, earned over the last 366 days; those
 * earned more than a year ago carry NOT_YET as their expiry. Answers how many lots fall due.
 */
async function insertMembers(db: Db, now: Date): Promise<number> {
  const { centreId, ...service } = await benchService(db);
  const postgres = Boolean(process.env.BENCH_DATABASE_URL);
  // `seconds` (an SQL expression) before or after now, as the instant column's type stores it on each database.
  const shifted = (seconds: string, sign: '+' | '-') =>
    sql.raw(postgres ? `timestamptz '${now.toISOString()}' ${sign} (${seconds}) * interval '1 second'` : `strftime('%Y-%m-%dT%H:%M:%fZ', '${now.toISOString()}', '${sign}' || (${seconds}) || ' seconds')`);
  // Members for a year: verified before the sign-up bonus began (its worker gives them none).
  const yearAgoIso = new Date(now.getTime() - 366 * DAY_MS).toISOString();
  const yearAgo = sql.raw(postgres ? `timestamptz '${yearAgoIso}'` : `'${yearAgoIso}'`);
  const notYet = sql.raw(postgres ? `timestamptz '${NOT_YET}'` : `'${NOT_YET}'`);
  await sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${sql.raw(String(MEMBERS))})
    insert into users (email, password_hash, full_name, role, email_verified_at, created_at, updated_at)
    select 'bench.loyalty.' || i || '@example.vn', null, 'Thành viên ' || i, 'customer', ${yearAgo}, ${yearAgo}, ${yearAgo} from n`.execute(db);
  await insertPaidSales(db, { prefix: 'L', count: MEMBERS, centreId, service, paidAt: (index) => new Date(now.getTime() - DAY_MS - (index % 395) * DAY_MS - (index % 86_400) * 1000), ledger: false });
  // The visits' sales, a member's each (the n-th member's the n-th invoice), of 0–60.000.000 ₫ so every tier has members.
  await sql`insert into loyalty_sales (user_id, order_id, service_invoice_id, amount, refunded, status, points, reversed, settings_id, paid_at, earned_at)
    select u.id, null, i.id, ((u.id * 7919) % 121) * 500000, 0, 'EARNED', ((u.id * 7919) % 121) * 500, 0, 1, i.paid_at, i.paid_at
    from (select id, row_number() over (order by id) as k from users where email like 'bench.loyalty.%') u
    inner join (select id, paid_at, row_number() over (order by id) as k from service_invoices where code like 'HDL%') i on i.k = u.k`.execute(db);
  // LOTS_PER_MEMBER lots each, earned at spread instants over the last 366 days (those older than 365 days fall due).
  for (let lot = 0; lot < LOTS_PER_MEMBER; lot += 1) {
    const age = `((u.id * 7919 + ${lot * 104_729}) % 31622400)`;
    await sql`insert into loyalty_entries (user_id, kind, points, loyalty_sale_id, refund_id, order_id, entry_key, reason, actor_id, remaining, expires_at, created_at)
      select u.id, 'EARN', 100, null, null, null, ${sql.raw(`'bench-lot-${lot}-'`)} || u.id, 'Tích điểm dịch vụ', null, 100,
        case when ${sql.raw(age)} > 31536000 then ${notYet} else ${shifted(`31536000 - ${age}`, '+')} end, ${shifted(age, '-')}
      from users u where u.email like 'bench.loyalty.%'`.execute(db);
  }
  if (postgres) await sql`analyze`.execute(db);
  const due = await db.selectFrom('loyalty_entries').select((eb) => eb.fn.countAll<number | string>().as('n')).where('expires_at', '=', NOT_YET).executeTakeFirstOrThrow();
  return Number(due.n);
}

async function runServer(): Promise<void> {
  const { buildApp, seed } = await loadApi();
  const { reviewTiers, expireLots } = await loadLoyaltyNightly();
  const { db, config } = await openBenchDatabase();
  await seed(db);
  const app = buildApp({ db, logger: false, context: { config } });
  const now = new Date();
  await stockWarehouse(db, 10_000_000);
  const products = await db.selectFrom('products').select('id').where('is_active', '=', 1).orderBy('id').limit(12).execute();
  const customerIds = await insertBenchCustomers(db, CUSTOMERS, 'loyalty-quote');
  await giveLots(db, customerIds, 100_000, now);
  const tokens: string[] = [];
  for (const userId of customerIds) tokens.push((await app.accessTokens.issue({ userId, role: 'customer' })).token);
  const { centreId, ...service } = await benchService(db);
  const floor = await seedFloor(db, app, { prefix: 'loyalty', centreId, service, staff: 10, technicians: 10, ordersPerTechnician: 4, now });
  const lotsDue = PARTS.has('nightly') ? await insertMembers(db, now) : 0;

  process.on('message', (message) => {
    if (!(message && typeof message === 'object' && 'nightly' in message)) return;
    void (async (): Promise<NightlyResult> => {
      const runAt = new Date();
      await db.updateTable('loyalty_entries').set({ expires_at: new Date(runAt.getTime() - 1000).toISOString() }).where('expires_at', '=', NOT_YET).execute();
      const reviewing = performance.now();
      await reviewTiers(db, runAt);
      const reviewMs = performance.now() - reviewing;
      const expiring = performance.now();
      let expired = 0;
      for (let round = await expireLots(db, runAt); round > 0; round = await expireLots(db, runAt)) expired += round;
      const expireMs = performance.now() - expiring;
      const left = await db.selectFrom('loyalty_entries').select((eb) => eb.fn.countAll<number | string>().as('n')).where('remaining', '>', 0).where('expires_at', '<=', runAt.toISOString()).executeTakeFirstOrThrow();
      const tiers = await db.selectFrom('member_tiers').select(['tier', (eb) => eb.fn.countAll<number | string>().as('n')]).groupBy('tier').execute();
      return { reviewMs, expireMs, expired, leftDue: Number(left.n), tiers: tiers.map((row) => ({ tier: row.tier, members: Number(row.n) })) };
    })().then((nightly) => process.send?.({ nightly }));
  });
  await serveBenchApi(app, db, { ...floor, tokens, productIds: products.map((product) => product.id), members: PARTS.has('nightly') ? MEMBERS : 0, lotsDue } satisfies Omit<ServerReady, 'port'>);
}

// ---- The measurements (parent process) ------------------------------------------------------------------

function quoteSteps({ tokens, productIds }: ServerReady): CustomerStep[] {
  const quote = (points: number | undefined) => (customer: number, turn: number) => ({
    method: 'POST' as const,
    path: '/api/checkout/quote',
    headers: { authorization: `Bearer ${tokens[customer]}` },
    body: {
      items: [
        { kind: 'product', refId: productIds[(customer + turn) % productIds.length], quantity: 1 },
        { kind: 'product', refId: productIds[(customer + turn + 1) % productIds.length], quantity: 2 },
      ],
      fulfilment: { method: 'delivery', province: turn % 2 ? 'Hà Nội' : 'Lào Cai' },
      ...(points === undefined ? {} : { points }),
    },
  });
  return [
    { label: 'quote', build: quote(undefined), expect: [200] },
    { label: 'quote with points', build: quote(POINTS_USED), expect: [200] },
  ];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main(): Promise<void> {
  if (benchEachDatabaseInItsOwnProcess(DATABASES, DATABASES_SETTING, import.meta.url)) return;
  const kind = DATABASES[0] ?? 'sqlite';
  console.log(`bench:loyalty on ${kind === 'postgres' ? 'PostgreSQL' : 'SQLite'}; ${cpus().length} CPU(s); load average ${loadavg().map((value) => value.toFixed(2)).join(' ')}`);
  let failed = false;
  const verdict = (ok: boolean, text: string) => {
    if (!ok) failed = true;
    console.log(`  ${ok ? '✔' : '✘'} ${text}`);
  };
  const scratch = await scratchDatabase(kind, 'loyalty', DATABASES_SETTING);
  const filling = performance.now();
  // From source: the nightly run (tier review, lots' expiry) runs in the server part when asked by IPC.
  const api = await startBenchApi<ServerReady>(import.meta.url, { BENCH_DATA_DIR: path.dirname(scratch.sqliteFile), BENCH_DATABASE_URL: scratch.databaseUrl ?? '' }, { api: 'source' });
  const origin = `http://127.0.0.1:${api.ready.port}`;
  try {
    console.log(`API: ${origin}; ${api.ready.members} members and their lots filled in ${round((performance.now() - filling) / 1000)} s (with the seed and the API's start)`);
    const unexpected: string[] = [];
    const keep = (results: readonly CustomerLoadResult[]) => {
      for (const result of results) for (const answer of result.unexpected) unexpected.push(`${answer.label} ${answer.status} ${answer.body.slice(0, 160)}`);
      return results;
    };

    if (PARTS.has('quote')) {
      const steps = quoteSteps(api.ready);
      await runCustomers({ origin, customers: CUSTOMERS, steps, seconds: 3 });
      const [load] = keep([await runCustomers({ origin, customers: CUSTOMERS, steps, seconds: SECONDS })]);
      const p95 = (label: string) => percentile([...(load!.byStep.get(label) ?? [])].sort((a, b) => a - b), 95);
      const without = p95('quote');
      const withPoints = p95('quote with points');
      console.log(`\nCheckout quote, ${CUSTOMERS} members for ${SECONDS} s: ${load!.all.length} quotes (${round((load!.all.length / load!.elapsedMs) * 1000)} a second)`);
      console.log(`  p95 without points ${round(without)} ms, with ${POINTS_USED} points ${round(withPoints)} ms`);
      verdict(withPoints <= without * (1 + BUDGETS.quoteWithinPercent / 100), `quote with points p95 ${round(((withPoints - without) / without) * 100)} % from without (budget within ${BUDGETS.quoteWithinPercent} %)`);
    }

    if (PARTS.has('nightly')) {
      const alone = keep(await floorLoad(origin, api.ready, SECONDS));
      let nightly: NightlyResult | null = null;
      const answered = new Promise<NightlyResult>((resolve) => {
        const answer = (message: unknown) => {
          if (!(message && typeof message === 'object' && 'nightly' in message)) return;
          api.child.off('message', answer);
          resolve((message as { nightly: NightlyResult }).nightly);
        };
        api.child.on('message', answer);
      });
      void answered.then((result) => (nightly = result));
      const started = Date.now();
      api.child.send({ nightly: true });
      const busy: CustomerLoadResult[] = [];
      while (nightly === null && Date.now() - started < 10 * 60_000) {
        busy.push(...keep(await floorLoad(origin, api.ready, 3)));
        await sleep(0);
      }
      const result = await answered;
      const seconds = (result.reviewMs + result.expireMs) / 1000;
      console.log(
        `\nNightly run over ${api.ready.members} members: tiers reviewed in ${round(result.reviewMs / 1000)} s; ${api.ready.lotsDue} lots due expired in ${round(result.expireMs / 1000)} s (${result.expired} by the run, the rest by the worker's rounds meanwhile), ${result.leftDue} left`,
      );
      console.log(`  tiers: ${result.tiers.map((row) => `${row.tier} ${row.members}`).join(', ')}`);
      verdict(result.leftDue === 0 && seconds < BUDGETS.nightlySeconds, `nightly run ${round(seconds)} s (budget < ${BUDGETS.nightlySeconds} s)`);
      console.log(`The floor, p95 alone (${SECONDS} s) → during the nightly run (${busy.length / 2} slices of 3 s) (budget):`);
      for (const [step, name, budget] of FLOOR_CHECKS) verdict(p95Of(busy, step) <= budget, `${name}: ${round(p95Of(alone, step))} → ${round(p95Of(busy, step))} ms (budget ${budget} ms)`);
    }
    if (unexpected.length > 0) verdict(false, `${unexpected.length} unexpected answers, e.g. ${unexpected[0]}`);
  } finally {
    await api.stop();
    await scratch.remove();
  }
  if (failed) process.exitCode = 1;
}

runBench({ server: runServer, main });
