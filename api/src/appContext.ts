import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import { countersRedis } from './broker/redisConnections';
import type { Config } from './config';
import type { Database } from './db/schema';
import { createEventBus, type EventBus } from './events/eventBus';
import { createAccessTokens, type AccessTokens } from './security/accessTokens';
import { systemClock, type Clock } from './security/clock';
import { memoryCounterStore, redisCounterStore, type CounterStore } from './security/counters';
import { createSessionRevocation, type SessionRevocation } from './security/sessionRevocation';
import { createThrottle, DEFAULT_THROTTLE_LIMITS, type Throttle, type ThrottleLimits } from './security/throttle';

/** What buildApp's `context` option may inject (tests do); everything else is made from the config. */
export interface AppContextOptions {
  /** Default: loadConfig() from the environment. With no jwtSecret a random one is used (sessions end with the process). */
  config?: Config;
  /** Default: the system clock. */
  clock?: Clock;
  /** Throttling counters. Default: Redis when config.redisUrl is set, else memory. */
  counters?: CounterStore;
  limits?: Partial<ThrottleLimits>;
  /** Ended sessions and disabled users. Default: createSessionRevocation (Redis, PostgreSQL LISTEN/NOTIFY or in-process). */
  revocation?: SessionRevocation;
  /** The app's live bus (tests hand one in to tell the floor of what they write straight into the database). */
  events?: EventBus;
  /** fetch for the Google token endpoint (default: global fetch). */
  fetch?: typeof fetch;
}

/** What every module of the API shares: built once by buildApp and handed to each module's routes. */
export interface AppContext {
  db: Kysely<Database>;
  config: Config;
  clock: Clock;
  counters: CounterStore;
  throttle: Throttle;
  accessTokens: AccessTokens;
  /** Ended sessions and disabled users: their access tokens answer 401 at once, on every instance. */
  revocation: SessionRevocation;
  /** The app's live bus: appointment status, service orders, the centres' floor. */
  events: EventBus;
  /** Key of the OTP and guest-code HMACs (same secret as the tokens). With no jwtSecret, a random one per process. */
  secret: string;
  fetch: typeof fetch;
  /** The counters' Redis connection when the context opened one (REDIS_URL): readiness pings it. */
  redis: Redis | null;
  /** Closes what the context opened itself (Redis connections, the bus, the revocation feed). */
  close(): Promise<void>;
}

export function createAppContext(db: Kysely<Database>, log: FastifyBaseLogger, options: AppContextOptions & { config: Config }): AppContext {
  const { config } = options;
  const clock = options.clock ?? systemClock;
  const secret = config.jwtSecret ?? randomBytes(48).toString('base64url');
  const redis = !options.counters && config.redisUrl ? countersRedis(config.redisUrl) : null;
  const counters = options.counters ?? (redis ? redisCounterStore(redis, { ownsConnection: true }) : memoryCounterStore(clock));
  const revocation = options.revocation ?? createSessionRevocation({ db, clock, config });
  const events = options.events ?? createEventBus({ config, db, log: log.child({ module: 'app-events' }) });
  // Only what the context made itself is closed with it; injected parts belong to their caller.
  const owned = {
    counters: options.counters ? null : counters,
    revocation: options.revocation ? null : revocation,
    events: options.events ? null : events,
  };
  return {
    db,
    config,
    clock,
    counters,
    throttle: createThrottle(counters, { ...DEFAULT_THROTTLE_LIMITS, ...options.limits }),
    accessTokens: createAccessTokens({ secret, clock, revocation }),
    revocation,
    events,
    secret,
    fetch: options.fetch ?? fetch,
    redis,
    close: async () => {
      await Promise.all([owned.counters?.close(), owned.revocation?.close(), owned.events?.close()]);
    },
  };
}
