import { ApiError, apiClient, messages, readData } from 'shared-contracts';
import type { VehicleRecall } from 'shared-contracts/schemas';
import { isRecord } from '../api/apiErrors';

/** The owner's vehicle's open recalls (GET /api/vehicles/:id/recalls; another's vehicle: 404). */
export const recallsApi = {
  ofVehicle: async (vehicleId: number, signal?: AbortSignal): Promise<VehicleRecall[]> => {
    const data = await readData<unknown>(apiClient.get(`/vehicles/${vehicleId}/recalls`, { signal }));
    if (!isRecord(data) || !Array.isArray(data.items)) throw new ApiError(messages.errors.badResponse, 200, 'BAD_RESPONSE');
    return data.items as VehicleRecall[];
  },
};
