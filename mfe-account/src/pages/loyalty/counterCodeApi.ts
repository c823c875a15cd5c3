import { apiClient, readData } from 'shared-contracts';
import type { LoyaltyCounterCode } from 'shared-contracts/schemas';

/** POST /loyalty/me/counter-code: a new 6-digit code (and its QR) for spending points at the service counter. */
export const counterCodeApi = {
  issue: () => readData<LoyaltyCounterCode>(apiClient.post('/loyalty/me/counter-code', {})),
};
