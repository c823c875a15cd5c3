import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildBenchApi, loadSeed, type BenchApp, type BenchDatabase } from './benchApi.ts';
import { percentile, round, runBench, serveBenchApi, startBenchApi } from './benchProcess.ts';
import { insertBenchVisit } from './benchVisits.ts';
import { runCustomers, type CustomerStep } from './customerLoad.ts';

/**
 * The parts requests' budgets (issue 14), against the API in a child process on a scratch seeded SQLite database:
 *
 *   reserve, 20 staff clients at once on ONE product of one centre's shelf, each reserving its own approved
 *   requests one after another until the shelf is empty and past it:
 *       POST /api/staff/parts-requests/:id/reserve      p95 < 30 ms, zero oversell (exactly on_hand reserved,
 *                                                        reserved ≤ on_hand, the rest 409 INSUFFICIENT_STOCK)
 *   the customer's approval reaching a connected staff board, while the reservations run:
 *       POST /api/me/approvals/:id → `floor-changed` of that order on GET /api/staff/events   p95 < 2 s
 *
 * For `npm run bench:backoffice` (the lead wires it in), as backofficeInventory.ts does:
 *   - in the server process, `preparePartsBench(db, app, centreId)` (after the seed, before listening) makes the
 *     people, the orders in progress, the approved requests and the shelf, and answers what the measuring side
 *     needs (put it in the ready message);
 *   - in the measuring process, `measurePartsBench({ origin, ready })` runs both and answers the figures and
 *     whether the budgets held.
 * Run alone: `tsx scripts/bench/backofficeParts.ts`.
 *
 * env: BENCH_PARTS_ATTEMPTS (reservations asked, default 6 000), BENCH_PARTS_ON_HAND (units on the shelf,
 * default 4 000: the last 2 000 attempts find it empty), BENCH_PARTS_APPROVALS (approvals probed, default 40).
 *
 * The run lasts about 6 s of steady work (the approvals' 6 s overlap it whole): over a much shorter run the p95 is
 * mostly the first moments, while 20 connections open at once and the queue forms, and it moves from run to run.
 * A third of the attempts are refused (the shelf is empty by then).
 */

export const PARTS_RESERVE_BUDGET_MS = 30;
export const APPROVAL_TO_BOARD_BUDGET_MS = 2_000;
export const PARTS_BENCH_CLIENTS = 20;
/** Reservations made by one client alone before the measured run. */
const SOLO_RESERVATIONS = 150;

export interface PartsBenchReady {
  /** One staff token per reserving client. */
  staffTokens: string[];
  /** The board's viewer (staff of the same centre). */
  boardToken: string;
  customerToken: string;
  /** The shelf: one product, `onHand` units. */
  productId: number;
  onHand: number;
  /** Each client's approved requests (version 1), reserved in this order. */
  reserveQueues: number[][];
  /** Approved requests of a well-stocked product, reserved by one client alone first (the cost without queueing). */
  soloQueue: number[];
  /** Requests waiting for the customer, one per order (the board's event names the order). */
  approvals: Array<{ requestId: number; serviceOrderId: number }>;
}

/**
 * Server side: on centre `centreId`, 20 staff, a technician, a customer; one product with `onHand` units on the
 * shelf; orders in progress holding `attempts` APPROVED requests of one unit of it (version 1, spread over the 20
 * clients); and `approvals` orders of the customer, each with one request waiting for them (another product, well
 * stocked, so that the automatic reservation succeeds). Inserted directly (the setup is not what is measured).
 */
