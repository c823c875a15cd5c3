import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, readSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import BetterSqlite3 from 'better-sqlite3';
import type { CustomerRequest, CustomerStep } from './customerLoad.ts';
import { prepareInOwnProcess, processCpuMicros, REPO_ROOT, round, runBench } from './benchProcess.ts';
import { CUSTOMERS, prepareDatabase, PREPARED_FILE, shopSteps, type PreparedLoad } from './memory.ts';
import { startProductionApi, type ProductionApi } from './productionApi.ts';

/**
 * `npm run bench:wal` (issue 70 §3): the SQLite write-ahead log of the production process (`node api/dist/src/server.js`,
 * its WAL checkpointer on) stays under WAL_BUDGET_MB through a shop load with continuous readers, and what each kind of
 * answer writes to it. bench:memory's prepared database (seed, stock, 20 customers) and its shop mix:
 *
 *   per answer   WAL bytes written by one page view (the list and a product), one cart change (add, remove) and one
 *                order, each kind BENCH_WAL_SAMPLES times in a row; a reader of the bench's own holds a snapshot
 *                meanwhile, so that the log is only appended to, and the frames are read off the WAL index (-shm)
 *   load         BENCH_WAL_SECONDS (default 900) of the 20 customers' shop mix, plus a reader of the bench's own that
 *                runs short read transactions back to back the whole time (a report, a backup, `sqlite3` on the
 *                file); the -wal file's size sampled every 100 ms
 *
 * Then the database file's size before and after, beside its pages in use: the file grows only with its data.
 * Exits 1 when the WAL passed the budget.
 */

export const WAL_BUDGET_MB = 64;
const LOAD_SECONDS = Number(process.env.BENCH_WAL_SECONDS ?? 900);
const SAMPLES = Number(process.env.BENCH_WAL_SAMPLES ?? 100);
const MB = 1_048_576;

/** The WAL index's header (the -shm file's first 48 bytes): frames in the log now, and the salt a restart changes. */
function walIndex(file: string): { frames: number; salt: string; pageSize: number } {
  const header = Buffer.alloc(48);
  const fd = openSync(`${file}-shm`, 'r');
  try {
    readSync(fd, header, 0, 48, 0);
  } finally {
    closeSync(fd);
  }
  const pageSize = header.readUInt16LE(14);
  return { frames: header.readUInt32LE(16), salt: header.subarray(32, 40).toString('hex'), pageSize: pageSize === 1 ? 65_536 : pageSize };
}

const fileMb = (file: string) => (existsSync(file) ? statSync(file).size / MB : 0);

async function send(origin: string, request: CustomerRequest, expect: readonly number[]): Promise<void> {
  const response = await fetch(`${origin}${request.path}`, {
    method: request.method,
    headers: { ...(request.body === undefined ? {} : { 'content-type': 'application/json' }), ...request.headers },
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
  });
  await response.arrayBuffer();
  if (!expect.includes(response.status)) throw new Error(`${request.method} ${request.path} answered ${response.status}`);
}

/**
 * The WAL bytes one answer of a kind writes: `SAMPLES` answers in a row while `reader` holds a snapshot (the log cannot
 * restart under it), measured as frames × (page + 24-byte frame header). Retried when the log restarted anyway (the
 * snapshot was taken when every frame was already in the database file); null after ten such tries.
 */
