import path from 'node:path';
import { buildBenchApi, loadSeed, type BenchDatabase } from './benchApi.ts';
import { percentile, round, runBench, serveBenchApi, startBenchApi } from './benchProcess.ts';
import { runCustomers, type CustomerStep } from './customerLoad.ts';

/**
 * `npm run bench:stock` (`npx tsx scripts/bench/stock.ts`): the owner's Stock page (issue 45 budgets) on a catalogue
 * of BENCH_STOCK_PRODUCTS products (default 5,000) stocked at 8 locations (the online warehouse and 7 centres):
 *
 * - the stock table of the online warehouse, GET /api/inventory?centreId=<warehouse>: page 1 (50 rows), pages 2–20
 *   and a folded search, read by BENCH_CLIENTS admins at once (default 4) for BENCH_SECONDS (default 10) after a
 *   2 s warm-up, while a goods receipt of one line lands in the warehouse every 200 ms (so the kept pages are
 *   dropped and built again all along) — budget p95 < 50 ms;
 * - one product's stock at every location, GET /api/inventory/products/:id/stock, in the same run (reported);
 * - page 1 and a search read one at a time right after a receipt (nothing kept: the query itself), BENCH_COLD_READS
 *   times (default 40) — budget p95 < 50 ms;
 * - a goods receipt of 200 lines into the warehouse, POST /api/inventory/goods-receipts, BENCH_RECEIPTS times
 *   (default 5) one after another — budget: the slowest < 1 s.
 *
 * SQLite, and PostgreSQL too when TEST_DATABASE_URL / DATABASE_URL / BENCH_POSTGRES_URL names a server (a scratch
 * database is made there and dropped); BENCH_STOCK_DATABASES=sqlite|postgres|sqlite,postgres chooses. Each database
 * runs in a process of its own, the API in a child process of that.
 */
const STOCK_PAGE_P95_BUDGET_MS = 50;
const RECEIPT_BUDGET_MS = 1_000;
const RECEIPT_LINES = 200;
const PRODUCTS = Number(process.env.BENCH_STOCK_PRODUCTS ?? 5_000);
const LOCATIONS = 8;
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 4);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RECEIPTS = Number(process.env.BENCH_RECEIPTS ?? 5);
const RECEIPT_EVERY_MS = 200;
/** Reads timed one by one right after a change. */
const COLD_READS = Number(process.env.BENCH_COLD_READS ?? 40);
const DATABASES_SETTING = 'BENCH_STOCK_DATABASES';

const PART_KINDS = ['Má phanh', 'Pin Lithium', 'Bộ sạc', 'Đèn LED', 'Cầu chì', 'Động cơ', 'Bộ điều khiển', 'Lốp không săm', 'Dây sạc', 'Cảm biến'];
const MODELS = ['VinFast Klara S', 'VinFast Feliz', 'VinFast VF 8', 'Yadea Odora', 'Pega NewTech', 'Dat Bike Weaver', 'VinFast Evo200', 'Yadea Orla'];
const SEARCHES = ['ma phanh', 'pin lithium', 'bo sac vf', 'den led', 'cau chi', 'klara', 'dong co yadea', 'STK-01234'];

/** The PostgreSQL server asked for (its URL), if any. */
function postgresServer(): string | null {
  const url = process.env.BENCH_POSTGRES_URL || process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  if (!url) return null;
  const server = new URL(url);
  server.pathname = '/postgres';
  return server.toString();
}

interface ServerReady {
  port: number;
  adminToken: string;
  warehouseId: number;
  productIds: number[];
}

// ---- The server (child process) -------------------------------------------------------------------------

