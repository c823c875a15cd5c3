import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { withApiProcessEnv } from '../serve/apiProcessEnv.ts';
import { benchJwtSecret, buildBenchApi, loadSeed, renameDemoAccounts, type BenchApp, type BenchDatabase } from './benchApi.ts';
import type { ProductionApi } from './productionApi.ts';
import { scratchDatabase } from './scratchDatabase.ts';

/**
 * What the API benchmarks share: the API in a process of its own (so the load generator never shares the server's
 * event loop), the production process by default (startBenchApi), the role dispatch of the benchmark's script, and
 * the statistics they print.
 */

import { benchNodeFlags, REPO_ROOT } from './benchNode.ts';

export { benchNodeFlags, REPO_ROOT };

/** The q-th percentile (0–100) of ascending `sorted` (nearest rank); NaN when empty. */
export function percentile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((q / 100) * sorted.length) - 1))]!;
}

/** CPU time (user + system, µs) of a process, from /proc/<pid>/stat (clock ticks of 10 ms); 0 when it is gone. */
export function processCpuMicros(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10_000;
  } catch {
    return 0;
  }
}

/** CPU time (user + system, µs) of this process, or of another by pid (processCpuMicros). */
export function cpuMicrosOf(pid?: number): number {
  if (pid !== undefined) return processCpuMicros(pid);
  const usage = process.cpuUsage();
  return usage.user + usage.system;
}

/** A process's resident set now and its peak so far (MB), from /proc/<pid>/status; 0 when it is gone. */
export function residentMb(pid: number): { rss: number; peak: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
    return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
  } catch {
    return { rss: 0, peak: 0 };
  }
}

/** Two decimals. */
export const round = (value: number): number => Math.round(value * 100) / 100;

export interface BenchApi<Ready> {
  child: ChildProcess;
  /** What the server sent once listening (its port, and whatever the benchmark needs). */
  ready: Ready;
  /** The API process's CPU time so far (user + system, ms): a figure that queueing does not inflate. */
  cpuMs(): Promise<number>;
  /** How many times the API's memory saver has turned on (the production process's log; 0 from source). */
  memorySaverTurns(): number;
  /** Stops the API; the production process's then prints how often its memory saver turned on. */
  stop(): Promise<void>;
  /** The key the API checks its access tokens with: a bench signs its customers' tokens with it (loadProductionKit). */
  jwtSecret: string;
}

export interface BenchApiOptions {
  /**
   * 'source': the bench's server part listens itself (the API from its TypeScript sources under tsx), for a bench that
   * asks that process things by IPC or hands the app objects of its own. BENCH_API=source chooses it for every bench.
   */
  api?: 'production' | 'source';
  /** Where the server part's database is when not BENCH_DATA_DIR's bench.sqlite or BENCH_DATABASE_URL. */
  database?: { sqliteFile?: string; databaseUrl?: string };
}

