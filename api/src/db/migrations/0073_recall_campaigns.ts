import { sql, type Kysely } from 'kysely';
import { addIdColumn, addTimestampColumn, dialectOf } from '../portable';

/**
 * Recall campaigns (issue 66 §4, decision 0068 part 4):
 * - recall_campaigns: the manufacturer's campaign (code unique, title, defect, remedy, labour minutes, parts as JSON
 *   [{ name, partNumber, quantity }], the window starts_on–ends_on as local dates 'yyyy-MM-dd', ACTIVE | CLOSED);
 * - its scope, a vehicle being affected when it matches any of: recall_campaign_models (a reference model with an
 *   optional production-year range, compared with vehicles.year), recall_campaign_vin_ranges (vin_line = the VIN's
 *   first 11 characters, the serial's ends as 6-character text; a VIN is in when its first 11 characters equal
 *   vin_line and its last 6 sort between the ends), recall_campaign_vins (the VIN list of the admin's CSV);
 * - recall_vehicles: each matched vehicle's state (AFFECTED → NOTIFIED → SCHEDULED → DONE | NOT_APPLICABLE), when it
 *   was told, the appointment and service order of its remedy; one row per campaign and vehicle.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  let campaigns = addIdColumn(db.schema.createTable('recall_campaigns'), dialect)
    .addColumn('code', 'varchar(40)', (col) => col.notNull().unique())
    .addColumn('manufacturer', 'varchar(80)', (col) => col.notNull())
    .addColumn('title', 'varchar(160)', (col) => col.notNull())
    .addColumn('defect', 'text', (col) => col.notNull())
    .addColumn('remedy', 'text', (col) => col.notNull())
    .addColumn('labour_minutes', 'integer', (col) => col.notNull())
    .addColumn('parts', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('starts_on', 'varchar(10)', (col) => col.notNull())
    .addColumn('ends_on', 'varchar(10)')
    .addColumn('status', 'varchar(10)', (col) => col.notNull().defaultTo('ACTIVE'))
    .addColumn('created_by', 'integer', (col) => col.notNull().references('users.id'));
  campaigns = addTimestampColumn(campaigns, 'created_at', dialect, { defaultNow: true });
  campaigns = addTimestampColumn(campaigns, 'closed_at', dialect, { nullable: true })
    .addCheckConstraint('recall_campaigns_status_known', sql`status in ('ACTIVE', 'CLOSED')`)
    .addCheckConstraint('recall_campaigns_labour', sql`labour_minutes >= 0 and labour_minutes <= 6000`)
    .addCheckConstraint('recall_campaigns_window', sql`ends_on is null or ends_on >= starts_on`);
  await campaigns.execute();

  await db.schema
    .createTable('recall_campaign_models')
    .addColumn('campaign_id', 'integer', (col) => col.notNull().references('recall_campaigns.id'))
    .addColumn('model_id', 'integer', (col) => col.notNull().references('vehicle_models.id'))
    .addColumn('year_from', 'integer')
    .addColumn('year_to', 'integer')
    .addPrimaryKeyConstraint('recall_campaign_models_pkey', ['campaign_id', 'model_id'])
    .addCheckConstraint('recall_campaign_models_years', sql`year_to is null or year_from is null or year_to >= year_from`)
    .execute();

  const ranges = addIdColumn(db.schema.createTable('recall_campaign_vin_ranges'), dialect)
    .addColumn('campaign_id', 'integer', (col) => col.notNull().references('recall_campaigns.id'))
    .addColumn('vin_line', 'varchar(11)', (col) => col.notNull())
    .addColumn('serial_from', 'varchar(6)', (col) => col.notNull())
    .addColumn('serial_to', 'varchar(6)', (col) => col.notNull())
    .addCheckConstraint('recall_campaign_vin_ranges_ordered', sql`serial_from <= serial_to`);
  await ranges.execute();
  await db.schema.createIndex('recall_campaign_vin_ranges_campaign_idx').on('recall_campaign_vin_ranges').column('campaign_id').execute();

  await db.schema
    .createTable('recall_campaign_vins')
    .addColumn('campaign_id', 'integer', (col) => col.notNull().references('recall_campaigns.id'))
    .addColumn('vin', 'varchar(17)', (col) => col.notNull())
    .addPrimaryKeyConstraint('recall_campaign_vins_pkey', ['campaign_id', 'vin'])
    .execute();
  await db.schema.createIndex('recall_campaign_vins_vin_idx').on('recall_campaign_vins').column('vin').execute();

  let vehicles = addIdColumn(db.schema.createTable('recall_vehicles'), dialect)
    .addColumn('campaign_id', 'integer', (col) => col.notNull().references('recall_campaigns.id'))
    .addColumn('vehicle_id', 'integer', (col) => col.notNull().references('vehicles.id'))
    .addColumn('state', 'varchar(20)', (col) => col.notNull().defaultTo('AFFECTED'))
    .addColumn('appointment_id', 'integer', (col) => col.references('appointments.id'))
    .addColumn('service_order_id', 'integer', (col) => col.references('service_orders.id'));
  vehicles = addTimestampColumn(vehicles, 'state_at', dialect, { defaultNow: true });
  vehicles = addTimestampColumn(vehicles, 'notified_at', dialect, { nullable: true })
    .addUniqueConstraint('recall_vehicles_campaign_vehicle_key', ['campaign_id', 'vehicle_id'])
    .addCheckConstraint('recall_vehicles_state_known', sql`state in ('AFFECTED', 'NOTIFIED', 'SCHEDULED', 'DONE', 'NOT_APPLICABLE')`);
  await vehicles.execute();
  await db.schema.createIndex('recall_vehicles_vehicle_idx').on('recall_vehicles').column('vehicle_id').execute();
  await db.schema.createIndex('recall_vehicles_campaign_state_idx').on('recall_vehicles').columns(['campaign_id', 'state']).execute();
  await db.schema.createIndex('recall_vehicles_appointment_idx').on('recall_vehicles').column('appointment_id').execute();
  await db.schema.createIndex('recall_vehicles_order_idx').on('recall_vehicles').column('service_order_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('recall_vehicles').ifExists().execute();
  await db.schema.dropTable('recall_campaign_vins').ifExists().execute();
  await db.schema.dropTable('recall_campaign_vin_ranges').ifExists().execute();
  await db.schema.dropTable('recall_campaign_models').ifExists().execute();
  await db.schema.dropTable('recall_campaigns').ifExists().execute();
}
