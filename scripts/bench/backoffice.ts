import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { buildBenchApi, loadKnowledgeBase, loadSeed } from './benchApi.ts';
import { percentile, round, runBench, serveBenchApi, startBenchApi } from './benchProcess.ts';
import { assertCleanLoad, runCustomers, type CustomerLoadResult, type CustomerStep } from './customerLoad.ts';
import { insertBenchVisit } from './benchVisits.ts';
import { startPhotoUploaders } from './photoUploaders.ts';
import { importBudgetMs, importCounts, productCsv } from './productCsv.ts';
import { benchEachDatabaseInItsOwnProcess, scratchDatabase } from './scratchDatabase.ts';

/**
 * `npm run bench:backoffice`: the service-centre floor's budgets (issue 13), against the API in a child process on
 * a scratch seeded SQLite database holding one centre with 5 000 appointments and 2 000 service orders. The
 * clients are autocannon keep-alive connections (customerLoad.ts), each sending its requests one after another.
 *
 *   mixed floor, 10 staff + 10 technicians:  GET /api/staff/appointments (day view)   p95 < 20 ms
 *                                             GET /api/service-orders/board            p95 < 20 ms
 *                                             PUT …/checklist/:itemId (answer)         p95 < 15 ms
 *     and the front desk checking a car in every 500 ms at the same centre:
 *                                             POST /api/staff/appointments/:id/check-in p95 < 50 ms
 *   photos, 4 technicians each taking a 4 MB JPEG every 2 s while the mixed floor runs:  p95 < 600 ms, the others
 *     within budget. A phone takes a photo, the technician looks at it and sends it: every 2 s is a hurried
 *     technician (a centre's day is a few hundred photos), and four of them at once are two photos a second. The
 *     mixed floor's 20 clients meanwhile send their requests back to back (the CPU is never idle for long);
 *     BENCH_PHOTO_EVERY_MS=0 sends the photos back to back too (a figure past any phone's pace).
 *   live status, a customer's stream while the mixed floor runs: check-in → `service-order` event  p95 < 1 s
 *   check-in stress (a figure, no budget): 20 staff of a second centre checking cars in back to back, all at once
 *   training (spec predictive.md §6, issue 22; not in the default phases): the database also holds
 *     BENCH_TRAINING_ORDERS (default 100,000) closed orders of bench:predict's generated fleet (predictData.ts, written
 *     after the seed, before the floor's data; about a minute more to prepare); an admin starts a training through
 *     POST /api/admin/models/train and the mixed floor with the front desk runs, in 5 s slices, until the run is
 *     ACCEPTED (GET /api/admin/models every 250 ms): the training < 60 s, and the floor's budgets above during it.
 *     Then, no budget, the floor for 15 s more while the accepted model's forecast reminder run goes on in the API.
 *     With this phase the front desk has 60 more of today's appointments to check in (the day view shows them).
 *   catalogueImport (shop-operations §8, issue 34; not in the default phases): an admin imports the product CSV
 *     (productCsv.ts, as bench:shop-admin) of BENCH_CSV_ROWS (default 5,000) rows over HTTP, in rounds back to back
 *     until BENCH_SECONDS have passed (a round started is finished): dry run then apply of new products (SKUs of
 *     that round), then the same products at new prices, dry run then apply; meanwhile the mixed floor with the
 *     front desk runs in 2 s slices until the last import has answered. Each import timed (dry run < 5 s, apply
 *     < 10 s) and the floor's budgets above during the imports. The front desk has 60 more appointments here too.
 *
 * env: BENCH_SECONDS (each measured phase, default 15); BENCH_PHASES (default 'floor,checkin,photos': which phases
 * run; 'training' and 'catalogueImport' are added by name); BENCH_PHOTO_TECHNICIANS (default 4) and
 * BENCH_PHOTO_EVERY_MS (default 2000; 0: back to back); BENCH_CSV_ROWS (default 5,000: the catalogueImport phase's
 * file); BENCH_CPU_PROFILE_DIR (the API writes a CPU profile there, benchProcess.ts); BENCH_BACKOFFICE_DATABASES
 * (default 'sqlite'; 'postgres', or 'sqlite,postgres' each in a process of its own: a scratch database of
 * BENCH_POSTGRES_URL's server, scratchDatabase.ts).
 */
const BUDGETS = { dayView: 20, board: 20, checklist: 15, checkIn: 50, photo: 600, sse: 1000 };
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const DATABASES_SETTING = 'BENCH_BACKOFFICE_DATABASES';
const DATABASES = (process.env[DATABASES_SETTING] ?? 'sqlite').split(',').map((name) => name.trim()).filter(Boolean);
const PHASES = new Set((process.env.BENCH_PHASES ?? 'floor,checkin,photos').split(','));
const STAFF = 10;
const TECHNICIANS = 10;
const APPOINTMENTS = 5_000;
const SERVICE_ORDERS = 2_000;
/** Today's confirmed appointments of the floor centre that stay waiting (the board's first column). */
const WAITING_TODAY = 20;
/** Today's orders in progress, per technician (their checklist answers and photos). */
const IN_PROGRESS_PER_TECHNICIAN = 4;
/**
 * The check-in phase and the live-status probe take appointments of today at a second (intake) centre with its own
 * 20 staff, so that the floor centre's day keeps a busy day's size (120 cars) while hundreds of check-ins are timed.
 */
