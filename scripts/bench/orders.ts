import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { runCustomers, type CustomerLoadResult, type CustomerStep } from './customerLoad.ts';
import { buildBenchApi, insertBenchCustomers, loadSeed, stockWarehouse } from './benchApi.ts';
import { percentile, round, runBench, serveBenchApi, startBenchApi } from './benchProcess.ts';
import { scratchDatabase } from './scratchDatabase.ts';

/**
 * `npm run bench:orders` (`npx tsx scripts/bench/orders.ts`): the shop budgets, against the API started on an
 * ephemeral loopback port with a scratch seeded SQLite database, in a child process (the load generator must not
 * share the server's event loop), with 20 concurrent customers (one token and one connection each).
 *
 *   cart operations  p95 < 15 ms   (each customer in a loop: add a product, set its quantity, read the cart,
 *                                   remove the line)
 *   POST /api/orders p95 < 60 ms   (each customer in a loop: 2 products, delivery, one order in four VietQR,
 *                                   a fresh Idempotency-Key each time)
 *
 * Prints p50 / p95 / p99 and req/s of each phase, after a 2 s warm-up each. env: BENCH_SECONDS (per phase,
 * default 10), BENCH_CUSTOMERS (default 20), BENCH_PHASES (default 'cart,orders'; one of them to profile it alone),
 * BENCH_ORDERS_DATABASE (sqlite | postgres: a scratch database on BENCH_POSTGRES_URL's server, its figures printed
 * against no budget; default sqlite),
 * BENCH_ORDER_ROUNDS (the orders phase this many times in a row, each line its own, so that an order's cost growing
 * with the orders placed shows; default 1).
 */
const CART_P95_BUDGET_MS = 15;
const ORDERS_P95_BUDGET_MS = 60;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 20);
const PHASES = new Set((process.env.BENCH_PHASES ?? 'cart,orders').split(','));
const DATABASE = process.env.BENCH_ORDERS_DATABASE ?? 'sqlite';
const ORDER_ROUNDS = Number(process.env.BENCH_ORDER_ROUNDS ?? 1);

interface ServerReady {
  port: number;
  tokens: string[];
  productIds: number[];
}

// ---- The server (child process) -------------------------------------------------------------------------

async function runServer(): Promise<void> {
  const { seed } = await loadSeed();
  const { app, db } = await buildBenchApi(seed);
  // Enough stock that no order runs out during the run; the products every customer buys.
  await stockWarehouse(db, 10_000_000);
  const products = await db.selectFrom('products').select('id').where('is_active', '=', 1).orderBy('id').limit(12).execute();
  const tokens: string[] = [];
  for (const userId of await insertBenchCustomers(db, Number(process.env.BENCH_CUSTOMERS_COUNT), 'orders')) {
    tokens.push((await app.accessTokens.issue({ userId, role: 'customer' })).token);
  }
  const ready: Omit<ServerReady, 'port'> = { tokens, productIds: products.map((product) => product.id) };
  await serveBenchApi(app, db, ready);
}

// ---- The measurements (parent process) ------------------------------------------------------------------

function cartSteps({ tokens, productIds }: ServerReady): CustomerStep[] {
  const auth = (customer: number) => ({ authorization: `Bearer ${tokens[customer]}` });
  const productOf = (customer: number, turn: number) => productIds[(customer + turn) % productIds.length]!;
  return [
    {
      label: 'POST /api/cart/items',
      build: (customer, turn) => ({ method: 'POST', path: '/api/cart/items', headers: auth(customer), body: { kind: 'product', refId: productOf(customer, turn), quantity: 1 } }),
      expect: [200],
    },
    {
      label: 'PUT /api/cart/items/:lineId',
      build: (customer, turn) => ({ method: 'PUT', path: `/api/cart/items/product-${productOf(customer, turn)}`, headers: auth(customer), body: { quantity: 2 } }),
      expect: [200],
    },
    { label: 'GET /api/cart', build: (customer) => ({ method: 'GET', path: '/api/cart', headers: auth(customer) }), expect: [200] },
    {
      label: 'DELETE /api/cart/items/:lineId',
      build: (customer, turn) => ({ method: 'DELETE', path: `/api/cart/items/product-${productOf(customer, turn)}`, headers: auth(customer) }),
      expect: [200],
    },
  ];
}

function orderSteps({ tokens, productIds }: ServerReady, phase: string): CustomerStep[] {
  return [
    {
      label: 'POST /api/orders',
      build: (customer, turn) => ({
        method: 'POST',
        path: '/api/orders',
        headers: { authorization: `Bearer ${tokens[customer]}`, 'idempotency-key': `bench-${phase}-${customer}-${turn}` },
        body: {
          items: [
            { kind: 'product', refId: productIds[(customer + turn) % productIds.length], quantity: 1 },
            { kind: 'product', refId: productIds[(customer + turn + 1) % productIds.length], quantity: 2 },
          ],
          recipientName: 'Khách Benchmark',
          phone: '0912345678',
          fulfilment: { method: 'delivery', address: { province: turn % 2 ? 'Hà Nội' : 'Lào Cai', ward: 'Phường Cửa Nam', street: '12 Tràng Thi' } },
          paymentMethod: turn % 4 === 0 ? 'VIETQR' : 'COD',
        },
      }),
      expect: [201],
    },
  ];
}

