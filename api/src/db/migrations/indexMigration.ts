import type { Kysely } from 'kysely';

/** One index: its name, its table and its columns in order. */
export type IndexDefinition = [name: string, table: string, columns: string[]];

/**
 * A migration that only adds indexes: `up` creates them in order, `down` drops them in reverse (if they exist).
 * Used as `export const { up, down } = indexMigration([...])`.
 */
export function indexMigration(indexes: readonly IndexDefinition[]): { up(db: Kysely<any>): Promise<void>; down(db: Kysely<any>): Promise<void> } {
  return {
    async up(db) {
      for (const [name, table, columns] of indexes) {
        await db.schema.createIndex(name).on(table).columns(columns).execute();
      }
    },
    async down(db) {
      for (const [name] of [...indexes].reverse()) {
        await db.schema.dropIndex(name).ifExists().execute();
      }
    },
  };
}
