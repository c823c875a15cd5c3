import type { Kysely } from 'kysely';
import { createChangeFeed, perDatabaseRedisChannel, type BrokerLog } from '../../broker';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import { invalidateCatalogue, createProductListRefresher } from '../catalogue';

/**
 * Tells every API instance that the catalogue changed, over the broker the instances already share (Redis pub/sub,
 * else PostgreSQL LISTEN/NOTIFY; broker/changeFeed.ts): each one then drops its ready answers (catalogueCache.ts's
 * generation), which also makes its search index catch up before the next search. The writing instance also writes
 * the product list's pending rows at once, in the background (productListRefresher.ts). Without a broker (one SQLite
 * instance) the local invalidation is all there is. A lost connection drops the caches too when it is back: a
 * message may have been missed meanwhile.
 */
export interface CatalogueChangeFeed {
  /** This instance's caches at once (and its list rows soon), then every other instance's. Never fails the request that changed it. */
  changed(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export const CATALOGUE_POSTGRES_CHANNEL = 'ev_catalogue_changed';
export const CATALOGUE_REDIS_CHANNEL_BASE = 'ev-shop:catalogue-changed';
const MESSAGE = 'catalogue-changed';

export function createCatalogueChangeFeed(options: { config: Config; db: Kysely<Database>; log: BrokerLog }): CatalogueChangeFeed {
  const feed = createChangeFeed({
    config: options.config,
    db: options.db,
    log: options.log,
    label: 'catalogue changes',
    redisChannelName: perDatabaseRedisChannel(CATALOGUE_REDIS_CHANNEL_BASE, options.config),
    postgresChannelName: CATALOGUE_POSTGRES_CHANNEL,
    message: MESSAGE,
    onChange: invalidateCatalogue,
  });
  const listRows = createProductListRefresher(options.db, options.log);
  return {
    async changed() {
      // feed.changed() drops this instance's caches before its first await, then the list rows are scheduled.
      const telling = feed.changed();
      listRows.soon();
      await telling;
    },
    start: () => feed.start(),
    async close() {
      await Promise.all([listRows.close(), feed.close()]);
    },
  };
}
