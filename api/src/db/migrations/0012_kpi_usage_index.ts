import { indexMigration, type IndexDefinition } from './indexMigration';

/**
 * Parts usage of the KPI dashboard (spec §8): a centre's ISSUE and RETURN movements of the range are read from one
 * covering index (centre, instant, then the columns the KPI reads) instead of a table lookup per movement of the
 * range (SQLite: SEARCH … USING COVERING INDEX; PostgreSQL: an index-only scan once the table is vacuumed).
 * Clocked minutes: the entries that began before the range and ended inside or after it are found by
 * (ended_at, started_at), where PostgreSQL otherwise ANDed two bitmaps, one of them every entry begun before the
 * range; the entries begun in the range are read from a covering index (instant, order, technician, end) without a
 * table lookup each, and joined to the centre's orders read index-only by (centre_id, id).
 * Checked with EXPLAIN on bench:kpis' database; figures in docs/performance.md (bench:kpis).
 */
const indexes: IndexDefinition[] = [
  ['stock_movements_usage_idx', 'stock_movements', ['centre_id', 'created_at', 'kind', 'product_id', 'quantity', 'parts_request_id']],
  ['work_time_entries_ended_started_idx', 'work_time_entries', ['ended_at', 'started_at']],
  ['work_time_entries_started_covering_idx', 'work_time_entries', ['started_at', 'service_order_id', 'technician_id', 'ended_at']],
  ['service_orders_centre_id_idx', 'service_orders', ['centre_id', 'id']],
];

export const { up, down } = indexMigration(indexes);
