import { performance } from 'node:perf_hooks';
import type { Redis } from 'ioredis';
import { sql, type Kysely } from 'kysely';
import type { Health } from 'shared-contracts/schemas';
import { DeadlineExceededError, withDeadline } from '../../async/withDeadline';
import type { Dialect } from '../../db/portable';

export const DEFAULT_DATABASE_TIMEOUT_MS = 2_000;
/** How long Redis may take to answer PING before it counts as down. */
export const DEFAULT_REDIS_TIMEOUT_MS = 1_000;

export interface Probe {
  reachable: boolean;
  /** Round trip in ms, null when the dependency did not answer. */
  latencyMs: number | null;
  /** Why not (only when unreachable): the error's code (ECONNREFUSED...), 'timeout' or 'error'; never its message. */
  reason?: string;
}

/**
 * A short, safe name for why a probe failed: driver messages may carry hosts and credentials, codes and class names
 * do not (ECONNREFUSED, 'timeout', MaxRetriesPerRequestError: Redis gave up reconnecting for this command).
 */
export function failureReason(error: unknown): string {
  if (error instanceof DeadlineExceededError) return 'timeout';
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && /^[A-Z0-9_]{2,40}$/.test(code)) return code;
  if (error instanceof Error && /timed? ?out/i.test(error.message)) return 'timeout';
  if (error instanceof Error && error.name !== 'Error' && /^[A-Za-z]{1,60}Error$/.test(error.name)) return error.name;
  return 'error';
}

/** Runs `work` with a deadline: reachable when it resolves within `timeoutMs`. */
export async function probe(work: () => Promise<unknown>, timeoutMs: number): Promise<Probe> {
  const started = performance.now();
  try {
    await withDeadline(work(), timeoutMs);
    return { reachable: true, latencyMs: Math.round((performance.now() - started) * 100) / 100 };
  } catch (error) {
    return { reachable: false, latencyMs: null, reason: failureReason(error) };
  }
}

/** `select 1` with a deadline: unreachable when it fails or takes longer than `timeoutMs`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any database's schema: Kysely<Database> is not assignable to Kysely<unknown>
export function probeDatabase(db: Kysely<any>, timeoutMs: number = DEFAULT_DATABASE_TIMEOUT_MS): Promise<Probe> {
  return probe(() => sql`select 1 as ok`.execute(db), timeoutMs);
}

/** PING with a deadline. */
export function probeRedis(redis: Redis, timeoutMs: number = DEFAULT_REDIS_TIMEOUT_MS): Promise<Probe> {
  return probe(() => redis.ping(), timeoutMs);
}

export interface HealthDependencies {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any database's schema: Kysely<Database> is not assignable to Kysely<unknown>
  db: Kysely<any>;
  dialect: Dialect;
  version: string;
  timeoutMs?: number;
  /** The counters' Redis when the API is configured with one. */
  redis?: Redis | null;
  redisTimeoutMs?: number;
}

/** The health report of /api/health: the database, and Redis when configured (both probed at once). */
export async function readHealth({ db, dialect, version, timeoutMs, redis, redisTimeoutMs }: HealthDependencies): Promise<Health> {
  const [database, cache] = await Promise.all([probeDatabase(db, timeoutMs), redis ? probeRedis(redis, redisTimeoutMs) : undefined]);
  const healthy = database.reachable && (cache?.reachable ?? true);
  return {
    status: healthy ? 'ok' : 'degraded',
    version,
    uptimeSeconds: Math.floor(process.uptime()),
    database: { dialect, reachable: database.reachable, latencyMs: database.latencyMs },
    ...(cache ? { redis: { reachable: cache.reachable, latencyMs: cache.latencyMs } } : {}),
  };
}
