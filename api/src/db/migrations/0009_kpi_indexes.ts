import { indexMigration, type IndexDefinition } from './indexMigration';

/**
 * Indexes of the KPI service (work package 3, spec §8): every KPI reads one centre's rows in a time range, so
 * each range it filters on gets a (centre_id, instant) index. Checked with EXPLAIN on SQLite and PostgreSQL:
 * without them the 30-day dashboard scanned every service order of the centre (opened_at, work_done_at), every
 * bay occupancy, every parts request and every time entry. Time entries and bay occupancies clipped to the range are read by three
 * disjoint branches (started in range / started before and ended after / running), one index each.
 */
const indexes: IndexDefinition[] = [
  ['service_orders_centre_opened_idx', 'service_orders', ['centre_id', 'opened_at']],
  ['service_orders_centre_work_done_idx', 'service_orders', ['centre_id', 'work_done_at']],
  ['bay_occupancy_centre_from_idx', 'bay_occupancy', ['centre_id', 'from_at']],
  ['bay_occupancy_centre_to_idx', 'bay_occupancy', ['centre_id', 'to_at']],
  ['parts_requests_centre_decision_idx', 'parts_requests', ['centre_id', 'customer_decision_at']],
  ['parts_request_history_status_created_idx', 'parts_request_history', ['to_status', 'created_at']],
  ['work_time_entries_started_idx', 'work_time_entries', ['started_at']],
  ['work_time_entries_ended_idx', 'work_time_entries', ['ended_at']],
];

export const { up, down } = indexMigration(indexes);
