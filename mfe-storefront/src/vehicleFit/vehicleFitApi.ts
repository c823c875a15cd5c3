import { apiClient, readData } from 'shared-contracts';
import type { Vehicle, VehicleModelRecord } from 'shared-contracts/schemas';

/**
 * A model of GET /api/vehicle-models as the chooser, the booking's vehicle form and the diagnosis use it (variant null:
 * the base model; yearTo null: still made).
 */
export type ModelOption = Pick<VehicleModelRecord, 'id' | 'type' | 'brand' | 'model' | 'variant' | 'yearFrom' | 'yearTo' | 'active' | 'label'>;

/** A customer's saved vehicle as the chooser uses it (vehicleModel null: no model picked yet, so no fit can be asked for it). */
export type SavedVehicle = Pick<Vehicle, 'id' | 'brand' | 'year' | 'licensePlate' | 'nickname' | 'modelId' | 'vehicleModel'>;

/**
 * The chooser's calls (through the shared API client: /api, 10 s timeout, the session's Bearer token when there
 * is one). Failures throw the client's ApiError with the server's Vietnamese message.
 */
export const vehicleFitApi = {
  /** GET /api/vehicle-models (public): the reference models, every brand. */
  models: (signal?: AbortSignal) => readData<{ items: ModelOption[] }>(apiClient.get('/vehicle-models', { signal })).then((data) => data.items),
  /** GET /api/vehicles: the signed-in customer's saved vehicles. */
  savedVehicles: (signal?: AbortSignal) => readData<SavedVehicle[]>(apiClient.get('/vehicles', { signal })),
};

export type VehicleFitApi = typeof vehicleFitApi;
