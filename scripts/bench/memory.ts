import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import type { CustomerStep } from './customerLoad.ts';
import { startPhotoUploaders } from './photoUploaders.ts';
import { loadProductionKit, loadSeed, stockWarehouse, openBenchDatabase } from './benchApi.ts';
import { prepareInOwnProcess, processCpuMicros, REPO_ROOT, residentMb, round, runBench } from './benchProcess.ts';
import { startProductionApi, type ProductionApi } from './productionApi.ts';
import { insertBenchVisit } from './benchVisits.ts';
import { fillMovements, REPORT_DAY } from './stockMovementsData.ts';

/**
 * `npm run bench:memory` (issue 23 §2, issue 47 §4): the API fits in RSS_BUDGET_MB of resident memory, at rest and
 * after every load, steady. The API is the production process itself, `node api/dist/src/server.js` as the container
 * and `npm start` run it (productionApi.ts: built first, production's environment and settings, its request log), on a
 * scratch seeded SQLite database (plus 100,000 stock movements for the CSV) that a process of its own filled first
 * (prepareInOwnProcess: production's seed is its own process too, so the API carries nothing of it), and this process
 * reads its RSS from /proc after a full garbage collection (productionApi.ts's probe collects when asked):
 *
 *   rest      started on the seeded database, before any request
 *   shop      BENCH_MEMORY_PHASE_SECONDS (default 15) of 20 customers: catalogue reads, cart operations, orders
 *   floor     the same time of 10 staff reading the day view and the board
 *   csv       three downloads of the 100,000-row stock-movements CSV (bench:reports' report)
 *   photos    4 technicians uploading 4 MB JPEGs, one every second each, for the same time
 *   soak      BENCH_MEMORY_SOAK_SECONDS (default 150) of all of it mixed (shop + floor, a CSV and photos now and then),
 *             the same mix from its start to its end (so that its halves compare: the photos' external memory makes V8
 *             collect every 1–2 s, which photos in the first half only made look like growth in the second), the RSS
 *             sampled every 5 s, then once more at rest
 *
 * Budgets: every at-rest figure ≤ RSS_BUDGET_MB, and steady: over the soak, the RSS of its second half at most
 * STEADY_GROWTH_MB above its first half's (medians: a photo or a CSV in flight is a peak, not growth). Exits 1 on a miss. The load average is printed (a shared machine).
 * The image encoder's process (a child of the API, started with the first photo) has its RSS printed beside the API's:
 * its own figure, outside the API's budget. The CSV downloads' times are printed too (the CSV must stay fast).
 * SQLite only (buildBenchApi's database); the PostgreSQL pool's client memory is pg's, outside this process's SQLite figures.
 */

export const RSS_BUDGET_MB = 250;
export const STEADY_GROWTH_MB = 10;
const PHASE_SECONDS = Number(process.env.BENCH_MEMORY_PHASE_SECONDS ?? 15);
const SOAK_SECONDS = Number(process.env.BENCH_MEMORY_SOAK_SECONDS ?? 150);
export const CUSTOMERS = 20;
const STAFF = 10;
const TECHNICIANS = 4;

/** What the load needs: the prepared users' tokens (signed with the key the API is given), products and today. */
export interface PreparedLoad {
  customerTokens: string[];
  productIds: number[];
  productSlugs: string[];
  staffTokens: string[];
  managerToken: string;
  today: string;
  technicians: Array<{ token: string; items: Array<{ orderId: number; itemId: number }> }>;
}

// ---- The database's preparation (its own process) --------------------------------------------------------

export const PREPARED_FILE = 'prepared.json';
/** The bench users' tokens outlive the longest run (production's are 15 minutes; these are signed by the bench). */
const TOKEN_SECONDS = 3 * 3600;

/**
 * Fills the scratch database in a process of its own (prepareInOwnProcess), as production seeds before the API starts:
 * the seed, stock for every order, 20 customers, 10 staff, a manager, 4 technicians with 6 orders in progress today
 * each (every checklist item open for photos), and the CSV's 100,000 stock movements. The seed's demo accounts are
 * renamed (production refuses to start beside the published demo password), and the users' tokens are signed with
 * BENCH_JWT_SECRET, the key the API is then given.
 */
