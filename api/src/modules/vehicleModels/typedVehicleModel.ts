import type { Kysely } from 'kysely';
import { ERROR_CODES, VEHICLE_MODEL_MESSAGE, type VehicleType } from 'shared-contracts/schemas';
import type { Database } from '../../db/schema';
import type { VehicleModelRow } from '../../db/vehicleModelSchema';
import { AppError } from '../../http/appError';
import { matchVehicleModel } from '../../lib/vehicleModels';

/** A vehicle as a form types it, without a chosen reference model. */
export interface TypedVehicle {
  type: VehicleType;
  brand: string;
  model: string;
}

/**
 * The active model of the vehicle's type its typed brand and model name ('VinFast' + 'Evo 200' → VinFast Evo200,
 * 'VF 8 Plus' → the variant), or null. The brand's own rows first; a brand typed in another spelling ('vinfast')
 * is compared with every active model of the type.
 */
export async function matchTypedVehicleModel(db: Kysely<Database>, vehicle: TypedVehicle): Promise<VehicleModelRow | null> {
  const active = db.selectFrom('vehicle_models').selectAll().where('is_active', '=', 1).where('type', '=', vehicle.type);
  const rows = await active.where('brand', '=', vehicle.brand).execute();
  return matchVehicleModel(rows.length > 0 ? rows : await active.execute(), vehicle.brand, vehicle.model);
}

/**
 * The active model a vehicle given without `modelId` names (a booking's, a walk-in's, a form's): the forms offer the
 * reference table's models, so a name none of them has is refused, 422 with VEHICLE_MODEL_MESSAGE on `field`.
 */
export async function requireTypedVehicleModel(db: Kysely<Database>, vehicle: TypedVehicle, field: string): Promise<VehicleModelRow> {
  const matched = await matchTypedVehicleModel(db, vehicle);
  if (!matched) throw new AppError(422, ERROR_CODES.VALIDATION_ERROR, VEHICLE_MODEL_MESSAGE, [{ field, message: VEHICLE_MODEL_MESSAGE }]);
  return matched;
}
