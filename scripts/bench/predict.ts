import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { loadApi, loadDemoAccounts, loadKnowledgeBase, type BenchDatabase } from './benchApi.ts';
import { percentile, round, runBench, startBenchApi } from './benchProcess.ts';
import { runCustomers, type CustomerStep } from './customerLoad.ts';
import type { RawBuilder } from 'kysely';
import type { ChildProcess } from 'node:child_process';
import type { Client as PgClient } from 'pg';

/**
 * `npm run bench:predict`: the budgets of failure prediction and diagnostics (issue 22, spec predictive.md §6).
 *
 *   GET  /api/vehicles/:id/forecast (the owner, all components)        p95 < 20 ms
 *   POST /api/diagnostics (symptoms + text + a vehicle model)            p95 < 50 ms
 *        … both on the demo data and on 100,000 closed orders;
 *   training on 100,000 closed orders (≈ 1.5 M answered items)          < 60 s, in the trainer's own process,
 *        from POST /api/admin/models/train to the run's ACCEPTED status (GET /api/admin/models polled every
 *        250 ms), while a light floor-like read load (4 connections × 10 requests/s: GET /api/health 30/s and the
 *        forecast route 10/s) shows whether the API stays free: its p95 during training, against the floor's 20 ms
 *        read budget (back-office.md; bench:backoffice's day view and board), next to the same load alone just
 *        before, and the longest stall of the API's event loop (a 10 ms timer in the server process). The load goes
 *        on after ACCEPTED until the API's background work has ended (an accepted model starts the forecast reminder
 *        run in the API process; the server counts the queries made outside HTTP requests and the work has ended
 *        when they are back to the periodic jobs' rate with the load alone for 5 s): how long it took, the p95 and
 *        the longest stall in it. These percentiles are corrected for coordinated omission (a stalled connection
 *        counts the requests it held back).
 *
 * Data sets (BENCH_PREDICT_DATASETS=demo,large, default both):
 * - demo: a fresh `npm run seed -w api` of a scratch database (seed() with the demo history), then one training
 *   through the route (timed, no budget) so a model exists;
 * - large: the seed, then BENCH_PREDICT_ORDERS (default 100,000) closed orders of a few thousand registered
 *   vehicles of 8 model families with 16 checklist items each, 5 % NA (≈ 15 answered), wear drawn from Weibull
 *   lives (predictData.ts, deterministic), parts requests against a share of the FAIL items, symptoms on a third
 *   of the orders. Kept between runs (SQLite: /tmp/ev-bench-predict-v<version>-<orders>.sqlite; PostgreSQL: the
 *   database ev_bench_predict, marked with the generator version and size), BENCH_PREDICT_FRESH=1 rebuilds. Each
 *   run trains once more (the measured run); the forecasts are then measured on that model.
 *
 * Databases: BENCH_PREDICT_DATABASES=sqlite (default) | postgres | sqlite,postgres. PostgreSQL:
 * BENCH_PREDICT_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/ev_bench_predict, created if missing); the
 * demo data go to <that name>_demo, dropped and seeded again on every run.
 *
 * Load: BENCH_CLIENTS (default 4) concurrent keep-alive clients for BENCH_SECONDS (default 10) per measurement, after
 * 2 s of warm-up. Forecasts rotate over up to 200 vehicles (each asked by its owner's token). Diagnoses rotate over
 * eight symptom sets and the data's vehicle models; the public route's per-address limit (20 a minute) stays on:
 * each request comes from its own client address, given as X-Forwarded-For from loopback, which the API believes
 * by default (TRUST_PROXY=loopback, as behind the `npm start` proxy) — every request still pays the two counter
 * increments of the limit, as a real guest's does, and a 429 would be reported as an error.
 *
 * The API runs in a child process (benchProcess.ts); BENCH_CPU_PROFILE_DIR=<folder> writes its CPU profile.
 */

export const BUDGETS = { forecastMs: 20, diagnosisMs: 50, trainingS: 60, floorReadMs: 20 } as const;
const GENERATOR_LABEL = 'predict';
const ORDERS = Number(process.env.BENCH_PREDICT_ORDERS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 4);
const WARM_UP_SECONDS = 2;
const IDLE_FLOOR_SECONDS = 5;
const FLOOR_CONNECTIONS = 4;
const FLOOR_RATE_PER_CONNECTION = 10;
const POLL_MS = 250;
const TRAINING_TIMEOUT_S = Number(process.env.BENCH_TRAINING_TIMEOUT_S ?? 600);
/** After ACCEPTED: how long to wait for the API to be back to normal (the work an accepted model triggers). */
const SETTLE_TIMEOUT_S = Number(process.env.BENCH_SETTLE_TIMEOUT_S ?? 900);
/**
 * Back to normal: in the last SETTLE_WINDOW_MS no more queries outside an HTTP request (background work) than the
 * API's periodic jobs made in as long with the load alone (their pollers run every second or so), with a margin.
 */
const SETTLE_WINDOW_MS = 5000;
const SETTLE_MARGIN = 1.5;
const SAMPLE_VEHICLES = 200;
const PG_DEFAULT = 'postgres://postgres@127.0.0.1:5432/ev_bench_predict';

type Target = 'sqlite' | 'postgres';
type Dataset = 'demo' | 'large';

const pgUrl = () => process.env.BENCH_PREDICT_DATABASE_URL?.trim() || PG_DEFAULT;
const demoPgUrl = () => {
  const url = new URL(pgUrl());
  url.pathname = `${url.pathname}_demo`;
  return url.toString();
};
const largeSqliteFile = (version: number) => path.join('/tmp', `ev-bench-${GENERATOR_LABEL}-v${version}-${ORDERS}.sqlite`);
const describePg = (url: string) => url.replace(/\/\/[^@]*@/, '//');

