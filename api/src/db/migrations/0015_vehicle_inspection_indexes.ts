import { indexMigration, type IndexDefinition } from './indexMigration';

/**
 * A vehicle's inspections (issue 22, docs/prediction.md §8): the forecast, the reminder run and the suggested
 * checks read one vehicle's closed orders and the parts issued against their checklist items. Without these,
 * SQLite walked all of `service_orders` through the technician index and PostgreSQL scanned it, and every forecast
 * scanned `parts_requests` for the items' ids: 25–36 ms (SQLite) and 10–80 ms (PostgreSQL) a forecast on 100,000
 * closed orders; 0.3 ms and 0.7 ms with them.
 */
const indexes: IndexDefinition[] = [
  ['service_orders_vehicle_status_idx', 'service_orders', ['vehicle_id', 'status']],
  ['parts_requests_checklist_item_idx', 'parts_requests', ['checklist_item_id']],
];

export const { up, down } = indexMigration(indexes);