const CHECK_IN_TODAY = 520;
/** Today's confirmed appointments of the floor centre that its front desk checks in while the floor runs (waiting too). */
const WALK_UP_TODAY = 60 + (PHASES.has('training') ? 60 : 0) + (PHASES.has('catalogueImport') ? 60 : 0);
/** The training phase: the closed orders generated for it, and how long it may take before the bench gives up. */
const TRAINING_ORDERS = Number(process.env.BENCH_TRAINING_ORDERS ?? 100_000);
const TRAINING_TIMEOUT_S = 600;
const TRAINING_BUDGET_S = 60;
/** The catalogueImport phase: rows per file, and the floor's slice (its last one ends at most this long after the imports). */
const CSV_ROWS = Number(process.env.BENCH_CSV_ROWS ?? 5_000);
const IMPORT_SLICE_S = 2;
/** How often the floor centre's front desk checks a car in during the mixed floor. */
const WALK_UP_EVERY_MS = 500;
const CUSTOMER_TODAY = 30;
/** The photo phase: how many technicians send photos, and each one's pace (see the header). */
const PHOTO_TECHNICIANS = Number(process.env.BENCH_PHOTO_TECHNICIANS ?? 4);
const PHOTO_EVERY_MS = Number(process.env.BENCH_PHOTO_EVERY_MS ?? 2_000);

interface ServerReady {
  port: number;
  centreId: number;
  today: string;
  staffTokens: string[];
  technicians: Array<{ token: string; items: Array<{ orderId: number; itemId: number }> }>;
  customerToken: string;
  /** Today's waiting appointments for the check-in phase, and the customer's for the live probe. */
  checkInIds: number[];
  customerAppointmentIds: number[];
  /** Staff of the intake centre (check-ins). */
  intakeStaffTokens: string[];
  /** The floor centre's front desk, and today's appointments it checks in while the floor runs. */
  deskToken: string;
  walkUpIds: number[];
  /** An admin's token (the training phase starts a training; the catalogueImport phase imports the CSV). */
  adminToken: string;
  /** A seeded category's and brand's names for the CSV's rows. */
  categoryName: string;
  brandName: string;
}

// ---- The server (child process) -------------------------------------------------------------------------

