import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildBenchApi, loadSeed, type BenchDatabase } from './benchApi.ts';
import { percentile, round, runBench, serveBenchApi, startBenchApi } from './benchProcess.ts';
import { runCustomers, type CustomerStep } from './customerLoad.ts';

/**
 * The centre inventory's budget (issue 14): the manager's stock table of a centre holding 2,000 products,
 * GET /api/inventory p95 < 50 ms with 20 concurrent clients (autocannon keep-alive connections, each sending
 * its requests one after another: customerLoad.ts). The clients page through the table (50 rows a page), search
 * it (folded words) and filter the low rows, as a manager's browser does.
 *
 * For `npm run bench:backoffice` (the lead wires it in):
 *   - in the server process, `stockBenchCentre(db, centreId)` puts 2,000 products on a centre's shelves;
 *   - in the measuring process, `measureInventoryTable({ origin, managerToken })` runs the clients and answers
 *     the figures and whether the budget held.
 * Run alone: `tsx scripts/bench/backofficeInventory.ts` (its own API process on a scratch seeded SQLite).
 *
 * The reserve budget (p95 < 30 ms, 20 clients on one product, zero oversell) is measured by the parts requests'
 * benchmark: a reservation is reached over HTTP only through a parts request's approval.
 *
 * env: BENCH_SECONDS (the measured phase, default 15).
 */

export const INVENTORY_TABLE_BUDGET_MS = 50;
export const INVENTORY_BENCH_PRODUCTS = 2_000;
export const INVENTORY_BENCH_CLIENTS = 20;

const PART_KINDS = ['Má phanh', 'Pin Lithium', 'Bộ sạc', 'Đèn LED', 'Cầu chì', 'Động cơ', 'Bộ điều khiển', 'Lốp không săm', 'Dây sạc', 'Cảm biến'];
const MODELS = ['VinFast Klara S', 'VinFast Feliz', 'VinFast VF 8', 'Yadea Odora', 'Pega NewTech', 'Dat Bike Weaver', 'VinFast Evo200', 'Yadea Orla'];
/** What the clients type in the search box. */
const SEARCHES = ['ma phanh', 'pin lithium', 'bo sac vf', 'den led', 'cau chi', 'klara', 'dong co yadea', 'INVB-01234'];

/**
 * Server side: `count` products (a parts category, folded search text, a price) on the shelves of `centreId`,
 * each with an opening ADJUST movement; about one in eight below its minimum. Batched inserts.
 */
export async function stockBenchCentre(db: BenchDatabase, centreId: number, count = INVENTORY_BENCH_PRODUCTS): Promise<void> {
  const { foldVietnamese } = await import('../../shared-contracts/src/schemas/index.ts');
  const category = await db.selectFrom('catalogue_categories').select('id').where('promo_group', '=', 'parts').orderBy('id').executeTakeFirstOrThrow();
  const brand = await db.selectFrom('catalogue_brands').select('id').orderBy('id').executeTakeFirstOrThrow();
  const at = new Date().toISOString();
  const BATCH = 200;
  for (let offset = 0; offset < count; offset += BATCH) {
    await db.transaction().execute(async (trx) => {
      const batch = Array.from({ length: Math.min(BATCH, count - offset) }, (_, index) => {
        const number = offset + index;
        const name = `${PART_KINDS[number % PART_KINDS.length]} ${MODELS[Math.floor(number / PART_KINDS.length) % MODELS.length]} loại ${number + 1}`;
        const sku = `INVB-${String(number).padStart(5, '0')}`;
        return { number, name, sku };
      });
      const products = await trx
        .insertInto('products')
        .values(
          batch.map(({ number, name, sku }) => ({
            sku,
            slug: `bench-kho-${number}`,
            name,
            category_id: category.id,
            brand_id: brand.id,
            price: 50_000 + (number % 97) * 25_000,
            original_price: null,
            stock: 500,
            description: 'Phụ tùng của phép đo kho trung tâm.',
            is_active: 1,
            search_text: foldVietnamese(`${name} ${sku}`),
          })),
        )
        .returning('id')
        .execute();
      const shelves = products.map((product, index) => {
        const number = batch[index]!.number;
        const minStock = 2 + (number % 4);
        const onHand = number % 8 === 0 ? number % 3 : minStock + 1 + (number % 20);
        return { productId: product.id, onHand, minStock, reserved: Math.min(onHand, number % 3) };
      });
      await trx
        .insertInto('centre_stock')
        .values(shelves.map((shelf) => ({ centre_id: centreId, product_id: shelf.productId, on_hand: shelf.onHand, reserved: shelf.reserved, min_stock: shelf.minStock, updated_at: at })))
        .execute();
      const opening = shelves.filter((shelf) => shelf.onHand > 0);
      if (opening.length > 0) {
        await trx
          .insertInto('stock_movements')
          .values(
            opening.map((shelf) => ({
              centre_id: centreId,
              product_id: shelf.productId,
              kind: 'ADJUST' as const,
              quantity: shelf.onHand,
              on_hand_after: shelf.onHand,
              parts_request_id: null,
              actor_id: null,
              reason: 'Tồn đầu kỳ',
              created_at: at,
            })),
          )
          .execute();
      }
    });
  }
}

