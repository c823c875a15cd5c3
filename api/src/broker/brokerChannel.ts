import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import { dialectOf } from '../db/portable';
import type { Database } from '../db/schema';
import { postgresChannel } from './postgresChannel';
import { redisChannel } from './redisChannel';

export type BrokerLog = Pick<FastifyBaseLogger, 'warn' | 'error'>;

/**
 * One channel of the broker the API instances share: a string published by one instance reaches every instance
 * listening, the publisher included.
 *
 * - Redis pub/sub (REDIS_URL): a publisher connection and a subscriber connection (broker/redisConnections.ts);
 * - PostgreSQL LISTEN/NOTIFY (the database is PostgreSQL and there is no Redis): a dedicated pg client listens
 *   (a pooled connection cannot) and reconnects with back-off, NOTIFY goes through the Kysely pool.
 */
export interface BrokerChannel {
  readonly kind: 'redis' | 'postgres';
  /** Sends `message` to every listening instance; rejects when the broker is unreachable (the caller falls back). */
  publish(message: string): Promise<void>;
  /**
   * Starts listening: the handlers of the first call are kept, a later call returns the current readiness
   * (trying again at once when the last attempt failed or the connection was lost). Resolves once subscribed,
   * or once a failed attempt is logged (a reconnect is then scheduled). `onResync` is called when a lost
   * connection is back: messages may have been missed meanwhile.
   */
  listen(onMessage: (message: string) => void, onResync?: () => void): Promise<void>;
  close(): Promise<void>;
}

/** The Redis channel `base:<hash of the database>`: APIs of different databases sharing a Redis never mix. */
export function perDatabaseRedisChannel(base: string, config: Pick<Config, 'databaseUrl' | 'sqliteFile'>): string {
  const identity = config.databaseUrl ?? config.sqliteFile;
  return `${base}:${createHash('sha256').update(identity).digest('hex').slice(0, 16)}`;
}

export interface BrokerChannelOptions {
  config: Pick<Config, 'redisUrl' | 'databaseUrl' | 'sqliteFile'>;
  db: Kysely<Database>;
  log: BrokerLog;
  /** Prefix of the channel's log messages, e.g. 'appointment events'. */
  label: string;
  /** The Redis channel's base name; the channel is per database (perDatabaseRedisChannel). */
  redisChannelName: string;
  /** The NOTIFY channel (NOTIFY never crosses databases). */
  postgresChannelName: string;
}

/** Redis when REDIS_URL is set; else PostgreSQL LISTEN/NOTIFY when the database is PostgreSQL; else null (in-process only). */
export function createBrokerChannel(options: BrokerChannelOptions): BrokerChannel | null {
  const { config, db, log, label } = options;
  if (config.redisUrl) return redisChannel({ url: config.redisUrl, channel: perDatabaseRedisChannel(options.redisChannelName, config), label, log });
  if (config.databaseUrl && dialectOf(db) === 'postgres') {
    return postgresChannel({ connectionString: config.databaseUrl, db, channel: options.postgresChannelName, label, log });
  }
  return null;
}
