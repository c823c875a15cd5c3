import type { Kysely, Transaction } from 'kysely';
import { ERROR_CODES, ODOMETER_DECREASE_MESSAGE, PLATE_CLAIMED_MESSAGE, type Vehicle, type VehicleData, type VehicleModelRef, type VehicleType, type VehicleUpdateData } from 'shared-contracts/schemas';
import { toIsoUtc } from '../../db/portable';
import type { Database } from '../../db/schema';
import type { VehicleRow } from '../../db/serviceBookingSchema';
import { inTransaction } from '../../db/inTransaction';
import { AppError } from '../../http/appError';
import type { ComputedReminder } from './reminder';
import { recordPlateClaim } from './plateClaims';
import { remindersFor } from './reminderData';
import { matchRecallVehicles } from '../recalls';
import { matchActiveVehicleModel, modelTextOf, readVehicleModel, requireTypedVehicleModel, vehicleModelMessages, vehicleModelRefs } from '../vehicleModels';

export const vehicleMessages = {
  notFound: 'Không tìm thấy xe.',
  plateTaken: 'Bạn đã thêm một xe có biển số này rồi.',
  created: 'Đã thêm xe.',
  updated: 'Đã cập nhật thông tin xe.',
  deleted: 'Đã xóa xe.',
} as const;

export function vehicleNotFound(): AppError {
  return AppError.notFound(vehicleMessages.notFound, ERROR_CODES.VEHICLE_NOT_FOUND);
}

/** A unique constraint refused the write (PostgreSQL 23505, SQLite SQLITE_CONSTRAINT_UNIQUE). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

function plateTaken(): AppError {
  return new AppError(409, ERROR_CODES.VEHICLE_PLATE_TAKEN, vehicleMessages.plateTaken, [{ field: 'licensePlate', message: vehicleMessages.plateTaken }]);
}

function plateClaimed(): AppError {
  return new AppError(409, ERROR_CODES.VEHICLE_PLATE_CLAIMED, PLATE_CLAIMED_MESSAGE, [{ field: 'licensePlate', message: PLATE_CLAIMED_MESSAGE }]);
}

function publicReminder(reminder: ComputedReminder | undefined): Vehicle['nextMaintenance'] {
  if (!reminder) return null;
  const { tier: _tier, dueKey: _dueKey, ...visible } = reminder;
  return visible;
}

export function toVehicle(row: VehicleRow, reminder: ComputedReminder | undefined, models: ReadonlyMap<number, VehicleModelRef> = new Map()): Vehicle {
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
    modelId: row.model_id,
    vehicleModel: row.model_id === null ? null : (models.get(row.model_id) ?? null),
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
  const models = await vehicleModelRefs(db, rows.map((row) => row.model_id));
  return rows.map((row) => toVehicle(row, reminders.get(row.id), models));
}

export async function getVehicle(db: Kysely<Database>, userId: number, vehicleId: number, now: Date): Promise<Vehicle> {
  const row = await findOwnVehicleRow(db, userId, vehicleId);
  if (!row) throw vehicleNotFound();
  const reminders = await remindersFor(db, [row], now);
  return toVehicle(row, reminders.get(row.id), await vehicleModelRefs(db, [row.model_id]));
}

const toWh = (kwh: number | null): number | null => (kwh === null ? null : Math.round(kwh * 1000));

type NewVehicleData = Pick<VehicleData, 'type' | 'brand' | 'model' | 'licensePlate'> & Partial<VehicleData>;

function modelRefused(message: string): AppError {
  return new AppError(422, ERROR_CODES.VALIDATION_ERROR, message, [{ field: 'modelId', message }]);
}

/**
 * How a vehicle given without modelId is named: 'require' (the customer's own form) refuses typed names that match no
 * active model of its type (422, VEHICLE_MODEL_MESSAGE on `model`); 'match' (a booking's vehicle, checked before it
 * came here; a plate claim's, checked when claimed) keeps it without a model then.
 */
type TypedModel = 'require' | 'match';

/**
 * The vehicle's fields with its reference model: a chosen model (modelId) must exist, be active (unless the vehicle
 * already has it) and be of the vehicle's type, and writes its brand and model name; modelId null keeps none;
 * absent, the typed brand and model are matched to an active model of the type (the older forms, the booking's).
 * Without a chosen model, 'require' checks the typed name either way.
 */
async function withReferenceModel<T extends NewVehicleData>(db: Kysely<Database>, data: T, currentModelId: number | null, typed: TypedModel): Promise<T & { modelId: number | null }> {
  if (data.modelId === null || data.modelId === undefined) {
    const named = typed === 'require' ? await requireTypedVehicleModel(db, data, 'model') : null;
    if (data.modelId === null) return { ...data, modelId: null };
    if (named) return { ...data, modelId: named.id };
    const matched = await matchActiveVehicleModel(db, data.brand, data.model);
    return { ...data, modelId: matched && matched.type === data.type ? matched.id : null };
  }
  const chosen = await readVehicleModel(db, data.modelId);
  if (!chosen) throw modelRefused(vehicleModelMessages.notFound);
  if (chosen.is_active !== 1 && chosen.id !== currentModelId) throw modelRefused(vehicleModelMessages.inactive);
  if (chosen.type !== data.type) throw modelRefused(vehicleModelMessages.typeMismatch);
  return { ...data, brand: chosen.brand, model: modelTextOf(chosen), modelId: chosen.id };
}

/** The live vehicle holding a plate (any account), or undefined. */
export function liveVehicleWithPlate(db: Kysely<Database>, plate: string): Promise<Pick<VehicleRow, 'id' | 'user_id'> | undefined> {
  return db.selectFrom('vehicles').select(['id', 'user_id']).where('license_plate', '=', plate).where('deleted_at', 'is', null).executeTakeFirst();
}

