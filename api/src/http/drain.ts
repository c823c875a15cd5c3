import type { FastifyInstance } from 'fastify';
import { ERROR_CODES, ERROR_MESSAGES } from 'shared-contracts/schemas';

/**
 * The API's stop, as a balancer needs it (server.ts runs the phases):
 * 1. draining, from `begin()` (SIGTERM) for SHUTDOWN_DRAIN_MS: readiness answers 503, so that a balancer with health
 *    checks sends nothing new; every request that still arrives is served, with `Connection: close`.
 * 2. leaving, from `leave()` for LEAVING_MS: a GET or HEAD is answered 502 INSTANCE_STOPPING. nginx (no active health
 *    checks) retries it on another instance and counts this one failed, so it stops choosing it, kept-alive
 *    connections included; anything else is still served. Then the port and the connections close with nothing on
 *    its way here: closing while the balancer still chose this instance cut the request it was writing.
 */
export interface Drain {
  readonly stopping: boolean;
  begin(): void;
  leave(): void;
}

/** How long idempotent requests are turned away before the port closes: enough for one to reach a busy instance. */
export const LEAVING_MS = 500;

const IDEMPOTENT_READS = new Set(['GET', 'HEAD']);

export function registerDrain(app: FastifyInstance): Drain {
  let phase: 'serving' | 'draining' | 'leaving' = 'serving';
  app.addHook('onRequest', (request, reply, done) => {
    if (phase === 'serving') return done();
    reply.header('connection', 'close');
    if (phase === 'leaving' && IDEMPOTENT_READS.has(request.method)) {
      void reply
        .code(502)
        .type('application/json; charset=utf-8')
        .send({ success: false, code: ERROR_CODES.INSTANCE_STOPPING, message: ERROR_MESSAGES.INSTANCE_STOPPING });
      return;
    }
    done();
  });
  return {
    get stopping() {
      return phase !== 'serving';
    },
    begin() {
      if (phase === 'serving') phase = 'draining';
    },
    leave() {
      phase = 'leaving';
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