// BENCH_CPU_PROFILE_DIR=<folder>: the API writes a V8 CPU profile there when it stops (open it in Chrome's DevTools).
// BENCH_TRACE_GC=1: the API prints each garbage collection (V8's --trace-gc), to tell a collection from a stall.
function profileFlags(): string[] {
  const profile = process.env.BENCH_CPU_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE_DIR}`] : [];
  return [...profile, ...(process.env.BENCH_TRACE_GC ? ['--trace-gc'] : [])];
}

let built = false;

/** `npm run build` of shared-contracts and the API, once a process, unless BENCH_SKIP_BUILD=1 (already built). */
export function buildProductionApi(): void {
  if (built || process.env.BENCH_SKIP_BUILD === '1') return;
  const build = spawnSync('npm', ['run', 'build', '-w', 'shared-contracts', '-w', 'api'], { cwd: REPO_ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) throw new Error(`building the API exited with ${build.status}`);
  built = true;
}

/**
 * The API a benchmark measures, as production runs it: `scriptUrl` (the benchmark's import.meta.url) runs once more as
 * its server part, which fills the scratch database and, instead of listening, writes its `ready` payload to a file
 * and exits (serveBenchApi); then the built API (productionApi.ts: `node api/dist/src/server.js`, production's
 * environment, its memory saver) starts on that database with the key the server part signed its tokens with.
 * `ready.port` is the production API's port. With `{ api: 'source' }` or BENCH_API=source, the server part itself
 * listens, from the TypeScript sources under tsx (startSourceApi).
 */
export async function startBenchApi<Ready>(scriptUrl: string, env: Record<string, string>, options: BenchApiOptions = {}): Promise<BenchApi<Ready>> {
  if (options.api === 'source' || process.env.BENCH_API === 'source') return startSourceApi<Ready>(scriptUrl, env);
  buildProductionApi();
  const ownFolder = env.BENCH_DATA_DIR ? null : mkdtempSync(path.join(tmpdir(), 'ev-bench-api-'));
  const folder = env.BENCH_DATA_DIR || ownFolder!;
  const readyFile = path.join(folder, 'bench-api-ready.json');
  const jwtSecret = randomBytes(48).toString('base64');
  let prepared: Omit<Ready, 'port'>;
  let api: ProductionApi;
  try {
    await runToEnd(scriptUrl, { ...env, BENCH_DATA_DIR: folder, BENCH_ROLE: 'server', BENCH_READY_FILE: readyFile, BENCH_JWT_SECRET: jwtSecret }, 'the bench API\'s preparation');
    prepared = JSON.parse(readFileSync(readyFile, 'utf8')) as Omit<Ready, 'port'>;
    // imported here: productionApi.ts imports this file
    const { startProductionApi } = await import('./productionApi.ts');
    api = await startProductionApi({
      folder,
      jwtSecret,
      sqliteFile: options.database?.sqliteFile,
      databaseUrl: options.database?.databaseUrl ?? (env.BENCH_DATABASE_URL || undefined),
      nodeFlags: profileFlags(),
    });
  } catch (error) {
    if (ownFolder) rmSync(ownFolder, { recursive: true, force: true });
    throw error;
  }
  const pid = api.child.pid!;
  return {
    child: api.child,
    ready: { ...prepared, port: Number(new URL(api.origin).port) } as Ready,
    cpuMs: async () => processCpuMicros(pid) / 1000,
    memorySaverTurns: () => api.memorySaverTurns(),
    jwtSecret,
    async stop() {
      await api.stop();
      console.log(`the API's memory saver turned on ${api.memorySaverTurns()} time(s) (on for ${round(api.memorySaverSeconds())} s in all)`);
      if (ownFolder) rmSync(ownFolder, { recursive: true, force: true });
    },
  };
}

/**
 * Runs `scriptUrl` again as the server (BENCH_ROLE=server, the API and shared-contracts from their TypeScript sources
 * under tsx) and waits for its first IPC message.
 */