async function walPerAnswer(file: string, reader: BetterSqlite3.Database, run: (sample: number, attempt: number) => Promise<void>): Promise<{ bytes: number; tables: string } | null> {
  const marker = new BetterSqlite3(file);
  marker.pragma('busy_timeout = 5000');
  // its commit must not checkpoint the log itself (SQLite's default past 1,000 pages): the reader would then start on
  // a log wholly in the database file, which holds nothing back
  marker.pragma('wal_autocheckpoint = 0');
  marker.exec('CREATE TABLE IF NOT EXISTS bench_wal_mark (at TEXT NOT NULL)');
  for (let attempt = 0; attempt < 10; attempt += 1) {
    // a frame not yet in the database file when the snapshot is taken: the reader then holds the log itself
    marker.prepare('INSERT INTO bench_wal_mark (at) VALUES (?)').run(new Date().toISOString());
    reader.prepare('BEGIN').run();
    reader.prepare('SELECT count(*) FROM products').get();
    const before = walIndex(file);
    for (let sample = 0; sample < SAMPLES; sample += 1) await run(sample, attempt);
    // what the answers set off after they were sent (live events, notifications) belongs to them too
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const after = walIndex(file);
    const tables = after.salt === before.salt ? framesByTable(file, reader, before.frames, after.frames, before.pageSize) : '';
    reader.prepare('COMMIT').run();
    if (after.salt === before.salt) {
      marker.close();
      return { bytes: ((after.frames - before.frames) * (before.pageSize + 24)) / SAMPLES, tables };
    }
  }
  marker.close();
  return null;
}

/**
 * The tables and indexes whose pages the frames `from`..`to` hold, most frames first (frames per answer): a frame's
 * header starts with its page number, which the reader's snapshot (dbstat) names; a page added since is "new pages".
 */
function framesByTable(file: string, reader: BetterSqlite3.Database, from: number, to: number, pageSize: number): string {
  const owners = new Map<number, string>();
  for (const row of reader.prepare('SELECT name, pageno FROM dbstat').all() as Array<{ name: string; pageno: number }>) owners.set(row.pageno, row.name);
  const counts = new Map<string, number>();
  const header = Buffer.alloc(4);
  const fd = openSync(`${file}-wal`, 'r');
  try {
    for (let frame = from; frame < to; frame += 1) {
      readSync(fd, header, 0, 4, 32 + frame * (pageSize + 24));
      const owner = owners.get(header.readUInt32BE(0)) ?? 'new pages';
      counts.set(owner, (counts.get(owner) ?? 0) + 1);
    }
  } finally {
    closeSync(fd);
  }
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 10)
    .map(([owner, frames]) => `${owner} ${round(frames / SAMPLES)}`)
    .join(', ');
}

const stepOf = (steps: CustomerStep[], label: string) => steps.find((step) => step.label === label)!;