export async function prepareDatabase(): Promise<void> {
  const { seed } = await loadSeed();
  const { vietnamDateOf, vietnamInstant } = await import('../../shared-contracts/src/schemas/service.ts');
  const { db } = await openBenchDatabase();
  await seed(db);
  await stockWarehouse(db, 10_000_000);
  const now = new Date();
  const nowIso = now.toISOString();
  const today = vietnamDateOf(now);
  const centre = await db.selectFrom('service_centres').select('id').where('kind', '=', 'SERVICE_CENTRE').orderBy('id').executeTakeFirstOrThrow();
  const service = await db.selectFrom('services').select(['id', 'name', 'price', 'duration_minutes', 'checklist']).where('slug', '=', 'bao-duong-co-ban').executeTakeFirstOrThrow();
  const benchService = { ...service, checklist: JSON.parse(service.checklist) as Array<{ code: string; label: string }> };
  let userIndex = 0;
  const addUser = async (role: 'customer' | 'staff' | 'technician' | 'manager'): Promise<number> => {
    userIndex += 1;
    const row = await db
      .insertInto('users')
      .values({ email: `bench.mem.${role}.${userIndex}@example.vn`, password_hash: null, full_name: `Thử tải ${userIndex}`, phone_number: `09${String(40_000_000 + userIndex).slice(-8)}`, role, email_verified_at: nowIso, created_at: nowIso, updated_at: nowIso })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (role !== 'customer') await db.insertInto('staff_assignments').values({ user_id: row.id, centre_id: centre.id, assigned_at: nowIso, ended_at: null }).execute();
    return row.id;
  };
  const customerIds = [];
  for (let i = 0; i < CUSTOMERS; i += 1) customerIds.push(await addUser('customer'));
  const staffIds = [];
  for (let i = 0; i < STAFF; i += 1) staffIds.push(await addUser('staff'));
  const managerId = await addUser('manager');
  const technicians: Array<{ id: number; items: Array<{ orderId: number; itemId: number }> }> = [];
  // Each technician: 6 orders in progress today, every checklist item open for photos (≤ 5 per item).
  let number = 0;
  for (let t = 0; t < TECHNICIANS; t += 1) {
    const technicianId = await addUser('technician');
    const items: Array<{ orderId: number; itemId: number }> = [];
    for (let o = 0; o < 6; o += 1, number += 1) {
      const start = vietnamInstant(today, `${String(8 + (number % 10)).padStart(2, '0')}:00`);
      const plate = `51M-${String(100 + number).padStart(3, '0')}.${String(10 + (number % 90)).padStart(2, '0')}`;
      const visit = await insertBenchVisit(db, {
        number,
        codePrefix: 'M',
        centreId: centre.id,
        service: benchService,
        start,
        plate,
        appointmentStatus: 'IN_PROGRESS',
        contact: { name: `Khách ${number}`, phone: `09${String(50_000_000 + number).slice(-8)}`, email: `khach.mem.${number}@example.vn` },
        order: { status: 'IN_PROGRESS', technicianId, openedBy: staffIds[0]! },
        nowIso,
      });
      for (const itemId of visit.itemIds) items.push({ orderId: visit.orderId!, itemId });
    }
    technicians.push({ id: technicianId, items });
  }
  await fillMovements(db, 'sqlite', centre.id, managerId);
  const products = await db.selectFrom('products').select(['id', 'slug']).where('is_active', '=', 1).orderBy('id').limit(12).execute();
  const { createAccessTokens, systemClock, isDemoAccount } = await loadProductionKit();
  await db
    .updateTable('users')
    .set({ email: sql<string>`email || '.bench'` })
    .where(isDemoAccount)
    .execute();
  const accessTokens = createAccessTokens({ secret: process.env.BENCH_JWT_SECRET!, clock: systemClock, ttlSeconds: TOKEN_SECONDS });
  const token = async (userId: number, role: 'customer' | 'staff' | 'technician' | 'manager') => (await accessTokens.issue({ userId, role })).token;
  const ready: PreparedLoad = {
    customerTokens: await Promise.all(customerIds.map((id) => token(id, 'customer'))),
    staffTokens: await Promise.all(staffIds.map((id) => token(id, 'staff'))),
    managerToken: await token(managerId, 'manager'),
    technicians: await Promise.all(technicians.map(async (technician) => ({ token: await token(technician.id, 'technician'), items: technician.items }))),
    productIds: products.map((p) => p.id),
    productSlugs: products.map((p) => p.slug),
    today,
  };
  writeFileSync(path.join(process.env.BENCH_DATA_DIR!, PREPARED_FILE), JSON.stringify(ready));
  await db.destroy();
}

