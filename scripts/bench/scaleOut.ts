import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Result as AutocannonResult } from 'autocannon';
import { buildBenchApi, loadApi, loadNginxBalancer, loadSeed, openBenchDatabase, stockWarehouse, type Balancer } from './benchApi.ts';
import { prepareInOwnProcess, processCpuMicros as cpuMicros, round, runBench, serveBenchApi, startBenchApi, type BenchApi } from './benchProcess.ts';
import { scratchDatabase } from './scratchDatabase.ts';

/**
 * `npm run bench:scale` (`npx tsx scripts/bench/scaleOut.ts`): 1, 2 and 4 API processes on one scratch PostgreSQL
 * database and this machine's Redis, behind ONE nginx balancer running compose's own configuration
 * (scripts/docker/nginx-api-balancer.conf, its upstream rewritten to the processes' loopback ports), loaded by
 * autocannon (a process of its own) with BENCH_CONNECTIONS customers, one token and one connection each:
 *
 *   product list  GET /api/products, a random minPrice per request: every answer misses the catalogue's cache
 *   add to cart   POST /api/cart/items then DELETE of that line, in turn (the line stays bounded)
 *   checkout      POST /api/orders, 2 products, delivery, a fresh Idempotency-Key each
 *
 * For each it prints the throughput, latency, and the CPU time per answer of each kind of process, read from
 * /proc/<pid>/stat: the API processes' together (what adding a host divides), the balancer, PostgreSQL's server
 * processes and Redis. On a machine with fewer cores than processes the throughput stops growing with N (they share
 * the cores); the API's CPU per answer is the figure that sizes a deployment (answers/s per core ≈ 10⁶ / µs).
 *
 * Needs nginx (apt-get install nginx-light; not in CI, nor run there), PostgreSQL (BENCH_POSTGRES_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres: a scratch database is created and dropped) and Redis (BENCH_REDIS_URL,
 * default redis://127.0.0.1:6379). env: BENCH_SCALE_INSTANCES (default 1,2,4), BENCH_SCALE_PHASES (default
 * list,cart,checkout), BENCH_SECONDS (per phase, default 8, after a 2 s warm-up), BENCH_CONNECTIONS (default 20).
 */
const INSTANCES = (process.env.BENCH_SCALE_INSTANCES ?? '1,2,4').split(',').map(Number).filter((count) => count > 0);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const SCENARIOS = (process.env.BENCH_SCALE_PHASES ?? 'list,cart,checkout').split(',') as Scenario[];
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** One stock far above what a run sells, so that no checkout runs out. */
const STOCK_UNITS = 10_000_000;

interface Prepared {
  tokens: string[];
  productIds: number[];
}

// ---- The database, once (its own process) -----------------------------------------------------------------

async function prepare(): Promise<void> {
  const { seed } = await loadSeed();
  const count = Number(process.env.BENCH_CUSTOMERS_COUNT);
  const { app, db } = await buildBenchApi(async (database) => {
    await seed(database);
    await stockWarehouse(database, STOCK_UNITS);
  });
  const products = await db.selectFrom('products').select('id').where('is_active', '=', 1).orderBy('id').limit(12).execute();
  const tokens: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const user = await db
      .insertInto('users')
      .values({ email: `scale.${index}@example.vn`, password_hash: null, full_name: `Khách ${index + 1}`, role: 'customer' })
      .returning('id')
      .executeTakeFirstOrThrow();
    tokens.push((await app.accessTokens.issue({ userId: user.id, role: 'customer' })).token);
  }
  const prepared: Prepared = { tokens, productIds: products.map((product) => product.id) };
  writeFileSync(path.join(process.env.BENCH_DATA_DIR!, 'prepared.json'), JSON.stringify(prepared));
  await app.close();
  await db.destroy();
}

// ---- One API process (the server role) --------------------------------------------------------------------

async function runServer(): Promise<void> {
  const { buildApp } = await loadApi();
  const { db, config } = await openBenchDatabase();
  // Redis as in production's several instances: the catalogue's invalidations, events and counters across them.
  const app = buildApp({ db, logger: false, context: { config: { ...config, redisUrl: REDIS_URL } } });
  await serveBenchApi(app, db);
}

// ---- The measurements (parent process) ----------------------------------------------------------------------

