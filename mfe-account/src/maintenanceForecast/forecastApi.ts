import { ApiError, apiClient, messages } from 'shared-contracts';
// Types only: zod never ships in the account's chunks.
import type { VehicleForecastDto } from 'shared-contracts/diagnostics';
import { ensureSucceeded, envelopeData, isRecord } from '../api/envelope';

/**
 * GET /api/vehicles/:id/forecast: the owner's "Dự đoán bảo dưỡng" of one vehicle (spec predictive.md §4). Unwraps the
 * envelope and throws the API client's ApiError with its Vietnamese message (404 VEHICLE_NOT_FOUND for a vehicle that
 * is not the customer's, or no longer exists).
 */
export const forecastApi = {
  vehicleForecast: async (vehicleId: number, signal?: AbortSignal): Promise<VehicleForecastDto> => {
    const body = await apiClient.get(`/vehicles/${vehicleId}/forecast`, { signal });
    ensureSucceeded(body);
    const data = envelopeData(body);
    if (!isRecord(data) || !Array.isArray(data.components) || !('model' in data)) throw new ApiError(messages.errors.badResponse, 200, 'BAD_RESPONSE');
    return data as unknown as VehicleForecastDto;
  },
};
