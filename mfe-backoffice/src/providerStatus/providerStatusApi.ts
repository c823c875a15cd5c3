import { apiClient, readData } from 'shared-contracts';
import type { ProviderStatusList } from 'shared-contracts/schemas';

/** The outside providers' status (api/src/modules/providerHealth/providerHealthRoutes.ts). */
export const providerStatusApi = {
  /** GET /admin/provider-status (admin only): each provider's setup, its breaker and the messages waiting for it. */
  read: (signal?: AbortSignal): Promise<ProviderStatusList> => readData<ProviderStatusList>(apiClient.get('/admin/provider-status', { signal })),
};