/**
 * The pids of the processes whose command line (as they set it) matches: PostgreSQL's backends name their database
 * (`postgres: 15/main: postgres ev_bench_scale_… 127.0.0.1(…) idle`), so other work on the same server is not counted.
 */
function pidsMatching(pattern: RegExp): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return pattern.test(readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' '));
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** The machine's busy and total CPU time so far (jiffies of every core, from /proc/stat). */
function machineTicks(): { busy: number; total: number } {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((sum, value) => sum + value, 0);
  return { busy: total - fields[3]! - fields[4]!, total };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** nginx in one process with compose's balancer configuration in front of `ports` (api/test/support/nginxBalancer.ts). */
async function startBalancer(folder: string, ports: number[]): Promise<Balancer> {
  const { startBalancer: startNginx } = await loadNginxBalancer();
  return startNginx(folder, ports, await freePort());
}

type Scenario = 'list' | 'cart' | 'checkout';

/**
 * autocannon in a process of its own (the load generator must not share the event loop of what it measures). Each
 * connection is one customer (its token); `scenario` builds the requests there (functions do not cross processes).
 */
function autocannon(port: number, scenario: Scenario, prepared: Prepared, seconds: number, tag: string): Promise<AutocannonResult & { loadCpuMicros: number }> {
  // A customer is taken from the free ones for a request sequence (its context) and given back with the sequence's
  // last answer: no two connections act on one customer's cart at once (autocannon resets a connection's context
  // after each sequence, so the context cannot hold one customer per connection).
  const code = `const autocannon = require(process.env.AUTOCANNON_MODULE);
    const { tokens, productIds } = JSON.parse(process.env.PREPARED);
    const scenario = process.env.SCENARIO, tag = process.env.TAG;
    const free = tokens.map((_token, index) => index);
    let turn = 0;
    const take = (context) => (context.customer ??= free.shift());
    const giveBack = (_status, _body, context) => { if (context.customer !== undefined) free.push(context.customer); };
    const auth = (context) => 'Bearer ' + tokens[take(context)];
    const json = (context) => ({ authorization: auth(context), 'content-type': 'application/json' });
    const product = (context, offset) => productIds[(take(context) + offset) % productIds.length];
    const requests = {
      list: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: '/api/products?inStock=true&sort=popular&minPrice=' + Math.floor(Math.random() * 100000) }) }],
      cart: [
        { method: 'POST', path: '/api/cart/items', setupRequest: (request, context) => {
          context.product = product(context, (turn += 1));
          return { ...request, headers: json(context), body: JSON.stringify({ kind: 'product', refId: context.product, quantity: 1 }) };
        } },
        { method: 'DELETE', setupRequest: (request, context) => ({ ...request, path: '/api/cart/items/product-' + context.product, headers: { authorization: auth(context) } }), onResponse: giveBack },
      ],
      checkout: [{ method: 'POST', path: '/api/orders', onResponse: giveBack, setupRequest: (request, context) => {
        turn += 1;
        return { ...request, headers: { ...json(context), 'idempotency-key': 'scale-' + tag + '-' + turn },
          body: JSON.stringify({
            items: [{ kind: 'product', refId: product(context, turn), quantity: 1 }, { kind: 'product', refId: product(context, turn + 1), quantity: 2 }],
            recipientName: 'Khách Benchmark', phone: '0912345678',
            fulfilment: { method: 'delivery', address: { province: 'Hà Nội', ward: 'Phường Cửa Nam', street: '12 Tràng Thi' } },
            paymentMethod: turn % 4 === 0 ? 'VIETQR' : 'COD' }) };
      } }],
    }[scenario];
    autocannon({ url: 'http://127.0.0.1:' + process.env.PORT, connections: Number(process.env.CONNECTIONS), duration: Number(process.env.SECONDS), requests })
      .then((result) => { const usage = process.cpuUsage(); process.stdout.write(JSON.stringify({ ...result, loadCpuMicros: usage.user + usage.system })); }, (error) => { console.error(error); process.exit(1); });`;
  const child = spawn(process.execPath, ['-e', code], {
    env: {
      PATH: process.env.PATH,
      AUTOCANNON_MODULE: fileURLToPath(import.meta.resolve('autocannon')),
      PREPARED: JSON.stringify(prepared),
      SCENARIO: scenario,
      TAG: tag,
      PORT: String(port),
      CONNECTIONS: String(CONNECTIONS),
      SECONDS: String(seconds),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (status) => (status === 0 ? resolve(JSON.parse(output) as AutocannonResult & { loadCpuMicros: number }) : reject(new Error(`autocannon exited with ${status}`))));
  });
}

interface Row {
  instances: number;
  scenario: Scenario;
  answers: number;
  perSecond: number;
  p50: number;
  p99: number;
  failed: number;
  /** The answers by status, and connection errors / timeouts, when any failed. */
  failures: string;
  /** The API processes' CPU per answer less what they spend idle (their timers, feeds, GC) over the same time. */
  apiNet: number;
  /** CPU µs per answer: the API processes together, each of them, the balancer, PostgreSQL, Redis, the load generator. */
  api: number;
  perProcess: number[];
  balancer: number;
  postgres: number;
  redis: number;
  load: number;
  /** The machine's cores busy during the run (all processes, other helpers' included), %. */
  machineBusy: number;
}

const LABELS: Record<Scenario, string> = {
  list: 'product list (cache missed)',
  cart: 'add to cart (+ remove)',
  checkout: 'checkout (POST /api/orders)',
};

/** What the API processes spend with no request (µs of CPU per second, all of them together), over `seconds`. */
async function idleCpu(apis: BenchApi<unknown>[], seconds: number): Promise<number> {
  const pids = apis.map((api) => api.child.pid!);
  const before = pids.reduce((total, pid) => total + cpuMicros(pid), 0);
  const started = performance.now();
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  return ((pids.reduce((total, pid) => total + cpuMicros(pid), 0) - before) * 1000) / (performance.now() - started);
}

async function measure(instances: number, scenario: Scenario, apis: BenchApi<unknown>[], balancer: Balancer, prepared: Prepared, database: string, idlePerSecond: number): Promise<Row> {
  await autocannon(balancer.port, scenario, prepared, 2, `${instances}-warm`);
  const apiPids = apis.map((api) => api.child.pid!);
  const ofDatabase = new RegExp(`^postgres: .* ${database} `);
  const postgresPids = pidsMatching(ofDatabase);
  const redisPids = pidsMatching(/^redis-server /);
  const sum = (pids: number[]) => pids.reduce((total, pid) => total + cpuMicros(pid), 0);
  const before = { api: apiPids.map(cpuMicros), balancer: cpuMicros(balancer.pid), postgres: sum(postgresPids), redis: sum(redisPids), machine: machineTicks() };
  // PostgreSQL's backends of this run's connections are new processes: counted from 0 when not there before.
  const runStarted = performance.now();
  const result = await autocannon(balancer.port, scenario, prepared, SECONDS, `${instances}-run`);
  const runSeconds = (performance.now() - runStarted) / 1000;
  const postgresAfter = pidsMatching(ofDatabase);
  const newPostgres = postgresAfter.filter((pid) => !postgresPids.includes(pid));
  const machine = machineTicks();
  const answers = result.requests.total;
  const perAnswer = (micros: number) => (answers > 0 ? micros / answers : Number.NaN);
  const perProcess = apiPids.map((pid, index) => perAnswer(cpuMicros(pid) - before.api[index]!));
  return {
    instances,
    scenario,
    answers,
    perSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failed: result.non2xx + result.errors + result.timeouts,
    failures: `statuses ${JSON.stringify(Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([status, stats]) => [status, stats.count])))}, errors ${result.errors}, timeouts ${result.timeouts}`,
    api: perProcess.reduce((total, value) => total + value, 0),
    apiNet: perProcess.reduce((total, value) => total + value, 0) - perAnswer(idlePerSecond * runSeconds),
    perProcess,
    balancer: perAnswer(cpuMicros(balancer.pid) - before.balancer),
    postgres: perAnswer(sum(postgresPids) - before.postgres + sum(newPostgres)),
    redis: perAnswer(sum(redisPids) - before.redis),
    load: perAnswer(result.loadCpuMicros),
    machineBusy: (100 * (machine.busy - before.machine.busy)) / (machine.total - before.machine.total),
  };
}

const fixed = (value: number, width: number, digits = 0) => value.toFixed(digits).padStart(width);

function printRow(row: Row): void {
  if (row.failed > 0) console.log(`  ${LABELS[row.scenario]}: ${row.failures}`);
  console.log(
    `  ${LABELS[row.scenario].padEnd(30)} ${fixed(row.perSecond, 6)} req/s  p50 ${fixed(row.p50, 3)} ms  p99 ${fixed(row.p99, 4)} ms  failed ${row.failed}  ` +
      `CPU µs/answer: API ${fixed(row.api, 5)} (${row.perProcess.map((value) => value.toFixed(0)).join(' + ')}; less idle ${fixed(row.apiNet, 5)})  nginx ${fixed(row.balancer, 3)}  ` +
      `PostgreSQL ${fixed(row.postgres, 4)}  Redis ${fixed(row.redis, 3)}  autocannon ${fixed(row.load, 3)}  machine busy ${fixed(row.machineBusy, 3)} %`,
  );
}

async function main(): Promise<void> {
  const folder = mkdtempSync(path.join(tmpdir(), 'ev-bench-scale-'));
  const scratch = await scratchDatabase('postgres', 'scale', 'BENCH_POSTGRES_URL');
  const env = { BENCH_DATA_DIR: folder, BENCH_DATABASE_URL: scratch.databaseUrl!, BENCH_CUSTOMERS_COUNT: String(CONNECTIONS) };
  const rows: Row[] = [];
  const started = Date.now();
  try {
    console.log(
      `${cpus().length} CPU(s): ${cpus()[0]?.model ?? '?'}; load average before ${loadavg().map((value) => value.toFixed(2)).join(' ')}; ` +
        `${CONNECTIONS} connections, ${SECONDS} s per phase after a 2 s warm-up; PostgreSQL ${scratch.databaseUrl!.replace(/\/\/[^@]*@/, '//')}, Redis ${REDIS_URL}`,
    );
    await prepareInOwnProcess(import.meta.url, env);
    const prepared = JSON.parse(readFileSync(path.join(folder, 'prepared.json'), 'utf8')) as Prepared;
    for (const instances of INSTANCES) {
      const apis: BenchApi<unknown>[] = [];
      let balancer: Balancer | undefined;
      try {
        // one at a time: each migrates (nothing left to do) and warms up before the next starts
        // From source: each process is given Redis by the server part, and one preparation serves them all.
        for (let index = 0; index < instances; index += 1) apis.push(await startBenchApi<unknown>(import.meta.url, env, { api: 'source' }));
        balancer = await startBalancer(folder, apis.map((api) => (api.ready as { port: number }).port));
        const idle = await idleCpu(apis, 3);
        console.log(`${instances} API process(es) behind nginx (load average ${loadavg()[0]!.toFixed(2)}; idle, the processes take ${(idle / 1000).toFixed(1)} ms of CPU per second together):`);
        for (const scenario of SCENARIOS) {
          const row = await measure(instances, scenario, apis, balancer, prepared, new URL(scratch.databaseUrl!).pathname.slice(1), idle);
          rows.push(row);
          printRow(row);
        }
      } finally {
        await balancer?.stop();
        await Promise.all(apis.map((api) => api.stop()));
      }
    }
    console.log(`\nSummary (req/s; API CPU µs per answer, all processes together (less their idle CPU)) after ${round((Date.now() - started) / 1000)} s; load average now ${loadavg().map((value) => value.toFixed(2)).join(' ')}`);
    console.log(`  ${'N'.padStart(2)}  ${SCENARIOS.map((scenario) => LABELS[scenario].padStart(34)).join('')}`);
    for (const instances of INSTANCES) {
      const cells = SCENARIOS.map((scenario) => {
        const row = rows.find((candidate) => candidate.instances === instances && candidate.scenario === scenario)!;
        return `${row.perSecond.toFixed(0)} req/s, ${row.api.toFixed(0)} (${row.apiNet.toFixed(0)}) µs`.padStart(34);
      });
      console.log(`  ${String(instances).padStart(2)}  ${cells.join('')}`);
    }
    const failed = rows.reduce((total, row) => total + row.failed, 0);
    if (failed > 0) {
      console.log(`${failed} answers were not 2xx or failed: the figures above are not the shop's.`);
      process.exitCode = 1;
    }
  } finally {
    await scratch.remove();
    rmSync(folder, { recursive: true, force: true });
  }
}

runBench({ server: runServer, prepare, main });