// ---- The measurements (this process) ------------------------------------------------------------------

/** The resident set of a process of this machine, in MB (Linux /proc). */
function rssMb(pid: number): number {
  return round(residentMb(pid).rss);
}

/**
 * The RSS of the API's image encoder (imageEncoderProcess.ts, a child process started with the first photo, ended
 * when idle): its own budget, not the API's; printed beside it. null when it is not running.
 */
function encoderRssMb(apiPid: number): number | null {
  for (const task of readdirSync(`/proc/${apiPid}/task`)) {
    let children = '';
    try {
      children = readFileSync(`/proc/${apiPid}/task/${task}/children`, 'utf8');
    } catch {
      continue;
    }
    for (const child of children.trim().split(/\s+/).filter(Boolean)) {
      try {
        if (readFileSync(`/proc/${child}/cmdline`, 'utf8').includes('imageEncoderProcess')) return rssMb(Number(child));
      } catch {
        // ended meanwhile
      }
    }
  }
  return null;
}

/** BENCH_MEMORY_SMAPS=1: the process's 6 largest resident mappings (/proc/<pid>/smaps), to tell V8's from malloc's. */
function largestMappings(pid: number): string {
  const mappings: Array<{ name: string; rssKb: number }> = [];
  let name = '';
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    if (/^[0-9a-f]+-[0-9a-f]+ /.test(line)) name = line.split(/\s+/).slice(5).join(' ') || `anon ${line.split(' ')[0]}`;
    else if (line.startsWith('Rss:')) mappings.push({ name, rssKb: Number(line.replace(/\D+/g, '')) });
  }
  const small = mappings.filter((m) => m.name.startsWith('anon') && m.rssKb < 4096);
  return (
    mappings
      .sort((a, b) => b.rssKb - a.rssKb)
      .slice(0, 6)
      .map((m) => `${m.name} ${Math.round(m.rssKb / 1024)} MB`)
      .join(', ') + `; ${small.length} anonymous mappings under 4 MB hold ${Math.round(small.reduce((sum, m) => sum + m.rssKb, 0) / 1024)} MB`
  );
}

const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

export function shopSteps(ready: PreparedLoad, phase: string): CustomerStep[] {
  const auth = (customer: number) => ({ authorization: `Bearer ${ready.customerTokens[customer]}` });
  const product = (customer: number, turn: number) => ready.productIds[(customer + turn) % ready.productIds.length]!;
  const sorts = ['price_asc', 'popular', 'newest'];
  return [
    { label: 'GET /api/products', build: (c, t) => ({ method: 'GET', path: `/api/products?inStock=true&sort=${sorts[(c + t) % 3]}&page=${1 + (t % 3)}` }), expect: [200] },
    { label: 'GET /api/products/:id', build: (c, t) => ({ method: 'GET', path: `/api/products/${ready.productSlugs[(c + t) % ready.productSlugs.length]}` }), expect: [200] },
    { label: 'POST /api/cart/items', build: (c, t) => ({ method: 'POST', path: '/api/cart/items', headers: auth(c), body: { kind: 'product', refId: product(c, t), quantity: 1 } }), expect: [200] },
    { label: 'GET /api/cart', build: (c) => ({ method: 'GET', path: '/api/cart', headers: auth(c) }), expect: [200] },
    { label: 'DELETE /api/cart/items/:lineId', build: (c, t) => ({ method: 'DELETE', path: `/api/cart/items/product-${product(c, t)}`, headers: auth(c) }), expect: [200] },
    {
      label: 'POST /api/orders',
      build: (c, t) => ({
        method: 'POST',
        path: '/api/orders',
        headers: { ...auth(c), 'idempotency-key': `bench-memory-${phase}-${c}-${t}` },
        body: {
          items: [{ kind: 'product', refId: product(c, t), quantity: 1 }],
          recipientName: 'Khách Benchmark',
          phone: '0912345678',
          fulfilment: { method: 'delivery', address: { province: 'Hà Nội', ward: 'Phường Cửa Nam', street: '12 Tràng Thi' } },
          paymentMethod: t % 4 === 0 ? 'VIETQR' : 'COD',
        },
      }),
      expect: [201],
    },
  ];
}

