import { ApiError, apiClient, messages, readData } from 'shared-contracts';
import type { VehicleForecastDto } from 'shared-contracts/diagnostics';
import { isRecord } from '../api/apiErrors';

/**
 * GET /api/vehicles/:id/forecast: the owner's "Dự đoán bảo dưỡng" of one vehicle (spec predictive.md §4). Unwraps the
 * envelope and throws the API client's ApiError with its Vietnamese message (404 VEHICLE_NOT_FOUND for a vehicle that
 * is not the customer's, or no longer exists).
 */
export const forecastApi = {
  vehicleForecast: async (vehicleId: number, signal?: AbortSignal): Promise<VehicleForecastDto> => {
    const data = await readData<unknown>(apiClient.get(`/vehicles/${vehicleId}/forecast`, { signal }));
    if (!isRecord(data) || !Array.isArray(data.components) || !('model' in data)) throw new ApiError(messages.errors.badResponse, 200, 'BAD_RESPONSE');
    return data as unknown as VehicleForecastDto;
  },
};
