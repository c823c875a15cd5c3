import { apiClient } from 'shared-contracts';
// Types only: the schemas are the API's (and the tests'); the page sends plain objects.
import type { DiagnosisDto, DiagnosisRequest } from 'shared-contracts/diagnostics';
import type { Vehicle } from 'shared-contracts/schemas';

interface Envelope<T> {
  success: true;
  message: string;
  data: T;
}

/**
 * The diagnostics page's calls (through the shared API client: /api, 10 s timeout, the session's Bearer token
 * when there is one). Failures throw the client's ApiError with the server's Vietnamese message.
 */
export const diagnosisApi = {
  /** POST /diagnostics: open to guests, rate-limited per address (429 with a Vietnamese message). */
  diagnose: async (request: DiagnosisRequest): Promise<DiagnosisDto> => (await apiClient.post<Envelope<DiagnosisDto>>('/diagnostics', request)).data,

  /** GET /vehicles: the logged-in customer's saved vehicles. */
  vehicles: async (signal?: AbortSignal): Promise<Vehicle[]> => (await apiClient.get<Envelope<Vehicle[]>>('/vehicles', { signal })).data,
};
