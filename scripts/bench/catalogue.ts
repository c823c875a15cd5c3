import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Options as AutocannonOptions, Result as AutocannonResult } from 'autocannon';
import Fastify from 'fastify';

/**
 * `npx tsx scripts/bench/catalogue.ts`: throughput and latency of GET /api/products (24 items, filtered) on a
 * scratch seeded SQLite database, against a bare Fastify route answering the same bytes, in the same run.
 * Budget: at least 3 000 req/s with p99 under 25 ms at 50 connections.
 *
 * env: BENCH_DURATION (seconds per run, default 10), BENCH_CONNECTIONS (default 50).
 */
const BUDGET_RPS = 3_000;
const BUDGET_P99_MS = 25;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

// The API imports shared-contracts' TypeScript sources (its `ev-source` export condition), as the API's own
// tooling does; re-run under that condition when started without it.
if (!process.execArgv.some((arg) => arg === '--conditions=ev-source' || arg === '-C=ev-source')) {
  const script = fileURLToPath(import.meta.url);
  const child = spawnSync(process.execPath, ['--conditions=ev-source', ...process.execArgv, script, ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: process.env,
  });
  process.exit(child.status ?? 1);
}

const QUERIES = [
  '/api/products?inStock=true&maxPrice=20000000&sort=price_asc',
  '/api/products?inStock=true&minPrice=100000&sort=popular',
  '/api/products?maxPrice=15000000&sort=newest&pageSize=24',
];

/**
 * autocannon in a child process: the load generator must not share the event loop of the servers it loads
 * (in the same thread it would take half of their time). Not a worker thread: autocannon takes a worker
 * thread for one of its own and answers differently there.
 */
function autocannon(options: AutocannonOptions): Promise<AutocannonResult> {
  const code = `const autocannon = require(process.env.AUTOCANNON_MODULE);
    autocannon(JSON.parse(process.env.AUTOCANNON_OPTIONS)).then((result) => process.stdout.write(JSON.stringify(result)), (error) => { console.error(error); process.exit(1); });`;
  const child = spawn(process.execPath, ['-e', code], {
    env: { ...process.env, AUTOCANNON_MODULE: fileURLToPath(import.meta.resolve('autocannon')), AUTOCANNON_OPTIONS: JSON.stringify(options) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (status) => (status === 0 ? resolve(JSON.parse(output) as AutocannonResult) : reject(new Error(`autocannon exited with ${status}`))));
  });
}

interface Measured {
  label: string;
  requests: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function measure(label: string, port: number, paths: string[]): Promise<Measured> {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    duration: DURATION_S,
    requests: paths.map((p) => ({ method: 'GET' as const, path: p })),
  });
  return {
    label,
    requests: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

async function main(): Promise<void> {
  const api = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'api', 'src');
  const { buildApp } = (await import(path.join(api, 'app.ts'))) as typeof import('../../api/src/app.ts');
  const { createDatabase } = (await import(path.join(api, 'db', 'createDatabase.ts'))) as typeof import('../../api/src/db/createDatabase.ts');
  const { migrateToLatest } = (await import(path.join(api, 'db', 'migrate.ts'))) as typeof import('../../api/src/db/migrate.ts');
  const { seed } = (await import(path.join(api, 'seed', 'index.ts'))) as typeof import('../../api/src/seed/index.ts');

  const folder = mkdtempSync(path.join(tmpdir(), 'ev-bench-catalogue-'));
  const db = createDatabase({ databaseUrl: null, sqliteFile: path.join(folder, 'bench.sqlite') });
  const app = buildApp({ db, logger: false });
  const bare = Fastify({ logger: false });
  try {
    await migrateToLatest(db);
    await seed(db);

    await app.listen({ host: '127.0.0.1', port: 0 });
    const apiPort = (app.server.address() as AddressInfo).port;
    // Check the queries answer what the budget is about: 24 products each.
    const bodies: string[] = [];
    for (const query of QUERIES) {
      const response = await fetch(`http://127.0.0.1:${apiPort}${query}`);
      const body = await response.text();
      const items = (JSON.parse(body) as { data: { items: unknown[] } }).data.items.length;
      if (response.status !== 200 || items !== 24) throw new Error(`${query}: status ${response.status}, ${items} items (expected 24)`);
      bodies.push(body);
    }

    // The bare route answers the same bytes (the first query's body, ready as a Buffer) with no validation,
    // routing prefix, hooks, cache lookup or ETag.
    const bareBody = Buffer.from(bodies[0]!, 'utf8');
    bare.get('/bare', (_request, reply) => reply.type('application/json; charset=utf-8').send(bareBody));
    await bare.listen({ host: '127.0.0.1', port: 0 });
    const barePort = (bare.server.address() as AddressInfo).port;

    console.log(`GET /api/products (24 items, filtered; ${QUERIES.length} queries in turn), ${CONNECTIONS} connections, ${DURATION_S} s per run, SQLite`);
    // Warm-up (JIT, caches), not reported.
    await autocannon({ url: `http://127.0.0.1:${apiPort}`, connections: CONNECTIONS, duration: 2, requests: QUERIES.map((p) => ({ method: 'GET' as const, path: p })) });
    await autocannon({ url: `http://127.0.0.1:${barePort}/bare`, connections: CONNECTIONS, duration: 2 });

    const bareResult = await measure('bare Fastify route (same body)', barePort, ['/bare']);
    const apiResult = await measure('GET /api/products', apiPort, QUERIES);

    const row = (m: Measured) =>
      `  ${m.label.padEnd(32)} ${m.requests.toFixed(0).padStart(7)} req/s   p50 ${String(m.p50).padStart(3)} ms   p99 ${String(m.p99).padStart(3)} ms   errors ${m.errors}   non-2xx ${m.non2xx}`;
    console.log(row(bareResult));
    console.log(row(apiResult));
    const ratio = apiResult.requests / bareResult.requests;
    console.log(`  ratio to the bare route: ${(ratio * 100).toFixed(0)} %`);

    const failures: string[] = [];
    if (apiResult.requests < BUDGET_RPS) failures.push(`${apiResult.requests.toFixed(0)} req/s < ${BUDGET_RPS}`);
    if (apiResult.p99 >= BUDGET_P99_MS) failures.push(`p99 ${apiResult.p99} ms ≥ ${BUDGET_P99_MS} ms`);
    if (apiResult.errors > 0 || apiResult.non2xx > 0) failures.push(`${apiResult.errors} errors, ${apiResult.non2xx} non-2xx answers`);
    console.log(
      failures.length === 0
        ? `Budget met: ≥ ${BUDGET_RPS} req/s and p99 < ${BUDGET_P99_MS} ms.`
        : `Budget missed: ${failures.join('; ')}.`,
    );
    process.exitCode = failures.length === 0 ? 0 : 1;
  } finally {
    await app.close();
    await bare.close();
    await db.destroy();
    rmSync(folder, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
