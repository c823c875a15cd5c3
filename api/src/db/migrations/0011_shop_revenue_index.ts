import { indexMigration, type IndexDefinition } from './indexMigration';

/**
 * Index of the web-shop revenue KPI (spec §8, issue 15): orders completed in a range are found by their
 * COMPLETED row of order_status_history, by (status, created_at). Without it both databases read the whole
 * history table (checked with EXPLAIN on SQLite and PostgreSQL).
 */
const indexes: IndexDefinition[] = [
  ['order_status_history_status_created_idx', 'order_status_history', ['status', 'created_at']],
];

export const { up, down } = indexMigration(indexes);
