import { apiClient, type Outcome, readData, readOutcome } from 'shared-contracts';
import type { VehicleModelAdmin, VehicleModelAdminRecord, VehicleModelDelete, VehicleModelInput, VehicleType } from 'shared-contracts/schemas';

export interface VehicleModelsQuery {
  /** Accent-insensitive words over brand, model and variant ('' : all). */
  q: string;
  /** '' : every type. */
  type: VehicleType | '';
}

const PATH = '/admin/vehicle-models';

/** The admin's vehicle models (GET/POST /admin/vehicle-models, PUT/DELETE /admin/vehicle-models/:id). */
export const vehicleModelsApi = {
  /** Every model, inactive ones too, each with how many customers' vehicles name it. */
  list: (query: VehicleModelsQuery, signal?: AbortSignal) =>
    readData<{ items: VehicleModelAdmin[] }>(apiClient.get(PATH, { query: { q: query.q || undefined, type: query.type || undefined }, signal })).then((data) => data.items),
  /** 409: the same brand, model and variant exists already. */
  create: (input: VehicleModelInput): Promise<Outcome<VehicleModelAdminRecord>> => readOutcome(apiClient.post(PATH, input)),
  /** The whole model (active included: deactivate, reactivate); 409 as create. */
  save: (id: number, input: VehicleModelInput): Promise<Outcome<VehicleModelAdminRecord>> => readOutcome(apiClient.put(`${PATH}/${id}`, input)),
  /** Deleted when nothing names it, else deactivated (`deleted: false`). */
  remove: (id: number): Promise<Outcome<VehicleModelDelete>> => readOutcome(apiClient.delete(`${PATH}/${id}`)),
};
