import { sql, type Kysely } from 'kysely';
import { addIdColumn, addTimestampColumn, dialectOf } from '../portable';

/**
 * Battery health reports (issue 66 §3):
 * - battery_health_reports: one row per measurement of a vehicle's traction battery — state of health (% of the
 *   rated capacity), measured capacity (kWh), cell voltage spread (mV), internal resistance (mΩ), temperature (°C),
 *   odometer and the tool used — taken at a centre, usually on a service order (nullable: a measurement outside an
 *   order stays possible), by the user who recorded it. The vehicle's model at the time is kept (model_id), so a
 *   certificate keeps naming the battery it measured when the customer later re-links the vehicle. `flag`
 *   (OK | DEGRADED | REPLACE_SOON) and `spread_warning` are computed by the API from the model's thresholds when the
 *   row is written, and kept: a later change of thresholds does not rewrite a certificate already handed out.
 *   `verify_code` (12 characters of base32 from crypto random, unique) is what the certificate's QR and the public
 *   page /xac-minh-pin/:code name;
 * - vehicle_models gains the thresholds that override its chemistry's defaults (null: the default), so the
 *   admin can set a model's own: battery_soh_degraded_pct, battery_soh_replace_pct, battery_spread_warn_mv.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  const real = dialect === 'postgres' ? 'double precision' : 'real';
  let table = addIdColumn(db.schema.createTable('battery_health_reports'), dialect)
    .addColumn('vehicle_id', 'integer', (col) => col.notNull().references('vehicles.id'))
    .addColumn('service_order_id', 'integer', (col) => col.references('service_orders.id'))
    .addColumn('centre_id', 'integer', (col) => col.notNull().references('service_centres.id'))
    .addColumn('model_id', 'integer', (col) => col.references('vehicle_models.id'))
    .addColumn('soh_percent', real, (col) => col.notNull())
    .addColumn('capacity_kwh', real)
    .addColumn('cell_spread_mv', 'integer')
    .addColumn('internal_resistance_mohm', real)
    .addColumn('temperature_c', real)
    .addColumn('odometer_km', 'integer', (col) => col.notNull())
    .addColumn('tool', 'varchar(80)', (col) => col.notNull())
    .addColumn('recorded_by', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('verify_code', 'varchar(16)', (col) => col.notNull().unique())
    .addColumn('flag', 'varchar(20)', (col) => col.notNull())
    .addColumn('spread_warning', 'integer', (col) => col.notNull().defaultTo(0));
  table = addTimestampColumn(table, 'measured_at', dialect);
  table = addTimestampColumn(table, 'created_at', dialect, { defaultNow: true })
    .addCheckConstraint('battery_health_reports_soh', sql`soh_percent >= 0 and soh_percent <= 100`)
    .addCheckConstraint('battery_health_reports_capacity', sql`capacity_kwh is null or (capacity_kwh > 0 and capacity_kwh <= 200)`)
    .addCheckConstraint('battery_health_reports_spread', sql`cell_spread_mv is null or (cell_spread_mv >= 0 and cell_spread_mv <= 2000)`)
    .addCheckConstraint('battery_health_reports_resistance', sql`internal_resistance_mohm is null or (internal_resistance_mohm >= 0 and internal_resistance_mohm <= 5000)`)
    .addCheckConstraint('battery_health_reports_temperature', sql`temperature_c is null or (temperature_c >= -30 and temperature_c <= 90)`)
    .addCheckConstraint('battery_health_reports_odometer', sql`odometer_km >= 0 and odometer_km <= 2000000`)
    .addCheckConstraint('battery_health_reports_flag_known', sql`flag in ('OK', 'DEGRADED', 'REPLACE_SOON')`)
    .addCheckConstraint('battery_health_reports_spread_warning_flag', sql`spread_warning in (0, 1)`);
  await table.execute();
  await db.schema.createIndex('battery_health_reports_vehicle_idx').on('battery_health_reports').columns(['vehicle_id', 'measured_at']).execute();
  await db.schema.createIndex('battery_health_reports_order_idx').on('battery_health_reports').column('service_order_id').execute();

  await db.schema.alterTable('vehicle_models').addColumn('battery_soh_degraded_pct', 'integer').execute();
  await db.schema.alterTable('vehicle_models').addColumn('battery_soh_replace_pct', 'integer').execute();
  await db.schema.alterTable('vehicle_models').addColumn('battery_spread_warn_mv', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('vehicle_models').dropColumn('battery_spread_warn_mv').execute();
  await db.schema.alterTable('vehicle_models').dropColumn('battery_soh_replace_pct').execute();
  await db.schema.alterTable('vehicle_models').dropColumn('battery_soh_degraded_pct').execute();
  await db.schema.dropTable('battery_health_reports').ifExists().execute();
}