async function runServer(): Promise<void> {
  const { seed } = await loadSeed();
  const { vietnamDateOf, vietnamInstant } = await import('../../shared-contracts/src/schemas/service.ts');
  const { app, db } = await buildBenchApi(async (db) => {
    await seed(db);
    if (!PHASES.has('training')) return;
    // bench:predict's fleet: the closed orders a training reads (deterministic; written before the floor's own data).
    const fleet = await import('./predictData.ts');
    const { SYMPTOM_LINKS } = await loadKnowledgeBase();
    const { SYMPTOM_CODES } = await import('../../shared-contracts/src/diagnostics/symptoms.ts');
    const started = Date.now();
    const plan = fleet.planFleet(TRAINING_ORDERS, Date.now(), SYMPTOM_LINKS, SYMPTOM_CODES);
    await fleet.writeFleet(db, 'sqlite', plan, () => undefined);
    const { sql } = await import('kysely');
    await sql.raw('analyze').execute(db);
    console.log(`(training phase: ${plan.visits.length.toLocaleString('en')} closed orders of ${plan.vehicles.length.toLocaleString('en')} vehicles written in ${((Date.now() - started) / 1000).toFixed(0)} s)`);
  });
  const now = new Date();
  const nowIso = now.toISOString();
  const today = vietnamDateOf(now);
  const [centre, intake] = await db.selectFrom('service_centres').select(['id', 'service_bays']).where('kind', '=', 'SERVICE_CENTRE').orderBy('id').limit(2).execute();
  if (!centre || !intake) throw new Error('the seed has fewer than two centres');
  const service = await db.selectFrom('services').select(['id', 'name', 'price', 'duration_minutes', 'checklist']).where('slug', '=', 'bao-duong-co-ban').executeTakeFirstOrThrow();
  const benchService = { ...service, checklist: JSON.parse(service.checklist) as Array<{ code: string; label: string }> };

  let userIndex = 0;
  const addUser = async (role: 'staff' | 'technician' | 'customer' | 'admin', name: string, centreId = centre.id) => {
    userIndex += 1;
    const row = await db
      .insertInto('users')
      .values({
        email: `bench.${role}.${userIndex}@example.vn`,
        password_hash: null,
        full_name: name,
        phone_number: `09${String(20_000_000 + userIndex).slice(-8)}`,
        address: null,
        date_of_birth: null,
        gender: null,
        avatar_url: null,
        role,
        google_sub: null,
        email_verified_at: nowIso,
        created_at: nowIso,
        updated_at: nowIso,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (role === 'staff' || role === 'technician') await db.insertInto('staff_assignments').values({ user_id: row.id, centre_id: centreId, assigned_at: nowIso, ended_at: null }).execute();
    const { token } = await app.accessTokens.issue({ userId: row.id, role });
    return { id: row.id, token };
  };
  const staff: Array<{ id: number; token: string }> = [];
  for (let index = 0; index < STAFF; index += 1) staff.push(await addUser('staff', `Nhân viên thử tải ${index + 1}`));
  const technicians: Array<{ id: number; token: string }> = [];
  for (let index = 0; index < TECHNICIANS; index += 1) technicians.push(await addUser('technician', `Kỹ thuật viên thử tải ${index + 1}`));
  const intakeStaff: Array<{ id: number; token: string }> = [];
  for (let index = 0; index < STAFF * 2; index += 1) intakeStaff.push(await addUser('staff', `Nhân viên tiếp nhận ${index + 1}`, intake.id));
  const customer = await addUser('customer', 'Khách thử tải');
  const desk = await addUser('staff', 'Quầy tiếp nhận');
  const admin = await addUser('admin', 'Quản trị thử tải');

  // 5 000 appointments: today's waiting ones, today's in-progress orders, and the past 90 days (2 000 of them
  // with a closed service order, the rest completed, cancelled or no-show without one).
  const inProgressToday = TECHNICIANS * IN_PROGRESS_PER_TECHNICIAN;
  const closedPast = SERVICE_ORDERS - inProgressToday;
  const pastOther = APPOINTMENTS - WAITING_TODAY - WALK_UP_TODAY - inProgressToday - closedPast;
  type Plan = { date: string; minutes: number; status: string; userId: number | null; order: 'none' | 'in-progress' | 'closed'; technician?: number; centreId?: number; walkUp?: boolean };
  const plans: Plan[] = [];
  for (let index = 0; index < WAITING_TODAY; index += 1) {
    plans.push({ date: today, minutes: 8 * 60 + 30 * (index % 19), status: 'CONFIRMED', userId: null, order: 'none' });
  }
  for (let index = 0; index < WALK_UP_TODAY; index += 1) {
    plans.push({ date: today, minutes: 8 * 60 + 30 * (index % 19), status: 'CONFIRMED', userId: null, order: 'none', walkUp: true });
  }
  for (let index = 0; index < CHECK_IN_TODAY + CUSTOMER_TODAY; index += 1) {
    plans.push({ date: today, minutes: 8 * 60 + 30 * (index % 19), status: 'CONFIRMED', userId: index < CUSTOMER_TODAY ? customer.id : null, order: 'none', centreId: intake.id });
  }
  for (let index = 0; index < inProgressToday; index += 1) {
    plans.push({ date: today, minutes: 8 * 60 + 30 * (index % 19), status: 'IN_PROGRESS', userId: null, order: 'in-progress', technician: technicians[index % TECHNICIANS]!.id });
  }
  const pastDate = (index: number) => vietnamDateOf(new Date(now.getTime() - (1 + (index % 90)) * 86_400_000));
  for (let index = 0; index < closedPast; index += 1) {
    plans.push({ date: pastDate(index), minutes: 8 * 60 + 30 * (index % 19), status: 'COMPLETED', userId: null, order: 'closed', technician: technicians[index % TECHNICIANS]!.id });
  }
  for (let index = 0; index < pastOther; index += 1) {
    plans.push({ date: pastDate(index), minutes: 8 * 60 + 30 * (index % 19), status: ['COMPLETED', 'CANCELLED', 'NO_SHOW'][index % 3]!, userId: null, order: 'none' });
  }

  const checkInIds: number[] = [];
  const walkUpIds: number[] = [];
  const customerAppointmentIds: number[] = [];
  const technicianItems = new Map<number, Array<{ orderId: number; itemId: number }>>(technicians.map((technician) => [technician.id, []]));
  const BATCH = 250;
  for (let offset = 0; offset < plans.length; offset += BATCH) {
    await db.transaction().execute(async (trx) => {
      for (const [index, plan] of plans.slice(offset, offset + BATCH).entries()) {
        const number = offset + index;
        const start = vietnamInstant(plan.date, `${String(Math.floor(plan.minutes / 60)).padStart(2, '0')}:${String(plan.minutes % 60).padStart(2, '0')}`);
        const plate = `51K-${String(100 + (number % 900)).padStart(3, '0')}.${String(10 + (number % 90)).padStart(2, '0')}`;
        const visit = await insertBenchVisit(trx, {
          number,
          codePrefix: 'B',
          centreId: plan.centreId ?? centre.id,
          service: benchService,
          start,
          plate,
          appointmentStatus: plan.status,
          userId: plan.userId,
          contact: { name: `Khách ${number}`, phone: `09${String(30_000_000 + number).slice(-8)}`, email: `khach.${number}@example.vn` },
          order: plan.order === 'none' ? undefined : { status: plan.order === 'closed' ? 'CLOSED' : 'IN_PROGRESS', technicianId: plan.technician ?? null, openedBy: staff[0]!.id },
          nowIso,
        });
        if (plan.order === 'none') {
          if (plan.centreId === intake.id) (plan.userId ? customerAppointmentIds : checkInIds).push(visit.appointmentId);
          if (plan.walkUp) walkUpIds.push(visit.appointmentId);
          continue;
        }
        const closed = plan.order === 'closed';
        if (closed) {
          await trx
            .insertInto('service_invoices')
            .values({
              code: `HDB${String(number).padStart(7, '0')}`,
              service_order_id: visit.orderId!,
              centre_id: centre.id,
              subtotal_services: service.price,
              subtotal_parts: 0,
              package_discount: 0,
              total: service.price,
              payment_method: 'CASH',
              payment_status: 'PAID',
              issued_by: staff[0]!.id,
              issued_at: start.toISOString(),
              paid_at: start.toISOString(),
              confirmed_by: staff[0]!.id,
            })
            .execute();
        } else {
          for (const itemId of visit.itemIds) technicianItems.get(plan.technician!)!.push({ orderId: visit.orderId!, itemId });
        }
      }
    });
  }

  const category = await db.selectFrom('catalogue_categories').select('name').orderBy('id').executeTakeFirstOrThrow();
  const brand = await db.selectFrom('catalogue_brands').select('name').orderBy('id').executeTakeFirstOrThrow();
  const ready: Omit<ServerReady, 'port'> = {
    centreId: centre.id,
    today,
    staffTokens: staff.map((member) => member.token),
    technicians: technicians.map((technician) => ({ token: technician.token, items: technicianItems.get(technician.id)! })),
    customerToken: customer.token,
    checkInIds,
    customerAppointmentIds,
    intakeStaffTokens: intakeStaff.map((member) => member.token),
    deskToken: desk.token,
    walkUpIds,
    adminToken: admin.token,
    categoryName: category.name,
    brandName: brand.name,
  };
  await serveBenchApi(app, db, ready);
}

// ---- The measurements (parent process) ------------------------------------------------------------------

function summary(label: string, timings: readonly number[]): number {
  const sorted = [...timings].sort((a, b) => a - b);
  const p95 = percentile(sorted, 95);
  console.log(`  ${label}: ${timings.length} requests, p50 ${round(percentile(sorted, 50))} ms, p95 ${round(p95)} ms, p99 ${round(percentile(sorted, 99))} ms, max ${round(sorted.at(-1) ?? Number.NaN)} ms`);
  return p95;
}

function mixedFloorSteps(ready: ServerReady): { staff: CustomerStep[]; technician: CustomerStep[] } {
  const results = ['PASS', 'NA'] as const;
  return {
    staff: [
      { label: 'day view', build: (client) => ({ method: 'GET', path: `/api/staff/appointments?date=${ready.today}`, headers: { authorization: `Bearer ${ready.staffTokens[client % STAFF]}` } }), expect: [200] },
      { label: 'board', build: (client) => ({ method: 'GET', path: `/api/service-orders/board?date=${ready.today}`, headers: { authorization: `Bearer ${ready.staffTokens[client % STAFF]}` } }), expect: [200] },
    ],
    technician: [
      {
        label: 'checklist answer',
        build: (client, turn) => {
          const technician = ready.technicians[client % TECHNICIANS]!;
          const item = technician.items[turn % technician.items.length]!;
          return {
            method: 'PUT',
            path: `/api/service-orders/${item.orderId}/checklist/${item.itemId}`,
            headers: { authorization: `Bearer ${technician.token}` },
            body: { result: results[turn % 2], note: null },
          };
        },
        expect: [200],
      },
    ],
  };
}

/** Staff and technicians at once: two autocannon groups running side by side. */
async function mixedFloor(origin: string, ready: ServerReady, seconds: number): Promise<CustomerLoadResult[]> {
  const steps = mixedFloorSteps(ready);
  return Promise.all([
    runCustomers({ origin, customers: STAFF, steps: steps.staff, seconds }),
    runCustomers({ origin, customers: TECHNICIANS, steps: steps.technician, seconds }),
  ]);
}

function timingsOf(results: readonly CustomerLoadResult[], label: string): number[] {
  return results.flatMap((result) => result.byStep.get(label) ?? []);
}

/** A 4 MB JPEG, as a phone camera gives one (noise compresses badly, so the size is real). */
async function fourMegabyteJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 2600, height: 1950, channels: 3, background: '#777', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** The floor centre's front desk: every WALK_UP_EVERY_MS a car of today is checked in (201 asserted), timed. */
async function frontDeskCheckIns(origin: string, ready: ServerReady, queue: number[], until: number): Promise<number[]> {
  const timings: number[] = [];
  while (performance.now() < until && queue.length > 0) {
    const appointmentId = queue.shift()!;
    const started = performance.now();
    const response = await fetch(`${origin}/api/staff/appointments/${appointmentId}/check-in`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ready.deskToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ odometerKm: 20_000, customerConcern: 'Xe kêu ở bánh sau' }),
    });
    await response.arrayBuffer();
    if (response.status !== 201) throw new Error(`the front desk's check-in answered ${response.status}`);
    timings.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, WALK_UP_EVERY_MS));
  }
  return timings;
}

