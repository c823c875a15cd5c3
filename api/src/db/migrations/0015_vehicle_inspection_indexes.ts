import { indexMigration, type IndexDefinition } from './indexMigration';

/**
 * A vehicle's inspections (docs/prediction.md): the forecast, the reminder run and the suggested checks read one
 * vehicle's closed orders and the parts issued against their checklist items. Without these, SQLite walked all of
 * `service_orders` through the technician index and PostgreSQL scanned it, and every forecast scanned
 * `parts_requests` for the items' ids, which kept the forecast over its budget (docs/performance.md, bench:predict).
 */
const indexes: IndexDefinition[] = [
  ['service_orders_vehicle_status_idx', 'service_orders', ['vehicle_id', 'status']],
  ['parts_requests_checklist_item_idx', 'parts_requests', ['checklist_item_id']],
];

export const { up, down } = indexMigration(indexes);
