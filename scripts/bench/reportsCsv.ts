import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadApi } from './benchApi.ts';
import { percentile, residentMb, round, runBench, startBenchApi } from './benchProcess.ts';
import { RSS_BUDGET_MB } from './memory.ts';
import { fillMovements, REPORT_DAY, ROWS } from './stockMovementsData.ts';
import type { ChildProcess } from 'node:child_process';
import type { Client as PgClient } from 'pg';

/**
 * The CSV export's budget (issue 15, spec §9): a 100,000-row report downloaded over HTTP by a manager in < 3 s,
 * with the API's memory flat (the file is streamed from the database page by page, never held whole).
 *
 * - The server process seeds a scratch database and writes 100,000 stock movements of its first centre on one
 *   local day (REPORT_DAY, far from the seed's own history) with one INSERT … SELECT, then ANALYZE.
 * - The measuring process downloads /api/reports/stock-movements.csv for that day as the centre's manager: once to
 *   warm up, then BENCH_DOWNLOADS times (default 3), one after another: the time to the last byte, the rows read back
 *   (csv-parse), and the API process's RSS (from /proc) before, at its peak during, and after each download.
 * - SQLite (a temp file) and PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/ev_bench_reports,
 *   created afresh and dropped at the end), as bench:kpis: BENCH_REPORTS_DATABASES=sqlite|postgres|sqlite,postgres
 *   (default both).
 *
 * Budgets: the median download < CSV_BUDGET_MS; memory flat: the heap still in use after a full garbage collection (the API
 * runs with --expose-gc and collects when asked over IPC) at most HEAP_BUDGET_MB above the one at rest, whatever the
 * number of downloads; and the API's RSS after every download ≤ RSS_BUDGET_MB (bench:memory's, issue 23), reported
 * with its figure before and at its peak during each. The report's rows die in V8's young generation on both
 * databases (the PostgreSQL pool runs queries through pg's callback form: db/pgCallbackPool.ts), so the RSS stays
 * where the warm-up left it.
 */

export const CSV_BUDGET_MS = 3_000;
/** The heap still in use after a full GC may grow by this much over the downloads (nothing of a file is kept). */
export const HEAP_BUDGET_MB = 10;
const PG_DEFAULT = 'postgres://postgres@127.0.0.1:5432/ev_bench_reports';

type Target = 'sqlite' | 'postgres';

const pgUrl = () => process.env.BENCH_DATABASE_URL?.trim() || PG_DEFAULT;

async function pgAdmin(url: string, action: (client: PgClient, name: string) => Promise<void>): Promise<void> {
  const { default: pg } = await import('pg');
  const name = new URL(url).pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await action(client, name);
  } finally {
    await client.end();
  }
}


interface ServerReady {
  port: number;
  managerToken: string;
  rows: number;
}