/**
 * Inserts a vehicle and its first odometer reading unless a live vehicle already has the plate (the unique index
 * of migration 0023 decides, so two accounts adding one plate at once cannot both win): undefined then.
 */
export async function insertVehicle(
  db: Kysely<Database>,
  userId: number,
  given: NewVehicleData,
  now: Date,
  source: 'customer' | 'seed' = 'customer',
  typed: TypedModel = 'match',
): Promise<VehicleRow | undefined> {
  const data = await withReferenceModel(db, given, null, typed);
  const at = now.toISOString();
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
      model_id: data.modelId,
      created_at: at,
      updated_at: at,
    })
    .onConflict((conflict) => conflict.doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!row) return undefined;
  await db.insertInto('vehicle_odometer_readings').values({ vehicle_id: row.id, odometer_km: row.odometer_km, source, note: null, recorded_at: at }).execute();
  // Matched on write (one vehicle, one statement): the recall flag shows from the vehicle's first booking on.
  await matchRecallVehicles(db, { vehicleId: row.id }, now);
  return row;
}

/**
 * The vehicle of a booking or walk-in, added to the customer's account inside the caller's transaction when its
 * plate is free. A plate another account holds is never copied: id null, and the appointment keeps the plate
 * without a vehicle, as a guest's does. A plate the customer already holds gives that vehicle.
 */
export async function createVehicle(db: Kysely<Database> | Transaction<Database>, userId: number, data: NewVehicleData, now: Date): Promise<{ id: number | null }> {
  const row = await insertVehicle(db, userId, data, now);
  if (row) return { id: row.id };
  const holder = await liveVehicleWithPlate(db, data.licensePlate);
  return { id: holder && holder.user_id === userId ? holder.id : null };
}

/**
 * POST /vehicles: adds a customer's vehicle. 409 VEHICLE_PLATE_TAKEN for a plate they already have; for a plate
 * another account holds, 409 VEHICLE_PLATE_CLAIMED and a claim for staff (recorded after the transaction).
 */
export async function addCustomerVehicle(db: Kysely<Database>, userId: number, data: VehicleData, now: Date): Promise<VehicleRow> {
  const outcome = await inTransaction(db, async (trx) => {
    const row = await insertVehicle(trx, userId, data, now, 'customer', 'require');
    return { row, holder: row ? undefined : await liveVehicleWithPlate(trx, data.licensePlate) };
  });
  if (outcome.row) return outcome.row;
  const { holder } = outcome;
  if (!holder || holder.user_id === userId) throw plateTaken();
  await recordPlateClaim(db, { plate: data.licensePlate, claimantUserId: userId, claimantVehicleId: null, ownerVehicleId: holder.id, vehicleData: data, now });
  throw plateClaimed();
}

/** Thrown inside a transaction for a plate another account holds: the claim is written once it rolled back. */
class PlateHeldElsewhere extends Error {
  constructor(readonly ownerVehicleId: number) {
    super('plate held by another account');
  }
}

/**
 * Updates a vehicle. The odometer only goes up; a lower value needs a note (kept with the reading as a
 * correction), else 422. A new plate another account holds is 409 VEHICLE_PLATE_CLAIMED with a claim for staff.
 */
export async function updateVehicle(db: Kysely<Database>, userId: number, vehicleId: number, data: VehicleUpdateData, now: Date): Promise<void> {
  try {
    await inTransaction(db, (trx) => writeVehicleUpdate(trx, userId, vehicleId, data, now));
  } catch (error) {
    let ownerVehicleId: number | null = null;
    if (error instanceof PlateHeldElsewhere) ownerVehicleId = error.ownerVehicleId;
    else if (isUniqueViolation(error)) {
      // another account took the plate while this update ran
      const holder = await liveVehicleWithPlate(db, data.licensePlate);
      if (!holder || holder.user_id === userId) throw plateTaken();
      ownerVehicleId = holder.id;
    } else throw error;
    await recordPlateClaim(db, { plate: data.licensePlate, claimantUserId: userId, claimantVehicleId: vehicleId, ownerVehicleId, vehicleData: data, now });
    throw plateClaimed();
  }
}

async function writeVehicleUpdate(trx: Transaction<Database>, userId: number, vehicleId: number, given: VehicleUpdateData, now: Date): Promise<void> {
  const current = await findOwnVehicleRow(trx, userId, vehicleId);
  if (!current) throw vehicleNotFound();
  const data = await withReferenceModel(trx, given, current.model_id, 'require');
  const decrease = data.odometerKm < current.odometer_km;
  if (decrease && !data.odometerNote) {
    throw new AppError(422, ERROR_CODES.ODOMETER_DECREASE, ODOMETER_DECREASE_MESSAGE, [{ field: 'odometerNote', message: ODOMETER_DECREASE_MESSAGE }]);
  }
  const holder = await liveVehicleWithPlate(trx, data.licensePlate);
  if (holder && holder.id !== vehicleId) {
    if (holder.user_id === userId) throw plateTaken();
    throw new PlateHeldElsewhere(holder.id);
  }
  const at = now.toISOString();
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
      model_id: data.modelId,
      updated_at: at,
    })
    .where('id', '=', vehicleId)
    .execute();
  // A changed model, year or VIN may bring the vehicle into an active recall (a match already there stays).
  if (data.modelId !== current.model_id || data.year !== current.year || data.vin !== current.vin) await matchRecallVehicles(trx, { vehicleId }, now);
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