function floorSteps(ready: PreparedLoad): CustomerStep[] {
  const auth = (client: number) => ({ authorization: `Bearer ${ready.staffTokens[client % STAFF]}` });
  return [
    { label: 'day view', build: (c) => ({ method: 'GET', path: `/api/staff/appointments?date=${ready.today}`, headers: auth(c) }), expect: [200] },
    { label: 'board', build: (c) => ({ method: 'GET', path: `/api/service-orders/board?date=${ready.today}`, headers: auth(c) }), expect: [200] },
  ];
}

async function csvDownload(origin: string, token: string): Promise<number> {
  const response = await fetch(`${origin}/api/reports/stock-movements.csv?from=${REPORT_DAY}&to=${REPORT_DAY}`, { headers: { authorization: `Bearer ${token}` } });
  if (response.status !== 200) throw new Error(`the CSV answered ${response.status}`);
  return (await response.arrayBuffer()).byteLength;
}

async function main(): Promise<void> {
  const folder = mkdtempSync(path.join(tmpdir(), 'ev-bench-memory-'));
  const database = 'SQLite';
  console.log(`bench:memory — the API's RSS after a full GC, budget ≤ ${RSS_BUDGET_MB} MB, on ${database}; load average ${loadAverage()}`);
  // The API measured as production starts it: its build, in plain node (no tsx holding transforms and source maps).
  const build = spawnSync('npm', ['run', 'build', '-w', 'shared-contracts', '-w', 'api'], { cwd: REPO_ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) throw new Error(`building the API exited with ${build.status}`);
  // The load generator lives in this process only: the API's process carries nothing of it.
  const { runCustomers, assertCleanLoad: assertClean } = await import('./customerLoad.ts');
  const jwtSecret = randomBytes(48).toString('base64');
  await prepareInOwnProcess(import.meta.url, { BENCH_DATA_DIR: folder, BENCH_JWT_SECRET: jwtSecret });
  const ready = JSON.parse(readFileSync(path.join(folder, PREPARED_FILE), 'utf8')) as PreparedLoad;
  const api: ProductionApi = await startProductionApi({ folder, jwtSecret });
  const pid = api.child.pid!;
  const origin = api.origin;
  console.log(`  API process environment: MALLOC_ARENA_MAX=${readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').find((e) => e.startsWith('MALLOC_ARENA_MAX='))?.split('=')[1] ?? '(unset)'}`);
  const rows: Array<{ label: string; rss: number; heap: number; external: number; peak: number }> = [];
  let peak = 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 50);
  const checkpoint = async (label: string) => {
    const memory = await api.memoryAfterGc();
    const rss = rssMb(pid);
    const encoder = encoderRssMb(pid);
    rows.push({ label, rss, heap: memory.heapUsedMb, external: memory.externalMb, peak });
    console.log(
      `  ${label.padEnd(34)} RSS ${String(rss).padStart(7)} MB (peak during ${String(peak).padStart(7)} MB)   heap used ${String(memory.heapUsedMb).padStart(6)} of ${String(memory.heapTotalMb).padStart(6)} MB (new space ${memory.newSpaceMb})   external ${String(memory.externalMb).padStart(6)} MB   ${rss <= RSS_BUDGET_MB ? 'OK' : 'OVER'}   load ${loadAverage()}` +
        (encoder === null ? '' : `   (image encoder's process: RSS ${encoder} MB)`),
    );
    if (process.env.BENCH_MEMORY_SMAPS) console.log(`    largest mappings: ${largestMappings(pid)}`);
    peak = rssMb(pid);
  };
  const photoFile = path.join(folder, 'photo.jpg');
  const { default: sharp } = await import('sharp');
  writeFileSync(
    photoFile,
    await sharp({ create: { width: 2600, height: 1950, channels: 3, background: '#777', noise: { type: 'gaussian', mean: 128, sigma: 40 } } }).jpeg({ quality: 92 }).toBuffer(),
  );
  let itemsUsed = 0;
  const photos = async (seconds: number, everyMs: number) => {
    // each technician's items: the ones not used by earlier runs (≤ 4 photos each, the uploaders' own pace)
    const perTechnician = Math.ceil((seconds * 1000) / everyMs) + 1;
    const technicians = ready.technicians.map((t) => ({ token: t.token, items: t.items.slice(itemsUsed) }));
    itemsUsed += Math.ceil(perTechnician / 4) + 1;
    if (technicians.some((t) => t.items.length * 4 < perTechnician)) throw new Error('not enough checklist items left for the photos');
    const uploaders = await startPhotoUploaders({ origin, technicians, photoFile, everyMs });
    const { timings } = await uploaders.run(seconds * 1000);
    return timings.flat().length;
  };
  let pass = true;
  try {
    await checkpoint('at rest (seeded by its own process)');
    // The API's CPU time an answer too: what a memory setting costs in work (more collections) shows there.
    const loadPhase = async (label: string, customers: number, steps: CustomerStep[]) => {
      const cpuBefore = processCpuMicros(pid);
      const result = await runCustomers({ origin, customers, steps, seconds: PHASE_SECONDS });
      assertClean(label, result);
      console.log(`  ${label}: ${result.all.length} answers, the API's CPU ${Math.round((processCpuMicros(pid) - cpuBefore) / result.all.length)} µs an answer`);
    };
    await loadPhase('shop', CUSTOMERS, shopSteps(ready, 'shop'));
    await checkpoint(`after the shop (${PHASE_SECONDS} s, ${CUSTOMERS} customers)`);
    await loadPhase('floor', STAFF, floorSteps(ready));
    await checkpoint(`after the floor (${PHASE_SECONDS} s, ${STAFF} staff)`);
    let bytes = 0;
    const seconds: number[] = [];
    for (let run = 0; run < 3; run += 1) {
      const started = performance.now();
      bytes += await csvDownload(origin, ready.managerToken);
      seconds.push(round((performance.now() - started) / 1000));
    }
    await checkpoint(`after 3 CSV downloads (${round(bytes / 3 / 1_048_576)} MB each, ${seconds.join(' / ')} s)`);
    const sent = await photos(PHASE_SECONDS, 1000);
    await checkpoint(`after ${sent} photo uploads (4 MB JPEG)`);

    // The soak: everything at once, RSS sampled every 5 s.
    console.log(`  soak: ${SOAK_SECONDS} s of shop + floor, a CSV every 20 s, photos (4 technicians, one every 4 s each); RSS every 5 s:`);
    const samples: number[] = [];
    const started = Date.now();
    const rssTimer = setInterval(() => samples.push(rssMb(pid)), 5000);
    let soaking = true;
    const csvLoop = (async () => {
      while (soaking) {
        await new Promise((resolve) => setTimeout(resolve, 20_000));
        if (soaking) await csvDownload(origin, ready.managerToken);
      }
    })();
    const [shop, floor] = await Promise.all([
      runCustomers({ origin, customers: CUSTOMERS / 2, steps: shopSteps(ready, 'soak'), seconds: SOAK_SECONDS }),
      runCustomers({ origin, customers: STAFF / 2, steps: floorSteps(ready), seconds: SOAK_SECONDS }),
      photos(SOAK_SECONDS, 4000),
    ]);
    soaking = false;
    clearInterval(rssTimer);
    await csvLoop;
    assertClean('soak shop', shop);
    assertClean('soak floor', floor);
    console.log(`    ${samples.map((s, i) => `${(i + 1) * 5}s ${Math.round(s)}`).join(' · ')}  (${round((Date.now() - started) / 1000)} s)`);
    await checkpoint(`after the ${SOAK_SECONDS} s soak`);
    const half = Math.floor(samples.length / 2);
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    const firstHigh = median(samples.slice(0, half));
    const secondHigh = median(samples.slice(half));
    const steady = samples.length < 2 || secondHigh <= firstHigh + STEADY_GROWTH_MB;
    console.log(`  the API's memory saver turned on ${api.memorySaverTurns()} time(s) (MEMORY_SAVER_RSS_MB, api/src/runtime/memorySaver.ts)`);
    const within = rows.every((row) => row.rss <= RSS_BUDGET_MB);
    pass = steady && within;
    console.log(
      `  at rest after every load ≤ ${RSS_BUDGET_MB} MB: ${within ? 'OK' : 'FAILED'} (highest ${Math.max(...rows.map((r) => r.rss))} MB); ` +
        `steady over the soak (second half's median ${secondHigh} MB ≤ first half's ${firstHigh} MB + ${STEADY_GROWTH_MB}): ${steady ? 'OK' : 'FAILED'}`,
    );
  } finally {
    clearInterval(sampler);
    await api.stop();
    rmSync(folder, { recursive: true, force: true });
  }
  if (!pass) process.exitCode = 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) runBench({ prepare: prepareDatabase, main });