async function main(): Promise<void> {
  const folder = mkdtempSync(path.join(tmpdir(), 'ev-bench-wal-'));
  console.log(`bench:wal — the SQLite WAL of the production process, budget ≤ ${WAL_BUDGET_MB} MB through ${LOAD_SECONDS} s of shop load`);
  const build = spawnSync('npm', ['run', 'build', '-w', 'shared-contracts', '-w', 'api'], { cwd: REPO_ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) throw new Error(`building the API exited with ${build.status}`);
  const { runCustomers, assertCleanLoad } = await import('./customerLoad.ts');
  const jwtSecret = randomBytes(48).toString('base64');
  await prepareInOwnProcess(import.meta.url, { BENCH_DATA_DIR: folder, BENCH_JWT_SECRET: jwtSecret });
  const ready = JSON.parse(readFileSync(path.join(folder, PREPARED_FILE), 'utf8')) as PreparedLoad;
  const file = path.join(folder, 'bench.sqlite');
  const api: ProductionApi = await startProductionApi({ folder, jwtSecret });
  const reader = new BetterSqlite3(file, { readonly: true });
  reader.pragma('busy_timeout = 5000');
  const pages = () => reader.pragma('page_count', { simple: true }) as number;
  const freePages = () => reader.pragma('freelist_count', { simple: true }) as number;
  let pass = true;
  try {
    const origin = api.origin;
    const steps = shopSteps(ready, 'wal');
    const dbBefore = { mb: fileMb(file), inUse: ((pages() - freePages()) * walIndex(file).pageSize) / MB };

    // ---- WAL bytes per answer, by kind
    const list = stepOf(steps, 'GET /api/products');
    const product = stepOf(steps, 'GET /api/products/:id');
    const add = stepOf(steps, 'POST /api/cart/items');
    const remove = stepOf(steps, 'DELETE /api/cart/items/:lineId');
    const order = stepOf(steps, 'POST /api/orders');
    const kinds: Array<[string, (sample: number, attempt: number) => Promise<void>]> = [
      ['page view (the list, then a product)', async (s) => send(origin, (s % 2 ? product : list).build(s % CUSTOMERS, s), [200])],
      ['cart change (an add, then its removal)', async (s) => send(origin, (s % 2 ? remove : add).build(Math.floor(s / 2) % CUSTOMERS, Math.floor(s / 2)), [200])],
      ['order (one product, COD or VietQR)', async (s, attempt) => send(origin, order.build(s % CUSTOMERS, 1_000 + attempt * SAMPLES + s), [201])],
    ];
    console.log(`  WAL written per answer (${SAMPLES} answers of each kind, one after another):`);
    for (const [label, run] of kinds) {
      const measured = await walPerAnswer(file, reader, run);
      if (!measured) {
        console.log(`    ${label.padEnd(42)} not measured: the log restarted under the bench's reader ten times`);
        continue;
      }
      const { bytes, tables } = measured;
      console.log(`    ${label.padEnd(42)} ${String(round(bytes / 1024)).padStart(8)} KB`);
      if (tables) console.log(`      frames an answer by table or index: ${tables}`);
    }

    // ---- The load, with a reader of our own running back to back
    let loading = true;
    let reads = 0;
    const sideReader = (async () => {
      const statement = reader.prepare('SELECT count(*) AS n, coalesce(sum(quantity), 0) AS units FROM order_lines');
      while (loading) {
        statement.get();
        reads += 1;
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    let walPeakMb = 0;
    const walSamples: number[] = [];
    const sampler = setInterval(() => {
      const size = fileMb(`${file}-wal`);
      walPeakMb = Math.max(walPeakMb, size);
      walSamples.push(size);
    }, 100);
    const cpuBefore = processCpuMicros(api.child.pid!);
    const minuteMarks: string[] = [];
    const minuteTimer = setInterval(() => minuteMarks.push(`${minuteMarks.length + 1} min ${round(walPeakMb)}`), 60_000);
    const result = await runCustomers({ origin, customers: CUSTOMERS, steps: shopSteps(ready, 'wal-load'), seconds: LOAD_SECONDS });
    loading = false;
    clearInterval(sampler);
    clearInterval(minuteTimer);
    await sideReader;
    assertCleanLoad('shop', result);
    const sorted = [...walSamples].sort((a, b) => a - b);
    console.log(
      `  load: ${result.all.length} answers in ${round(result.elapsedMs / 1000)} s (${round(result.all.length / (result.elapsedMs / 1000))} a second), ` +
        `the API's CPU ${Math.round((processCpuMicros(api.child.pid!) - cpuBefore) / result.all.length)} µs an answer; the side reader ran ${reads} reads`,
    );
    if (minuteMarks.length > 0) console.log(`    WAL's peak so far, by minute (MB): ${minuteMarks.join(' · ')}`);
    console.log(
      `  the -wal file: peak ${round(walPeakMb)} MB, median ${round(sorted[Math.floor(sorted.length / 2)] ?? 0)} MB over ${walSamples.length} samples — ` +
        `${walPeakMb <= WAL_BUDGET_MB ? 'OK' : 'OVER'} (budget ${WAL_BUDGET_MB} MB)`,
    );
    const dbAfter = { mb: fileMb(file), inUse: ((pages() - freePages()) * walIndex(file).pageSize) / MB };
    console.log(
      `  the database file: ${round(dbBefore.mb)} → ${round(dbAfter.mb)} MB; pages in use ${round(dbBefore.inUse)} → ${round(dbAfter.inUse)} MB ` +
        `(${Math.round(((dbAfter.inUse - dbBefore.inUse) * MB) / Math.max(1, result.all.length))} bytes an answer)`,
    );
    console.log(`  the API's memory saver turned on ${api.memorySaverTurns()} time(s)`);
    pass = walPeakMb <= WAL_BUDGET_MB;
  } finally {
    reader.close();
    await api.stop();
    rmSync(folder, { recursive: true, force: true });
  }
  if (!pass) process.exitCode = 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) runBench({ prepare: prepareDatabase, main });