function summary(label: string, samples: number[], elapsedMs: number): { line: string; p95: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const p95 = percentile(sorted, 95);
  const line =
    `  ${label.padEnd(32)} ${String(samples.length).padStart(6)} req  ${((samples.length / elapsedMs) * 1000).toFixed(0).padStart(5)} req/s   ` +
    `p50 ${round(percentile(sorted, 50)).toFixed(1).padStart(5)} ms   p95 ${round(p95).toFixed(1).padStart(5)} ms   p99 ${round(percentile(sorted, 99)).toFixed(1).padStart(5)} ms`;
  return { line, p95 };
}

async function main(): Promise<void> {
  const folder = mkdtempSync(path.join(tmpdir(), 'ev-bench-orders-'));
  const scratch = await scratchDatabase(DATABASE, 'orders', 'BENCH_ORDERS_DATABASE');
  const api = await startBenchApi<ServerReady>(import.meta.url, { BENCH_DATA_DIR: folder, BENCH_DATABASE_URL: scratch.databaseUrl ?? '', BENCH_CUSTOMERS_COUNT: String(CUSTOMERS) });
  const { ready } = api;
  const origin = `http://127.0.0.1:${ready.port}`;
  let failed = false;
  // The p95 budgets are SQLite's (the embedded default); on PostgreSQL the figures are printed only.
  const onSqlite = scratch.databaseUrl === null;
  try {
    console.log(`API: ${origin} (scratch seeded ${scratch.databaseUrl ? 'PostgreSQL' : `SQLite in ${folder}`}); ${cpus().length} CPU(s): ${cpus()[0]?.model ?? '?'}`);
    console.log(`Shop: ${CUSTOMERS} concurrent customers, ${SECONDS} s per phase (after a 2 s warm-up each)`);
    const phase = async (name: string, steps: CustomerStep[]): Promise<CustomerLoadResult> => {
      await runCustomers({ origin, customers: CUSTOMERS, steps: name === 'orders' ? orderSteps(ready, 'warm-up') : steps, seconds: 2 });
      const cpuBefore = await api.cpuMs();
      const result = await runCustomers({ origin, customers: CUSTOMERS, steps, seconds: SECONDS });
      const cpuPerRequest = ((await api.cpuMs()) - cpuBefore) / result.all.length;
      console.log(`  ${name}: API CPU time ${Math.round(cpuPerRequest * 1000)} µs per request (not inflated by queueing; the latency is mostly queueing)`);
      return result;
    };
    const misses: string[] = [];
    const results: CustomerLoadResult[] = [];
    if (PHASES.has('cart')) {
      const cart = await phase('cart', cartSteps(ready));
      results.push(cart);
      const cartAll = summary('cart operations (all four)', cart.all, cart.elapsedMs);
      console.log(cartAll.line);
      for (const [label, samples] of cart.byStep) console.log(summary(`  ${label}`, samples, cart.elapsedMs).line);
      if (onSqlite && cartAll.p95 >= CART_P95_BUDGET_MS) misses.push(`cart p95 ${round(cartAll.p95)} ms ≥ ${CART_P95_BUDGET_MS} ms`);
    }
    if (PHASES.has('orders')) {
      for (let pass = 1; pass <= ORDER_ROUNDS; pass += 1) {
        const orders = await phase('orders', orderSteps(ready, `measured-${pass}`));
        results.push(orders);
        const orderAll = summary(ORDER_ROUNDS > 1 ? `POST /api/orders (round ${pass})` : 'POST /api/orders', orders.all, orders.elapsedMs);
        console.log(orderAll.line);
        if (onSqlite && orderAll.p95 >= ORDERS_P95_BUDGET_MS) misses.push(`orders p95 ${round(orderAll.p95)} ms ≥ ${ORDERS_P95_BUDGET_MS} ms`);
      }
    }
    const unexpected = results.flatMap((result) => result.unexpected);
    const errors = results.reduce((sum, result) => sum + result.errors, 0);
    if (unexpected.length > 0 || errors > 0) {
      misses.push(`${unexpected.length} unexpected answers, ${errors} connection errors`);
      for (const answer of unexpected.slice(0, 5)) console.log(`  unexpected ${answer.status} to ${answer.label}: ${answer.body}`);
    }
    console.log(
      misses.length === 0
        ? onSqlite
          ? `Budgets met: cart p95 < ${CART_P95_BUDGET_MS} ms, POST /api/orders p95 < ${ORDERS_P95_BUDGET_MS} ms.`
          : 'Every answer as expected (the p95 budgets are SQLite\'s).'
        : `Budgets missed: ${misses.join('; ')}.`,
    );
    failed = misses.length > 0;
  } finally {
    await api.stop();
    await scratch.remove();
    rmSync(folder, { recursive: true, force: true });
  }
  if (failed) process.exitCode = 1;
}

runBench({ server: runServer, main });
