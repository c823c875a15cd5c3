import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { withApiProcessEnv } from '../serve/apiProcessEnv.ts';
import type { BenchApp, BenchDatabase } from './benchApi.ts';

/**
 * What the API benchmarks share: the API in a child process of the benchmark's own script (so the load generator
 * never shares the server's event loop), the role dispatch of that script, and the statistics they print.
 */

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

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

/** BENCH_NODE_FLAGS='<flags>': more of node's or V8's flags for the API process (V8's are refused in NODE_OPTIONS). */
export function benchNodeFlags(): string[] {
  return process.env.BENCH_NODE_FLAGS?.split(/\s+/).filter(Boolean) ?? [];
}

/** Two decimals. */
export const round = (value: number): number => Math.round(value * 100) / 100;

export interface BenchApi<Ready> {
  child: ChildProcess;
  /** What the server sent once listening (its port, and whatever the benchmark needs). */
  ready: Ready;
  /** The API process's CPU time so far (user + system, ms): a figure that queueing does not inflate. */
  cpuMs(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Runs `scriptUrl` (the benchmark's import.meta.url) again as the server (BENCH_ROLE=server, the API and
 * shared-contracts from their TypeScript sources under tsx) and waits for its first IPC message. bench:memory measures
 * the production process itself instead (productionApi.ts).
 */
export async function startBenchApi<Ready>(scriptUrl: string, env: Record<string, string>): Promise<BenchApi<Ready>> {
  // BENCH_CPU_PROFILE_DIR=<folder>: the API writes a V8 CPU profile there when it stops (open it in Chrome's DevTools).
  // BENCH_TRACE_GC=1: the API prints each garbage collection (V8's --trace-gc), to tell a collection from a stall.
  const profile = process.env.BENCH_CPU_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE_DIR}`] : [];
  const child = spawn(process.execPath, [...profile, ...(process.env.BENCH_TRACE_GC ? ['--trace-gc'] : []), ...benchNodeFlags(), '--conditions=ev-source', '--import', 'tsx', fileURLToPath(scriptUrl)], {
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
  const child = spawn(process.execPath, ['--conditions=ev-source', '--import', 'tsx', fileURLToPath(scriptUrl)], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env, BENCH_ROLE: 'prepare', NODE_ENV: 'production' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`the bench database's preparation exited with code ${code}`);
}

/** Listens on an ephemeral loopback port, tells the parent `ready` plus the port, and stops when the parent goes. */
export async function serveBenchApi(app: BenchApp, db: BenchDatabase, ready: Record<string, unknown> = {}): Promise<void> {
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
