import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { percentile } from './benchProcess.ts';

/**
 * `npm run bench:orders` (`npx tsx scripts/bench/orders.ts`): the shop budgets on a scratch seeded SQLite
 * database, with 20 concurrent customers (one token each), the API in this process, the load generator in a
 * child process (it must not share the server's event loop).
 *
 *   cart operations  p95 < 15 ms   (each customer in a loop: add a product, set its quantity, read the cart,
 *                                   remove the line)
 *   POST /api/orders p95 < 60 ms   (each customer in a loop: 2 products, delivery, one order in four VietQR,
 *                                   a fresh Idempotency-Key each time)
 *
 * Prints p50 / p95 / p99 and req/s of each phase. env: BENCH_SECONDS (per phase, default 10),
 * BENCH_CUSTOMERS (default 20).
 */
const CART_P95_BUDGET_MS = 15;
const ORDERS_P95_BUDGET_MS = 60;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 20);

// The API imports shared-contracts' TypeScript sources (its `ev-source` export condition); re-run under it.
if (!process.execArgv.some((arg) => arg === '--conditions=ev-source' || arg === '-C=ev-source')) {
  const script = fileURLToPath(import.meta.url);
  const child = spawnSync(process.execPath, ['--conditions=ev-source', ...process.execArgv, script, ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: process.env,
  });
  process.exit(child.status ?? 1);
}

interface DriverPlan {
  baseUrl: string;
  phase: 'cart' | 'orders';
  seconds: number;
  tokens: string[];
  productIds: number[];
}

interface PhaseResult {
  samples: number[];
  byOperation: Record<string, number[]>;
  failures: Array<{ status: number; body: string }>;
  elapsedMs: number;
}

/**
 * The load generator (runs in a child process as plain JavaScript): one async loop per customer, each
 * request timed from send to the end of the body.
 */
const DRIVER = String.raw`
const plan = JSON.parse(process.env.BENCH_PLAN);
const samples = [];
const byOperation = {};
const failures = [];
let sequence = 0;
async function timed(operation, url, init, expected) {
  const start = performance.now();
  const response = await fetch(plan.baseUrl + url, init);
  const body = await response.text();
  const ms = performance.now() - start;
  samples.push(ms);
  (byOperation[operation] ??= []).push(ms);
  if (!expected.includes(response.status) && failures.length < 20) failures.push({ status: response.status, body: body.slice(0, 300) });
  return body;
}
async function cartLoop(token, index, until) {
  const auth = { authorization: 'Bearer ' + token };
  const json = { ...auth, 'content-type': 'application/json' };
  let turn = 0;
  while (performance.now() < until) {
    const productId = plan.productIds[(index + turn++) % plan.productIds.length];
    await timed('POST /api/cart/items', '/api/cart/items', { method: 'POST', headers: json, body: JSON.stringify({ kind: 'product', refId: productId, quantity: 1 }) }, [200]);
    await timed('PUT /api/cart/items/:lineId', '/api/cart/items/product-' + productId, { method: 'PUT', headers: json, body: JSON.stringify({ quantity: 2 }) }, [200]);
    await timed('GET /api/cart', '/api/cart', { headers: auth }, [200]);
    await timed('DELETE /api/cart/items/:lineId', '/api/cart/items/product-' + productId, { method: 'DELETE', headers: auth }, [200]);
  }
}
async function orderLoop(token, index, until) {
  let turn = 0;
  while (performance.now() < until) {
    turn += 1;
    const a = plan.productIds[(index + turn) % plan.productIds.length];
    const b = plan.productIds[(index + turn + 1) % plan.productIds.length];
    const headers = { authorization: 'Bearer ' + token, 'content-type': 'application/json', 'idempotency-key': 'bench-' + process.pid + '-' + index + '-' + (sequence += 1) };
    const body = {
      items: [{ kind: 'product', refId: a, quantity: 1 }, { kind: 'product', refId: b, quantity: 2 }],
      recipientName: 'Khách Benchmark',
      phone: '0912345678',
      fulfilment: { method: 'delivery', address: { province: turn % 2 ? 'Hà Nội' : 'Lào Cai', ward: 'Phường Cửa Nam', street: '12 Tràng Thi' } },
      paymentMethod: turn % 4 === 0 ? 'VIETQR' : 'COD',
    };
    await timed('POST /api/orders', '/api/orders', { method: 'POST', headers, body: JSON.stringify(body) }, [201]);
  }
}
(async () => {
  const started = performance.now();
  const until = started + plan.seconds * 1000;
  const loop = plan.phase === 'cart' ? cartLoop : orderLoop;
  await Promise.all(plan.tokens.map((token, index) => loop(token, index, until)));
  process.stdout.write(JSON.stringify({ samples, byOperation, failures, elapsedMs: performance.now() - started }));
})().catch((error) => { console.error(error); process.exit(1); });
`;

