import { sql, type Kysely } from 'kysely';
import { addIdColumn, addTimestampColumn, dialectOf } from '../portable';

/**
 * Parts outside the catalogue (issue 36): a technician's described part on their order, until the parts desk
 * links it to a product (a parts request is made of it: `parts_request_id`) or orders it specially (supplier
 * and expected date). A line without a product can never be reserved: only parts_requests reserve, and a free
 * line becomes one only when linked. The CHECKs hold the resolution's facts; every move is a conditional
 * UPDATE on `status = 'OPEN'` and `version`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  let lines = addIdColumn(db.schema.createTable('parts_free_lines'), dialect)
    .addColumn('service_order_id', 'integer', (col) => col.notNull().references('service_orders.id').onDelete('cascade'))
    .addColumn('centre_id', 'integer', (col) => col.notNull().references('service_centres.id').onDelete('restrict'))
    .addColumn('description', 'varchar(200)', (col) => col.notNull())
    .addColumn('quantity', 'integer', (col) => col.notNull())
    .addColumn('note', 'varchar(300)')
    .addColumn('reason', 'varchar(300)', (col) => col.notNull())
    .addColumn('checklist_item_id', 'integer', (col) => col.references('service_order_checklist_items.id').onDelete('set null'))
    .addColumn('requested_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('status', 'varchar(16)', (col) => col.notNull().defaultTo('OPEN'))
    .addColumn('parts_request_id', 'integer', (col) => col.references('parts_requests.id').onDelete('set null'))
    .addColumn('supplier_note', 'varchar(300)')
    .addColumn('expected_date', 'varchar(10)')
    .addColumn('resolved_by', 'integer', (col) => col.references('users.id').onDelete('set null'));
  lines = addTimestampColumn(lines, 'resolved_at', dialect, { nullable: true }).addColumn('version', 'integer', (col) => col.notNull().defaultTo(1));
  lines = addTimestampColumn(lines, 'created_at', dialect, { defaultNow: true });
  lines = addTimestampColumn(lines, 'updated_at', dialect, { defaultNow: true })
    .addCheckConstraint('parts_free_lines_quantity_range', sql`quantity >= 1 and quantity <= 99`)
    .addCheckConstraint('parts_free_lines_status_known', sql`status in ('OPEN', 'LINKED', 'SPECIAL_ORDER')`)
    .addCheckConstraint('parts_free_lines_special_order_facts', sql`status <> 'SPECIAL_ORDER' or (supplier_note is not null and expected_date is not null)`);
  await lines.execute();
  await db.schema.createIndex('parts_free_lines_centre_status_idx').on('parts_free_lines').columns(['centre_id', 'status', 'id']).execute();
  await db.schema.createIndex('parts_free_lines_order_idx').on('parts_free_lines').column('service_order_id').execute();
  // one parts request per linked line, so linking twice can never make two
  await db.schema
    .createIndex('parts_free_lines_request_unique')
    .on('parts_free_lines')
    .column('parts_request_id')
    .unique()
    .where(sql.ref('parts_request_id'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('parts_free_lines').ifExists().execute();
}