/**
 * The customer's stream open; every 250 ms staff check in one of the customer's appointments and the time until
 * its `service-order` event reaches the stream is taken.
 */
async function liveStatusProbe(origin: string, ready: ServerReady, until: number): Promise<number[]> {
  const controller = new AbortController();
  const response = await fetch(`${origin}/api/appointments/events`, { headers: { authorization: `Bearer ${ready.customerToken}`, accept: 'text/event-stream' }, signal: controller.signal });
  if (!response.ok || !response.body) throw new Error(`the customer's stream answered ${response.status}`);
  const waiting = new Map<number, (at: number) => void>();
  const reading = (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (!/^event: service-order$/m.test(block)) continue;
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (!data) continue;
          const event = JSON.parse(data) as { appointmentId: number };
          waiting.get(event.appointmentId)?.(performance.now());
        }
      }
    } catch {
      // aborted at the end
    }
  })();
  const latencies: number[] = [];
  const staffToken = ready.intakeStaffTokens[0]!;
  for (const appointmentId of ready.customerAppointmentIds) {
    if (performance.now() >= until) break;
    const arrived = new Promise<number>((resolve) => waiting.set(appointmentId, resolve));
    const started = performance.now();
    const checkIn = await fetch(`${origin}/api/staff/appointments/${appointmentId}/check-in`, {
      method: 'POST',
      headers: { authorization: `Bearer ${staffToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ odometerKm: 20_000 }),
    });
    await checkIn.arrayBuffer();
    if (checkIn.status !== 201) throw new Error(`check-in for the live probe answered ${checkIn.status}`);
    const timeout = new Promise<number>((resolve) => setTimeout(() => resolve(Number.POSITIVE_INFINITY), 5_000));
    latencies.push((await Promise.race([arrived, timeout])) - started);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  controller.abort();
  await reading;
  return latencies;
}

async function main(): Promise<void> {
  if (benchEachDatabaseInItsOwnProcess(DATABASES, DATABASES_SETTING, import.meta.url)) return;
  const scratch = await scratchDatabase(DATABASES[0] ?? 'sqlite', 'backoffice', DATABASES_SETTING);
  const folder = mkdtempSync(path.join(tmpdir(), 'ev-bench-backoffice-'));
  const api = await startBenchApi<ServerReady>(import.meta.url, { BENCH_DATA_DIR: folder, BENCH_DATABASE_URL: scratch.databaseUrl ?? '' });
  const { ready } = api;
  const origin = `http://127.0.0.1:${ready.port}`;
  let failed = false;
  try {
    const where = scratch.databaseUrl ? `PostgreSQL ${new URL(scratch.databaseUrl).pathname.slice(1)}` : `SQLite in ${folder}`;
    console.log(`API: ${origin} (scratch seeded ${where}); ${cpus().length} CPU(s): ${cpus()[0]?.model ?? '?'}`);
    console.log(`floor centre: ${APPOINTMENTS} appointments (today ${WAITING_TODAY + WALK_UP_TODAY} waiting, ${WALK_UP_TODAY} of them checked in while it runs, + ${TECHNICIANS * IN_PROGRESS_PER_TECHNICIAN} in progress), ${SERVICE_ORDERS} service orders; ${STAFF} staff + ${TECHNICIANS} technicians`);
    console.log(`intake centre: ${ready.checkInIds.length} appointments today for the check-in phase, ${ready.customerAppointmentIds.length} of a customer for the live probe; ${STAFF * 2} staff\n`);
    const checks: Array<[string, number, number]> = [];
    const walkUps = [...ready.walkUpIds];

    if (PHASES.has('floor')) {
      await mixedFloor(origin, ready, 3); // warm-up
      const sizeOf = async (path: string) => (await (await fetch(`${origin}${path}`, { headers: { authorization: `Bearer ${ready.staffTokens[0]}` } })).arrayBuffer()).byteLength;
      console.log(`answer sizes: day view ${round((await sizeOf(`/api/staff/appointments?date=${ready.today}`)) / 1024)} KB, board ${round((await sizeOf(`/api/service-orders/board?date=${ready.today}`)) / 1024)} KB\n`);
      // One client per route alone: what a request costs without queueing behind 19 others.
      console.log('One client per route, alone, 2 s each (no queueing):');
      const alone = mixedFloorSteps(ready);
      for (const step of [...alone.staff, ...alone.technician]) {
        const cpuStart = await api.cpuMs();
        const solo = await runCustomers({ origin, customers: 1, steps: [step], seconds: Number(process.env.BENCH_SOLO_SECONDS ?? 2) });
        assertCleanLoad('backoffice', solo);
        const sorted = [...solo.all].sort((x, y) => x - y);
        console.log(`  ${step.label}: p50 ${round(percentile(sorted, 50))} ms, p95 ${round(percentile(sorted, 95))} ms; API CPU ${Math.round((((await api.cpuMs()) - cpuStart) / solo.all.length) * 1000)} µs per request`);
      }
      console.log('');
      console.log(`Mixed floor (${STAFF} staff: day view + board; ${TECHNICIANS} technicians: checklist answers; the front desk checking a car in every ${WALK_UP_EVERY_MS} ms), ${SECONDS} s, with a customer's live stream:`);
      const cpuBefore = await api.cpuMs();
      const mixedUntil = performance.now() + SECONDS * 1000;
      const [mixed, sse, deskCheckIns] = await Promise.all([
        mixedFloor(origin, ready, SECONDS),
        liveStatusProbe(origin, ready, mixedUntil),
        frontDeskCheckIns(origin, ready, walkUps, mixedUntil),
      ]);
      const mixedRequests = mixed.reduce((sum, result) => sum + result.all.length, 0) + deskCheckIns.length;
      console.log(`  ${mixedRequests} requests in ${SECONDS} s; API CPU time ${Math.round((((await api.cpuMs()) - cpuBefore) / mixedRequests) * 1000)} µs per request`);
      assertCleanLoad('backoffice', ...mixed);
      checks.push(['day view p95', summary('GET /api/staff/appointments (day view)', timingsOf(mixed, 'day view')), BUDGETS.dayView]);
      checks.push(['board p95', summary('GET /api/service-orders/board', timingsOf(mixed, 'board')), BUDGETS.board]);
      checks.push(['checklist answer p95', summary('PUT /api/service-orders/:id/checklist/:itemId', timingsOf(mixed, 'checklist answer')), BUDGETS.checklist]);
      checks.push(['check-in p95', summary(`POST /api/staff/appointments/:id/check-in (front desk, every ${WALK_UP_EVERY_MS} ms)`, deskCheckIns), BUDGETS.checkIn]);
      checks.push(['check-in → customer event p95', summary('live status: check-in → service-order event on the customer stream', sse), BUDGETS.sse]);
    }

    if (PHASES.has('checkin')) {
      console.log(`\nCheck-in stress, no budget: ${STAFF * 2} staff of a second centre checking cars in back to back, all at once (each a different appointment of today):`);
      let nextAppointment = 0;
      const checkInStep: CustomerStep = {
        label: 'check-in',
        build: (client) => ({
          method: 'POST',
          path: `/api/staff/appointments/${ready.checkInIds[nextAppointment++ % ready.checkInIds.length]}/check-in`,
          headers: { authorization: `Bearer ${ready.intakeStaffTokens[client % (STAFF * 2)]}` },
          body: { odometerKm: 20_000, customerConcern: 'Xe kêu ở bánh sau' },
        }),
        expect: [201],
      };
      const checkInCpuStart = await api.cpuMs();
      const checkIns = await runCustomers({ origin, customers: STAFF * 2, steps: [checkInStep], turnsPerCustomer: Math.floor(ready.checkInIds.length / (STAFF * 2)) });
      console.log(`  API CPU ${Math.round((((await api.cpuMs()) - checkInCpuStart) / checkIns.all.length) * 1000)} µs per check-in`);
      assertCleanLoad('backoffice', checkIns);
      summary('POST /api/staff/appointments/:id/check-in (stress)', checkIns.all);
    }

    if (PHASES.has('photos')) {
      if (!PHASES.has('floor')) await mixedFloor(origin, ready, 3); // warm-up, as the floor phase has
      const photo = await fourMegabyteJpeg();
      const photoFile = path.join(folder, 'photo.jpg');
      writeFileSync(photoFile, photo);
      // The phones upload from a process of their own (see photoUploaders.ts), started and ready before the phase.
      const uploaders = await startPhotoUploaders({ origin, technicians: ready.technicians.slice(0, PHOTO_TECHNICIANS), photoFile, everyMs: PHOTO_EVERY_MS });
      const pace = PHOTO_EVERY_MS > 0 ? `each a photo every ${PHOTO_EVERY_MS / 1000} s` : 'back to back';
      console.log(`\nPhotos: ${PHOTO_TECHNICIANS} technicians uploading ${round(photo.length / 1024 / 1024)} MB JPEGs (${pace}) while the mixed floor runs, ${SECONDS} s:`);
      const until = performance.now() + SECONDS * 1000;
      const photoCpuStart = await api.cpuMs();
      const loadCpuStart = process.cpuUsage();
      const [underPhotos, uploads, deskUnderPhotos] = await Promise.all([
        mixedFloor(origin, ready, SECONDS),
        uploaders.run(SECONDS * 1000),
        frontDeskCheckIns(origin, ready, walkUps, until),
      ]);
      const loadCpu = process.cpuUsage(loadCpuStart);
      /** CPU milliseconds over the phase as a share of one core, in %. */
      const share = (cpuMs: number) => round(cpuMs / (SECONDS * 10));
      console.log(
        `  CPU over the phase: the API ${share((await api.cpuMs()) - photoCpuStart)} % of one core, ` +
          `the phones' process (sending the photos, on this same machine) ${share(uploads.cpuMs)} %, ` +
          `the floor's clients (autocannon, the front desk) ${share((loadCpu.user + loadCpu.system) / 1000)} %`,
      );
      assertCleanLoad('backoffice', ...underPhotos);
      checks.push(['4 MB photo accepted p95', summary('POST …/checklist/:itemId/photos (4 MB JPEG)', uploads.timings.flat()), BUDGETS.photo]);
      checks.push(['day view p95 during uploads', summary('day view during uploads', timingsOf(underPhotos, 'day view')), BUDGETS.dayView]);
      checks.push(['board p95 during uploads', summary('board during uploads', timingsOf(underPhotos, 'board')), BUDGETS.board]);
      checks.push(['checklist answer p95 during uploads', summary('checklist answer during uploads', timingsOf(underPhotos, 'checklist answer')), BUDGETS.checklist]);
      checks.push(['check-in p95 during uploads', summary('front desk check-in during uploads', deskUnderPhotos), BUDGETS.checkIn]);
    }

    if (PHASES.has('training')) {
      if (!PHASES.has('floor') && !PHASES.has('photos')) await mixedFloor(origin, ready, 3); // warm-up, as the floor phase has
      const adminHeaders = { authorization: `Bearer ${ready.adminToken}` };
      console.log(`\nTraining on ${TRAINING_ORDERS.toLocaleString('en')} generated closed orders while the mixed floor and the front desk run (5 s slices until ACCEPTED):`);
      const cpuStart = await api.cpuMs();
      const started = performance.now();
      const response = await fetch(`${origin}/api/admin/models/train`, { method: 'POST', headers: adminHeaders });
      if (response.status !== 202) throw new Error(`POST /api/admin/models/train answered ${response.status}: ${await response.text()}`);
      const { runId } = ((await response.json()) as { data: { runId: number } }).data;
      let status = 'TRAINING';
      let endedAfterMs = Number.NaN;
      const watching = (async () => {
        while (status === 'TRAINING' && performance.now() - started < TRAINING_TIMEOUT_S * 1000) {
          await new Promise((resolve) => setTimeout(resolve, 250));
          const listed = (await (await fetch(`${origin}/api/admin/models`, { headers: adminHeaders })).json()) as { data: { versions: Array<{ id: number; status: string; error: string | null }> } };
          const run = listed.data.versions.find((version) => version.id === runId);
          status = run?.status ?? 'MISSING';
          if (status === 'FAILED') throw new Error(`the training run failed: ${run?.error}`);
        }
        endedAfterMs = performance.now() - started;
      })();
      const during: CustomerLoadResult[] = [];
      const deskDuring: number[] = [];
      while (status === 'TRAINING' && performance.now() - started < TRAINING_TIMEOUT_S * 1000) {
        const [slice, desk] = await Promise.all([mixedFloor(origin, ready, 5), frontDeskCheckIns(origin, ready, walkUps, performance.now() + 5_000)]);
        during.push(...slice);
        deskDuring.push(...desk);
      }
      await watching;
      if (status !== 'ACCEPTED') throw new Error(`the training run is still ${status} after ${TRAINING_TIMEOUT_S} s`);
      const apiCpuS = ((await api.cpuMs()) - cpuStart) / 1000;
      console.log(`  run #${runId} ACCEPTED after ${round(endedAfterMs / 1000)} s (the API's own CPU meanwhile: ${round(apiCpuS)} s; the floor ran ${during.length / 2} slices)`);
      assertCleanLoad('backoffice', ...during);
      checks.push(['training on the generated orders, request → ACCEPTED (s)', endedAfterMs / 1000, TRAINING_BUDGET_S]);
      checks.push(['day view p95 during training', summary('day view during training', timingsOf(during, 'day view')), BUDGETS.dayView]);
      checks.push(['board p95 during training', summary('board during training', timingsOf(during, 'board')), BUDGETS.board]);
      checks.push(['checklist answer p95 during training', summary('checklist answer during training', timingsOf(during, 'checklist answer')), BUDGETS.checklist]);
      if (deskDuring.length > 0) checks.push(['check-in p95 during training', summary('front desk check-in during training', deskDuring), BUDGETS.checkIn]);
      console.log('  then 15 s more while the accepted model\'s forecast reminder run goes on in the API (no budget):');
      const after = await mixedFloor(origin, ready, 15);
      assertCleanLoad('backoffice', ...after);
      summary('day view after ACCEPTED', timingsOf(after, 'day view'));
      summary('board after ACCEPTED', timingsOf(after, 'board'));
      summary('checklist answer after ACCEPTED', timingsOf(after, 'checklist answer'));
    }

    if (PHASES.has('catalogueImport')) {
      if (!PHASES.has('floor') && !PHASES.has('photos') && !PHASES.has('training')) await mixedFloor(origin, ready, 3); // warm-up, as the floor phase has
      console.log(`\nProduct CSV import of ${CSV_ROWS.toLocaleString('en')} rows, rounds back to back for ${SECONDS} s, while the mixed floor and the front desk run (${IMPORT_SLICE_S} s slices until the last import):`);
      const headers = { authorization: `Bearer ${ready.adminToken}`, 'content-type': 'text/csv; charset=utf-8' };
      const phaseEnds = performance.now() + SECONDS * 1000;
      const cpuStart = await api.cpuMs();
      const started = performance.now();
      let importing = true;
      const imports: Array<{ label: string; mode: 'dry-run' | 'apply'; ms: number }> = [];
      const importer = (async () => {
        try {
          for (let turn = 1; performance.now() < phaseEnds; turn += 1) {
            // Each round's own SKUs, so that its first file is all new products and its second all updates.
            const file = { rows: CSV_ROWS, categoryName: ready.categoryName, brandName: ready.brandName, skuPrefix: `BENCH-FLOOR-${turn}` };
            const created = productCsv(file, (index) => 100_000 + index * 10);
            const updated = productCsv(file, (index) => 110_000 + index * 10);
            const calls: Array<[string, 'dry-run' | 'apply', string]> = [
              ['dry run, new', 'dry-run', created],
              ['apply, new', 'apply', created],
              ['dry run, new prices', 'dry-run', updated],
              ['apply, new prices', 'apply', updated],
            ];
            for (const [what, mode, body] of calls) {
              const callStarted = performance.now();
              const response = await fetch(`${origin}/api/admin/catalogue/products/import?mode=${mode}`, { method: 'POST', headers, body });
              const text = await response.text();
              const ms = performance.now() - callStarted;
              if (response.status !== 200) throw new Error(`the CSV import (${mode}) answered ${response.status}: ${text.slice(0, 200)}`);
              const label = `round ${turn}, ${what}`;
              console.log(`  ${label}: ${Math.round(ms)} ms (${importCounts(text)})`);
              imports.push({ label, mode, ms });
            }
          }
        } finally {
          importing = false;
        }
      })();
      const during: CustomerLoadResult[] = [];
      const deskDuring: number[] = [];
      while (importing) {
        const [slice, desk] = await Promise.all([mixedFloor(origin, ready, IMPORT_SLICE_S), frontDeskCheckIns(origin, ready, walkUps, performance.now() + IMPORT_SLICE_S * 1000)]);
        during.push(...slice);
        deskDuring.push(...desk);
      }
      await importer;
      console.log(`  ${imports.length} imports in ${round((performance.now() - started) / 1000)} s (the API's own CPU meanwhile: ${round(((await api.cpuMs()) - cpuStart) / 1000)} s; the floor ran ${during.length / 2} slices)`);
      assertCleanLoad('backoffice', ...during);
      for (const run of imports) checks.push([`CSV ${run.label}`, run.ms, importBudgetMs(run.mode)]);
      checks.push(['day view p95 during the imports', summary('day view during the imports', timingsOf(during, 'day view')), BUDGETS.dayView]);
      checks.push(['board p95 during the imports', summary('board during the imports', timingsOf(during, 'board')), BUDGETS.board]);
      checks.push(['checklist answer p95 during the imports', summary('checklist answer during the imports', timingsOf(during, 'checklist answer')), BUDGETS.checklist]);
      if (deskDuring.length > 0) checks.push(['check-in p95 during the imports', summary('front desk check-in during the imports', deskDuring), BUDGETS.checkIn]);
    }

    console.log('\nBudgets:');
    for (const [label, value, budget] of checks) {
      const ok = value < budget;
      if (!ok) failed = true;
      const unit = label.endsWith('(s)') ? '' : ' ms';
      console.log(`  ${ok ? '✔' : '✘'} ${label.replace(/ \(s\)$/, '')} ${round(value)}${unit || ' s'} < ${budget}${unit || ' s'}`);
    }
  } finally {
    await api.stop();
    rmSync(folder, { recursive: true, force: true });
    await scratch.remove();
  }
  if (failed) process.exitCode = 1;
}

runBench({ server: runServer, main });
