import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { withApiProcessEnv } from './apiProcessEnv.ts';

/**
 * `npm start` keeps the API up: when its process dies (out of memory, a bug, kill -9) it is started again after
 * a backoff while the shell and the remotes keep serving (the shell's /api answers 503 meanwhile: staticSite.ts).
 * stop() ends it for good: once called, no restart is scheduled nor carried out.
 */

export interface RestartBackoff {
  /** the wait before the first restart, doubled after each further quick death */
  firstDelayMs: number;
  maxDelayMs: number;
  /** a process that stayed up this long was healthy: its death starts the waits over */
  resetAfterMs: number;
}

export const API_RESTART_BACKOFF: RestartBackoff = { firstDelayMs: 1000, maxDelayMs: 30_000, resetAfterMs: 60_000 };

/**
 * The wait before starting again a process that died after `uptimeMs`, having died `quickDeaths` times in a row
 * before without staying up `resetAfterMs`: 1 s, 2 s, 4 s … at most maxDelayMs; after a long run, 1 s again.
 * Returns the quick deaths to pass for the next death.
 */
export function nextRestart(quickDeaths: number, uptimeMs: number, backoff: RestartBackoff = API_RESTART_BACKOFF): { delayMs: number; quickDeaths: number } {
  const deaths = uptimeMs >= backoff.resetAfterMs ? 0 : quickDeaths;
  return { delayMs: Math.min(backoff.firstDelayMs * 2 ** Math.min(deaths, 30), backoff.maxDelayMs), quickDeaths: deaths + 1 };
}

export interface ProcessExit {
  pid: number | undefined;
  code: number | null;
  signal: NodeJS.Signals | null;
  uptimeMs: number;
}

/** Why a process ended, for the log: its exit code or the signal that killed it. */
export function describeExit({ code, signal }: Pick<ProcessExit, 'code' | 'signal'>): string {
  if (signal === 'SIGKILL') return 'bị dừng bởi tín hiệu SIGKILL (hết bộ nhớ hoặc kill -9?)';
  if (signal) return `bị dừng bởi tín hiệu ${signal}`;
  return `thoát với mã ${code ?? '?'}`;
}

const duration = (ms: number) => (ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`);

export interface SupervisorOptions {
  /** the process's name in the log ('API') */
  name: string;
  command: string;
  args: readonly string[];
  spawnOptions?: SpawnOptions;
  backoff?: RestartBackoff;
  /** where deaths and restarts are told (console.error by default) */
  log?: (line: string) => void;
  /** Each unexpected death, before its restart: false gives up (no restart, as after stop()). */
  onExit?: (exit: ProcessExit) => boolean;
  /** how long stop() waits after SIGTERM before SIGKILL (default 12 s: the API forces its own exit after 10 s) */
  stopGraceMs?: number;
}

export interface Supervisor {
  /** The running process; null while a restart is pending and once stopped. */
  readonly child: ChildProcess | null;
  /** Cancels any pending restart and stops the process (SIGTERM, SIGKILL after the grace); resolves once it has exited. */
  stop(): Promise<void>;
}

/** Starts `command` and starts it again, with a backoff, each time it dies until stop(). */
export function superviseProcess(options: SupervisorOptions): Supervisor {
  const log = options.log ?? ((line: string) => console.error(line));
  let child: ChildProcess | null = null;
  let restartTimer: NodeJS.Timeout | null = null;
  let stopped = false;
  let stopping: Promise<void> | null = null;
  let quickDeaths = 0;

  const died = (exit: ProcessExit) => {
    if (stopped) return;
    if (options.onExit && !options.onExit(exit)) {
      stopped = true;
      log(`✖ ${options.name} (pid ${exit.pid ?? '?'}) đã dừng: ${describeExit(exit)}.`);
      return;
    }
    const next = nextRestart(quickDeaths, exit.uptimeMs, options.backoff);
    quickDeaths = next.quickDeaths;
    log(`⚠ ${options.name} (pid ${exit.pid ?? '?'}) đã dừng bất ngờ sau ${duration(exit.uptimeMs)}: ${describeExit(exit)}. Khởi động lại sau ${duration(next.delayMs)}...`);
    restartTimer = setTimeout(() => {
      restartTimer = null;
      if (stopped) return;
      log(`↻ Đang khởi động lại ${options.name}...`);
      start();
    }, next.delayMs);
  };

  const start = () => {
    const startedAt = Date.now();
    // The API's memory settings (apiProcessEnv.ts: malloc arenas, V8's young generation) under the caller's env.
    const spawnOptions = options.spawnOptions ?? {};
    const current = spawn(options.command, options.args, { ...spawnOptions, env: withApiProcessEnv(spawnOptions.env ?? process.env) });
    child = current;
    let ended = false;
    const end = (code: number | null, signal: NodeJS.Signals | null) => {
      if (ended) return;
      ended = true;
      if (child === current) child = null;
      died({ pid: current.pid, code, signal, uptimeMs: Date.now() - startedAt });
    };
    current.once('exit', end);
    // a process that could not be started at all (no 'exit' is promised then)
    current.on('error', () => {
      if (current.pid === undefined) end(null, null);
    });
  };

  start();
  return {
    get child() {
      return child;
    },
    stop() {
      stopped = true;
      if (restartTimer) clearTimeout(restartTimer);
      restartTimer = null;
      stopping ??= new Promise<void>((resolve) => {
        const current = child;
        if (!current || current.pid === undefined || current.exitCode !== null || current.signalCode !== null) return resolve();
        const forced = setTimeout(() => current.kill('SIGKILL'), options.stopGraceMs ?? 12_000);
        current.once('exit', () => {
          clearTimeout(forced);
          resolve();
        });
        current.kill('SIGTERM');
      });
      return stopping;
    },
  };
}
