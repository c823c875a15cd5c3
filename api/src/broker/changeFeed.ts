import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import type { BrokerChannel, BrokerLog } from './brokerChannel';
import { createBrokerChannel } from './createBrokerChannel';

/**
 * "Something changed, drop or reload your copy", told to every API instance over the broker they already share
 * (Redis pub/sub, else PostgreSQL LISTEN/NOTIFY; brokerChannel.ts): `changed()` runs `onChange` here at once, then
 * publishes; every other instance runs `onChange` when the message arrives, and again when a lost connection is back
 * (a message may have been missed meanwhile). Without a broker (one SQLite instance) the local call is all there is.
 * The catalogue's caches and the release registry's live builds use it.
 */
export interface ChangeFeed {
  /** This instance at once, then every other one. Never fails the request that made the change. */
  changed(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
  /** Whether other instances' changes can reach this one (a broker is configured). */
  readonly shared: boolean;
}

export interface ChangeFeedOptions {
  config: Pick<Config, 'redisUrl' | 'databaseUrl' | 'sqliteFile'>;
  db: Kysely<Database>;
  log: BrokerLog;
  /** Prefix of the log messages, e.g. 'catalogue changes'. */
  label: string;
  /** The Redis channel's base name (made per database by createBrokerChannel). */
  redisChannelName: string;
  postgresChannelName: string;
  /** The message published; others on the channel are ignored. */
  message: string;
  /** What a change means here: drop a cache, reload a copy. Must not throw. */
  onChange(): void;
}

export function createChangeFeed(options: ChangeFeedOptions): ChangeFeed {
  const { log, label, message, onChange } = options;
  const channel: BrokerChannel | null = createBrokerChannel({
    config: options.config,
    db: options.db,
    log,
    label,
    redisChannelName: options.redisChannelName,
    postgresChannelName: options.postgresChannelName,
  });
  return {
    shared: channel !== null,
    async changed() {
      onChange();
      if (!channel) return;
      try {
        await channel.publish(message);
      } catch (error) {
        log.error({ err: error }, `${label}: broadcast failed, other instances see the change when their copies expire`);
      }
    },
    async start() {
      if (!channel) return;
      await channel.listen(
        (payload) => {
          if (payload === message) onChange();
        },
        () => onChange(),
      );
    },
    async close() {
      await channel?.close();
    },
  };
}
