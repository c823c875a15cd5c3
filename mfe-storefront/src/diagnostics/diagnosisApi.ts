import { apiClient, readData } from 'shared-contracts';
import type { DiagnosisDto, DiagnosisRequest } from 'shared-contracts/diagnostics';
import type { Vehicle } from 'shared-contracts/schemas';


/**
 * The diagnostics page's calls (through the shared API client: /api, 10 s timeout, the session's Bearer token
 * when there is one). Failures throw the client's ApiError with the server's Vietnamese message.
 */
export const diagnosisApi = {
  /** POST /diagnostics: open to guests, rate-limited per address (429 with a Vietnamese message). */
  diagnose: (request: DiagnosisRequest): Promise<DiagnosisDto> => readData<DiagnosisDto>(apiClient.post('/diagnostics', request)),

  /** GET /vehicles: the logged-in customer's saved vehicles. */
  vehicles: (signal?: AbortSignal): Promise<Vehicle[]> => readData<Vehicle[]>(apiClient.get('/vehicles', { signal })),
};
