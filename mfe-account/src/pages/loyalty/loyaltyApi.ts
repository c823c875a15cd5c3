import { ApiError, apiClient, readData } from 'shared-contracts';
import type { LoyaltySummary } from 'shared-contracts/schemas';

/** The signed-in customer's points (GET /api/loyalty/me): balance and its worth, the next lots to expire, the latest entries. */
export const loyaltyApi = {
  mine: (signal?: AbortSignal) => readData<LoyaltySummary>(apiClient.get('/loyalty/me', { signal })),
  /** The same for the dashboard's card: null while the API has no points to offer (404), and the card is left out. */
  mineIfOffered: async (signal?: AbortSignal): Promise<LoyaltySummary | null> => {
    try {
      return await loyaltyApi.mine(signal);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  },
};