async function runServer(): Promise<void> {
  const target = process.env.BENCH_REPORTS_TARGET as Target;
  const { loadConfig, createDatabase, migrateToLatest, buildApp, seed } = await loadApi();
  const { serveBenchApi } = await import('./benchProcess.ts');
  const folder = process.env.BENCH_DATA_DIR!;
  const config = {
    ...loadConfig({}),
    nodeEnv: 'production',
    databaseUrl: target === 'postgres' ? pgUrl() : null,
    sqliteFile: path.join(folder, 'bench.sqlite'),
    uploadDir: path.join(folder, 'uploads'),
    jwtSecret: 'bench-secret-bench-secret-bench-secret-0123',
    redisUrl: null,
  };
  const db = createDatabase(config);
  await migrateToLatest(db);
  await seed(db);
  const centre = await db.selectFrom('service_centres').select('id').where('kind', '=', 'SERVICE_CENTRE').orderBy('id').executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  const manager = await db
    .insertInto('users')
    .values({ email: 'bench.baocao.quanly@example.vn', password_hash: null, full_name: 'Quản lý báo cáo thử tải', phone_number: '0909000333', role: 'manager', email_verified_at: now, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('staff_assignments').values({ user_id: manager.id, centre_id: centre.id, assigned_at: now, ended_at: null }).execute();
  await fillMovements(db, target, centre.id, manager.id);
  const app = buildApp({ db, logger: false, context: { config } });
  await app.ready();
  const { token } = await app.accessTokens.issue({ userId: manager.id, role: 'manager' });
  // 'heap': a full garbage collection (the API runs with --expose-gc), then the heap still in use.
  process.on('message', (message) => {
    if (message !== 'heap') return;
    (globalThis as { gc?: () => void }).gc?.();
    process.send?.({ heapUsedMb: round(process.memoryUsage().heapUsed / 1_048_576) });
  });
  await serveBenchApi(app, db, { managerToken: token, rows: ROWS });
}

// ---- Measuring (parent process) ----------------------------------------------------------------------------

/** The API's heap in use after a full garbage collection, in MB. */
function heapAfterGc(api: { child: ChildProcess }): Promise<number> {
  return new Promise((resolve) => {
    const answer = (message: unknown) => {
      const heap = (message as { heapUsedMb?: number }).heapUsedMb;
      if (heap === undefined) return;
      api.child.off('message', answer);
      resolve(heap);
    };
    api.child.on('message', answer);
    api.child.send('heap');
  });
}

/** The resident set of a process of this machine, in MB (Linux /proc). */
function rssMb(pid: number): number {
  return round(residentMb(pid).rss);
}

interface Download {
  ms: number;
  bytes: number;
  rows: number;
  bom: boolean;
  rssBefore: number;
  rssPeak: number;
  rssAfter: number;
}

async function download(origin: string, token: string, pid: number): Promise<Download> {
  const { parse } = await import('csv-parse/sync');
  const rssBefore = rssMb(pid);
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, rssMb(pid));
  }, 20);
  const chunks: Uint8Array[] = [];
  const t0 = performance.now();
  try {
    const response = await fetch(`${origin}/api/reports/stock-movements.csv?from=${REPORT_DAY}&to=${REPORT_DAY}`, { headers: { authorization: `Bearer ${token}` } });
    if (response.status !== 200) throw new Error(`the CSV answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
    const reader = response.body!.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) chunks.push(read.value);
  } finally {
    clearInterval(sampler);
  }
  const ms = round(performance.now() - t0);
  rssPeak = Math.max(rssPeak, rssMb(pid));
  const body = Buffer.concat(chunks);
  const records = parse(body, { bom: true, record_delimiter: '\r\n' }) as string[][];
  return { ms, bytes: body.length, rows: records.length - 1, bom: body.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf])), rssBefore, rssPeak, rssAfter: rssMb(pid) };
}

async function measure(target: Target): Promise<boolean> {
  const folder = mkdtempSync(path.join(tmpdir(), 'ev-bench-reports-'));
  if (target === 'postgres') {
    await pgAdmin(pgUrl(), async (client, name) => {
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.query(`create database "${name}"`);
    });
  }
  const started = Date.now();
  // From source: the heap after a full GC is asked of the server part by IPC.
  const api = await startBenchApi<ServerReady>(import.meta.url, { BENCH_DATA_DIR: folder, BENCH_REPORTS_TARGET: target, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --expose-gc`.trim() }, { api: 'source' });
  try {
    const pid = api.child.pid!;
    const origin = `http://127.0.0.1:${api.ready.port}`;
    console.log(`  ${api.ready.rows.toLocaleString('en')} stock movements on ${REPORT_DAY} written in ${round((Date.now() - started) / 1000)} s (seed included); API RSS at rest ${rssMb(pid)} MB`);
    const heapAtRest = await heapAfterGc(api);
    // Warm-up (JIT, compiled statements, the database's pages): one download, not measured for time.
    const warm = await download(origin, api.ready.managerToken, pid);
    console.log(`  warm-up download: ${warm.rows.toLocaleString('en')} rows, ${warm.ms} ms; API RSS before ${warm.rssBefore} MB, peak ${warm.rssPeak} MB, after ${warm.rssAfter} MB`);
    let pass = warm.rows === ROWS;
    let flat = true;
    let small = true;
    const times: number[] = [];
    const downloads = Number(process.env.BENCH_DOWNLOADS ?? 3);
    for (let run = 1; run <= downloads; run += 1) {
      const d = await download(origin, api.ready.managerToken, pid);
      const heap = await heapAfterGc(api);
      const kept = round(heap - heapAtRest);
      const ok = d.rows === ROWS && d.bom && kept <= HEAP_BUDGET_MB && d.rssAfter <= RSS_BUDGET_MB;
      flat &&= kept <= HEAP_BUDGET_MB;
      small &&= d.rssAfter <= RSS_BUDGET_MB;
      pass &&= ok;
      times.push(d.ms);
      console.log(
        `  download ${run}: ${d.rows.toLocaleString('en')} rows read back (BOM ${d.bom ? 'yes' : 'NO'}), ${round(d.bytes / 1_048_576)} MB in ${d.ms} ms; ` +
          `API RSS before ${d.rssBefore} MB, peak ${d.rssPeak} MB (+${round(d.rssPeak - d.rssBefore)}), after ${d.rssAfter} MB (budget ≤ ${RSS_BUDGET_MB}); heap in use after a full GC ${heap} MB ` +
          `(at rest ${heapAtRest} MB: ${kept >= 0 ? '+' : ''}${kept}, budget ≤ +${HEAP_BUDGET_MB})${ok ? '' : ' — FAILED'}`,
      );
    }
    const median = percentile([...times].sort((a, b) => a - b), 50);
    const fast = median < CSV_BUDGET_MS;
    pass &&= fast;
    console.log(`  median download ${median} ms — budget < ${CSV_BUDGET_MS} ms: ${fast ? 'OK' : 'FAILED'}; memory flat (heap after GC ≤ +${HEAP_BUDGET_MB} MB): ${flat ? 'OK' : 'FAILED'}; RSS after each download ≤ ${RSS_BUDGET_MB} MB: ${small ? 'OK' : 'FAILED'}`);
    return pass;
  } finally {
    await api.stop();
    rmSync(folder, { recursive: true, force: true });
    if (target === 'postgres') await pgAdmin(pgUrl(), async (client, name) => void (await client.query(`drop database if exists "${name}" with (force)`)));
  }
}

async function main(): Promise<void> {
  const targets = (process.env.BENCH_REPORTS_DATABASES ?? 'sqlite,postgres').split(',').map((t) => t.trim()) as Target[];
  let failed = false;
  for (const target of targets) {
    console.log(`bench:reports — GET /api/reports/stock-movements.csv, ${ROWS.toLocaleString('en')} rows, on ${target === 'sqlite' ? 'SQLite' : `PostgreSQL (${pgUrl().replace(/\/\/[^@]*@/, '//')})`}`);
    const pass = await measure(target);
    failed ||= !pass;
  }
  if (failed) process.exitCode = 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) runBench({ server: runServer, main });
