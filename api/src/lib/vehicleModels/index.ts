import { findVehicleModelByName } from 'shared-contracts/schemas';
import referenceRows from './reference/vehicleModels.json';

/**
 * The vehicle models' reference data (issue 66 §1): reference/vehicleModels.json, its sources in
 * reference/SOURCE.md. Free of the database and of the modules, so migration 0070 (and the demo seed) can use it;
 * once in the database the admin keeps the rows, and this file is only what the migration inserted.
 */
export interface ReferenceVehicleModel {
  slug: string;
  brand: string;
  model: string;
  /** '' = the base model. */
  variant: string;
  type: 'scooter' | 'motorbike' | 'car';
  yearFrom: number | null;
  yearTo: number | null;
  batteryWh: number | null;
  chemistry: string | null;
}

export const REFERENCE_VEHICLE_MODELS: readonly ReferenceVehicleModel[] = referenceRows as ReferenceVehicleModel[];

/**
 * The model a vehicle's typed brand and model name ('VinFast', 'Evo 200' → VinFast Evo200; 'VF 8 Plus' → the
 * variant; 'VF 8' → the base model), among `models` (each with its own brand, model and variant); null: none.
 */
export function matchVehicleModel<M extends { brand: string; model: string; variant: string }>(
  models: readonly M[],
  brand: string,
  modelText: string,
): M | null {
  return findVehicleModelByName(models, brand, modelText) ?? null;
}
