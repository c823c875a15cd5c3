import { sql, type Kysely } from 'kysely';
import { normaliseLicensePlate } from 'shared-contracts/schemas';
import { addIdColumn, addTimestampColumn, dialectOf } from '../portable';

/**
 * A plate belongs to one account (decision 0035):
 *
 * - vehicle_plate_claims: a customer who adds a plate another account holds leaves a claim for staff, who
 *   transfer the plate or keep the owner. One pending claim per claimant and plate.
 * - Existing live vehicles sharing a plate (in any spelling) keep the oldest as owner; the others are taken off
 *   their account's list (deleted_at, their rows and history kept) with a pending claim naming them, so staff
 *   can give them back.
 * - vehicles_plate_unique: one live vehicle per normalised plate, across accounts.
 */

/** The stored form of a plate: the shared normaliser's display form, else upper case without separators. */
function plateKey(plate: string): string {
  return normaliseLicensePlate(plate) ?? plate.normalize('NFC').toUpperCase().replace(/[\s.\-·]/g, '');
}

interface LiveVehicle {
  id: number;
  user_id: number;
  type: string;
  brand: string;
  model: string;
  year: number;
  license_plate: string;
  vin: string | null;
  created_at: Date | string;
}

const instant = (value: Date | string): number => new Date(value).getTime();

export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);

  let claims = addIdColumn(db.schema.createTable('vehicle_plate_claims'), dialect)
    .addColumn('license_plate', 'varchar(20)', (col) => col.notNull())
    .addColumn('claimant_user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('claimant_vehicle_id', 'integer', (col) => col.references('vehicles.id').onDelete('set null'))
    .addColumn('owner_vehicle_id', 'integer', (col) => col.references('vehicles.id').onDelete('set null'))
    .addColumn('vehicle_data', 'text', (col) => col.notNull())
    .addColumn('source', 'varchar(12)', (col) => col.notNull())
    .addColumn('status', 'varchar(12)', (col) => col.notNull());
  claims = addTimestampColumn(claims, 'created_at', dialect);
  claims = addTimestampColumn(claims, 'resolved_at', dialect, { nullable: true })
    .addColumn('resolved_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addCheckConstraint('vehicle_plate_claims_source_known', sql`source in ('customer', 'migration')`)
    .addCheckConstraint('vehicle_plate_claims_status_known', sql`status in ('PENDING', 'TRANSFERRED', 'KEPT')`);
  await claims.execute();
  await db.schema
    .createIndex('vehicle_plate_claims_pending_unique')
    .on('vehicle_plate_claims')
    .columns(['claimant_user_id', 'license_plate'])
    .unique()
    .where(sql.ref('status'), '=', 'PENDING')
    .execute();
  await db.schema.createIndex('vehicle_plate_claims_status_idx').on('vehicle_plate_claims').columns(['status', 'created_at']).execute();

  const live = (await db
    .selectFrom('vehicles')
    .select(['id', 'user_id', 'type', 'brand', 'model', 'year', 'license_plate', 'vin', 'created_at'])
    .where('deleted_at', 'is', null)
    .execute()) as LiveVehicle[];
  const byPlate = new Map<string, LiveVehicle[]>();
  for (const vehicle of live) {
    const key = plateKey(vehicle.license_plate);
    byPlate.set(key, [...(byPlate.get(key) ?? []), vehicle]);
  }
  const at = new Date().toISOString();
  for (const [key, vehicles] of byPlate) {
    vehicles.sort((a, b) => instant(a.created_at) - instant(b.created_at) || a.id - b.id);
    const [owner, ...others] = vehicles as [LiveVehicle, ...LiveVehicle[]];
    for (const other of others) {
      await db.updateTable('vehicles').set({ deleted_at: at, updated_at: at }).where('id', '=', other.id).execute();
      const vehicleData = JSON.stringify({ type: other.type, brand: other.brand, model: other.model, year: other.year, vin: other.vin });
      await db
        .insertInto('vehicle_plate_claims')
        .values({
          license_plate: key,
          claimant_user_id: other.user_id,
          claimant_vehicle_id: other.id,
          owner_vehicle_id: owner.id,
          vehicle_data: vehicleData,
          source: 'migration',
          status: 'PENDING',
          created_at: at,
        })
        .onConflict((conflict) => conflict.doNothing())
        .execute();
    }
    if (owner.license_plate !== key) await db.updateTable('vehicles').set({ license_plate: key }).where('id', '=', owner.id).execute();
  }

  await db.schema.createIndex('vehicles_plate_unique').on('vehicles').column('license_plate').unique().where(sql.ref('deleted_at'), 'is', null).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('vehicles_plate_unique').ifExists().execute();
  await db.schema.dropTable('vehicle_plate_claims').ifExists().execute();
}
