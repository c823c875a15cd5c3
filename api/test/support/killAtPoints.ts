import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DatabaseConfig } from '../../src/config';

/**
 * The crash tests' loop (eInvoiceCrash.test.ts, fanOutCrash.test.ts): a worker process (a child script of this folder)
 * started round after round, each one's clock past its predecessor's claim lease, killed with SIGKILL at a kill point,
 * the last one run to completion; and the child's side of it (childMain, roundsUntilIdle).
 */

const API_ROOT = path.resolve(__dirname, '..', '..');
const EXIT_WITH_PARENT = path.join(API_ROOT, 'test', 'support', 'exitWithParent.ts');
/** Each process's clock starts this much after the previous one's: past the workers' claim lease (2 min). */
const PAST_THE_LEASE_MS = 3 * 60_000;

/** A kill point: which one it is, and whether the child has reached it (given what the test watches: a line, a request…). */
export interface KillPoint<Seen extends unknown[] = []> {
  label: string;
  reached(...seen: Seen): boolean;
}

/**
 * `kills - 1` kill points, one in each of the first `kills`-ths of `total` keys, at a place drawn from `draw`: reached
 * when `count()` (the keys done so far) gets there; labelled "at <n> <what>".
 */
export function spreadKillPoints(draw: () => number, kills: number, total: number, count: () => number, what: string): KillPoint[] {
  return Array.from({ length: kills - 1 }, (_, index) => {
    const at = Math.floor((index + draw()) * (total / kills)) + 1;
    return { label: `at ${at} ${what}`, reached: () => count() >= at };
  });
}

export interface ChildRound<Seen extends unknown[]> {
  /** The child script, a file of test/support. */
  script: string;
  /** The scratch database's config: the child is given its DATABASE_URL or SQLITE_FILE. */
  config: DatabaseConfig;
  /** The child's clock starts `round` leases later (CLOCK_START). */
  round: number;
  /** Environment besides PATH, HOME, TMPDIR, NODE_OPTIONS, CLOCK_START and the database. */
  env?: Record<string, string>;
  /** null: the round runs to completion (exit code 0 expected). */
  killPoint: KillPoint<Seen> | null;
  /** A process that neither finishes nor reaches its kill point in this time is stuck (SIGKILLed, the round fails). */
  timeoutMs: number;
  /**
   * Called once the child is spawned, with a kill point; `check` SIGKILLs the child the first time the point is
   * reached with what it is given. Returns what to undo when the child has ended.
   */
  watch?(check: (...seen: Seen) => void): () => void;
  /** Each whole line the child prints on stdout, with the kill point's check. */
  onLine?(line: string, check: (...seen: Seen) => void): void;
  /** How far the work got, for the message of a round that ended otherwise than expected. */
  progress(): string;
}

/**
 * Runs one round: the child on its own clock, SIGKILLed at its kill point (or run to completion). Resolves its
 * output (stdout and stderr); rejects if it ended otherwise (its code or signal, the progress and the output's end).
 */
export function runChildRound<Seen extends unknown[]>(options: ChildRound<Seen>): Promise<string> {
  const { config, round, killPoint } = options;
  const child = spawn(process.execPath, ['--conditions=ev-source', '--import', 'tsx', '--import', EXIT_WITH_PARENT, path.join(API_ROOT, 'test', 'support', options.script)], {
    cwd: API_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? tmpdir(),
      TMPDIR: tmpdir(),
      NODE_OPTIONS: '--conditions=ev-source',
      ...options.env,
      CLOCK_START: new Date(Date.now() + round * PAST_THE_LEASE_MS).toISOString(),
      ...(config.databaseUrl ? { DATABASE_URL: config.databaseUrl } : { SQLITE_FILE: config.sqliteFile }),
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  // The IPC channel only ends the child with Jest (exitWithParent.ts); it must not keep Jest alive.
  child.channel?.unref();
  let output = '';
  let pending = '';
  let killedAtPoint = false;
  const check = (...seen: Seen): void => {
    if (!killPoint || killedAtPoint || !killPoint.reached(...seen)) return;
    killedAtPoint = true;
    child.kill('SIGKILL');
  };
  const unwatch = killPoint && options.watch ? options.watch(check) : null;
  const stuck = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.stdout!.setEncoding('utf8').on('data', (text: string) => {
      output += text;
      if (!options.onLine) return;
      pending += text;
      const lines = pending.split('\n');
      pending = lines.pop()!;
      for (const line of lines) options.onLine(line, check);
    });
    child.stderr!.setEncoding('utf8').on('data', (text: string) => (output += text));
    child.on('close', (code, signal) => {
      clearTimeout(stuck);
      unwatch?.();
      if (killPoint ? signal === 'SIGKILL' && killedAtPoint : code === 0) resolve(output);
      else reject(new Error(`round ${round} (kill ${killPoint?.label ?? 'none'}) ended with code ${code}, signal ${signal}, ${options.progress()}:\n${output.slice(-4_000)}`));
    });
  });
}

/** In a child: runs a worker's `round` until one does nothing (every count 0), adding its counts up into `total`. */
export async function roundsUntilIdle<Counts extends Record<keyof Counts, number>>(round: () => Promise<Counts>, total: Counts): Promise<Counts> {
  const names = Object.keys(total) as (keyof Counts)[];
  // A single process: every due row it reads it can claim, so a round that does nothing means nothing is left.
  for (;;) {
    const report = await round();
    for (const name of names) (total[name] as number) += report[name];
    if (names.every((name) => report[name] === 0)) break;
  }
  return total;
}

/** A child script's entry: runs `main`, printing its error and exiting 1 if it fails. */
export function childMain(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
}