// ---- The server (child process) -------------------------------------------------------------------------

interface Owner {
  vehicleId: number;
  token: string;
  model: string;
}

interface Tokens {
  adminToken: string;
  owners: Owner[];
}

interface ServerReady extends Tokens {
  port: number;
  models: string[];
  counts: Record<string, number>;
  prepared: string;
}

/** An event-loop stall seen by the server's 10 ms timer: when it ended (Date.now()) and how long it was. */
interface LoopBlock {
  end: number;
  ms: number;
}
const LOOP_BLOCK_MS = 50;

/** Asks the server process something over IPC ({ type }), resolving with its answer of the same type. */
function ask<T>(child: ChildProcess, type: string, extra: Record<string, unknown> = {}): Promise<T> {
  return new Promise((resolve) => {
    const answer = (message: unknown) => {
      if ((message as { type?: string })?.type !== type) return;
      child.off('message', answer);
      resolve(message as T);
    };
    child.on('message', answer);
    child.send({ type, ...extra });
  });
}

/** A PostgreSQL admin connection (to the server's `postgres` database) for creating and dropping databases. */
async function pgAdmin<T>(url: string, work: (client: PgClient, name: string) => Promise<T>): Promise<T> {
  const { default: pg } = await import('pg');
  const admin = new URL(url);
  const name = admin.pathname.slice(1);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    return await work(client, name);
  } finally {
    await client.end();
  }
}

async function createPgDatabase(url: string, options: { drop: boolean }): Promise<void> {
  await pgAdmin(url, async (client, name) => {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount && options.drop) await client.query(`drop database "${name}" with (force)`);
    if (!found.rowCount || options.drop) await client.query(`create database "${name}"`);
  });
}

/** The generated data set's mark: generator version and size, or null (none, or not generated to the end). */
async function generatedMark(db: BenchDatabase): Promise<string | null> {
  const { sql } = await import('kysely');
  try {
    const { rows } = await sql<{ mark: string }>`select mark from bench_predict_meta`.execute(db);
    return rows[0]?.mark ?? null;
  } catch {
    return null;
  }
}

