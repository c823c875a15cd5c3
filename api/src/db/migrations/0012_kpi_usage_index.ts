import { indexMigration, type IndexDefinition } from './indexMigration';

/**
 * Parts usage of the KPI dashboard (spec §8, issue 15), measured by bench:kpis on 1,000,000 stock movements: a
 * centre's ISSUE and RETURN movements of the range are read from one covering index (centre, instant, then the
 * columns the KPI reads) instead of a table lookup per movement of the range. 30 days of one centre (12,000
 * movements): 7 ms → 1.5 ms on SQLite (EXPLAIN: SEARCH … USING COVERING INDEX); PostgreSQL reads it as an
 * index-only scan once the table is vacuumed.
 * Clocked minutes: the entries that began before the range and ended inside or after it are found by
 * (ended_at, started_at); with the two single-column indexes PostgreSQL ANDed two bitmaps, one of them every
 * entry begun before the range (90,000 on the bench: 7 ms); the entries begun in the range are read from a
 * covering index (instant, order, technician, end) without a table lookup each (SQLite: 11 ms → 4 ms for the
 * 7,800 entries of 30 days), and joined to the centre's orders read index-only by (centre_id, id) (PostgreSQL:
 * 16 ms of per-entry lookups → 8 ms).
 */
const indexes: IndexDefinition[] = [
  ['stock_movements_usage_idx', 'stock_movements', ['centre_id', 'created_at', 'kind', 'product_id', 'quantity', 'parts_request_id']],
  ['work_time_entries_ended_started_idx', 'work_time_entries', ['ended_at', 'started_at']],
  ['work_time_entries_started_covering_idx', 'work_time_entries', ['started_at', 'service_order_id', 'technician_id', 'ended_at']],
  ['service_orders_centre_id_idx', 'service_orders', ['centre_id', 'id']],
];

export const { up, down } = indexMigration(indexes);
