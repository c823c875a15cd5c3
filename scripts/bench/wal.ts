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
 *                order, each kind BENCH_WAL_SAMPLES times in a row, the frames read off the WAL index (-shm)
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

/** The page number each frame `from`..`to` of the -wal file holds (a frame's header starts with it). */
function framePages(file: string, from: number, to: number, pageSize: number): number[] {
  const pages: number[] = [];
  const header = Buffer.alloc(4);
  const fd = openSync(`${file}-wal`, 'r');
  try {
    for (let frame = from; frame < to; frame += 1) {
      readSync(fd, header, 0, 4, 32 + frame * (pageSize + 24));
      pages.push(header.readUInt32BE(0));
    }
  } finally {
    closeSync(fd);
  }
  return pages;
}

/**
 * The WAL bytes one answer of a kind writes, and the tables and indexes they went to (frames an answer, most first):
 * `SAMPLES` answers one after another, each with what it set off after it was sent (live events, notifications: 50 ms),
 * its frames read off the WAL index (-shm) before and after. An answer during which the log started again from its
 * beginning is left out. The pages are named by `dbstat` at the end (a page added since is in it then).
 */
async function walPerAnswer(file: string, reader: BetterSqlite3.Database, run: (sample: number) => Promise<void>): Promise<{ bytes: number; tables: string; counted: number } | null> {
  let frames = 0;
  let counted = 0;
  let pageSize = 4096;
  const framesOfPage = new Map<number, number>();
  for (let sample = 0; sample < SAMPLES; sample += 1) {
    const before = walIndex(file);
    await run(sample);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const after = walIndex(file);
    if (after.salt !== before.salt || after.frames < before.frames) continue;
    pageSize = before.pageSize;
    frames += after.frames - before.frames;
    counted += 1;
    for (const page of framePages(file, before.frames, after.frames, pageSize)) framesOfPage.set(page, (framesOfPage.get(page) ?? 0) + 1);
  }
  if (counted < SAMPLES / 2) return null;
  const owners = new Map<number, string>();
  for (const row of reader.prepare('SELECT name, pageno FROM dbstat').all() as Array<{ name: string; pageno: number }>) owners.set(row.pageno, row.name);
  const byOwner = new Map<string, number>();
  for (const [page, count] of framesOfPage) {
    const owner = owners.get(page) ?? 'free pages';
    byOwner.set(owner, (byOwner.get(owner) ?? 0) + count);
  }
  const tables = [...byOwner]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 10)
    .map(([owner, count]) => `${owner} ${round(count / counted)}`)
    .join(', ');
  return { bytes: (frames * (pageSize + 24)) / counted, tables, counted };
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
    const kinds: Array<[string, (sample: number) => Promise<void>]> = [
      ['page view (the list, then a product)', async (s) => send(origin, (s % 2 ? product : list).build(s % CUSTOMERS, s), [200])],
      ['cart change (an add, then its removal)', async (s) => send(origin, (s % 2 ? remove : add).build(Math.floor(s / 2) % CUSTOMERS, Math.floor(s / 2)), [200])],
      ['order (one product, COD or VietQR)', async (s) => send(origin, order.build(s % CUSTOMERS, 1_000 + s), [201])],
    ];
    console.log(`  WAL written per answer (${SAMPLES} answers of each kind, one after another):`);
    for (const [label, run] of kinds) {
      const measured = await walPerAnswer(file, reader, run);
      if (!measured) {
        console.log(`    ${label.padEnd(42)} not measured: the log started again during most answers`);
        continue;
      }
      const { bytes, tables, counted } = measured;
      console.log(`    ${label.padEnd(42)} ${String(round(bytes / 1024)).padStart(8)} KB   (${counted} of ${SAMPLES} answers measured)`);
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
