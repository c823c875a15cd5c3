import { sql, type Kysely } from 'kysely';
import { addIdColumn, addTimestampColumn, dialectOf } from '../portable';

/**
 * The service side: customers' vehicles and their odometer history; appointments (customer or guest), their
 * services, status history and the guest's email codes; the capacity of each centre per 30-minute step
 * (slot_occupancy, the mechanism that prevents double booking); maintenance records with parts and checklist;
 * the reminders already emailed.
 *
 * Portable choices: money is integer VND; the battery capacity is integer Wh; instants are UTC (timestamptz /
 * ISO text); lists of a record are JSON text. appointments.package_credit_id points at package_credits (table
 * of 0004_shop) without a foreign key: the shop owns that table and the appointment keeps the id it consumed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);

  let vehicles = addIdColumn(db.schema.createTable('vehicles'), dialect)
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'varchar(12)', (col) => col.notNull())
    .addColumn('brand', 'varchar(60)', (col) => col.notNull())
    .addColumn('model', 'varchar(60)', (col) => col.notNull())
    .addColumn('year', 'integer', (col) => col.notNull())
    .addColumn('license_plate', 'varchar(20)', (col) => col.notNull())
    .addColumn('vin', 'varchar(17)')
    .addColumn('color', 'varchar(40)')
    .addColumn('odometer_km', 'integer', (col) => col.notNull())
    .addColumn('battery_capacity_wh', 'integer')
    .addColumn('nickname', 'varchar(50)');
  vehicles = addTimestampColumn(vehicles, 'created_at', dialect, { defaultNow: true });
  vehicles = addTimestampColumn(vehicles, 'updated_at', dialect, { defaultNow: true });
  vehicles = addTimestampColumn(vehicles, 'deleted_at', dialect, { nullable: true })
    .addCheckConstraint('vehicles_type_known', sql`type in ('scooter', 'motorbike', 'car')`)
    .addCheckConstraint('vehicles_odometer_non_negative', sql`odometer_km >= 0`)
    .addCheckConstraint('vehicles_battery_positive', sql`battery_capacity_wh is null or battery_capacity_wh > 0`);
  await vehicles.execute();
  // One live vehicle per plate and owner (a removed one may be added again).
  await db.schema
    .createIndex('vehicles_owner_plate_unique')
    .on('vehicles')
    .columns(['user_id', 'license_plate'])
    .unique()
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();

  let readings = addIdColumn(db.schema.createTable('vehicle_odometer_readings'), dialect)
    .addColumn('vehicle_id', 'integer', (col) => col.notNull().references('vehicles.id').onDelete('cascade'))
    .addColumn('odometer_km', 'integer', (col) => col.notNull())
    .addColumn('source', 'varchar(12)', (col) => col.notNull())
    .addColumn('note', 'varchar(200)');
  readings = addTimestampColumn(readings, 'recorded_at', dialect).addCheckConstraint(
    'vehicle_odometer_readings_source_known',
    sql`source in ('customer', 'correction', 'service', 'seed')`,
  );
  await readings.execute();
  await db.schema.createIndex('vehicle_odometer_readings_vehicle_idx').on('vehicle_odometer_readings').columns(['vehicle_id', 'recorded_at']).execute();

  let appointments = addIdColumn(db.schema.createTable('appointments'), dialect)
    .addColumn('code', 'varchar(20)', (col) => col.notNull().unique())
    .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('vehicle_id', 'integer', (col) => col.references('vehicles.id').onDelete('set null'))
    .addColumn('vehicle_type', 'varchar(12)', (col) => col.notNull())
    .addColumn('vehicle_brand', 'varchar(60)', (col) => col.notNull())
    .addColumn('vehicle_model', 'varchar(60)', (col) => col.notNull())
    .addColumn('license_plate', 'varchar(20)', (col) => col.notNull())
    .addColumn('centre_id', 'integer', (col) => col.notNull().references('service_centres.id').onDelete('restrict'));
  appointments = addTimestampColumn(appointments, 'starts_at', dialect);
  appointments = addTimestampColumn(appointments, 'ends_at', dialect)
    .addColumn('status', 'varchar(24)', (col) => col.notNull())
    .addColumn('estimated_price', 'integer', (col) => col.notNull())
    .addColumn('estimated_duration_minutes', 'integer', (col) => col.notNull())
    .addColumn('note', 'varchar(500)')
    .addColumn('contact_name', 'varchar(100)', (col) => col.notNull())
    .addColumn('contact_phone', 'varchar(20)', (col) => col.notNull())
    .addColumn('contact_email', 'varchar(254)', (col) => col.notNull())
    .addColumn('package_credit_id', 'integer');
  appointments = addTimestampColumn(appointments, 'hold_expires_at', dialect, { nullable: true }).addColumn('cancel_reason', 'varchar(300)');
  appointments = addTimestampColumn(appointments, 'created_at', dialect, { defaultNow: true });
  appointments = addTimestampColumn(appointments, 'updated_at', dialect, { defaultNow: true })
    .addCheckConstraint(
      'appointments_status_known',
      sql`status in ('AWAITING_VERIFICATION', 'PENDING', 'CONFIRMED', 'CHECKED_IN', 'IN_PROGRESS', 'COMPLETED', 'CANCELLED', 'NO_SHOW')`,
    )
    .addCheckConstraint('appointments_price_non_negative', sql`estimated_price >= 0`)
    .addCheckConstraint('appointments_duration_positive', sql`estimated_duration_minutes > 0`)
    .addCheckConstraint('appointments_ends_after_start', sql`ends_at > starts_at`);
  await appointments.execute();
  await db.schema.createIndex('appointments_user_start_idx').on('appointments').columns(['user_id', 'starts_at']).execute();
  await db.schema.createIndex('appointments_centre_start_idx').on('appointments').columns(['centre_id', 'starts_at']).execute();
  await db.schema.createIndex('appointments_status_hold_idx').on('appointments').columns(['status', 'hold_expires_at']).execute();

  await db.schema
    .createTable('appointment_services')
    .addColumn('appointment_id', 'integer', (col) => col.notNull().references('appointments.id').onDelete('cascade'))
    .addColumn('service_id', 'integer', (col) => col.notNull().references('services.id').onDelete('restrict'))
    .addColumn('service_name', 'varchar(160)', (col) => col.notNull())
    .addColumn('price', 'integer', (col) => col.notNull())
    .addColumn('duration_minutes', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('appointment_services_pk', ['appointment_id', 'service_id'])
    .addCheckConstraint('appointment_services_price_non_negative', sql`price >= 0`)
    .execute();

  let history = addIdColumn(db.schema.createTable('appointment_status_history'), dialect)
    .addColumn('appointment_id', 'integer', (col) => col.notNull().references('appointments.id').onDelete('cascade'))
    .addColumn('from_status', 'varchar(24)')
    .addColumn('to_status', 'varchar(24)', (col) => col.notNull())
    .addColumn('changed_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('note', 'varchar(300)');
  history = addTimestampColumn(history, 'created_at', dialect, { defaultNow: true });
  await history.execute();
  await db.schema.createIndex('appointment_status_history_appointment_idx').on('appointment_status_history').column('appointment_id').execute();

  let occupancy = db.schema
    .createTable('slot_occupancy')
    .addColumn('centre_id', 'integer', (col) => col.notNull().references('service_centres.id').onDelete('cascade'));
  occupancy = addTimestampColumn(occupancy, 'slot_start', dialect)
    .addColumn('booked', 'integer', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('slot_occupancy_pk', ['centre_id', 'slot_start'])
    .addCheckConstraint('slot_occupancy_booked_non_negative', sql`booked >= 0`);
  await occupancy.execute();

  let records = addIdColumn(db.schema.createTable('maintenance_records'), dialect)
    .addColumn('vehicle_id', 'integer', (col) => col.notNull().references('vehicles.id').onDelete('cascade'))
    .addColumn('appointment_id', 'integer', (col) => col.references('appointments.id').onDelete('set null'))
    .addColumn('centre_id', 'integer', (col) => col.notNull().references('service_centres.id').onDelete('restrict'));
  records = addTimestampColumn(records, 'serviced_at', dialect)
    .addColumn('odometer_km', 'integer', (col) => col.notNull())
    .addColumn('service_names', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('service_slugs', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('cost', 'integer', (col) => col.notNull())
    .addColumn('technician_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('technician_name', 'varchar(100)')
    .addColumn('notes', 'text');
  records = addTimestampColumn(records, 'created_at', dialect, { defaultNow: true })
    .addCheckConstraint('maintenance_records_cost_non_negative', sql`cost >= 0`)
    .addCheckConstraint('maintenance_records_odometer_non_negative', sql`odometer_km >= 0`);
  await records.execute();
  await db.schema.createIndex('maintenance_records_vehicle_idx').on('maintenance_records').columns(['vehicle_id', 'serviced_at']).execute();

  await addIdColumn(db.schema.createTable('maintenance_record_parts'), dialect)
    .addColumn('record_id', 'integer', (col) => col.notNull().references('maintenance_records.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (col) => col.references('products.id').onDelete('set null'))
    .addColumn('name', 'varchar(200)', (col) => col.notNull())
    .addColumn('quantity', 'integer', (col) => col.notNull())
    .addColumn('unit_price', 'integer', (col) => col.notNull())
    .addCheckConstraint('maintenance_record_parts_quantity_positive', sql`quantity > 0`)
    .addCheckConstraint('maintenance_record_parts_price_non_negative', sql`unit_price >= 0`)
    .execute();
  await db.schema.createIndex('maintenance_record_parts_record_idx').on('maintenance_record_parts').column('record_id').execute();

  await addIdColumn(db.schema.createTable('maintenance_checklist_items'), dialect)
    .addColumn('record_id', 'integer', (col) => col.notNull().references('maintenance_records.id').onDelete('cascade'))
    .addColumn('label', 'varchar(200)', (col) => col.notNull())
    .addColumn('result', 'varchar(4)', (col) => col.notNull())
    .addColumn('note', 'varchar(300)')
    .addColumn('sort_order', 'integer', (col) => col.notNull().defaultTo(0))
    .addCheckConstraint('maintenance_checklist_items_result_known', sql`result in ('PASS', 'FAIL', 'NA')`)
    .execute();
  await db.schema.createIndex('maintenance_checklist_items_record_idx').on('maintenance_checklist_items').column('record_id').execute();

  let codes = addIdColumn(db.schema.createTable('guest_booking_codes'), dialect)
    .addColumn('appointment_id', 'integer', (col) => col.notNull().references('appointments.id').onDelete('cascade'))
    .addColumn('code_hash', 'varchar(64)', (col) => col.notNull())
    .addColumn('failed_attempts', 'integer', (col) => col.notNull().defaultTo(0));
  codes = addTimestampColumn(codes, 'created_at', dialect, { defaultNow: true });
  codes = addTimestampColumn(codes, 'expires_at', dialect);
  codes = addTimestampColumn(codes, 'consumed_at', dialect, { nullable: true });
  await codes.execute();
  await db.schema.createIndex('guest_booking_codes_appointment_idx').on('guest_booking_codes').column('appointment_id').execute();

  let reminders = addIdColumn(db.schema.createTable('maintenance_reminders_sent'), dialect)
    .addColumn('vehicle_id', 'integer', (col) => col.notNull().references('vehicles.id').onDelete('cascade'))
    .addColumn('due_key', 'varchar(120)', (col) => col.notNull());
  reminders = addTimestampColumn(reminders, 'sent_at', dialect, { defaultNow: true }).addUniqueConstraint('maintenance_reminders_sent_once', [
    'vehicle_id',
    'due_key',
  ]);
  await reminders.execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'maintenance_reminders_sent',
    'guest_booking_codes',
    'maintenance_checklist_items',
    'maintenance_record_parts',
    'maintenance_records',
    'slot_occupancy',
    'appointment_status_history',
    'appointment_services',
    'appointments',
    'vehicle_odometer_readings',
    'vehicles',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
