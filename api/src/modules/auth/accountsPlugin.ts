import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import { loadConfig, type Config } from '../../config';
import type { Database } from '../../db/schema';
import { createAccessTokens, type AccessTokens } from '../../security/accessTokens';
import { systemClock, type Clock } from '../../security/clock';
import { memoryCounterStore, REDIS_COUNTER_TIMEOUT_MS, redisCounterStore, type CounterStore } from '../../security/counters';
import { createSessionRevocation, type SessionRevocation } from '../../security/sessionRevocation';
import { createThrottle, DEFAULT_THROTTLE_LIMITS, type Throttle, type ThrottleLimits } from '../../security/throttle';
import { avatarsRoutes } from '../media/avatarsRoutes';
import { devOutboxRoutes } from '../notifications/devOutboxRoutes';
import { customerRoutes } from '../users/customerRoutes';
import { profileRoutes } from '../users/profileRoutes';
import { authRoutes } from './authRoutes';
import { accountExistsRoutes } from './accountExistsRoutes';
import { googleRoutes } from './googleRoutes';

/** What buildApp's `accounts` option may inject (tests do; the server passes its config). */
export interface AccountsOptions {
  /** Default: loadConfig() from the environment. With no jwtSecret a random one is used (sessions end with the process). */
  config?: Config;
  /** Default: the system clock. */
  clock?: Clock;
  /** Throttling counters. Default: Redis when config.redisUrl is set, else memory. */
  counters?: CounterStore;
  limits?: Partial<ThrottleLimits>;
  /** Ended sessions and disabled users. Default: createSessionRevocation (Redis, PostgreSQL LISTEN/NOTIFY or in-process). */
  revocation?: SessionRevocation;
  /** fetch for the Google token endpoint (default: global fetch). */
  fetch?: typeof fetch;
}

/** Everything the account routes share. */
export interface AccountsContext {
  db: Kysely<Database>;
  config: Config;
  clock: Clock;
  counters: CounterStore;
  throttle: Throttle;
  accessTokens: AccessTokens;
  /** Ended sessions and disabled users: their access tokens answer 401 at once, on every instance. */
  revocation: SessionRevocation;
  /** Key of the OTP HMAC (same secret as the tokens). */
  secret: string;
  fetch: typeof fetch;
  /** The Redis connection of the counters when the context opened one (REDIS_URL): readiness pings it. */
  redis: Redis | null;
  /** Closes what the context opened itself (a Redis connection). */
  close(): Promise<void>;
}

/**
 * The counters' Redis connection, bounded so that a dead Redis answers within about a second (a 503, see
 * CountersUnavailableError) instead of hanging or queueing: connect and each command time out after 1 s, a command
 * waits for at most one reconnection, and reconnection is retried every second at most.
 */
function countersRedis(url: string): Redis {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: REDIS_COUNTER_TIMEOUT_MS,
    commandTimeout: REDIS_COUNTER_TIMEOUT_MS,
    maxRetriesPerRequest: 1,
    retryStrategy: (attempt) => Math.min(attempt * 100, 1_000),
    // Closing: a socket that never connected is dropped at once, not after ioredis's 2 s grace.
    disconnectTimeout: 100,
  });
  // Outages surface per request (503) and in /api/health/ready; without a listener ioredis prints every failed reconnection.
  redis.on('error', () => undefined);
  return redis;
}

export function createAccountsContext(db: Kysely<Database>, options: AccountsOptions = {}): AccountsContext {
  const config = options.config ?? loadConfig();
  const clock = options.clock ?? systemClock;
  const secret = config.jwtSecret ?? randomBytes(48).toString('base64url');
  let counters = options.counters;
  let ownedCounters: CounterStore | null = null;
  let redis: Redis | null = null;
  if (!counters) {
    if (config.redisUrl) redis = countersRedis(config.redisUrl);
    counters = redis ? redisCounterStore(redis, { ownsConnection: true }) : memoryCounterStore(clock);
    ownedCounters = counters;
  }
  const revocation = options.revocation ?? createSessionRevocation({ db, clock, config });
  const ownedRevocation = options.revocation ? null : revocation;
  return {
    db,
    config,
    clock,
    counters,
    throttle: createThrottle(counters, { ...DEFAULT_THROTTLE_LIMITS, ...options.limits }),
    accessTokens: createAccessTokens({ secret, clock, revocation }),
    revocation,
    secret,
    fetch: options.fetch ?? fetch,
    redis,
    close: async () => {
      await Promise.all([ownedCounters?.close(), ownedRevocation?.close()]);
    },
  };
}

/** How long the API's readiness waits for the session-revocation feed to start. */
export const REVOCATION_START_WAIT_MS = 1_000;

/** Every account route: auth, profile, Google sign-in, avatars, the dev outbox. */
export const accountsRoutes: FastifyPluginAsync<{ accounts: AccountsContext }> = async (app, { accounts }) => {
  // The revocation feed (broker subscription + the recent revocations read from the database) is awaited for at
  // most REVOCATION_START_WAIT_MS: an unreachable database must not keep the API from answering (its health
  // check says 503 then). The feed goes on starting in the background and catches up when the database answers.
  app.addHook('onReady', async () => {
    const log = app.log.child({ module: 'session-revocation' });
    const starting = accounts.revocation.start(log).catch((error: unknown) => {
      log.error({ err: error }, 'session revocation: could not start the feed; this instance knows only its own revocations until it does');
    });
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([starting, new Promise<void>((resolve) => (timer = setTimeout(resolve, REVOCATION_START_WAIT_MS)))]);
    clearTimeout(timer);
  });
  app.addHook('onClose', async () => {
    await accounts.close();
  });
  await app.register(authRoutes, { accounts });
  await app.register(googleRoutes, { accounts });
  await app.register(accountExistsRoutes, { accounts });
  await app.register(profileRoutes, { accounts });
  await app.register(customerRoutes, { accounts });
  await app.register(avatarsRoutes, { uploadDir: accounts.config.uploadDir });
  await app.register(devOutboxRoutes, { db: accounts.db, enabled: accounts.config.devOutbox && accounts.config.nodeEnv !== 'production' });
};
