import { apiClient, readData } from 'shared-contracts';
import type { ResolvedCheckInCode } from 'shared-contracts/schemas';

/** POST /staff/check-in-codes/resolve: the appointment a scanned code opens (4xx with a Vietnamese message). */
export const checkInScanApi = {
  resolve: (code: string) => readData<ResolvedCheckInCode>(apiClient.post('/staff/check-in-codes/resolve', { code })),
};
