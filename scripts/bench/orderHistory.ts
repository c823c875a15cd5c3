import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { buildBenchApi, insertBenchCustomers, loadSeed, stockWarehouse } from './benchApi.ts';
import { round } from './benchProcess.ts';
import { scratchDatabase } from './scratchDatabase.ts';

/**
 * `npm run bench:order-history` (issue 70 §2): what each shop answer reads on PostgreSQL as the order history grows.
 * The API (from source, in this process: the figures are PostgreSQL's, not the process's) on a scratch seeded
 * database with 20 customers; at each history size of BENCH_HISTORY_STEPS (orders placed by those customers, default
 * 0,2000,6000, then ANALYZE), each shop path BENCH_HISTORY_REQUESTS times (default 100) one after another:
 *
 *   list (a minPrice each: past the cache), product, cart add, cart read, quote, order (COD, one in four VietQR),
 *   my orders (the account's first page)
 *
 * For each: the rows PostgreSQL read per answer (pg_stat_user_tables: sequential and index fetches, the tables that
 * read the most named) and the milliseconds per answer. A path whose rows grow with the history reads something the
 * history makes longer. PostgreSQL sends a backend's table counters when it goes idle, at most every 10 s: each
 * reading waits 11 s after the path's last answer. env: BENCH_POSTGRES_URL (the server; default the local one).
 */
const STEPS = (process.env.BENCH_HISTORY_STEPS ?? '0,2000,6000').split(',').map(Number);
const REQUESTS = Number(process.env.BENCH_HISTORY_REQUESTS ?? 100);
const CUSTOMERS = 20;
const STATS_SETTLE_MS = 11_000;

type TableReads = Map<string, number>;

async function main(): Promise<void> {
  const scratch = await scratchDatabase('postgres', 'order_history', 'BENCH_POSTGRES_URL');
  const folder = mkdtempSync(path.join(tmpdir(), 'ev-bench-order-history-'));
  process.env.BENCH_DATA_DIR = folder;
  process.env.BENCH_DATABASE_URL = scratch.databaseUrl!;
  const { seed } = await loadSeed();
  const { app, db } = await buildBenchApi(seed);
  try {
    await stockWarehouse(db, 10_000_000);
    await app.ready();
    const products = await db.selectFrom('products').select(['id', 'slug']).where('is_active', '=', 1).orderBy('id').execute();
    const customers = await insertBenchCustomers(db, CUSTOMERS, 'history');
    const tokens = await Promise.all(customers.map(async (userId) => (await app.accessTokens.issue({ userId, role: 'customer' })).token));
    const auth = (customer: number) => ({ authorization: `Bearer ${tokens[customer]}` });
    let placed = 0;
    const placeOrder = async (customer: number) => {
      placed += 1;
      const items = [
        { kind: 'product', refId: products[(customer + placed) % products.length]!.id, quantity: 1 },
        { kind: 'product', refId: products[(customer + placed + 1) % products.length]!.id, quantity: 2 },
      ];
      const answer = await app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { ...auth(customer), 'idempotency-key': `bench-history-${placed}` },
        payload: {
          items,
          recipientName: 'Khách Benchmark',
          phone: '0912345678',
          fulfilment: { method: 'delivery', address: { province: 'Hà Nội', ward: 'Phường Cửa Nam', street: '12 Tràng Thi' } },
          paymentMethod: placed % 4 === 0 ? 'VIETQR' : 'COD',
        },
      });
      if (answer.statusCode !== 201) throw new Error(`an order answered ${answer.statusCode}: ${answer.body}`);
    };
    const expectOk = async (label: string, answer: Promise<{ statusCode: number; body: string }>) => {
      const { statusCode, body } = await answer;
      if (statusCode >= 400) throw new Error(`${label} answered ${statusCode}: ${body.slice(0, 200)}`);
    };
    const paths: Record<string, (customer: number, index: number) => Promise<unknown>> = {
      list: (c, i) => expectOk('list', app.inject({ url: `/api/products?minPrice=${1000 + i}`, headers: auth(c) })),
      product: (c, i) => expectOk('product', app.inject({ url: `/api/products/${products[i % products.length]!.slug}`, headers: auth(c) })),
      'cart add': (c, i) => expectOk('cart add', app.inject({ method: 'POST', url: '/api/cart/items', headers: auth(c), payload: { kind: 'product', refId: products[i % 30]!.id, quantity: 1 } })),
      'cart read': (c) => expectOk('cart read', app.inject({ url: '/api/cart', headers: auth(c) })),
      quote: (c, i) =>
        expectOk('quote', app.inject({ method: 'POST', url: '/api/checkout/quote', headers: auth(c), payload: { items: [{ kind: 'product', refId: products[i % 30]!.id, quantity: 1 }], fulfilment: { method: 'delivery', province: 'Hà Nội' } } })),
      order: (c) => placeOrder(c),
      'my orders': (c) => expectOk('my orders', app.inject({ url: '/api/orders', headers: auth(c) })),
    };
    const tableReads = async (): Promise<TableReads> => {
      await new Promise((resolve) => setTimeout(resolve, STATS_SETTLE_MS));
      const { rows } = await sql<{ name: string; seq: string; idx: string }>`select relname as name, coalesce(seq_tup_read, 0)::text as seq, coalesce(idx_tup_fetch, 0)::text as idx from pg_stat_user_tables`.execute(db);
      return new Map(rows.flatMap((row) => [[`${row.name} (seq)`, Number(row.seq)] as const, [`${row.name} (index)`, Number(row.idx)] as const]));
    };

    console.log(`bench:order-history on PostgreSQL: ${products.length} products, ${CUSTOMERS} customers, ${REQUESTS} answers a path`);
    for (const step of STEPS) {
      while (placed < step) await placeOrder(placed % CUSTOMERS);
      await sql`analyze`.execute(db);
      let before = await tableReads();
      for (const [name, run] of Object.entries(paths)) {
        const started = performance.now();
        for (let index = 0; index < REQUESTS; index += 1) await run(index % CUSTOMERS, index);
        const ms = (performance.now() - started) / REQUESTS;
        const after = await tableReads();
        const reads = [...after].map(([table, count]) => [table, (count - (before.get(table) ?? 0)) / REQUESTS] as const).filter(([, perAnswer]) => perAnswer >= 0.5);
        before = after;
        reads.sort((a, b) => b[1] - a[1]);
        const total = reads.reduce((sum, [, perAnswer]) => sum + perAnswer, 0);
        const most = reads.slice(0, 4).map(([table, perAnswer]) => `${table} ${Math.round(perAnswer)}`).join(', ');
        console.log(`history ${String(step).padStart(5)} orders  ${name.padEnd(9)}  ${String(Math.round(total)).padStart(6)} rows an answer  ${round(ms).toFixed(2).padStart(6)} ms  (${most})`);
      }
    }
  } finally {
    await app.close();
    await db.destroy();
    await scratch.remove();
    rmSync(folder, { recursive: true, force: true });
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
