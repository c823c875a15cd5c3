import { sql, type Kysely } from 'kysely';
import { matchVehicleModel, REFERENCE_VEHICLE_MODELS } from '../../lib/vehicleModels';
import { addIdColumn, addTimestampColumn, dialectOf } from '../portable';

/**
 * Vehicle models as reference data (issue 66 §1):
 * - vehicle_models: brand + model + variant ('' = the base model), its type, model years, battery; a unique slug;
 *   `is_active` (a model in use is deactivated, never deleted). The rows of lib/vehicleModels/reference (sources in
 *   its SOURCE.md) are inserted as they were when this migration was written;
 * - vehicles.model_id: the customer's vehicle's model; existing vehicles matched once by their typed brand and model
 *   (accents, case and spaces ignored: 'Evo 200' is the Evo200), the others left null for the customer to choose.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  let table = addIdColumn(db.schema.createTable('vehicle_models'), dialect)
    .addColumn('slug', 'varchar(120)', (col) => col.notNull().unique())
    .addColumn('brand', 'varchar(60)', (col) => col.notNull())
    .addColumn('model', 'varchar(60)', (col) => col.notNull())
    .addColumn('variant', 'varchar(40)', (col) => col.notNull().defaultTo(''))
    .addColumn('type', 'varchar(20)', (col) => col.notNull())
    .addColumn('year_from', 'integer')
    .addColumn('year_to', 'integer')
    .addColumn('battery_capacity_wh', 'integer')
    .addColumn('battery_chemistry', 'varchar(20)')
    .addColumn('is_active', 'integer', (col) => col.notNull().defaultTo(1));
  table = addTimestampColumn(table, 'created_at', dialect, { defaultNow: true });
  table = addTimestampColumn(table, 'updated_at', dialect, { defaultNow: true })
    .addUniqueConstraint('vehicle_models_brand_model_variant_key', ['brand', 'model', 'variant'])
    .addCheckConstraint('vehicle_models_type_known', sql`type in ('scooter', 'motorbike', 'car')`)
    .addCheckConstraint('vehicle_models_is_active_flag', sql`is_active in (0, 1)`)
    .addCheckConstraint('vehicle_models_years', sql`year_to is null or year_from is null or year_to >= year_from`)
    .addCheckConstraint('vehicle_models_battery_positive', sql`battery_capacity_wh is null or battery_capacity_wh > 0`);
  await table.execute();
  await db.schema.createIndex('vehicle_models_brand_idx').on('vehicle_models').columns(['brand', 'model', 'variant']).execute();

  await db.schema.alterTable('vehicles').addColumn('model_id', 'integer', (col) => col.references('vehicle_models.id')).execute();
  await db.schema.createIndex('vehicles_model_idx').on('vehicles').column('model_id').execute();

  await db
    .insertInto('vehicle_models')
    .values(
      REFERENCE_VEHICLE_MODELS.map((row) => ({
        slug: row.slug,
        brand: row.brand,
        model: row.model,
        variant: row.variant,
        type: row.type,
        year_from: row.yearFrom,
        year_to: row.yearTo,
        battery_capacity_wh: row.batteryWh,
        battery_chemistry: row.chemistry,
      })),
    )
    .execute();

  const models = (await db.selectFrom('vehicle_models').select(['id', 'brand', 'model', 'variant']).execute()) as Array<{
    id: number;
    brand: string;
    model: string;
    variant: string;
  }>;
  // One update per distinct (brand, model) typed: many vehicles, few distinct names.
  const typed = (await db.selectFrom('vehicles').select(['brand', 'model']).distinct().execute()) as Array<{ brand: string; model: string }>;
  for (const { brand, model } of typed) {
    const found = matchVehicleModel(models, brand, model);
    if (!found) continue;
    await db.updateTable('vehicles').set({ model_id: found.id }).where('brand', '=', brand).where('model', '=', model).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('vehicles_model_idx').ifExists().execute();
  await db.schema.alterTable('vehicles').dropColumn('model_id').execute();
  await db.schema.dropTable('vehicle_models').ifExists().execute();
}
