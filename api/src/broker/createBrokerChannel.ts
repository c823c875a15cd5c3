import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import { hasListenNotify } from '../db/sqlDialect';
import type { BrokerChannel, BrokerLog } from './brokerChannel';
import { postgresChannel } from './postgresChannel';
import { redisChannel } from './redisChannel';

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
  if (config.databaseUrl && hasListenNotify(db)) {
    return postgresChannel({ connectionString: config.databaseUrl, db, channel: options.postgresChannelName, label, log });
  }
  return null;
}
