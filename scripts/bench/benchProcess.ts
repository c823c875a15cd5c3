import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * What the API benchmarks share: the API in a child process of the benchmark's own script (so the load generator
 * never shares the server's event loop), the role dispatch of that script, and the statistics they print.
 */

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The q-th percentile (0–100) of ascending `sorted` (nearest rank); NaN when empty. */
export function percentile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((q / 100) * sorted.length) - 1))]!;
}

/** Two decimals. */
export const round = (value: number): number => Math.round(value * 100) / 100;

export interface BenchApi<Ready> {
  child: ChildProcess;
  /** What the server sent once listening (its port, and whatever the benchmark needs). */
  ready: Ready;
  stop(): Promise<void>;
}

/**
 * Runs `scriptUrl` (the benchmark's import.meta.url) again as the server (BENCH_ROLE=server, shared-contracts from
 * its TypeScript sources) and waits for its first IPC message.
 */
export async function startBenchApi<Ready>(scriptUrl: string, env: Record<string, string>): Promise<BenchApi<Ready>> {
  const child = spawn(process.execPath, ['--conditions=ev-source', '--import', 'tsx', fileURLToPath(scriptUrl)], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env, BENCH_ROLE: 'server', NODE_ENV: 'production' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise<Ready>((resolve, reject) => {
    child.once('message', (message) => resolve(message as Ready));
    child.once('exit', (code) => reject(new Error(`the API exited (code ${code}) before listening`)));
  });
  return {
    child,
    ready,
    async stop() {
      child.disconnect();
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

/** The script's entry: the server part in the child process, the measurements in the parent. */
export function runBench(parts: { server: () => Promise<void>; main: () => Promise<void> }): void {
  if (process.env.BENCH_ROLE === 'server') {
    parts.server().catch((error: unknown) => {
      console.error('bench API failed to start:', error);
      process.exit(1);
    });
  } else {
    parts.main().catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    });
  }
}
