import { apiClient, readData } from 'shared-contracts';
import type { BatteryVerify } from 'shared-contracts/schemas';

/** GET /battery-reports/verify/:code — public: a certificate's figures, model and date (404 with the API's message for a code that is not ours). */
export const batteryVerifyApi = {
  verify: (code: string, signal?: AbortSignal) => readData<BatteryVerify>(apiClient.get(`/battery-reports/verify/${encodeURIComponent(code)}`, { signal })),
};
