import type { Redis } from 'ioredis';
import { ERROR_CODES } from 'shared-contracts/schemas';
import { AppError } from '../http/appError';
import { withDeadline } from '../async/withDeadline';
import { closeRedis, REDIS_COUNTER_TIMEOUT_MS } from '../broker/redisConnections';
import type { Clock } from './clock';

export const countersUnavailableMessage = 'Hệ thống tạm thời gián đoạn. Vui lòng thử lại sau ít phút.';

/**
 * The counters could not be read or written (Redis refused the connection, timed out, ...): a 503 instead of a 500.
 * The throttle replaces the message with one that says what could not be done (log in, send a code...).
 */
export class CountersUnavailableError extends AppError {
  constructor(message: string = countersUnavailableMessage, options?: { cause?: unknown }) {
    super(503, ERROR_CODES.SERVICE_UNAVAILABLE, message, undefined, options);
  }
}

/** How long one counter operation may take before it is a 503 (a request never hangs on a dead Redis). */
export { REDIS_COUNTER_TIMEOUT_MS };

/** A fixed-window counter's state. */
export interface CounterState {
  /** Hits in the current window (0 when there is none). */
  count: number;
  /** Milliseconds until the window ends and the count drops to 0 (0 when there is no window). */
  resetInMs: number;
}

/**
 * Fixed-window counters behind the throttling rules (login attempts, code sends). In memory for a single
 * API instance, in Redis when several instances must share them.
 */
export interface CounterStore {
  /** Adds 1 to `key`; the first hit opens a window of `windowMs`. Returns the state after the hit. */
  increment(key: string, windowMs: number): Promise<CounterState>;
  get(key: string): Promise<CounterState>;
  reset(key: string): Promise<void>;
  /** Releases connections (a no-op in memory). */
  close(): Promise<void>;
}

/** Counters in this process's memory; windows follow `clock`, so tests move time by hand. */
export function memoryCounterStore(clock: Clock, options: { maxKeys?: number } = {}): CounterStore {
  const maxKeys = options.maxKeys ?? 100_000;
  const windows = new Map<string, { count: number; endsAt: number }>();

  const live = (key: string, now: number) => {
    const entry = windows.get(key);
    if (entry && entry.endsAt <= now) {
      windows.delete(key);
      return undefined;
    }
    return entry;
  };
  const sweep = (now: number) => {
    for (const [key, entry] of windows) if (entry.endsAt <= now) windows.delete(key);
    // Still full (a flood of distinct keys): drop the oldest windows rather than grow without bound.
    while (windows.size >= maxKeys) {
      const oldest = windows.keys().next().value;
      if (oldest === undefined) break;
      windows.delete(oldest);
    }
  };

  return {
    async increment(key, windowMs) {
      const now = clock.now().getTime();
      let entry = live(key, now);
      if (!entry) {
        if (windows.size >= maxKeys) sweep(now);
        entry = { count: 0, endsAt: now + windowMs };
        windows.set(key, entry);
      }
      entry.count += 1;
      return { count: entry.count, resetInMs: entry.endsAt - now };
    },
    async get(key) {
      const now = clock.now().getTime();
      const entry = live(key, now);
      return entry ? { count: entry.count, resetInMs: entry.endsAt - now } : { count: 0, resetInMs: 0 };
    },
    async reset(key) {
      windows.delete(key);
    },
    async close() {
      windows.clear();
    },
  };
}

/**
 * Counters in Redis, shared by every API instance: INCR, and PEXPIRE when the key is new (NX), in one
 * MULTI; the window is the key's TTL. `prefix` namespaces the keys ('evshop:rl:' by default). Every operation
 * is bounded by `timeoutMs` (REDIS_COUNTER_TIMEOUT_MS); a failure or timeout throws CountersUnavailableError (503).
 */
export function redisCounterStore(redis: Redis, options: { prefix?: string; ownsConnection?: boolean; timeoutMs?: number } = {}): CounterStore {
  const prefix = options.prefix ?? 'evshop:rl:';
  const timeoutMs = options.timeoutMs ?? REDIS_COUNTER_TIMEOUT_MS;
  const name = (key: string) => `${prefix}${key}`;
  return {
    increment: (key, windowMs) =>
      bounded(async () => {
        const results = await redis.multi().incr(name(key)).pexpire(name(key), windowMs, 'NX').pttl(name(key)).exec();
        if (!results) throw new Error('Redis transaction aborted');
        for (const [error] of results) if (error) throw error;
        const count = Number(results[0]?.[1]);
        const ttl = Number(results[2]?.[1]);
        return { count, resetInMs: ttl > 0 ? ttl : windowMs };
      }, timeoutMs),
    get: (key) =>
      bounded(async () => {
        const [value, ttl] = await Promise.all([redis.get(name(key)), redis.pttl(name(key))]);
        const count = value === null ? 0 : Number(value);
        return { count, resetInMs: count > 0 && ttl > 0 ? ttl : 0 };
      }, timeoutMs),
    reset: (key) =>
      bounded(async () => {
        await redis.del(name(key));
      }, timeoutMs),
    async close() {
      if (options.ownsConnection) await closeRedis(redis);
    },
  };
}

/** Runs `work` within `timeoutMs`; any failure (or the deadline) becomes CountersUnavailableError. */
async function bounded<T>(work: () => Promise<T>, timeoutMs: number): Promise<T> {
  try {
    return await withDeadline(work(), timeoutMs);
  } catch (error) {
    throw error instanceof AppError ? error : new CountersUnavailableError(countersUnavailableMessage, { cause: error });
  }
}