/** `count` products of a parts category, each on the shelves of every location in `locations` (batched inserts). */
async function stockCatalogue(db: BenchDatabase, locations: readonly number[], count: number): Promise<number[]> {
  const { foldVietnamese } = await import('../../shared-contracts/src/schemas/index.ts');
  const category = await db.selectFrom('catalogue_categories').select('id').where('promo_group', '=', 'parts').orderBy('id').executeTakeFirstOrThrow();
  const brand = await db.selectFrom('catalogue_brands').select('id').orderBy('id').executeTakeFirstOrThrow();
  const at = new Date().toISOString();
  const ids: number[] = [];
  const BATCH = 100;
  for (let offset = 0; offset < count; offset += BATCH) {
    await db.transaction().execute(async (trx) => {
      const batch = Array.from({ length: Math.min(BATCH, count - offset) }, (_, index) => {
        const number = offset + index;
        const name = `${PART_KINDS[number % PART_KINDS.length]} ${MODELS[Math.floor(number / PART_KINDS.length) % MODELS.length]} loại ${number + 1}`;
        return { number, name, sku: `STK-${String(number).padStart(5, '0')}` };
      });
      const products = await trx
        .insertInto('products')
        .values(
          batch.map(({ number, name, sku }) => ({
            sku,
            slug: `bench-ton-kho-${number}`,
            name,
            category_id: category.id,
            brand_id: brand.id,
            price: 50_000 + (number % 97) * 25_000,
            original_price: null,
            description: 'Phụ tùng của phép đo trang tồn kho.',
            is_active: 1,
            search_text: foldVietnamese(`${name} ${sku}`),
          })),
        )
        .returning('id')
        .execute();
      ids.push(...products.map((product) => product.id));
      for (const location of locations) {
        const shelves = products.map((product, index) => {
          const number = batch[index]!.number + location;
          const minStock = 2 + (number % 4);
          return { productId: product.id, onHand: number % 8 === 0 ? number % 3 : minStock + 1 + (number % 20), minStock };
        });
        await trx
          .insertInto('centre_stock')
          .values(shelves.map((shelf) => ({ centre_id: location, product_id: shelf.productId, on_hand: shelf.onHand, reserved: 0, min_stock: shelf.minStock, updated_at: at })))
          .execute();
        const opening = shelves.filter((shelf) => shelf.onHand > 0);
        await trx
          .insertInto('stock_movements')
          .values(
            opening.map((shelf) => ({
              centre_id: location,
              product_id: shelf.productId,
              kind: 'OPENING' as const,
              quantity: shelf.onHand,
              on_hand_after: shelf.onHand,
              parts_request_id: null,
              actor_id: null,
              reason: 'Số dư đầu kỳ',
              created_at: at,
            })),
          )
          .execute();
      }
    });
  }
  return ids;
}

async function runServer(): Promise<void> {
  const { seed } = await loadSeed();
  const { app, db } = await buildBenchApi(seed);
  const warehouse = await db.selectFrom('service_centres').select('id').where('ships_online', '=', 1).orderBy('id').executeTakeFirstOrThrow();
  const centres = await db.selectFrom('service_centres').select('id').where('kind', '=', 'SERVICE_CENTRE').orderBy('id').limit(LOCATIONS - 1).execute();
  const locations = [warehouse.id, ...centres.map((centre) => centre.id)];
  if (locations.length < LOCATIONS) throw new Error(`the seed has ${locations.length} stock locations, the bench wants ${LOCATIONS}`);
  const started = performance.now();
  const productIds = await stockCatalogue(db, locations, PRODUCTS);
  console.log(`  seeded ${PRODUCTS} products × ${locations.length} locations in ${Math.round(performance.now() - started)} ms`);
  const admin = await db.selectFrom('users').select('id').where('role', '=', 'admin').orderBy('id').executeTakeFirstOrThrow();
  await app.ready();
  const { token } = await app.accessTokens.issue({ userId: admin.id, role: 'admin' });
  await serveBenchApi(app, db, { adminToken: token, warehouseId: warehouse.id, productIds } satisfies Omit<ServerReady, 'port'>);
}

// ---- Measuring ------------------------------------------------------------------------------------------

