import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { runCustomers, type CustomerStep } from './customerLoad.ts';
import { buildBenchApi, loadSeed } from './benchApi.ts';
import { percentile, round, runBench, serveBenchApi, startBenchApi } from './benchProcess.ts';

/**
 * `npm run bench:receipts` (`npx tsx scripts/bench/receipts.ts`): the receipt budget of shop-operations §8,
 * receipt PDF p95 < 300 ms, against the API started on an ephemeral loopback port with a scratch seeded SQLite
 * database in a child process. BENCH_CUSTOMERS (default 4) people at once each download the PDF of one of the
 * seeded paid web orders, in a loop (GET /api/orders/:code/receipt.pdf as the desk's admin: the seeded orders are
 * the demo customer's), for BENCH_SECONDS (default 10) after a 2 s warm-up. A receipt is printed by a person at a
 * counter or a customer on their order page: a few at a time, not a crowd.
 */
const RECEIPT_P95_BUDGET_MS = 300;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 4);

interface ServerReady {
  port: number;
  token: string;
  codes: string[];
}

async function runServer(): Promise<void> {
  const { seed } = await loadSeed();
  const { app, db } = await buildBenchApi(seed);
  const paid = await db.selectFrom('orders').select('code').where('paid_at', 'is not', null).orderBy('id').limit(20).execute();
  if (paid.length === 0) throw new Error('the seed has no paid web order to print');
  const admin = await db
    .insertInto('users')
    .values({ email: 'bench.receipts@example.vn', password_hash: null, full_name: 'Quản trị Benchmark', role: 'admin' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { token } = await app.accessTokens.issue({ userId: admin.id, role: 'admin' });
  await serveBenchApi(app, db, { token, codes: paid.map((row) => row.code) });
}

function receiptSteps({ token, codes }: ServerReady): CustomerStep[] {
  return [
    {
      label: 'GET /api/orders/:code/receipt.pdf',
      build: (customer, turn) => ({ method: 'GET', path: `/api/orders/${codes[(customer + turn) % codes.length]}/receipt.pdf`, headers: { authorization: `Bearer ${token}` } }),
      expect: [200],
    },
  ];
}

async function main(): Promise<void> {
  const folder = mkdtempSync(path.join(tmpdir(), 'ev-bench-receipts-'));
  const api = await startBenchApi<ServerReady>(import.meta.url, { BENCH_DATA_DIR: folder });
  const { ready } = api;
  const origin = `http://127.0.0.1:${ready.port}`;
  let failed = false;
  try {
    console.log(`API: ${origin} (scratch seeded SQLite in ${folder}); ${cpus().length} CPU(s): ${cpus()[0]?.model ?? '?'}`);
    console.log(`Receipts: ${CUSTOMERS} at once, ${ready.codes.length} paid orders, ${SECONDS} s (after a 2 s warm-up)`);
    const steps = receiptSteps(ready);
    await runCustomers({ origin, customers: CUSTOMERS, steps, seconds: 2 });
    const cpuBefore = await api.cpuMs();
    const result = await runCustomers({ origin, customers: CUSTOMERS, steps, seconds: SECONDS });
    const cpuPerRequest = ((await api.cpuMs()) - cpuBefore) / Math.max(1, result.all.length);
    const sorted = [...result.all].sort((a, b) => a - b);
    const p95 = percentile(sorted, 95);
    console.log(
      `  receipt PDF ${String(sorted.length).padStart(6)} req  ${((sorted.length / result.elapsedMs) * 1000).toFixed(1)} req/s   ` +
        `p50 ${round(percentile(sorted, 50))} ms   p95 ${round(p95)} ms   p99 ${round(percentile(sorted, 99))} ms   API CPU ${Math.round(cpuPerRequest)} ms per PDF`,
    );
    const misses: string[] = [];
    if (p95 >= RECEIPT_P95_BUDGET_MS) misses.push(`receipt PDF p95 ${round(p95)} ms ≥ ${RECEIPT_P95_BUDGET_MS} ms`);
    if (result.unexpected.length > 0 || result.errors > 0) {
      misses.push(`${result.unexpected.length} unexpected answers, ${result.errors} connection errors`);
      for (const answer of result.unexpected.slice(0, 5)) console.log(`  unexpected ${answer.status} to ${answer.label}: ${answer.body}`);
    }
    console.log(misses.length === 0 ? `Budget met: receipt PDF p95 < ${RECEIPT_P95_BUDGET_MS} ms.` : `Budget missed: ${misses.join('; ')}.`);
    failed = misses.length > 0;
  } finally {
    await api.stop();
    rmSync(folder, { recursive: true, force: true });
  }
  if (failed) process.exitCode = 1;
}

runBench({ server: runServer, main });