export async function preparePartsBench(
  db: BenchDatabase,
  app: BenchApp,
  centreId: number,
  options: { attempts?: number; onHand?: number; approvals?: number } = {},
): Promise<PartsBenchReady> {
  const attempts = options.attempts ?? Number(process.env.BENCH_PARTS_ATTEMPTS ?? 6_000);
  const onHand = options.onHand ?? Number(process.env.BENCH_PARTS_ON_HAND ?? 4_000);
  const approvalCount = options.approvals ?? Number(process.env.BENCH_PARTS_APPROVALS ?? 40);
  const now = new Date();
  const nowIso = now.toISOString();
  const expires = new Date(now.getTime() + 24 * 3_600_000).toISOString();
  await app.ready();

  let userIndex = 0;
  const addUser = async (role: 'staff' | 'technician' | 'customer', name: string) => {
    userIndex += 1;
    const row = await db
      .insertInto('users')
      .values({
        email: `bench.parts.${role}.${userIndex}@example.vn`,
        password_hash: null,
        full_name: name,
        phone_number: `08${String(40_000_000 + userIndex).slice(-8)}`,
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
    if (role !== 'customer') await db.insertInto('staff_assignments').values({ user_id: row.id, centre_id: centreId, assigned_at: nowIso, ended_at: null }).execute();
    return { id: row.id, token: (await app.accessTokens.issue({ userId: row.id, role })).token };
  };
  const staff: Array<{ id: number; token: string }> = [];
  for (let index = 0; index < PARTS_BENCH_CLIENTS; index += 1) staff.push(await addUser('staff', `Quầy phụ tùng thử tải ${index + 1}`));
  const board = await addUser('staff', 'Bảng điều phối thử tải');
  const technician = await addUser('technician', 'Kỹ thuật viên phụ tùng thử tải');
  const customer = await addUser('customer', 'Khách duyệt phụ tùng thử tải');

  const category = await db.selectFrom('catalogue_categories').select('id').where('promo_group', '=', 'parts').orderBy('id').executeTakeFirstOrThrow();
  const brand = await db.selectFrom('catalogue_brands').select('id').orderBy('id').executeTakeFirstOrThrow();
  const addProduct = async (sku: string, name: string, units: number) => {
    const product = await db
      .insertInto('products')
      .values({ sku, slug: sku.toLowerCase(), name, category_id: category.id, brand_id: brand.id, price: 420_000, original_price: null, description: 'Phụ tùng của phép đo yêu cầu phụ tùng.', is_active: 1, search_text: sku.toLowerCase() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('centre_stock').values({ centre_id: centreId, product_id: product.id, on_hand: units, reserved: 0, min_stock: 0, updated_at: nowIso }).execute();
    await db
      .insertInto('stock_movements')
      .values({ centre_id: centreId, product_id: product.id, kind: 'ADJUST', quantity: units, on_hand_after: units, parts_request_id: null, actor_id: null, reason: 'Tồn đầu kỳ', created_at: nowIso })
      .execute();
    return product.id;
  };
  const contested = await addProduct('BENCH-PADS-1', 'Má phanh thử tải (một mã, nhiều yêu cầu)', onHand);
  const plentiful = await addProduct('BENCH-TYRE-1', 'Lốp thử tải (đủ hàng)', approvalCount * 2);
  const soloProduct = await addProduct('BENCH-FLUID-1', 'Dầu phanh thử tải (một người giữ hàng)', SOLO_RESERVATIONS);

  const service = await db.selectFrom('services').select(['id', 'name', 'price', 'duration_minutes']).where('slug', '=', 'bao-duong-co-ban').executeTakeFirstOrThrow();
  let orderNumber = 0;
  // An order in progress with its booked line (no checklist: the requests are not tied to an item).
  const addOrder = async (trx: BenchDatabase, userId: number | null) => {
    orderNumber += 1;
    const visit = await insertBenchVisit(trx, {
      number: orderNumber,
      codePrefix: 'P',
      centreId,
      service: { ...service, checklist: [] },
      start: new Date(now.getTime() - 50 * 60_000),
      plate: `29MĐ9-${String(100 + (orderNumber % 900)).padStart(3, '0')}.${String(10 + (orderNumber % 90)).padStart(2, '0')}`,
      appointmentStatus: 'IN_PROGRESS',
      userId,
      contact: { name: `Khách phụ tùng ${orderNumber}`, phone: `09${String(50_000_000 + orderNumber).slice(-8)}`, email: `khach.phutung.${orderNumber}@example.vn` },
      order: { status: 'IN_PROGRESS', technicianId: technician.id, openedBy: staff[0]!.id, userId },
      nowIso,
    });
    return visit.orderId!;
  };
  const request = (orderId: number, productId: number, status: 'APPROVED' | 'AWAITING_CUSTOMER') => ({
    service_order_id: orderId,
    centre_id: centreId,
    product_id: productId,
    quantity: 1,
    unit_price: 420_000,
    reason: 'Phụ tùng của phép đo.',
    checklist_item_id: null,
    requested_by: technician.id,
    status,
    in_scope: status === 'APPROVED' ? 1 : 0,
    decided_by: staff[0]!.id,
    decided_at: nowIso,
    expires_at: status === 'AWAITING_CUSTOMER' ? expires : null,
    created_at: nowIso,
    updated_at: nowIso,
  });

  const reserveQueues: number[][] = Array.from({ length: PARTS_BENCH_CLIENTS }, () => []);
  await db.transaction().execute(async (trx) => {
    // One order per client, holding that client's requests.
    for (let client = 0; client < PARTS_BENCH_CLIENTS; client += 1) {
      const orderId = await addOrder(trx, null);
      const count = Math.floor(attempts / PARTS_BENCH_CLIENTS) + (client < attempts % PARTS_BENCH_CLIENTS ? 1 : 0);
      for (let offset = 0; offset < count; offset += 200) {
        const rows = await trx
          .insertInto('parts_requests')
          .values(Array.from({ length: Math.min(200, count - offset) }, () => request(orderId, contested, 'APPROVED')))
          .returning('id')
          .execute();
        reserveQueues[client]!.push(...rows.map((row) => row.id));
      }
    }
  });
  const soloQueue: number[] = [];
  await db.transaction().execute(async (trx) => {
    const orderId = await addOrder(trx, null);
    const rows = await trx
      .insertInto('parts_requests')
      .values(Array.from({ length: SOLO_RESERVATIONS }, () => request(orderId, soloProduct, 'APPROVED')))
      .returning('id')
      .execute();
    soloQueue.push(...rows.map((row) => row.id));
  });
  const approvals: PartsBenchReady['approvals'] = [];
  await db.transaction().execute(async (trx) => {
    for (let index = 0; index < approvalCount; index += 1) {
      const serviceOrderId = await addOrder(trx, customer.id);
      const row = await trx.insertInto('parts_requests').values(request(serviceOrderId, plentiful, 'AWAITING_CUSTOMER')).returning('id').executeTakeFirstOrThrow();
      approvals.push({ requestId: row.id, serviceOrderId });
    }
  });
  return {
    staffTokens: staff.map((member) => member.token),
    boardToken: board.token,
    customerToken: customer.token,
    productId: contested,
    onHand,
    reserveQueues,
    soloQueue,
    approvals,
  };
}

export interface PartsBenchResult {
  /** Every answer's time (reserved or refused: a staff member waits for either). */
  /** One client alone (no queueing): what a reservation costs. */
  solo: { p50: number; p95: number };
  reserve: { attempts: number; reserved: number; refused: number; p50: number; p95: number; p99: number; max: number; onHand: number; reservedAfter: number; oversold: boolean };
  approvalToBoard: { samples: number; p50: number; p95: number; max: number };
  pass: boolean;
}

const stats = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: round(percentile(sorted, 50)), p95: round(percentile(sorted, 95)), p99: round(percentile(sorted, 99)), max: round(sorted.at(-1) ?? Number.NaN) };
};

/**
 * The staff board, connected before the desk's work starts (as on the floor, where the board is open all day):
 * its stream is open and its `: connected` comment read. `waitFor(orderId)` resolves with the time the board's
 * `floor-changed` of that order arrives.
 */
async function connectBoard(origin: string, ready: PartsBenchReady): Promise<{ waitFor(orderId: number): Promise<number>; stop(): void; read: Promise<void> }> {
  const controller = new AbortController();
  const response = await fetch(`${origin}/api/staff/events`, { headers: { authorization: `Bearer ${ready.boardToken}`, accept: 'text/event-stream' }, signal: controller.signal });
  if (!response.ok || !response.body) throw new Error(`the staff board's stream answered ${response.status}`);
  const waiting = new Map<number, (at: number) => void>();
  let connected!: () => void;
  const isConnected = new Promise<void>((resolve) => (connected = resolve));
  const read = (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (/^: connected$/m.test(block)) connected();
          if (!/^event: floor-changed$/m.test(block)) continue;
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (!data) continue;
          const event = JSON.parse(data) as { serviceOrderId: number | null };
          if (event.serviceOrderId !== null) waiting.get(event.serviceOrderId)?.(performance.now());
        }
      }
    } catch {
      // aborted at the end
    }
  })();
  await isConnected;
  return {
    waitFor: (orderId) =>
      new Promise<number>((resolve) =>
        waiting.set(orderId, (at) => {
          waiting.delete(orderId);
          resolve(at);
        }),
      ),
    stop: () => controller.abort(),
    read,
  };
}

