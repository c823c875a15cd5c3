import type { Kysely } from 'kysely';
import type { BrokerLog } from '../../broker';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import { createCatalogueChangeFeed } from './catalogueChangeFeed';
import { undoInterruptedImports } from './productCsvJournal';

/**
 * The API's start, after the migrations and before it listens: a product CSV apply that a crash (kill -9, power)
 * cut short is undone from its journal, so the shop never serves part of a file. When one was, every instance's
 * catalogue caches and the product list's rows are told (they may hold the part written before the crash).
 */
export async function recoverProductCsvImports(options: { config: Config; db: Kysely<Database>; log: BrokerLog }): Promise<number> {
  const undone = await undoInterruptedImports(options.db);
  if (undone === 0) return 0;
  options.log.warn({ undone }, 'product CSV: applies cut short by a crash were undone (the catalogue is as before those files)');
  const feed = createCatalogueChangeFeed({ config: options.config, db: options.db, log: options.log });
  try {
    await feed.changed();
  } finally {
    await feed.close();
  }
  return undone;
}
