import type { Kysely } from 'kysely';

/**
 * Index of the web-shop revenue KPI (spec §8, issue 15): orders completed in a range are found by their
 * COMPLETED row of order_status_history, by (status, created_at). Without it both databases read the whole
 * history table (checked with EXPLAIN on SQLite and PostgreSQL).
 */
const indexes: Array<[name: string, table: string, columns: string[]]> = [
  ['order_status_history_status_created_idx', 'order_status_history', ['status', 'created_at']],
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, table, columns] of indexes) {
    await db.schema.createIndex(name).on(table).columns(columns).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of [...indexes].reverse()) {
    await db.schema.dropIndex(name).ifExists().execute();
  }
}