/**
 * One approval after another on the connected board (every 150 ms), each timed from the POST until the board's
 * `floor-changed` for that order arrives (5 s at most: counted as 5 s).
 */
async function approvalToBoardProbe(origin: string, ready: PartsBenchReady, board: Awaited<ReturnType<typeof connectBoard>>): Promise<number[]> {
  const latencies: number[] = [];
  for (const approval of ready.approvals) {
    const arrived = board.waitFor(approval.serviceOrderId);
    const started = performance.now();
    const answer = await fetch(`${origin}/api/me/approvals/${approval.requestId}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ready.customerToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ decision: 'approve' }),
    });
    await answer.arrayBuffer();
    if (answer.status !== 200) throw new Error(`the customer's approval answered ${answer.status}`);
    const timeout = new Promise<number>((resolve) => setTimeout(() => resolve(started + 5_000), 5_000));
    latencies.push((await Promise.race([arrived, timeout])) - started);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  return latencies;
}

/**
 * Measuring side: the 20 clients reserving (each its own queue, one request after another) while the approval
 * probe runs; then the shelf is read back through the API (GET /api/parts-requests/:id's availability) to check
 * that exactly min(on hand, attempts) units were reserved. Prints and answers the figures.
 */
export async function measurePartsBench(options: { origin: string; ready: PartsBenchReady }): Promise<PartsBenchResult> {
  const { origin, ready } = options;
  const turns = Math.min(...ready.reserveQueues.map((queue) => queue.length));
  const reserveStep: CustomerStep = {
    label: 'reserve',
    build: (client, turn) => ({
      method: 'POST',
      path: `/api/staff/parts-requests/${ready.reserveQueues[client]![turn]}/reserve`,
      headers: { authorization: `Bearer ${ready.staffTokens[client]}` },
      body: { version: 1 },
    }),
    expect: [200, 409],
  };
  const solo = await runCustomers({
    origin,
    customers: 1,
    steps: [
      {
        label: 'reserve alone',
        build: (_client, turn) => ({ method: 'POST', path: `/api/staff/parts-requests/${ready.soloQueue[turn]}/reserve`, headers: { authorization: `Bearer ${ready.staffTokens[0]}` }, body: { version: 1 } }),
        expect: [200],
      },
    ],
    turnsPerCustomer: ready.soloQueue.length,
  });
  const soloStats = stats(solo.all);
  console.log(`  reserve, one client alone (no queueing): ${solo.all.length} reservations, p50 ${soloStats.p50} ms, p95 ${soloStats.p95} ms`);
  const board = await connectBoard(origin, ready);
  const [reserve, probe] = await Promise.all([
    runCustomers({ origin, customers: ready.staffTokens.length, steps: [reserveStep], turnsPerCustomer: turns }),
    approvalToBoardProbe(origin, ready, board),
  ]);
  board.stop();
  await board.read;
  const attempts = reserve.all.length;
  const reservedCount = reserve.statuses.get(200) ?? 0;
  const refused = reserve.statuses.get(409) ?? 0;
  const times = reserve.byStep.get('reserve') ?? [];
  const sample = await fetch(`${origin}/api/parts-requests/${ready.reserveQueues[0]![0]}`, { headers: { authorization: `Bearer ${ready.staffTokens[0]}` } });
  const availability = ((await sample.json()) as { data: { availability: { onHand: number; reserved: number } } }).data.availability;
  const expected = Math.min(ready.onHand, attempts);
  const oversold = availability.reserved > availability.onHand || reservedCount !== expected || availability.reserved !== expected;
  const all = stats(times);
  const result: PartsBenchResult = {
    solo: { p50: soloStats.p50, p95: soloStats.p95 },
    reserve: {
      attempts,
      reserved: reservedCount,
      refused,
      ...all,
      onHand: availability.onHand,
      reservedAfter: availability.reserved,
      oversold,
    },
    approvalToBoard: { samples: probe.length, ...(({ p50, p95, max }) => ({ p50, p95, max }))(stats(probe)) },
    pass: false,
  };
  const errors = reserve.unexpected.length + reserve.errors + solo.unexpected.length + solo.errors;
  result.pass = errors === 0 && !oversold && result.reserve.p95 < PARTS_RESERVE_BUDGET_MS && result.approvalToBoard.p95 < APPROVAL_TO_BOARD_BUDGET_MS;
  console.log(
    `  POST /api/staff/parts-requests/:id/reserve (${ready.staffTokens.length} clients, one product, ${ready.onHand} on the shelf): ${attempts} attempts, ` +
      `${reservedCount} reserved, ${refused} refused (INSUFFICIENT_STOCK); p50 ${all.p50} ms, p95 ${all.p95} ms, p99 ${all.p99} ms, max ${all.max} ms; ` +
      `shelf after: on hand ${availability.onHand}, reserved ${availability.reserved} — ${oversold ? 'OVERSOLD' : 'zero oversell'}`,
  );
  console.log(`  approval → staff board (floor-changed): ${probe.length} approvals, p50 ${result.approvalToBoard.p50} ms, p95 ${result.approvalToBoard.p95} ms, max ${result.approvalToBoard.max} ms`);
  for (const answer of reserve.unexpected.slice(0, 5)) console.log(`    unexpected ${answer.status} ${answer.label}: ${answer.body}`);
  console.log(`  budgets: reserve p95 < ${PARTS_RESERVE_BUDGET_MS} ms, zero oversell; approval → board p95 < ${APPROVAL_TO_BOARD_BUDGET_MS} ms: ${result.pass ? 'OK' : 'FAILED'}`);
  return result;
}

// ---- Run alone ------------------------------------------------------------------------------------------

interface ServerReady {
  port: number;
  parts: PartsBenchReady;
}

async function runServer(): Promise<void> {
  const { seed } = await loadSeed();
  const { app, db } = await buildBenchApi(seed);
  const centre = await db.selectFrom('service_centres').select('id').where('kind', '=', 'SERVICE_CENTRE').orderBy('id').executeTakeFirstOrThrow();
  const parts = await preparePartsBench(db, app, centre.id);
  await serveBenchApi(app, db, { parts });
}

async function main(): Promise<void> {
  const folder = mkdtempSync(path.join(tmpdir(), 'ev-bench-parts-'));
  const api = await startBenchApi<ServerReady>(import.meta.url, { BENCH_DATA_DIR: folder });
  try {
    const origin = `http://127.0.0.1:${api.ready.port}`;
    const { parts } = api.ready;
    console.log(`bench:backoffice parts — ${parts.reserveQueues.flat().length} approved requests of one product (${parts.onHand} on the shelf), ${parts.approvals.length} approvals`);
    // Warm-up (compiled statements, JIT): reads only, so the measured reservations start from a full queue.
    await runCustomers({
      origin,
      customers: 4,
      steps: [{ label: 'warm-up', build: (client) => ({ method: 'GET', path: `/api/parts-requests/${parts.reserveQueues[client]![0]}`, headers: { authorization: `Bearer ${parts.staffTokens[client]}` } }), expect: [200] }],
      seconds: 2,
    });
    const cpuStart = await api.cpuMs();
    const result = await measurePartsBench({ origin, ready: parts });
    console.log(`  API CPU ${Math.round((((await api.cpuMs()) - cpuStart) / Math.max(1, result.reserve.attempts + result.approvalToBoard.samples)) * 1000)} µs per request`);
    if (!result.pass) process.exitCode = 1;
  } finally {
    await api.stop();
    rmSync(folder, { recursive: true, force: true });
  }
}

// Only when run as a script (importing the measuring functions runs nothing).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) runBench({ server: runServer, main });