export interface InventoryTableResult {
  requests: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  budgetMs: number;
  /** p95 within the budget, and every answer a 200. */
  pass: boolean;
  unexpected: Array<{ label: string; status: number; body: string }>;
}

/** How often the stock keeper changes a shelf while the table is read (each change makes every kept page stale). */
const INVENTORY_CHANGE_EVERY_MS = 200;

/**
 * Measuring side: `clients` managers (20) reading the stock table of the token's centre for `seconds` (15):
 * pages 1..40 of 50 rows (70 %), a folded search (20 %), the low rows (10 %), while a stock keeper adjusts a
 * shelf every 200 ms (POST /api/inventory/adjust: far more often than a centre's counter does), so the kept
 * pages are dropped and built again all along, as after each change on the floor. Prints and answers the figures.
 */
export async function measureInventoryTable(options: { origin: string; managerToken: string; seconds?: number; clients?: number }): Promise<InventoryTableResult> {
  const headers = { authorization: `Bearer ${options.managerToken}` };
  const step: CustomerStep = {
    label: 'GET /api/inventory',
    build: (client, turn) => {
      const pick = (client * 7 + turn * 13) % 10;
      if (pick < 7) return { method: 'GET', path: `/api/inventory?page=${1 + ((client + turn) % 40)}&pageSize=50`, headers };
      if (pick < 9) return { method: 'GET', path: `/api/inventory?q=${encodeURIComponent(SEARCHES[(client + turn) % SEARCHES.length]!)}`, headers };
      return { method: 'GET', path: '/api/inventory?lowOnly=true&pageSize=50', headers };
    },
    expect: [200],
  };
  const seconds = options.seconds ?? 15;
  const [result, changes] = await Promise.all([
    runCustomers({ origin: options.origin, customers: options.clients ?? INVENTORY_BENCH_CLIENTS, steps: [step], seconds }),
    keepAdjustingStock(options.origin, headers, performance.now() + seconds * 1000),
  ]);
  const sorted = [...result.all].sort((a, b) => a - b);
  const figures = {
    requests: sorted.length,
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? Number.NaN),
  };
  const allOk = result.unexpected.length === 0 && result.errors === 0;
  const pass = allOk && figures.p95 < INVENTORY_TABLE_BUDGET_MS;
  console.log(
    `  GET /api/inventory (${INVENTORY_BENCH_PRODUCTS} products, ${options.clients ?? INVENTORY_BENCH_CLIENTS} clients): ${figures.requests} requests, ` +
      `p50 ${figures.p50} ms, p95 ${figures.p95} ms, p99 ${figures.p99} ms, max ${figures.max} ms, while ${changes} stock adjustments were made — budget p95 < ${INVENTORY_TABLE_BUDGET_MS} ms: ${pass ? 'OK' : 'FAILED'}`,
  );
  for (const answer of result.unexpected) console.log(`    unexpected ${answer.status} ${answer.label}: ${answer.body}`);
  return { ...figures, budgetMs: INVENTORY_TABLE_BUDGET_MS, pass, unexpected: result.unexpected };
}

