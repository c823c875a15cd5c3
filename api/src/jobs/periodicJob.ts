import type { FastifyBaseLogger } from 'fastify';

export interface PeriodicJob {
  /** Stops the timer and waits for a run in progress. */
  stop(): Promise<void>;
}

export interface PeriodicJobOptions {
  /** What the log lines call it ('maintenance reminders'). */
  name: string;
  /** One run; resolves to how many things it did (logged when more than 0). */
  run: () => Promise<number>;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
  intervalMs: number;
  /** The first run, this long after start (default 10 s: after the server is up). */
  firstRunMs?: number;
}

/**
 * A job of the API process on a timer: one run at a time (a tick during a run is skipped), failures logged and
 * the next tick tried anyway, timers that never keep the process alive.
 */
export function startPeriodicJob({ name, run, log, intervalMs, firstRunMs = 10_000 }: PeriodicJobOptions): PeriodicJob {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = run()
      .then((count) => {
        if (count > 0) log.info({ count }, `${name}: done`);
      })
      .catch((error: unknown) => log.error({ err: error }, `${name} failed`))
      .finally(() => {
        running = null;
      });
  };
  const first = setTimeout(tick, firstRunMs);
  const timer = setInterval(tick, intervalMs);
  first.unref();
  timer.unref();
  return {
    async stop() {
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