async function runServer(): Promise<void> {
  const target = process.env.BENCH_PREDICT_TARGET as Target;
  const dataset = process.env.BENCH_PREDICT_DATASET as Dataset;
  const { loadConfig, createDatabase, migrateToLatest, buildApp, seed } = await loadApi();
  const { DEMO_ACCOUNTS } = await loadDemoAccounts();
  const { SYMPTOM_LINKS } = await loadKnowledgeBase();
  const { SYMPTOM_CODES } = await import('shared-contracts/diagnostics');
  const data = await import('./predictData.ts');
  const { serveBenchApi } = await import('./benchProcess.ts');
  const { sql } = await import('kysely');
  const mark = `v${data.PREDICT_GENERATOR_VERSION}:${ORDERS}`;
  const fresh = process.env.BENCH_PREDICT_FRESH === '1';

  const base = {
    ...loadConfig({}),
    nodeEnv: 'production',
    uploadDir: path.join(process.env.BENCH_DATA_DIR!, 'uploads'),
    jwtSecret: 'bench-secret-bench-secret-bench-secret-0123',
    redisUrl: null,
  };
  let config: typeof base;
  if (dataset === 'demo') {
    if (target === 'postgres') await createPgDatabase(demoPgUrl(), { drop: true });
    config = { ...base, databaseUrl: target === 'postgres' ? demoPgUrl() : null, sqliteFile: path.join(process.env.BENCH_DATA_DIR!, 'demo.sqlite') };
  } else {
    const file = largeSqliteFile(data.PREDICT_GENERATOR_VERSION);
    config = { ...base, databaseUrl: target === 'postgres' ? pgUrl() : null, sqliteFile: file };
    if (target === 'postgres') await createPgDatabase(pgUrl(), { drop: fresh });
    else if (fresh) for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
    // A data set of another version or size, or one whose generation did not finish: start again from nothing.
    if (target === 'postgres' || existsSync(file)) {
      const probe = createDatabase(config);
      const found = await generatedMark(probe);
      const empty = (await sql<{ n: number | string }>`select count(*) as n from ${sql.table(target === 'postgres' ? 'pg_tables' : 'sqlite_master')} ${target === 'postgres' ? sql`where schemaname = 'public'` : sql``}`.execute(probe)).rows[0]!.n;
      await probe.destroy();
      if (found !== mark && Number(empty) > 0) {
        console.log(`  (the kept ${target} data set is ${found ?? 'incomplete'}, not ${mark}: generating it again)`);
        if (target === 'postgres') await createPgDatabase(pgUrl(), { drop: true });
        else for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
      }
    }
  }

  const db = createDatabase(config);
  await migrateToLatest(db);
  let prepared: string;
  const t0 = Date.now();
  if (dataset === 'demo') {
    const report = await seed(db, { demoHistory: true });
    prepared = `seeded with the demo history in ${((Date.now() - t0) / 1000).toFixed(1)} s (${report.demoHistory?.serviceOrders ?? 0} history orders)`;
  } else if ((await generatedMark(db)) !== mark) {
    console.log(`  generating the ${target} data set: ${ORDERS.toLocaleString('en')} closed orders…`);
    await seed(db);
    const plan = data.planFleet(ORDERS, Date.now(), SYMPTOM_LINKS, SYMPTOM_CODES);
    const summary = data.planSummary(plan);
    console.log(
      `    plan: ${plan.vehicles.length.toLocaleString('en')} vehicles, ${plan.visits.length.toLocaleString('en')} visits, ${summary.answered.toLocaleString('en')} answered items (${summary.failures.toLocaleString('en')} FAIL), ${summary.partsRequests.toLocaleString('en')} parts requests, ${summary.symptomOrders.toLocaleString('en')} orders with symptoms (${((Date.now() - t0) / 1000).toFixed(1)} s)`,
    );
    await data.writeFleet(db, target, plan, (line) => console.log(line));
    const t1 = Date.now();
    await sql.raw(target === 'postgres' ? 'vacuum analyze' : 'analyze').execute(db);
    console.log(`    analyze: ${((Date.now() - t1) / 1000).toFixed(1)} s`);
    await sql.raw('create table bench_predict_meta (mark varchar(40) not null)').execute(db);
    await sql`insert into bench_predict_meta (mark) values (${mark})`.execute(db);
    prepared = `generated in ${((Date.now() - t0) / 1000).toFixed(0)} s (generator ${mark})`;
  } else {
    await sql.raw('analyze').execute(db);
    prepared = `kept from an earlier run (generator ${mark}; BENCH_PREDICT_FRESH=1 rebuilds)`;
  }

  const count = async (query: RawBuilder<{ n: number | string }>) => Number((await query.execute(db)).rows[0]!.n);
  const counts: Record<string, number> = {
    'closed orders of registered vehicles': await count(sql`select count(*) as n from service_orders where status = 'CLOSED' and vehicle_id is not null`),
    'answered checklist items (PASS/FAIL/NA) of them': await count(
      sql`select count(*) as n from service_order_checklist_items i join service_orders o on o.id = i.service_order_id where o.status = 'CLOSED' and o.vehicle_id is not null and i.result in ('PASS', 'FAIL', 'NA')`,
    ),
    vehicles: await count(sql`select count(*) as n from vehicles`),
    'model families': await count(sql`select count(distinct model) as n from vehicles`),
    'recorded symptoms': await count(sql`select count(*) as n from appointment_symptoms`),
    'parts requests against a checklist item': await count(sql`select count(*) as n from parts_requests where checklist_item_id is not null`),
  };

  // The API's background work (the forecast reminder run an accepted model starts, periodic jobs): every query
  // made outside an HTTP request being answered is counted (a Kysely plugin that only looks; a request's response
  // is kept in an AsyncLocalStorage entered in onRequest — work a request started that goes on after its answer,
  // like the reminder run after POST /api/admin/models/train, counts as background), so the parent can tell when
  // that work has ended.
  const { AsyncLocalStorage } = await import('node:async_hooks');
  const inRequest = new AsyncLocalStorage<http.ServerResponse>();
  const background = { queries: 0 };
  const observed = db.withPlugin({
    transformQuery: ({ node }) => {
      const response = inRequest.getStore();
      if (!response || response.writableFinished) {
        background.queries += 1;
      }
      return node;
    },
    transformResult: async ({ result }) => result,
  });
  const app = buildApp({ db: observed, logger: false, context: { config } });
  app.addHook('onRequest', (_request, reply, done) => inRequest.run(reply.raw, done));
  await app.ready();
  const admin = await db.selectFrom('users').select('id').where('email', '=', DEMO_ACCOUNTS.find((a) => a.role === 'admin')!.email).executeTakeFirstOrThrow();
  // The vehicles asked for: the demo's all (the demo customer's first), the large set's spread over the fleet.
  let query = db
    .selectFrom('vehicles as v')
    .innerJoin('users as u', 'u.id', 'v.user_id')
    .select(['v.id', 'v.user_id', 'v.model', 'u.role'])
    .where('v.deleted_at', 'is', null)
    .orderBy('v.id');
  if (dataset === 'large') query = query.where('u.email', 'like', 'bench.predict.kh%');
  const all = await query.execute();
  const step = Math.max(1, Math.floor(all.length / SAMPLE_VEHICLES));
  const sample = all.filter((_, index) => index % step === 0).slice(0, SAMPLE_VEHICLES);
  // Access tokens live 15 minutes: the parent asks for fresh ones before each phase (IPC 'tokens').
  const issueTokens = async (): Promise<Tokens> => {
    const tokens = new Map<number, string>();
    const owners: Owner[] = [];
    for (const vehicle of sample) {
      if (!tokens.has(vehicle.user_id)) tokens.set(vehicle.user_id, (await app.accessTokens.issue({ userId: vehicle.user_id, role: vehicle.role as 'customer' })).token);
      owners.push({ vehicleId: vehicle.id, token: tokens.get(vehicle.user_id)!, model: vehicle.model });
    }
    return { adminToken: (await app.accessTokens.issue({ userId: admin.id, role: 'admin' })).token, owners };
  };
  // The event loop's stalls: a 10 ms timer that fires late by more than LOOP_BLOCK_MS was held up that long.
  const blocks: LoopBlock[] = [];
  let expected = performance.now() + 10;
  setInterval(() => {
    const now = performance.now();
    const late = now - expected;
    if (late > LOOP_BLOCK_MS && blocks.length < 100_000) blocks.push({ end: Date.now(), ms: Math.round(late) });
    expected = now + 10;
  }, 10).unref();
  process.on('message', (message: { type?: string; since?: number }) => {
    if (message?.type === 'tokens') {
      issueTokens().then(
        (tokens) => process.send?.({ type: 'tokens', tokens }),
        (error: unknown) => process.send?.({ type: 'tokens', error: String((error as Error)?.stack ?? error) }),
      );
    }
    if (message?.type === 'loop-blocks') process.send?.({ type: 'loop-blocks', blocks: blocks.filter((block) => block.end >= (message.since ?? 0)) });
    if (message?.type === 'background') process.send?.({ type: 'background', ...background });
  });
  const models = [...new Set(all.map((vehicle) => vehicle.model))].sort();
  await serveBenchApi(app, db, { ...(await issueTokens()), models, counts, prepared });
}