function figuresOf(times: readonly number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  return { requests: sorted.length, p50: round(percentile(sorted, 50)), p95: round(percentile(sorted, 95)), p99: round(percentile(sorted, 99)), max: round(sorted.at(-1) ?? Number.NaN) };
}

async function postReceipt(origin: string, headers: Record<string, string>, body: unknown): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${origin}/api/inventory/goods-receipts`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const text = await response.text();
  const elapsed = performance.now() - started;
  if (response.status !== 201) throw new Error(`the goods receipt answered ${response.status}: ${text.slice(0, 300)}`);
  return elapsed;
}

/** Until `until`, every RECEIPT_EVERY_MS, a receipt of one line into the warehouse (the stock page's kept answers drop). */
async function keepReceiving(origin: string, headers: Record<string, string>, warehouseId: number, productIds: readonly number[], until: number): Promise<number> {
  let receipts = 0;
  while (performance.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, RECEIPT_EVERY_MS));
    const productId = productIds[(receipts * 37) % 50]!;
    await postReceipt(origin, headers, { centreId: warehouseId, supplier: 'Nhà cung cấp thử tải', lines: [{ productId, quantity: 1, unitCost: 10_000 }] });
    receipts += 1;
  }
  return receipts;
}

async function measure(kind: string, databaseUrl: string | null, dataDir: string): Promise<boolean> {
  const api = await startBenchApi<ServerReady>(import.meta.url, { BENCH_DATA_DIR: dataDir, BENCH_DATABASE_URL: databaseUrl ?? '' });
  try {
    const origin = `http://127.0.0.1:${api.ready.port}`;
    const headers = { authorization: `Bearer ${api.ready.adminToken}` };
    const { warehouseId, productIds } = api.ready;
    const table = (query: string) => `/api/inventory?centreId=${warehouseId}${query}`;
    const steps: CustomerStep[] = [
      { label: 'page 1', build: () => ({ method: 'GET', path: table('&page=1&pageSize=50'), headers }), expect: [200] },
      { label: 'search', build: (client, turn) => ({ method: 'GET', path: table(`&q=${encodeURIComponent(SEARCHES[(client + turn) % SEARCHES.length]!)}`), headers }), expect: [200] },
      { label: 'pages 2–20', build: (client, turn) => ({ method: 'GET', path: table(`&page=${2 + ((client * 3 + turn) % 19)}&pageSize=50`), headers }), expect: [200] },
      { label: 'product stock', build: (client, turn) => ({ method: 'GET', path: `/api/inventory/products/${productIds[(client * 101 + turn * 13) % productIds.length]}/stock`, headers }), expect: [200] },
    ];
    console.log(`bench:stock on ${kind} — ${PRODUCTS} products × ${LOCATIONS} locations, ${CLIENTS} admins, ${SECONDS} s`);
    await runCustomers({ origin, customers: CLIENTS, steps, seconds: 2 });
    const [result, receivedWhileReading] = await Promise.all([
      runCustomers({ origin, customers: CLIENTS, steps, seconds: SECONDS }),
      keepReceiving(origin, headers, warehouseId, productIds, performance.now() + SECONDS * 1000),
    ]);
    let pass = result.unexpected.length === 0 && result.errors === 0;
    for (const answer of result.unexpected) console.log(`    unexpected ${answer.status} ${answer.label}: ${answer.body}`);
    const stockPage = figuresOf([...result.byStep.get('page 1')!, ...result.byStep.get('search')!, ...result.byStep.get('pages 2–20')!]);
    const stockPass = stockPage.p95 < STOCK_PAGE_P95_BUDGET_MS;
    pass &&= stockPass;
    console.log(
      `  GET /api/inventory?centreId=<warehouse> (page 1, search, pages 2–20): ${stockPage.requests} requests, p50 ${stockPage.p50} ms, p95 ${stockPage.p95} ms, ` +
        `p99 ${stockPage.p99} ms, max ${stockPage.max} ms, while ${receivedWhileReading} receipts landed — budget p95 < ${STOCK_PAGE_P95_BUDGET_MS} ms: ${stockPass ? 'OK' : 'FAILED'}`,
    );
    for (const label of ['page 1', 'search', 'pages 2–20', 'product stock']) {
      const step = figuresOf(result.byStep.get(label)!);
      console.log(`    ${label}: ${step.requests} requests, p50 ${step.p50} ms, p95 ${step.p95} ms, max ${step.max} ms`);
    }

    // Right after a change (every kept page of the location dropped): a receipt of one line, then page 1 and a search.
    const cold: number[] = [];
    for (let run = 0; run < COLD_READS; run += 1) {
      await postReceipt(origin, headers, { centreId: warehouseId, supplier: 'Nhà cung cấp thử tải', lines: [{ productId: productIds[run % 50]!, quantity: 1, unitCost: 10_000 }] });
      for (const query of ['&page=1&pageSize=50', `&q=${encodeURIComponent(SEARCHES[run % SEARCHES.length]!)}`]) {
        const started = performance.now();
        const response = await fetch(`${origin}${table(query)}`, { headers });
        await response.arrayBuffer();
        cold.push(performance.now() - started);
        if (response.status !== 200) throw new Error(`the stock page answered ${response.status}`);
      }
    }
    const coldPage = figuresOf(cold);
    const coldPass = coldPage.p95 < STOCK_PAGE_P95_BUDGET_MS;
    pass &&= coldPass;
    console.log(
      `  the same, each read right after a receipt (nothing kept): ${coldPage.requests} requests, p50 ${coldPage.p50} ms, p95 ${coldPage.p95} ms, max ${coldPage.max} ms — budget p95 < ${STOCK_PAGE_P95_BUDGET_MS} ms: ${coldPass ? 'OK' : 'FAILED'}`,
    );

    const times: number[] = [];
    for (let run = 0; run < RECEIPTS; run += 1) {
      // 200 different products each time (a supplier's full delivery), the warehouse's rows all present.
      const lines = Array.from({ length: RECEIPT_LINES }, (_, index) => ({ productId: productIds[(run * RECEIPT_LINES + index) % productIds.length]!, quantity: 1 + (index % 40), unitCost: 25_000 + index * 1_000 }));
      times.push(await postReceipt(origin, headers, { centreId: warehouseId, supplier: 'Công ty Phụ tùng Thử Tải', reference: `PN-BENCH-${run + 1}`, lines }));
    }
    const receipt = figuresOf(times);
    const receiptPass = receipt.max < RECEIPT_BUDGET_MS;
    pass &&= receiptPass;
    console.log(
      `  POST /api/inventory/goods-receipts (${RECEIPT_LINES} lines) ×${RECEIPTS}: p50 ${receipt.p50} ms, max ${receipt.max} ms — budget < ${RECEIPT_BUDGET_MS} ms: ${receiptPass ? 'OK' : 'FAILED'}`,
    );
    return pass;
  } finally {
    await api.stop();
  }
}

async function main(): Promise<void> {
  const server = postgresServer();
  if (server) process.env.BENCH_POSTGRES_URL = server;
  const databases = (process.env[DATABASES_SETTING] ?? (server ? 'sqlite,postgres' : 'sqlite')).split(',').map((name) => name.trim()).filter(Boolean);
  // Loaded after BENCH_POSTGRES_URL is set (scratchDatabase reads it when loaded).
  const { benchEachDatabaseInItsOwnProcess, scratchDatabase } = await import('./scratchDatabase.ts');
  if (benchEachDatabaseInItsOwnProcess(databases, DATABASES_SETTING, import.meta.url)) return;
  const kind = databases[0] ?? 'sqlite';
  const scratch = await scratchDatabase(kind, 'stock', DATABASES_SETTING);
  try {
    if (!(await measure(kind, scratch.databaseUrl, path.dirname(scratch.sqliteFile)))) process.exitCode = 1;
  } finally {
    await scratch.remove();
  }
}

runBench({ server: runServer, main });