function drive(plan: DriverPlan): Promise<PhaseResult> {
  const child = spawn(process.execPath, ['-e', DRIVER], { env: { ...process.env, BENCH_PLAN: JSON.stringify(plan) }, stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (status) => (status === 0 ? resolve(JSON.parse(output) as PhaseResult) : reject(new Error(`the load generator exited with ${status}`))));
  });
}


function summary(label: string, samples: number[], elapsedMs: number): { line: string; p95: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const p95 = percentile(sorted, 95);
  const line = `  ${label.padEnd(32)} ${String(samples.length).padStart(6)} req  ${((samples.length / elapsedMs) * 1000).toFixed(0).padStart(5)} req/s   p50 ${percentile(sorted, 50).toFixed(1).padStart(5)} ms   p95 ${p95.toFixed(1).padStart(5)} ms   p99 ${percentile(sorted, 99).toFixed(1).padStart(5)} ms`;
  return { line, p95 };
}

async function main(): Promise<void> {
  const api = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'api', 'src');
  const { buildApp } = (await import(path.join(api, 'app.ts'))) as typeof import('../../api/src/app.ts');
  const { loadConfig } = (await import(path.join(api, 'config.ts'))) as typeof import('../../api/src/config.ts');
  const { createDatabase } = (await import(path.join(api, 'db', 'createDatabase.ts'))) as typeof import('../../api/src/db/createDatabase.ts');
  const { migrateToLatest } = (await import(path.join(api, 'db', 'migrate.ts'))) as typeof import('../../api/src/db/migrate.ts');
  const { seed } = (await import(path.join(api, 'seed', 'index.ts'))) as typeof import('../../api/src/seed/index.ts');

  const folder = mkdtempSync(path.join(tmpdir(), 'ev-bench-orders-'));
  const config = {
    ...loadConfig({}),
    nodeEnv: 'production',
    sqliteFile: path.join(folder, 'bench.sqlite'),
    uploadDir: path.join(folder, 'uploads'),
    jwtSecret: 'bench-secret-bench-secret-bench-secret-0123',
  };
  const db = createDatabase(config);
  const app = buildApp({ db, logger: false, accounts: { config } });
  try {
    await migrateToLatest(db);
    await seed(db);
    // Enough stock that no order runs out during the run; the products every order buys.
    await db.updateTable('products').set({ stock: 10_000_000 }).execute();
    const products = await db.selectFrom('products').select('id').where('is_active', '=', 1).orderBy('id').limit(12).execute();
    const tokens: string[] = [];
    for (let index = 0; index < CUSTOMERS; index += 1) {
      const user = await db
        .insertInto('users')
        .values({ email: `bench.${index}@example.vn`, password_hash: null, full_name: `Khách ${index + 1}`, role: 'customer' })
        .returning('id')
        .executeTakeFirstOrThrow();
      tokens.push((await app.accessTokens.issue({ userId: user.id, role: 'customer' })).token);
    }
    await app.listen({ host: '127.0.0.1', port: 0 });
    const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const plan = { baseUrl, tokens, productIds: products.map((product) => product.id) };

    console.log(`Shop on SQLite: ${CUSTOMERS} concurrent customers, ${SECONDS} s per phase (after a 2 s warm-up each)`);
    await drive({ ...plan, phase: 'cart', seconds: 2 });
    const cart = await drive({ ...plan, phase: 'cart', seconds: SECONDS });
    await drive({ ...plan, phase: 'orders', seconds: 2 });
    const orders = await drive({ ...plan, phase: 'orders', seconds: SECONDS });

    const cartAll = summary('cart operations (all four)', cart.samples, cart.elapsedMs);
    console.log(cartAll.line);
    for (const [operation, samples] of Object.entries(cart.byOperation)) console.log(summary(`  ${operation}`, samples, cart.elapsedMs).line);
    const orderAll = summary('POST /api/orders', orders.samples, orders.elapsedMs);
    console.log(orderAll.line);

    const failures: string[] = [];
    if (cartAll.p95 >= CART_P95_BUDGET_MS) failures.push(`cart p95 ${cartAll.p95.toFixed(1)} ms ≥ ${CART_P95_BUDGET_MS} ms`);
    if (orderAll.p95 >= ORDERS_P95_BUDGET_MS) failures.push(`orders p95 ${orderAll.p95.toFixed(1)} ms ≥ ${ORDERS_P95_BUDGET_MS} ms`);
    const unexpected = [...cart.failures, ...orders.failures];
    if (unexpected.length > 0) {
      failures.push(`${unexpected.length} unexpected answers`);
      for (const failure of unexpected.slice(0, 5)) console.log(`  unexpected ${failure.status}: ${failure.body}`);
    }
    console.log(
      failures.length === 0
        ? `Budgets met: cart p95 < ${CART_P95_BUDGET_MS} ms, POST /api/orders p95 < ${ORDERS_P95_BUDGET_MS} ms.`
        : `Budgets missed: ${failures.join('; ')}.`,
    );
    process.exitCode = failures.length === 0 ? 0 : 1;
  } finally {
    await app.close();
    await db.destroy();
    rmSync(folder, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
