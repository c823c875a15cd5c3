import type { Kysely, KyselyPlugin } from 'kysely';
import type { Database } from '../../src/db/schema';

/**
 * `db` counting the statements run through it (built queries and prepared ones alike: every result passes
 * through the plugin), to assert that a read takes a fixed number of queries whatever the data holds.
 */
export function countingDb(db: Kysely<Database>): { db: Kysely<Database>; queries: () => number } {
  let count = 0;
  const plugin: KyselyPlugin = {
    transformQuery: (args) => args.node,
    transformResult: async (args) => {
      count += 1;
      return args.result;
    },
  };
  return { db: db.withPlugin(plugin), queries: () => count };
}
