import type { FastifyBaseLogger } from 'fastify';

/** A worker's rounds: one at a time, and on a timer once started. */
export interface RoundTimer<Round> {
  /** The round in flight, or a new one. */
  runRound(): Promise<Round>;
  /** Calls `tick` every `intervalMs` (the timer never keeps the process alive); a failed tick is logged, the next tries again. */
  start(): void;
  /** Clears the timer and waits for the round in flight. */
  stop(): Promise<void>;
  /** Whether the timer runs (a tick that goes on round after round stops when it does not). */
  started(): boolean;
}

export function roundTimer<Round>(options: {
  round: () => Promise<Round>;
  /** What the timer runs (the round by default). */
  tick?: () => Promise<unknown>;
  intervalMs: number;
  log?: Pick<FastifyBaseLogger, 'warn'> | undefined;
  /** The log's message when a tick fails. */
  failure: string;
}): RoundTimer<Round> {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<Round> | null = null;
  const runRound = () => (running ??= options.round().finally(() => (running = null)));
  const tick = options.tick ?? runRound;
  return {
    runRound,
    start() {
      if (timer) return;
      timer = setInterval(() => {
        tick().catch((error: unknown) => options.log?.warn({ err: error }, options.failure));
      }, options.intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running?.catch(() => undefined);
    },
    started: () => timer !== null,
  };
}
