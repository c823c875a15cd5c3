import type { FastifyInstance } from 'fastify';

/**
 * The API's stop, as a balancer needs it: from `begin()` on (SIGTERM), readiness answers 503 so that a balancer
 * with health checks sends nothing new, while every request that still arrives is served and answered with
 * `Connection: close`, so that the balancer's kept-alive connections end after their answer instead of being cut
 * idle when the server closes. The server closes once the drain window is over (server.ts).
 */
export interface Drain {
  readonly stopping: boolean;
  begin(): void;
}

export function registerDrain(app: FastifyInstance): Drain {
  let stopping = false;
  app.addHook('onRequest', (_request, reply, done) => {
    if (stopping) reply.header('connection', 'close');
    done();
  });
  return {
    get stopping() {
      return stopping;
    },
    begin() {
      stopping = true;
    },
  };
}

/**
 * The default drain window in production: longer than a balancer's health-check interval (HAProxy's, Kubernetes'
 * readiness: 2–5 s). Elsewhere (npm start, tests) no balancer waits on it: 0, the stop is immediate.
 */
export const DEFAULT_SHUTDOWN_DRAIN_MS = 5_000;
/** The longest drain window SHUTDOWN_DRAIN_MS may ask (compose's stop_grace_period must cover it). */
export const MAX_SHUTDOWN_DRAIN_MS = 60_000;

/** SHUTDOWN_DRAIN_MS: milliseconds, 0 to MAX_SHUTDOWN_DRAIN_MS (unset: the default); anything else refuses to start. */
export function parseShutdownDrainMs(value: string | undefined, nodeEnv: string | undefined): number {
  if (value === undefined || value.trim() === '') return nodeEnv === 'production' ? DEFAULT_SHUTDOWN_DRAIN_MS : 0;
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms < 0 || ms > MAX_SHUTDOWN_DRAIN_MS) {
    throw new Error(`SHUTDOWN_DRAIN_MS must be a whole number of milliseconds from 0 to ${MAX_SHUTDOWN_DRAIN_MS}, got "${value}"`);
  }
  return ms;
}