/** The stock keeper: until `until`, every INVENTORY_CHANGE_EVERY_MS, sets a shelf of the table's first page to a new count. */
async function keepAdjustingStock(origin: string, headers: Record<string, string>, until: number): Promise<number> {
  const first = await fetch(`${origin}/api/inventory?page=1&pageSize=50`, { headers });
  const productIds = ((await first.json()) as { data: { items: Array<{ productId: number }> } }).data.items.map((item) => item.productId);
  let changes = 0;
  while (performance.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, INVENTORY_CHANGE_EVERY_MS));
    const response = await fetch(`${origin}/api/inventory/adjust`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ productId: productIds[changes % productIds.length], newOnHand: 40 + (changes % 7), reason: 'Kiểm kê định kỳ' }),
    });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`the stock adjustment answered ${response.status}`);
    changes += 1;
  }
  return changes;
}

// ---- Run alone ------------------------------------------------------------------------------------------

interface ServerReady {
  port: number;
  managerToken: string;
}

async function runServer(): Promise<void> {
  const { seed } = await loadSeed();
  const { app, db } = await buildBenchApi(seed);
  const centre = await db.selectFrom('service_centres').select('id').where('kind', '=', 'SERVICE_CENTRE').orderBy('id').executeTakeFirstOrThrow();
  await stockBenchCentre(db, centre.id);
  const now = new Date().toISOString();
  const manager = await db
    .insertInto('users')
    .values({
      email: 'bench.kho.quanly@example.vn',
      password_hash: null,
      full_name: 'Quản lý kho thử tải',
      phone_number: '0909000111',
      address: null,
      date_of_birth: null,
      gender: null,
      avatar_url: null,
      role: 'manager',
      google_sub: null,
      email_verified_at: now,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('staff_assignments').values({ user_id: manager.id, centre_id: centre.id, assigned_at: now, ended_at: null }).execute();
  await app.ready();
  const { token } = await app.accessTokens.issue({ userId: manager.id, role: 'manager' });
  await serveBenchApi(app, db, { managerToken: token });
}

async function main(): Promise<void> {
  const folder = mkdtempSync(path.join(tmpdir(), 'ev-bench-inventory-'));
  const api = await startBenchApi<ServerReady>(import.meta.url, { BENCH_DATA_DIR: folder });
  try {
    const origin = `http://127.0.0.1:${api.ready.port}`;
    console.log(`bench:backoffice inventory — ${INVENTORY_BENCH_PRODUCTS} products on one centre's shelves`);
    // Warm-up (compiled statements, JIT), not measured.
    await runCustomers({
      origin,
      customers: 4,
      steps: [{ label: 'warm-up', build: () => ({ method: 'GET', path: '/api/inventory', headers: { authorization: `Bearer ${api.ready.managerToken}` } }), expect: [200] }],
      seconds: 2,
    });
    const cpuStart = await api.cpuMs();
    const result = await measureInventoryTable({ origin, managerToken: api.ready.managerToken, seconds: Number(process.env.BENCH_SECONDS ?? 15) });
    console.log(`  API CPU ${Math.round((((await api.cpuMs()) - cpuStart) / Math.max(1, result.requests)) * 1000)} µs per request`);
    if (!result.pass) process.exitCode = 1;
  } finally {
    await api.stop();
    rmSync(folder, { recursive: true, force: true });
  }
}

// Only when run as a script (importing the measuring functions runs nothing).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) runBench({ server: runServer, main });