// ---- Measuring (parent process) ----------------------------------------------------------------------------

interface Figures {
  requests: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

const figuresOf = (times: readonly number[]): Figures => {
  const sorted = [...times].sort((a, b) => a - b);
  return { requests: sorted.length, p50: round(percentile(sorted, 50)), p95: round(percentile(sorted, 95)), p99: round(percentile(sorted, 99)), max: round(sorted.at(-1) ?? Number.NaN) };
};
const describe = (f: Figures) => `${f.requests} requests, p50 ${f.p50} ms, p95 ${f.p95} ms, p99 ${f.p99} ms, max ${f.max} ms`;

interface Row {
  database: Target;
  data: Dataset;
  figure: string;
  value: number;
  unit: 'ms' | 's';
  /** Null: a figure, no budget. */
  budget: number | null;
}

/** Symptom sets of the public page: picked symptoms and the owner's words (none safety-critical: the ranking runs). */
const DIAGNOSES: ReadonlyArray<{ symptoms: string[]; text: string }> = [
  { symptoms: ['BRAKE_NOISE', 'VIBRATION'], text: 'Phanh kêu ken két, chạy nhanh thì xe rung tay lái' },
  { symptoms: ['FAST_DRAIN', 'RANGE_DROP'], text: 'Pin tụt nhanh, đi không được xa như trước' },
  { symptoms: ['NOT_CHARGING'], text: 'Cắm sạc không lên, hôm qua cổng sạc bị ướt sau mưa' },
  { symptoms: ['POWER_LOSS', 'JERKY_THROTTLE'], text: 'Xe yếu khi lên dốc, tay ga giật cục' },
  { symptoms: ['TYRE_LOW', 'VIBRATION'], text: 'Lốp non hơi, chạy bị rung' },
  { symptoms: ['MOTOR_NOISE', 'MOTOR_ERROR'], text: 'Động cơ kêu ù ù, thỉnh thoảng báo lỗi' },
  { symptoms: ['LIGHTS_OUT'], text: 'Đèn xi nhan sau chập chờn' },
  { symptoms: ['SLOW_CHARGING', 'WONT_START'], text: 'Sạc lâu đầy, sáng nay xe không lên nguồn' },
];

let clientAddress = 0;
/** A distinct guest address per diagnosis (10.x.y.z), given to the API as X-Forwarded-For from loopback. */
const nextAddress = () => {
  clientAddress += 1;
  return `10.${(clientAddress >> 16) & 255}.${(clientAddress >> 8) & 255}.${clientAddress & 255}`;
};

interface Sample {
  /** When the answer came (Date.now(): comparable with the training row's timestamps). */
  at: number;
  ms: number;
}

/**
 * A light, rate-limited load (autocannon's connectionRate: each connection sends a request every
 * 1000 / FLOOR_RATE_PER_CONNECTION ms, or as soon as the previous answer is in when that is later), kept up until
 * stop(): a floor of people reading, not a saturating benchmark. Every answer is kept with the time it came, so a
 * phase (training, the work after it) is read by time. A long answer is waited for (timeout 15 min), not dropped.
 */
function startLightLoad(origin: string, steps: readonly CustomerStep[]) {
  const samples = new Map<string, Sample[]>(steps.map((step) => [step.label, []]));
  const unexpected: string[] = [];
  let nextClient = 0;
  let instance: autocannon.Instance | undefined;
  const finished = new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon(
      {
        url: origin,
        connections: FLOOR_CONNECTIONS,
        connectionRate: FLOOR_RATE_PER_CONNECTION,
        duration: TRAINING_TIMEOUT_S + SETTLE_TIMEOUT_S + 120,
        timeout: 900,
        setupClient: (client) => {
          const customer = nextClient++;
          let turn = -1;
          client.setRequests(
            steps.map((step, index) => ({
              setupRequest: (request: autocannon.Request) => {
                if (index === 0) turn += 1;
                const built = step.build(customer, turn);
                return { ...request, method: built.method, path: built.path, headers: { ...built.headers } };
              },
              onResponse: (status: number, body: string) => {
                if (!step.expect.includes(status) && unexpected.length < 10) unexpected.push(`${step.label}: ${status} ${body.slice(0, 200)}`);
              },
            })),
          );
          let answered = 0;
          client.on('response', (_status: number, _bytes: number, durationMs: number) => {
            samples.get(steps[answered % steps.length]!.label)!.push({ at: Date.now(), ms: durationMs });
            answered += 1;
          });
        },
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
  let stopped: Promise<{ unexpected: string[]; errors: number }> | null = null;
  return {
    samples,
    /** The answers of `label` that came in [from, to). */
    between(label: string, from: number, to: number): Sample[] {
      return samples.get(label)!.filter((sample) => sample.at >= from && sample.at < to);
    },
    stop() {
      stopped ??= (async () => {
        instance!.stop();
        const result = await finished;
        return { unexpected, errors: result.errors + result.timeouts };
      })();
      return stopped;
    },
  };
}

/**
 * Percentiles of a rate-limited load, corrected for coordinated omission (HdrHistogram's expected-interval
 * correction): a connection stuck on one answer for L ms would have sent ⌊L / interval⌋ more requests meanwhile,
 * which would have waited L − interval, L − 2·interval …; those are counted too, so a stall weighs as much as the
 * requests it held back, not as one slow answer.
 */
function correctedFigures(samples: readonly Sample[], intervalMs = 1000 / FLOOR_RATE_PER_CONNECTION): Figures {
  const times: number[] = [];
  for (const { ms } of samples) {
    times.push(ms);
    for (let missed = ms - intervalMs; missed > 0; missed -= intervalMs) times.push(missed);
  }
  return figuresOf(times);
}

/** The training process (the API's child) as /proc sees it: peak resident memory and CPU time so far. */
function sampleTrainer(apiPid: number, seen: { pid?: number; peakRssMb: number; cpuS: number }): void {
  try {
    const children = readFileSync(`/proc/${apiPid}/task/${apiPid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
    const pid = children.find((child) => readFileSync(`/proc/${child}/cmdline`, 'utf8').includes('wearTrainingProcess'));
    if (!pid) return;
    seen.pid = pid;
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const hwm = /VmHWM:\s+(\d+) kB/.exec(status);
    if (hwm) seen.peakRssMb = Math.max(seen.peakRssMb, Number(hwm[1]) / 1024);
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    seen.cpuS = Math.max(seen.cpuS, (Number(fields[11]) + Number(fields[12])) / 100);
  } catch {
    // Gone between two reads, or no /proc: the figures stay as last seen.
  }
}

interface VersionDto {
  id: number;
  status: string;
  startedAt: string;
  finishedAt: string | null;
  observations: number;
  failures: number;
  error: string | null;
  components: Array<{ component: string; accepted: boolean; models: unknown[] }>;
}

/**
 * One request by node:http, with no client-side deadline: an answer held up for minutes by a stalled API is
 * waited for and measured, where fetch would give up after 300 s (undici's headers timeout).
 */
function call<T>(origin: string, method: 'GET' | 'POST', pathname: string, headers: Record<string, string> = {}, body?: unknown): Promise<{ status: number; body: T; ms: number }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${origin}${pathname}`,
      { method, headers: { ...headers, ...(payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }) } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          try {
            resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as T, ms: performance.now() - started });
          } catch {
            reject(new Error(`${method} ${pathname} answered ${response.statusCode}: ${text.slice(0, 300)}`));
          }
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

async function measure(target: Target, dataset: Dataset, rows: Row[]): Promise<void> {
  const folder = mkdtempSync(path.join(tmpdir(), 'ev-bench-predict-'));
  const title = dataset === 'demo' ? 'the demo data' : `${ORDERS.toLocaleString('en')} closed orders`;
  console.log(`\n== ${title} on ${target === 'sqlite' ? 'SQLite' : `PostgreSQL (${describePg(dataset === 'demo' ? demoPgUrl() : pgUrl())})`} ==`);
  const started = Date.now();
  // From source: fresh tokens, the event loop's blocks and the background queries are asked of the server part by IPC.
  const api = await startBenchApi<ServerReady>(import.meta.url, { BENCH_PREDICT_TARGET: target, BENCH_PREDICT_DATASET: dataset, BENCH_DATA_DIR: folder }, { api: 'source' });
  const add = (figure: string, value: number, unit: Row['unit'], budget: number | null) => rows.push({ database: target, data: dataset, figure, value, unit, budget });
  try {
    const { port, models, counts, prepared } = api.ready;
    const origin = `http://127.0.0.1:${port}`;
    console.log(`  data: ${prepared}; API ready after ${((Date.now() - started) / 1000).toFixed(0)} s`);
    console.log(`  rows: ${Object.entries(counts).map(([label, n]) => `${label} ${n.toLocaleString('en')}`).join(', ')}`);
    // The tokens in use (replaced by fresh ones before each phase: they live 15 minutes).
    const tokens: Tokens = { adminToken: api.ready.adminToken, owners: api.ready.owners };
    const refreshTokens = async () => {
      const answer = await ask<{ tokens?: Tokens; error?: string }>(api.child, 'tokens');
      if (!answer.tokens) throw new Error(`the server part could not issue tokens: ${answer.error}`);
      Object.assign(tokens, answer.tokens);
    };
    const loopBlocks = async (since: number) => (await ask<{ blocks: LoopBlock[] }>(api.child, 'loop-blocks', { since })).blocks;
    if (tokens.owners.length === 0) throw new Error('no vehicle with an owner to ask a forecast for');
    const adminHeaders = () => ({ authorization: `Bearer ${tokens.adminToken}` });
    const forecastStep = (label: string): CustomerStep => ({
      label,
      build: (customer, turn) => {
        const owner = tokens.owners[(customer * 37 + turn) % tokens.owners.length]!;
        return { method: 'GET', path: `/api/vehicles/${owner.vehicleId}/forecast`, headers: { authorization: `Bearer ${owner.token}` } };
      },
      expect: [200],
    });
    const healthStep: CustomerStep = { label: 'health', build: () => ({ method: 'GET', path: '/api/health' }), expect: [200] };
    /** The API's CPU rate (ms a second) between two readings. */
    const cpuRate = (a: { at: number; cpu: number }, b: { at: number; cpu: number }) => ((b.cpu - a.cpu) / Math.max(1, b.at - a.at)) * 1000;
    const cpuReading = async () => ({ cpu: await api.cpuMs(), at: Date.now() });

    // 1. Training, in the trainer's process, with the light floor-like load running: first the load alone (the
    //    comparison, and the API's CPU rate for it), then the request, until the run is ACCEPTED, then on until the
    //    API's background work has ended (an accepted model makes the API send the forecast reminder emails: a run
    //    over every customer's vehicle, in the API's own process).
    const versions = async () => (await call<{ data: { versions: VersionDto[] } }>(origin, 'GET', '/api/admin/models', adminHeaders())).body.data.versions;
    // Each connection: three health checks, then a forecast (30 and 10 a second in all).
    const floorSteps = [healthStep, healthStep, healthStep, forecastStep('forecast')];
    await refreshTokens();
    const floor = startLightLoad(origin, floorSteps);
    const trainer: { pid?: number; peakRssMb: number; cpuS: number } = { peakRssMb: 0, cpuS: 0 };
    let runId = 0;
    let version: VersionDto | undefined;
    // Wall-clock instants (ms): the load alone from baselineFrom, the request, the trainer's ACCEPTED (the row's
    // finished_at), the admin page seeing it, the API's last background query.
    let baselineFrom = 0;
    let requestedAt = 0;
    let seenAt = 0;
    let settledAt: number | null = null;
    let baselineRate = 0;
    let backgroundBefore = 0;
    let backgroundQueries = 0;
    let idleQueriesPerMs = 0;
    try {
      await sleep(1000);
      baselineFrom = Date.now();
      const baselineStart = await cpuReading();
      const backgroundAtBaseline = (await ask<{ queries: number }>(api.child, 'background')).queries;
      await sleep(IDLE_FLOOR_SECONDS * 1000);
      const baselineEnd = await cpuReading();
      baselineRate = cpuRate(baselineStart, baselineEnd);
      backgroundBefore = (await ask<{ queries: number }>(api.child, 'background')).queries;
      idleQueriesPerMs = (backgroundBefore - backgroundAtBaseline) / Math.max(1, Date.now() - baselineFrom);
      requestedAt = Date.now();
      let answer = await call<{ data?: { runId: number } }>(origin, 'POST', '/api/admin/models/train', adminHeaders());
      if (answer.status === 409) {
        // A run already going (the nightly one, or a run left by another process): wait for it, then ours.
        console.log('  a training run is already in progress: waiting for it first');
        while ((await versions()).some((v) => v.status === 'TRAINING')) await sleep(POLL_MS);
        requestedAt = Date.now();
        answer = await call<{ data?: { runId: number } }>(origin, 'POST', '/api/admin/models/train', adminHeaders());
      }
      if (answer.status !== 202 || !answer.body.data) throw new Error(`POST /api/admin/models/train answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 300)}`);
      runId = answer.body.data.runId;
      const deadline = Date.now() + TRAINING_TIMEOUT_S * 1000;
      for (;;) {
        await sleep(POLL_MS);
        sampleTrainer(api.child.pid!, trainer);
        version = (await versions()).find((v) => v.id === runId);
        if (version && version.status !== 'TRAINING') break;
        if (Date.now() > deadline) break;
      }
      seenAt = Date.now();
      if (version?.status === 'ACCEPTED') {
        // Back to normal: the API's background work has run above its periodic jobs' rate after ACCEPTED and then
        // fallen back to it for a whole window (the run ended when the window began).
        const writtenAt = Date.parse(version.finishedAt!);
        const quietLimit = idleQueriesPerMs * SETTLE_WINDOW_MS * SETTLE_MARGIN + 5;
        const samples: Array<{ at: number; queries: number }> = [];
        let begun = false;
        let refreshedAt = Date.now();
        while (Date.now() < writtenAt + SETTLE_TIMEOUT_S * 1000) {
          const { queries } = await ask<{ queries: number }>(api.child, 'background');
          const now = Date.now();
          samples.push({ at: now, queries });
          const windowStart = samples.find((sample) => sample.at >= now - SETTLE_WINDOW_MS)!;
          const full = now - windowStart.at >= SETTLE_WINDOW_MS - POLL_MS;
          const busy = queries - windowStart.queries > quietLimit;
          if (busy) begun = true;
          if (begun && full && !busy) {
            settledAt = windowStart.at;
            backgroundQueries = Math.max(0, Math.round(windowStart.queries - backgroundBefore - idleQueriesPerMs * (windowStart.at - requestedAt)));
            break;
          }
          if (now - refreshedAt > 5 * 60_000) {
            await refreshTokens();
            refreshedAt = Date.now();
          }
          await sleep(POLL_MS);
        }
      }
    } finally {
      await floor.stop();
    }
    const loadErrors = await floor.stop();
    if (!version || version.status !== 'ACCEPTED') {
      throw new Error(`training run ${runId} ${version ? `ended ${version.status}: ${version.error ?? ''}` : `did not finish in ${TRAINING_TIMEOUT_S} s`}`);
    }
    const writtenAt = Date.parse(version.finishedAt!);
    const trainingS = (writtenAt - requestedAt) / 1000;
    const seenS = (seenAt - requestedAt) / 1000;
    const afterEnd = settledAt ?? Date.now();
    const afterS = (afterEnd - writtenAt) / 1000;
    const healthIdle = correctedFigures(floor.between('health', baselineFrom, requestedAt));
    const forecastIdle = correctedFigures(floor.between('forecast', baselineFrom, requestedAt));
    const healthDuring = correctedFigures(floor.between('health', requestedAt, writtenAt));
    const forecastDuring = correctedFigures(floor.between('forecast', requestedAt, writtenAt));
    // Answers held up by a stall come in with its end, as the API's CPU rate drops: a second's margin keeps them.
    const healthAfter = correctedFigures(floor.between('health', writtenAt, afterEnd + 1000));
    const forecastAfter = correctedFigures(floor.between('forecast', writtenAt, afterEnd + 1000));
    const blocks = await loopBlocks(baselineFrom);
    const longest = (from: number, to: number) => Math.max(0, ...blocks.filter((b) => b.end >= from && b.end - b.ms < to).map((b) => b.ms));
    const blockedDuring = longest(requestedAt, writtenAt);
    const blockedAfter = longest(writtenAt, afterEnd);
    const blockedAlone = longest(baselineFrom, requestedAt);
    const ownS = (Date.parse(version.finishedAt!) - Date.parse(version.startedAt)) / 1000;
    const accepted = version.components.filter((c) => c.accepted).length;
    const fitted = version.components.reduce((sum, c) => sum + c.models.length, 0);
    console.log(
      `  the light load alone (${FLOOR_CONNECTIONS} × ${FLOOR_RATE_PER_CONNECTION} req/s, ${IDLE_FLOOR_SECONDS} s): health p95 ${healthIdle.p95} ms, forecast p95 ${forecastIdle.p95} ms; API CPU ${baselineRate.toFixed(0)} ms a second; longest event-loop stall ${blockedAlone} ms`,
    );
    console.log(
      `  training run ${runId}: ACCEPTED written by the trainer ${trainingS.toFixed(1)} s after the request (${ownS.toFixed(1)} s between the row's start and finish), seen by GET /api/admin/models after ${seenS.toFixed(1)} s; ${version.observations.toLocaleString('en')} observations, ${version.failures.toLocaleString('en')} failures, ${version.components.length} components (${accepted} beat the baseline), ${fitted} fitted models`,
    );
    console.log(`    trainer process (pid ${trainer.pid ?? '?'}, nice 10): CPU ≥ ${trainer.cpuS.toFixed(1)} s, peak resident memory ≥ ${trainer.peakRssMb.toFixed(0)} MB (sampled every ${POLL_MS} ms)`);
    console.log(`    the light load until ACCEPTED (percentiles corrected for coordinated omission); the API's longest event-loop stall ${blockedDuring} ms:`);
    console.log(`      GET /api/health   ${describe(healthDuring)}`);
    console.log(`      GET forecast      ${describe(forecastDuring)}`);
    console.log(
      settledAt === null
        ? `    after ACCEPTED the API's background work had not ended within ${SETTLE_TIMEOUT_S} s (BENCH_SETTLE_TIMEOUT_S); longest event-loop stall ${blockedAfter} ms:`
        : `    after ACCEPTED the API's background work (the forecast reminder run an accepted model starts in the API process) went on ${afterS.toFixed(1)} s, ${backgroundQueries.toLocaleString('en')} queries beyond the periodic jobs'; longest event-loop stall ${blockedAfter} ms:`,
    );
    console.log(`      GET /api/health   ${describe(healthAfter)}`);
    console.log(`      GET forecast      ${describe(forecastAfter)}`);
    for (const line of loadErrors.unexpected) console.log(`    unexpected ${line}`);
    if (loadErrors.errors > 0) console.log(`    ${loadErrors.errors} connection errors or timeouts`);

    const large = dataset === 'large';
    add('training: request → ACCEPTED (trainer)', round(trainingS), 's', large ? BUDGETS.trainingS : null);
    add('  health p95 during training', healthDuring.p95, 'ms', large ? BUDGETS.floorReadMs : null);
    add('  forecast p95 during training', forecastDuring.p95, 'ms', large ? BUDGETS.floorReadMs : null);
    add('  longest event-loop stall during training', blockedDuring, 'ms', null);
    add('  training: request → seen by the admin page', round(seenS), 's', null);
    add('  background work after ACCEPTED (reminder run)', settledAt === null ? Number.NaN : round(afterS), 's', null);
    add('  longest event-loop stall in that time', blockedAfter, 'ms', null);
    if (healthAfter.requests > 0) add('  health p95 in that time', healthAfter.p95, 'ms', large ? BUDGETS.floorReadMs : null);
    add('  health p95, the load alone', healthIdle.p95, 'ms', null);
    add('  forecast p95, the load alone', forecastIdle.p95, 'ms', null);
    add('  longest event-loop stall, the load alone', blockedAlone, 'ms', null);
    add('  trainer CPU (sampled)', round(trainer.cpuS), 's', null);

    // 2. The forecast, as its owner.
    await refreshTokens();
    const owners = tokens.owners;
    const one = await call<{ data: { components: Array<{ status: string }> } }>(origin, 'GET', `/api/vehicles/${owners[0]!.vehicleId}/forecast`, { authorization: `Bearer ${owners[0]!.token}` });
    if (one.status !== 200) throw new Error(`GET /api/vehicles/${owners[0]!.vehicleId}/forecast answered ${one.status}: ${JSON.stringify(one.body).slice(0, 300)}`);
    const sample = one.body.data;
    const byStatus = new Map<string, number>();
    for (const component of sample.components) byStatus.set(component.status, (byStatus.get(component.status) ?? 0) + 1);
    console.log(`  a forecast (vehicle ${owners[0]!.vehicleId}, ${owners[0]!.model}): ${sample.components.length} components — ${[...byStatus].map(([s, n]) => `${n} ${s}`).join(', ') || 'none'}`);
    console.log(`  load average before measuring: ${loadavg().map((l) => l.toFixed(1)).join(', ')} (2 cores: above 2 is other work queueing with the API)`);
    await runCustomers({ origin, customers: 2, steps: [forecastStep('warm-up')], seconds: WARM_UP_SECONDS });
    let cpuStart = await api.cpuMs();
    const forecastRun = await runCustomers({ origin, customers: CLIENTS, steps: [forecastStep('forecast')], seconds: SECONDS });
    const forecast = figuresOf(forecastRun.all);
    const forecastCpu = ((await api.cpuMs()) - cpuStart) / Math.max(1, forecast.requests);
    console.log(`  GET /api/vehicles/:id/forecast (${owners.length} vehicles, their owners, ${CLIENTS} clients, ${SECONDS} s): ${describe(forecast)}; API CPU ${forecastCpu.toFixed(1)} ms a request`);
    for (const bad of forecastRun.unexpected) console.log(`    unexpected ${bad.status}: ${bad.body}`);
    const forecastOk = forecastRun.unexpected.length === 0 && forecastRun.errors === 0;
    add('forecast p95', forecastOk ? forecast.p95 : Number.NaN, 'ms', BUDGETS.forecastMs);
    add('  forecast API CPU a request', round(forecastCpu), 'ms', null);

    // 3. The diagnosis: the first after start reads our cases (the evidence cache), then warm.
    const diagnosis = (customer: number, turn: number) => ({
      ...DIAGNOSES[(customer + turn) % DIAGNOSES.length]!,
      vehicleModel: models[(customer * 3 + turn) % models.length]!,
    });
    const first = await call<{ data?: { ranked: Array<{ component: string; probability: number }>; learnedFromCases: number } }>(origin, 'POST', '/api/diagnostics', { 'x-forwarded-for': nextAddress() }, diagnosis(0, 0));
    const firstBody = first.body;
    const coldMs = first.ms;
    if (first.status !== 200 || !firstBody.data) throw new Error(`POST /api/diagnostics answered ${first.status}: ${JSON.stringify(firstBody).slice(0, 300)}`);
    console.log(
      `  the first diagnosis (reads the learned cases): ${coldMs.toFixed(0)} ms, learned from ${firstBody.data.learnedFromCases.toLocaleString('en')} cases; top: ${firstBody.data.ranked.slice(0, 3).map((r) => `${r.component} ${(r.probability * 100).toFixed(0)} %`).join(', ')}`,
    );
    const diagnosisStep = (label: string): CustomerStep => ({
      label,
      build: (customer, turn) => ({ method: 'POST', path: '/api/diagnostics', headers: { 'x-forwarded-for': nextAddress() }, body: diagnosis(customer, turn) }),
      expect: [200],
    });
    await runCustomers({ origin, customers: 2, steps: [diagnosisStep('warm-up')], seconds: WARM_UP_SECONDS });
    cpuStart = await api.cpuMs();
    const diagnosisRun = await runCustomers({ origin, customers: CLIENTS, steps: [diagnosisStep('diagnosis')], seconds: SECONDS });
    const diagnosed = figuresOf(diagnosisRun.all);
    const diagnosisCpu = ((await api.cpuMs()) - cpuStart) / Math.max(1, diagnosed.requests);
    console.log(`  POST /api/diagnostics (${DIAGNOSES.length} symptom sets × ${models.length} models, a new address each, ${CLIENTS} clients, ${SECONDS} s): ${describe(diagnosed)}; API CPU ${diagnosisCpu.toFixed(1)} ms a request`);
    for (const bad of diagnosisRun.unexpected) console.log(`    unexpected ${bad.status}: ${bad.body}`);
    const diagnosisOk = diagnosisRun.unexpected.length === 0 && diagnosisRun.errors === 0;
    add('diagnosis p95', diagnosisOk ? diagnosed.p95 : Number.NaN, 'ms', BUDGETS.diagnosisMs);
    add('  diagnosis API CPU a request', round(diagnosisCpu), 'ms', null);
    add('  first diagnosis (cold evidence cache)', round(coldMs), 'ms', null);
  } finally {
    await api.stop();
    rmSync(folder, { recursive: true, force: true });
  }
}

function printSummary(rows: readonly Row[]): boolean {
  const label = (row: Row) => `${row.database === 'sqlite' ? 'SQLite' : 'PostgreSQL'} · ${row.data === 'demo' ? 'demo data' : `${ORDERS.toLocaleString('en')} orders`}`;
  const cells = rows.map((row) => {
    // NaN: no answer in that phase (it lasted no time) — for a figure with a budget, a failed measurement.
    const pass = row.budget === null ? null : Number.isFinite(row.value) && row.value < row.budget;
    return [
      label(row),
      row.figure,
      Number.isFinite(row.value) ? `${row.value} ${row.unit}` : row.budget === null ? 'n/a' : 'failed',
      row.budget === null ? '—' : `< ${row.budget} ${row.unit}`,
      pass === null ? '' : pass ? '✔' : '✘',
    ];
  });
  const head = ['data', 'figure', 'measured', 'budget', ''];
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: readonly string[]) => c.map((cell, i) => cell.padEnd(widths[i]!)).join('  ').trimEnd();
  console.log(`\nbench:predict summary (${CLIENTS} clients, ${SECONDS} s a measurement; light load during training ${FLOOR_CONNECTIONS} × ${FLOOR_RATE_PER_CONNECTION} req/s)`);
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const c of cells) console.log(line(c));
  return cells.every((c) => c[4] !== '✘');
}

async function main(): Promise<void> {
  const targets = (process.env.BENCH_PREDICT_DATABASES ?? 'sqlite').split(',').map((t) => t.trim()).filter(Boolean) as Target[];
  const datasets = (process.env.BENCH_PREDICT_DATASETS ?? 'demo,large').split(',').map((d) => d.trim()).filter(Boolean) as Dataset[];
  for (const value of targets) if (value !== 'sqlite' && value !== 'postgres') throw new Error(`BENCH_PREDICT_DATABASES: unknown database ${value}`);
  for (const value of datasets) if (value !== 'demo' && value !== 'large') throw new Error(`BENCH_PREDICT_DATASETS: unknown data set ${value}`);
  if (!Number.isInteger(ORDERS) || ORDERS < 100) throw new Error('BENCH_PREDICT_ORDERS: at least 100');
  const rows: Row[] = [];
  let failure: unknown = null;
  for (const target of targets) {
    for (const dataset of datasets) {
      try {
        await measure(target, dataset, rows);
      } catch (error) {
        // One failed measurement does not hide the others' figures.
        console.error(`  ✘ ${dataset} on ${target}: ${error instanceof Error ? error.message : error}`);
        rows.push({ database: target, data: dataset, figure: 'measurement', value: Number.NaN, unit: 'ms', budget: 0 });
        failure = error;
      }
    }
  }
  const ok = printSummary(rows);
  if (!ok || failure) process.exitCode = 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) runBench({ server: runServer, main });