async function startSourceApi<Ready>(scriptUrl: string, env: Record<string, string>): Promise<BenchApi<Ready>> {
  const child = spawn(process.execPath, [...profileFlags(), ...benchNodeFlags(), '--conditions=ev-source', '--import', 'tsx', fileURLToPath(scriptUrl)], {
    cwd: REPO_ROOT,
    // the environment production starts the API with (apiProcessEnv.ts: malloc arenas, V8's young generation)
    env: withApiProcessEnv({ ...process.env, ...env, BENCH_ROLE: 'server', NODE_ENV: 'production' }),
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise<Ready>((resolve, reject) => {
    child.once('message', (message) => resolve(message as Ready));
    child.once('exit', (code) => reject(new Error(`the API exited (code ${code}) before listening`)));
  });
  return {
    child,
    ready,
    cpuMs() {
      return new Promise<number>((resolve) => {
        const answer = (message: unknown) => {
          const usage = (message as { cpuUsage?: NodeJS.CpuUsage }).cpuUsage;
          if (!usage) return;
          child.off('message', answer);
          resolve((usage.user + usage.system) / 1000);
        };
        child.on('message', answer);
        child.send('cpu-usage');
      });
    },
    memorySaverTurns: () => 0,
    // the server part's: BENCH_JWT_SECRET is not set for it, as it is not here
    jwtSecret: benchJwtSecret(),
    async stop() {
      child.disconnect();
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

/**
 * The script's entry: the server part in the child process, the measurements in the parent, and (where the benchmark
 * has one) the preparation of its database in a process of its own (prepareInOwnProcess).
 */
export function runBench(parts: { server?: () => Promise<void>; main: () => Promise<void>; prepare?: () => Promise<void> }): void {
  const fail = (prefix: string) => (error: unknown) => {
    console.error(...(prefix ? [prefix, error] : [error instanceof Error ? error.message : error]));
    process.exit(1);
  };
  if (process.env.BENCH_ROLE === 'server' && parts.server) parts.server().catch(fail('bench API failed to start:'));
  else if (process.env.BENCH_ROLE === 'prepare' && parts.prepare) parts.prepare().catch(fail('bench database preparation failed:'));
  else parts.main().catch(fail(''));
}

/**
 * Runs `scriptUrl` once more as the preparation (BENCH_ROLE=prepare, shared-contracts from its TypeScript sources) and
 * waits for it to end: it fills the scratch database in BENCH_DATA_DIR and exits, so that the API process then starts
 * on a filled database, as production's does (`npm start` and docker-compose run the seed as a process of its own),
 * and carries nothing of the filling (its garbage, V8's decisions taken while filling, the pages its heap grew to).
 */
export async function prepareInOwnProcess(scriptUrl: string, env: Record<string, string>): Promise<void> {
  await runToEnd(scriptUrl, { ...env, BENCH_ROLE: 'prepare' }, 'the bench database\'s preparation');
}

/** Runs `scriptUrl` once more in `env` (shared-contracts from its TypeScript sources) and waits for it to end. */
async function runToEnd(scriptUrl: string, env: Record<string, string>, what: string): Promise<void> {
  const child = spawn(process.execPath, ['--conditions=ev-source', '--import', 'tsx', fileURLToPath(scriptUrl)], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env, NODE_ENV: 'production' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`${what} exited with code ${code}`);
}

/**
 * startBenchApi on a scratch database of `kind` (scratchDatabase.ts): the scratch folder is the API's data folder,
 * and stop() removes the database with it.
 */
export async function startScratchBenchApi<Ready>(scriptUrl: string, kind: string, name: string, setting: string): Promise<BenchApi<Ready>> {
  const scratch = await scratchDatabase(kind, name, setting);
  const api = await startBenchApi<Ready>(scriptUrl, { BENCH_DATA_DIR: path.dirname(scratch.sqliteFile), BENCH_DATABASE_URL: scratch.databaseUrl ?? '' }).catch(async (error: unknown) => {
    await scratch.remove();
    throw error;
  });
  return {
    ...api,
    async stop() {
      await api.stop();
      await scratch.remove();
    },
  };
}

/** The server part of a bench that needs the demo seed only: seeds the scratch database and serves it (serveBenchApi). */
export async function serveSeededBenchApi(): Promise<void> {
  const { seed } = await loadSeed();
  const { app, db } = await buildBenchApi(seed);
  await serveBenchApi(app, db);
}

/**
 * Listens on an ephemeral loopback port, tells the parent `ready` plus the port, and stops when the parent goes.
 * As startBenchApi's preparation (BENCH_READY_FILE set): writes `ready` there instead, with the seed's demo accounts
 * renamed (production refuses to start beside them), closes the database and exits.
 */
export async function serveBenchApi(app: BenchApp, db: BenchDatabase, ready: Record<string, unknown> = {}): Promise<void> {
  const readyFile = process.env.BENCH_READY_FILE;
  if (readyFile) {
    await renameDemoAccounts(db);
    writeFileSync(readyFile, JSON.stringify(ready));
    await app.close();
    await db.destroy();
    process.exit(0);
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  process.send?.({ ...ready, port: typeof address === 'object' && address ? address.port : 0 });
  process.on('message', (message) => {
    if (message === 'cpu-usage') process.send?.({ cpuUsage: process.cpuUsage() });
  });
  process.on('disconnect', () => {
    void app.close().then(() => db.destroy()).then(() => process.exit(0));
  });
}
