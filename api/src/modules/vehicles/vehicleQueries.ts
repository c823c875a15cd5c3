import type { Kysely, Transaction } from 'kysely';
import { ODOMETER_DECREASE_MESSAGE, type Vehicle, type VehicleData, type VehicleType, type VehicleUpdateData } from 'shared-contracts/schemas';
import { toIsoUtc } from '../../db/portable';
import type { Database } from '../../db/schema';
import type { VehicleRow } from '../../db/serviceBookingSchema';
import { AppError } from '../../http/appError';
import type { ComputedReminder } from './reminder';
import { remindersFor } from './reminderData';

export const vehicleMessages = {
  notFound: 'Không tìm thấy xe.',
  plateTaken: 'Bạn đã thêm một xe có biển số này rồi.',
  created: 'Đã thêm xe.',
  updated: 'Đã cập nhật thông tin xe.',
  deleted: 'Đã xóa xe.',
} as const;

export function vehicleNotFound(): AppError {
  return AppError.notFound(vehicleMessages.notFound, 'VEHICLE_NOT_FOUND');
}

/** A unique constraint refused the write (PostgreSQL 23505, SQLite SQLITE_CONSTRAINT_UNIQUE). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

function plateTaken(): AppError {
  return new AppError(409, 'VEHICLE_PLATE_TAKEN', vehicleMessages.plateTaken, [{ field: 'licensePlate', message: vehicleMessages.plateTaken }]);
}

function publicReminder(reminder: ComputedReminder | undefined): Vehicle['nextMaintenance'] {
  if (!reminder) return null;
  const { tier: _tier, dueKey: _dueKey, ...visible } = reminder;
  return visible;
}

export function toVehicle(row: VehicleRow, reminder: ComputedReminder | undefined): Vehicle {
  return {
    id: row.id,
    type: row.type as VehicleType,
    brand: row.brand,
    model: row.model,
    year: row.year,
    licensePlate: row.license_plate,
    vin: row.vin,
    color: row.color,
    odometerKm: row.odometer_km,
    batteryCapacityKwh: row.battery_capacity_wh === null ? null : row.battery_capacity_wh / 1000,
    nickname: row.nickname,
    nextMaintenance: publicReminder(reminder),
    createdAt: toIsoUtc(row.created_at),
  };
}

/** A customer's live vehicle row, or null (someone else's or removed: the routes answer 404). */
export function findOwnVehicleRow(db: Kysely<Database>, userId: number, vehicleId: number): Promise<VehicleRow | undefined> {
  return db
    .selectFrom('vehicles')
    .selectAll()
    .where('id', '=', vehicleId)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** The customer's vehicles, oldest first, each with its next maintenance. */
export async function listVehicles(db: Kysely<Database>, userId: number, now: Date): Promise<Vehicle[]> {
  const rows = await db.selectFrom('vehicles').selectAll().where('user_id', '=', userId).where('deleted_at', 'is', null).orderBy('id').execute();
  const reminders = await remindersFor(db, rows, now);
  return rows.map((row) => toVehicle(row, reminders.get(row.id)));
}

export async function getVehicle(db: Kysely<Database>, userId: number, vehicleId: number, now: Date): Promise<Vehicle> {
  const row = await findOwnVehicleRow(db, userId, vehicleId);
  if (!row) throw vehicleNotFound();
  const reminders = await remindersFor(db, [row], now);
  return toVehicle(row, reminders.get(row.id));
}

const toWh = (kwh: number | null): number | null => (kwh === null ? null : Math.round(kwh * 1000));

async function plateInUse(db: Kysely<Database>, userId: number, plate: string, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom('vehicles').select('id').where('user_id', '=', userId).where('license_plate', '=', plate).where('deleted_at', 'is', null);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** Adds a vehicle (plate already normalised by the schema) and its first odometer reading; 409 for a plate the customer already has. */
export async function createVehicle(
  db: Kysely<Database> | Transaction<Database>,
  userId: number,
  data: Pick<VehicleData, 'type' | 'brand' | 'model' | 'licensePlate'> & Partial<VehicleData>,
  now: Date,
): Promise<VehicleRow> {
  if (await plateInUse(db, userId, data.licensePlate)) throw plateTaken();
  const at = now.toISOString();
  try {
    const row = await db
      .insertInto('vehicles')
      .values({
        user_id: userId,
        type: data.type,
        brand: data.brand,
        model: data.model,
        year: data.year ?? now.getUTCFullYear(),
        license_plate: data.licensePlate,
        vin: data.vin ?? null,
        color: data.color ?? null,
        odometer_km: data.odometerKm ?? 0,
        battery_capacity_wh: toWh(data.batteryCapacityKwh ?? null),
        nickname: data.nickname ?? null,
        created_at: at,
        updated_at: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await db.insertInto('vehicle_odometer_readings').values({ vehicle_id: row.id, odometer_km: row.odometer_km, source: 'customer', note: null, recorded_at: at }).execute();
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw plateTaken();
    throw error;
  }
}

/**
 * Updates a vehicle. The odometer only goes up; a lower value needs a note (kept with the reading as a
 * correction), else 422.
 */
export async function updateVehicle(db: Kysely<Database>, userId: number, vehicleId: number, data: VehicleUpdateData, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const current = await findOwnVehicleRow(trx, userId, vehicleId);
    if (!current) throw vehicleNotFound();
    const decrease = data.odometerKm < current.odometer_km;
    if (decrease && !data.odometerNote) {
      throw new AppError(422, 'ODOMETER_DECREASE', ODOMETER_DECREASE_MESSAGE, [{ field: 'odometerNote', message: ODOMETER_DECREASE_MESSAGE }]);
    }
    if (await plateInUse(trx, userId, data.licensePlate, vehicleId)) throw plateTaken();
    const at = now.toISOString();
    try {
      await trx
        .updateTable('vehicles')
        .set({
          type: data.type,
          brand: data.brand,
          model: data.model,
          year: data.year,
          license_plate: data.licensePlate,
          vin: data.vin,
          color: data.color,
          odometer_km: data.odometerKm,
          battery_capacity_wh: toWh(data.batteryCapacityKwh),
          nickname: data.nickname,
          updated_at: at,
        })
        .where('id', '=', vehicleId)
        .execute();
    } catch (error) {
      if (isUniqueViolation(error)) throw plateTaken();
      throw error;
    }
    if (data.odometerKm !== current.odometer_km) {
      await trx
        .insertInto('vehicle_odometer_readings')
        .values({
          vehicle_id: vehicleId,
          odometer_km: data.odometerKm,
          source: decrease ? 'correction' : 'customer',
          note: data.odometerNote,
          recorded_at: at,
        })
        .execute();
    }
  });
}

/** Removes a vehicle from the customer's list (its appointments and history keep their copy). */
export async function deleteVehicle(db: Kysely<Database>, userId: number, vehicleId: number, now: Date): Promise<void> {
  const result = await db
    .updateTable('vehicles')
    .set({ deleted_at: now.toISOString(), updated_at: now.toISOString() })
    .where('id', '=', vehicleId)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw vehicleNotFound();
}
