import { sql, type Kysely } from 'kysely';
import { addIdColumn, addTimestampColumn, dialectOf } from '../portable';

/**
 * Parts requests (work package 2): a technician's request for a part on their order, staff's decision, the
 * customer's approval (on the web or by phone through staff), reservation and issue from the centre's stock
 * (centre_stock, migration 0007), returns. Every transition is a conditional UPDATE on `status` (and
 * `version`); the CHECKs are the backstop of the quantities.
 *
 * - parts_requests.centre_id copies the order's centre (an order never changes centre), so that the parts desk
 *   and the board's flags read one index (centre_id, status) instead of joining every order of the centre;
 * - parts_request_history: every step with who, when and the note (a phone decision's note is shown there);
 * - service_order_lines.parts_request_id: one billable line per request (partial unique index), so issuing
 *   twice can never bill twice.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);

  let requests = addIdColumn(db.schema.createTable('parts_requests'), dialect)
    .addColumn('service_order_id', 'integer', (col) => col.notNull().references('service_orders.id').onDelete('cascade'))
    .addColumn('centre_id', 'integer', (col) => col.notNull().references('service_centres.id').onDelete('restrict'))
    .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id').onDelete('restrict'))
    .addColumn('quantity', 'integer', (col) => col.notNull())
    .addColumn('unit_price', 'integer', (col) => col.notNull())
    .addColumn('reason', 'varchar(300)', (col) => col.notNull())
    .addColumn('checklist_item_id', 'integer', (col) => col.references('service_order_checklist_items.id').onDelete('set null'))
    .addColumn('requested_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('status', 'varchar(20)', (col) => col.notNull())
    .addColumn('in_scope', 'integer')
    .addColumn('decided_by', 'integer', (col) => col.references('users.id').onDelete('set null'));
  requests = addTimestampColumn(requests, 'decided_at', dialect, { nullable: true }).addColumn('decline_reason', 'varchar(300)');
  requests = addTimestampColumn(requests, 'customer_decision_at', dialect, { nullable: true })
    .addColumn('customer_decision_via', 'varchar(12)')
    .addColumn('customer_decision', 'varchar(8)')
    .addColumn('customer_decision_note', 'varchar(300)')
    .addColumn('customer_decision_by', 'integer', (col) => col.references('users.id').onDelete('set null'));
  requests = addTimestampColumn(requests, 'expires_at', dialect, { nullable: true })
    .addColumn('issued_qty', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('returned_qty', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1));
  requests = addTimestampColumn(requests, 'created_at', dialect, { defaultNow: true });
  requests = addTimestampColumn(requests, 'updated_at', dialect, { defaultNow: true })
    .addCheckConstraint('parts_requests_quantity_range', sql`quantity >= 1 and quantity <= 99`)
    .addCheckConstraint('parts_requests_price_non_negative', sql`unit_price >= 0`)
    .addCheckConstraint(
      'parts_requests_status_known',
      sql`status in ('REQUESTED', 'REJECTED', 'APPROVED', 'AWAITING_CUSTOMER', 'DECLINED', 'WITHDRAWN', 'RESERVED', 'ISSUED', 'RELEASED')`,
    )
    .addCheckConstraint('parts_requests_in_scope_flag', sql`in_scope is null or in_scope in (0, 1)`)
    .addCheckConstraint('parts_requests_decision_via_known', sql`customer_decision_via is null or customer_decision_via in ('web', 'staff_phone')`)
    .addCheckConstraint('parts_requests_decision_known', sql`customer_decision is null or customer_decision in ('approve', 'decline')`)
    .addCheckConstraint('parts_requests_issued_range', sql`issued_qty >= 0 and issued_qty <= quantity`)
    .addCheckConstraint('parts_requests_returned_range', sql`returned_qty >= 0 and returned_qty <= issued_qty`)
    .addCheckConstraint('parts_requests_awaiting_has_deadline', sql`status <> 'AWAITING_CUSTOMER' or expires_at is not null`);
  await requests.execute();
  await db.schema.createIndex('parts_requests_order_idx').on('parts_requests').column('service_order_id').execute();
  // The expiry job: AWAITING_CUSTOMER past expires_at.
  await db.schema.createIndex('parts_requests_status_expiry_idx').on('parts_requests').columns(['status', 'expires_at']).execute();
  // The parts desk and the board's flags: a centre's requests by status.
  await db.schema.createIndex('parts_requests_centre_status_idx').on('parts_requests').columns(['centre_id', 'status', 'id']).execute();

  let history = addIdColumn(db.schema.createTable('parts_request_history'), dialect)
    .addColumn('parts_request_id', 'integer', (col) => col.notNull().references('parts_requests.id').onDelete('cascade'))
    .addColumn('action', 'varchar(20)', (col) => col.notNull())
    .addColumn('from_status', 'varchar(20)')
    .addColumn('to_status', 'varchar(20)', (col) => col.notNull())
    .addColumn('quantity', 'integer')
    .addColumn('changed_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('note', 'varchar(300)');
  history = addTimestampColumn(history, 'created_at', dialect, { defaultNow: true });
  await history.execute();
  await db.schema.createIndex('parts_request_history_request_idx').on('parts_request_history').column('parts_request_id').execute();

  await db.schema
    .createIndex('service_order_lines_parts_request_unique')
    .on('service_order_lines')
    .column('parts_request_id')
    .unique()
    .where(sql.ref('parts_request_id'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('service_order_lines_parts_request_unique').ifExists().execute();
  await db.schema.dropTable('parts_request_history').ifExists().execute();
  await db.schema.dropTable('parts_requests').ifExists().execute();
}
