import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildBenchApi, loadDemoAccounts, loadPasswordHashing } from './benchApi.ts';
import { percentile, round, runBench, serveBenchApi, startBenchApi } from './benchProcess.ts';

/**
 * `npx tsx scripts/bench/auth.ts`: the accounts budgets, measured against the API as production runs it
 * (startBenchApi) on a scratch SQLite database, in a process of its own, so the load generator does not share
 * the server's event loop. It signs in as the demo customer's row under a bench email and a password of its own:
 * production refuses to start beside the demo accounts' published password.
 *
 *   POST /api/auth/login   median < 150 ms, argon2id at m=19456 KiB, t=2, p=1 (OWASP's minimum)
 *   GET  /api/Auth/profile p95 < 10 ms at 50 concurrent connections (autocannon)
 *
 * Environment: BENCH_LOGINS (default 40 sequential logins), BENCH_SECONDS (default 10 s of profile load).
 */
const LOGIN_BUDGET_MS = 150;
const PROFILE_P95_BUDGET_MS = 10;
const LOGINS = Number(process.env.BENCH_LOGINS ?? 40);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;


// ---- The server (child process) -------------------------------------------------------------------------

interface ServerReady {
  port: number;
  email: string;
  password: string;
}

async function runServer(): Promise<void> {
  const { DEMO_ACCOUNTS, seedDemoAccounts } = await loadDemoAccounts();
  const { hashPassword } = await loadPasswordHashing();
  const email = 'bench.auth@example.vn';
  const password = randomBytes(18).toString('base64url');
  const { app, db } = await buildBenchApi(async (database) => {
    await seedDemoAccounts(database);
    await database
      .updateTable('users')
      .set({ email, password_hash: await hashPassword(password) })
      .where('email', '=', DEMO_ACCOUNTS.find((account) => account.role === 'customer')!.email)
      .execute();
  });
  await serveBenchApi(app, db, { email, password } satisfies Omit<ServerReady, 'port'>);
}

// ---- The measurements (parent process) ------------------------------------------------------------------



async function login(origin: string, email: string, password: string): Promise<{ ms: number; token: string }> {
  const started = performance.now();
  const response = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await response.json()) as { data?: { accessToken?: string }; message?: string };
  const ms = performance.now() - started;
  if (!response.ok || !body.data?.accessToken) throw new Error(`login failed: ${response.status} ${body.message ?? ''}`);
  return { ms, token: body.data.accessToken };
}

async function main(): Promise<void> {
  const folder = mkdtempSync(path.join(tmpdir(), 'ev-bench-auth-'));
  const api = await startBenchApi<ServerReady>(import.meta.url, { BENCH_DATA_DIR: folder });
  const origin = `http://127.0.0.1:${api.ready.port}`;
  let failed = false;
  try {
    const { email, password } = api.ready;
    console.log(`API: ${origin} (scratch SQLite in ${folder}); ${cpus().length} CPU(s): ${cpus()[0]?.model ?? '?'}`);
    console.log('argon2id: memoryCost 19456 KiB, timeCost 2, parallelism 1 (OWASP minimum)\n');

    // Login: sequential, after a warm-up (JIT, the SQLite page cache, argon2's thread pool).
    for (let i = 0; i < 5; i += 1) await login(origin, email, password);
    const timings: number[] = [];
    let token = '';
    for (let i = 0; i < LOGINS; i += 1) {
      const result = await login(origin, email, password);
      timings.push(result.ms);
      token = result.token;
    }
    timings.sort((a, b) => a - b);
    const loginMedian = percentile(timings, 50);
    console.log(`POST /api/auth/login × ${LOGINS}: median ${round(loginMedian)} ms, p95 ${round(percentile(timings, 95))} ms, min ${round(timings[0]!)} ms, max ${round(timings.at(-1)!)} ms`);

    // Profile: autocannon, 50 connections.
    const warm = await autocannon({ url: `${origin}/api/Auth/profile`, connections: CONNECTIONS, duration: 2, headers: { authorization: `Bearer ${token}` } });
    if (warm.non2xx > 0) throw new Error(`profile answered ${warm.non2xx} non-2xx responses`);
    // Every response time, so the budget's p95 is computed exactly (autocannon's summary has p90 and p97.5 only).
    const latencies: number[] = [];
    const result = await autocannon({
      url: `${origin}/api/Auth/profile`,
      connections: CONNECTIONS,
      duration: SECONDS,
      headers: { authorization: `Bearer ${token}` },
      setupClient: (client) => {
        client.on('response', (_status: number, _bytes: number, durationMs: number) => latencies.push(durationMs));
      },
    });
    if (result.non2xx > 0 || result.errors > 0) throw new Error(`profile: ${result.non2xx} non-2xx, ${result.errors} errors`);
    latencies.sort((a, b) => a - b);
    const profileP95 = percentile(latencies, 95);
    console.log(
      `GET /api/Auth/profile, ${CONNECTIONS} connections, ${SECONDS} s: ${Math.round(result.requests.average)} req/s, ` +
        `latency over ${latencies.length} responses: p50 ${round(percentile(latencies, 50))} ms, p95 ${round(profileP95)} ms, ` +
        `p99 ${round(percentile(latencies, 99))} ms, max ${round(latencies.at(-1) ?? 0)} ms`,
    );

    console.log('\nBudgets:');
    const loginOk = loginMedian < LOGIN_BUDGET_MS;
    const profileOk = profileP95 < PROFILE_P95_BUDGET_MS;
    console.log(`  ${loginOk ? '✔' : '✘'} login median ${round(loginMedian)} ms < ${LOGIN_BUDGET_MS} ms`);
    console.log(`  ${profileOk ? '✔' : '✘'} profile p95 ${round(profileP95)} ms < ${PROFILE_P95_BUDGET_MS} ms`);
    failed = !loginOk || !profileOk;
  } finally {
    await api.stop();
    rmSync(folder, { recursive: true, force: true });
  }
  if (failed) process.exitCode = 1;
}

runBench({ server: runServer, main });
