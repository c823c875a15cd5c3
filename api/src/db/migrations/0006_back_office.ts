import { sql, type Kysely } from 'kysely';
import { addIdColumn, addTimestampColumn, dialectOf } from '../portable';

/**
 * The service-centre floor (back office, work package 1): which centre each staff member works at, disabled
 * users, the service order (phiếu dịch vụ) opened at check-in with its checklist, photos, bays, the
 * technicians' clock, billable lines and the invoice. Parts, centre stock and shifts come in later migrations;
 * service_order_lines already carries `kind`/`source` so part lines slot in without reworking the order.
 *
 * Every concurrency rule of the spec has its backstop here: one active centre per user, one service order per
 * appointment, one running clock per technician, one order per bay, one invoice per order, one maintenance
 * record per appointment (partial or plain unique indexes).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);

  await db.schema.alterTable('users').addColumn('disabled_at', dialect === 'postgres' ? 'timestamptz' : 'text').execute();

  let assignments = addIdColumn(db.schema.createTable('staff_assignments'), dialect)
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('centre_id', 'integer', (col) => col.notNull().references('service_centres.id').onDelete('restrict'));
  assignments = addTimestampColumn(assignments, 'assigned_at', dialect, { defaultNow: true });
  assignments = addTimestampColumn(assignments, 'ended_at', dialect, { nullable: true });
  await assignments.execute();
  await db.schema.createIndex('staff_assignments_active_user').on('staff_assignments').column('user_id').unique().where(sql.ref('ended_at'), 'is', null).execute();
  await db.schema.createIndex('staff_assignments_centre_idx').on('staff_assignments').columns(['centre_id', 'ended_at']).execute();

  let orders = addIdColumn(db.schema.createTable('service_orders'), dialect)
    .addColumn('code', 'varchar(24)', (col) => col.notNull().unique())
    .addColumn('appointment_id', 'integer', (col) => col.notNull().unique().references('appointments.id').onDelete('restrict'))
    .addColumn('centre_id', 'integer', (col) => col.notNull().references('service_centres.id').onDelete('restrict'))
    .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('vehicle_id', 'integer', (col) => col.references('vehicles.id').onDelete('set null'))
    .addColumn('vehicle_type', 'varchar(12)', (col) => col.notNull())
    .addColumn('vehicle_brand', 'varchar(60)', (col) => col.notNull())
    .addColumn('vehicle_model', 'varchar(60)', (col) => col.notNull())
    .addColumn('license_plate', 'varchar(20)', (col) => col.notNull())
    .addColumn('status', 'varchar(16)', (col) => col.notNull())
    .addColumn('technician_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('bay_no', 'integer')
    .addColumn('odometer_in_km', 'integer', (col) => col.notNull())
    .addColumn('customer_concern', 'varchar(500)')
    .addColumn('intake_note', 'varchar(500)')
    .addColumn('opened_by', 'integer', (col) => col.references('users.id').onDelete('set null'));
  orders = addTimestampColumn(orders, 'opened_at', dialect, { defaultNow: true });
  for (const column of ['started_at', 'work_done_at', 'invoiced_at', 'closed_at', 'cancelled_at'] as const) {
    orders = addTimestampColumn(orders, column, dialect, { nullable: true });
  }
  orders = orders
    .addColumn('cancel_reason', 'varchar(300)')
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1));
  orders = addTimestampColumn(orders, 'updated_at', dialect, { defaultNow: true })
    .addCheckConstraint('service_orders_status_known', sql`status in ('OPEN', 'IN_PROGRESS', 'WORK_DONE', 'INVOICED', 'CLOSED', 'CANCELLED')`)
    .addCheckConstraint('service_orders_odometer_range', sql`odometer_in_km >= 0 and odometer_in_km <= 1000000`)
    .addCheckConstraint('service_orders_bay_positive', sql`bay_no is null or bay_no > 0`);
  await orders.execute();
  await db.schema.createIndex('service_orders_centre_status_idx').on('service_orders').columns(['centre_id', 'status', 'opened_at']).execute();
  await db.schema.createIndex('service_orders_technician_idx').on('service_orders').columns(['technician_id', 'status']).execute();
  await db.schema.createIndex('service_orders_user_idx').on('service_orders').column('user_id').execute();

  let history = addIdColumn(db.schema.createTable('service_order_status_history'), dialect)
    .addColumn('service_order_id', 'integer', (col) => col.notNull().references('service_orders.id').onDelete('cascade'))
    .addColumn('from_status', 'varchar(16)')
    .addColumn('to_status', 'varchar(16)', (col) => col.notNull())
    .addColumn('changed_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('note', 'varchar(300)');
  history = addTimestampColumn(history, 'created_at', dialect, { defaultNow: true });
  await history.execute();
  await db.schema.createIndex('service_order_status_history_order_idx').on('service_order_status_history').column('service_order_id').execute();

  let bays = addIdColumn(db.schema.createTable('bay_occupancy'), dialect)
    .addColumn('centre_id', 'integer', (col) => col.notNull().references('service_centres.id').onDelete('cascade'))
    .addColumn('bay_no', 'integer', (col) => col.notNull())
    .addColumn('service_order_id', 'integer', (col) => col.notNull().references('service_orders.id').onDelete('cascade'));
  bays = addTimestampColumn(bays, 'from_at', dialect, { defaultNow: true });
  bays = addTimestampColumn(bays, 'to_at', dialect, { nullable: true });
  await bays.execute();
  await db.schema.createIndex('bay_occupancy_active_bay').on('bay_occupancy').columns(['centre_id', 'bay_no']).unique().where(sql.ref('to_at'), 'is', null).execute();
  await db.schema.createIndex('bay_occupancy_order_idx').on('bay_occupancy').column('service_order_id').execute();

  let items = addIdColumn(db.schema.createTable('service_order_checklist_items'), dialect)
    .addColumn('service_order_id', 'integer', (col) => col.notNull().references('service_orders.id').onDelete('cascade'))
    .addColumn('code', 'varchar(40)', (col) => col.notNull())
    .addColumn('label', 'varchar(200)', (col) => col.notNull())
    .addColumn('sort_order', 'integer', (col) => col.notNull())
    .addColumn('result', 'varchar(4)')
    .addColumn('note', 'varchar(300)')
    .addColumn('checked_by', 'integer', (col) => col.references('users.id').onDelete('set null'));
  items = addTimestampColumn(items, 'checked_at', dialect, { nullable: true })
    .addUniqueConstraint('service_order_checklist_items_code_unique', ['service_order_id', 'code'])
    .addCheckConstraint('service_order_checklist_items_result_known', sql`result is null or result in ('PASS', 'FAIL', 'NA')`);
  await items.execute();

  let photos = addIdColumn(db.schema.createTable('checklist_photos'), dialect)
    .addColumn('item_id', 'integer', (col) => col.notNull().references('service_order_checklist_items.id').onDelete('cascade'))
    .addColumn('file', 'varchar(80)', (col) => col.notNull().unique())
    .addColumn('width', 'integer', (col) => col.notNull())
    .addColumn('height', 'integer', (col) => col.notNull())
    .addColumn('uploaded_by', 'integer', (col) => col.references('users.id').onDelete('set null'));
  photos = addTimestampColumn(photos, 'created_at', dialect, { defaultNow: true });
  await photos.execute();
  await db.schema.createIndex('checklist_photos_item_idx').on('checklist_photos').column('item_id').execute();

  let entries = addIdColumn(db.schema.createTable('work_time_entries'), dialect)
    .addColumn('service_order_id', 'integer', (col) => col.notNull().references('service_orders.id').onDelete('cascade'))
    .addColumn('technician_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'));
  entries = addTimestampColumn(entries, 'started_at', dialect);
  entries = addTimestampColumn(entries, 'ended_at', dialect, { nullable: true })
    .addColumn('source', 'varchar(8)', (col) => col.notNull().defaultTo('clock'))
    .addColumn('edited_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('edit_reason', 'varchar(300)')
    .addCheckConstraint('work_time_entries_source_known', sql`source in ('clock', 'manual')`)
    .addCheckConstraint('work_time_entries_ends_after_start', sql`ended_at is null or ended_at > started_at`);
  await entries.execute();
  await db.schema.createIndex('work_time_entries_running').on('work_time_entries').column('technician_id').unique().where(sql.ref('ended_at'), 'is', null).execute();
  await db.schema.createIndex('work_time_entries_order_idx').on('work_time_entries').column('service_order_id').execute();
  await db.schema.createIndex('work_time_entries_technician_idx').on('work_time_entries').columns(['technician_id', 'started_at']).execute();

  await addIdColumn(db.schema.createTable('service_order_lines'), dialect)
    .addColumn('service_order_id', 'integer', (col) => col.notNull().references('service_orders.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(8)', (col) => col.notNull())
    .addColumn('ref_id', 'integer')
    .addColumn('name', 'varchar(200)', (col) => col.notNull())
    .addColumn('quantity', 'integer', (col) => col.notNull())
    .addColumn('unit_price', 'integer', (col) => col.notNull())
    .addColumn('line_total', 'integer', (col) => col.notNull())
    .addColumn('source', 'varchar(16)', (col) => col.notNull())
    .addColumn('parts_request_id', 'integer')
    .addCheckConstraint('service_order_lines_kind_known', sql`kind in ('service', 'part')`)
    .addCheckConstraint('service_order_lines_source_known', sql`source in ('booked', 'parts_request')`)
    .addCheckConstraint('service_order_lines_quantity_non_negative', sql`quantity >= 0`)
    .addCheckConstraint('service_order_lines_price_non_negative', sql`unit_price >= 0`)
    .addCheckConstraint('service_order_lines_total', sql`line_total = quantity * unit_price`)
    .execute();
  await db.schema.createIndex('service_order_lines_order_idx').on('service_order_lines').column('service_order_id').execute();

  let invoices = addIdColumn(db.schema.createTable('service_invoices'), dialect)
    .addColumn('code', 'varchar(24)', (col) => col.notNull().unique())
    .addColumn('service_order_id', 'integer', (col) => col.notNull().unique().references('service_orders.id').onDelete('restrict'))
    .addColumn('centre_id', 'integer', (col) => col.notNull().references('service_centres.id').onDelete('restrict'))
    .addColumn('subtotal_services', 'integer', (col) => col.notNull())
    .addColumn('subtotal_parts', 'integer', (col) => col.notNull())
    .addColumn('package_discount', 'integer', (col) => col.notNull())
    .addColumn('total', 'integer', (col) => col.notNull())
    .addColumn('payment_method', 'varchar(8)')
    .addColumn('payment_status', 'varchar(8)', (col) => col.notNull().defaultTo('UNPAID'))
    .addColumn('issued_by', 'integer', (col) => col.references('users.id').onDelete('set null'));
  invoices = addTimestampColumn(invoices, 'issued_at', dialect, { defaultNow: true });
  invoices = addTimestampColumn(invoices, 'paid_at', dialect, { nullable: true })
    .addColumn('confirmed_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addCheckConstraint('service_invoices_method_known', sql`payment_method is null or payment_method in ('CASH', 'VIETQR')`)
    .addCheckConstraint('service_invoices_status_known', sql`payment_status in ('UNPAID', 'PAID')`)
    .addCheckConstraint('service_invoices_amounts', sql`subtotal_services >= 0 and subtotal_parts >= 0 and package_discount >= 0 and total >= 0`);
  await invoices.execute();
  await db.schema.createIndex('service_invoices_centre_issued_idx').on('service_invoices').columns(['centre_id', 'issued_at']).execute();
  await db.schema.createIndex('service_invoices_centre_paid_idx').on('service_invoices').columns(['centre_id', 'paid_at']).execute();

  // A maintenance record is written once per appointment (at INVOICED), however often that is retried.
  await db.schema
    .createIndex('maintenance_records_appointment_unique')
    .on('maintenance_records')
    .column('appointment_id')
    .unique()
    .where(sql.ref('appointment_id'), 'is not', null)
    .execute();
  // The FAIL photos of a record's checklist (JSON string[] of checklist photo file names).
  await db.schema.alterTable('maintenance_checklist_items').addColumn('photo_files', 'text').execute();
  // Every instance reads the sessions revoked in the last minutes when it starts or its bus reconnects
  // (security/sessionRevocation.ts): by creation time, not by a scan of every refresh token ever issued.
  await db.schema.createIndex('refresh_tokens_created_idx').on('refresh_tokens').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('refresh_tokens_created_idx').ifExists().execute();
  await db.schema.alterTable('maintenance_checklist_items').dropColumn('photo_files').execute();
  await db.schema.dropIndex('maintenance_records_appointment_unique').ifExists().execute();
  for (const table of [
    'service_invoices',
    'service_order_lines',
    'work_time_entries',
    'checklist_photos',
    'service_order_checklist_items',
    'bay_occupancy',
    'service_order_status_history',
    'service_orders',
    'staff_assignments',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await db.schema.alterTable('users').dropColumn('disabled_at').execute();
}
