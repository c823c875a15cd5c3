import { apiClient, readData } from 'shared-contracts';
import type { CashClose, CashCloseHistory, CashCloseInput, CurrentCashPeriod } from 'shared-contracts/schemas';

/** The "Chốt ca" page's calls (GET/POST /api/cash-closes…). */
export const cashClosesApi = {
  current: (signal?: AbortSignal) => readData<CurrentCashPeriod>(apiClient.get('/cash-closes/current', { signal })),
  close: (input: CashCloseInput) => readData<CashClose>(apiClient.post('/cash-closes', input)),
  history: (from: string, to: string, signal?: AbortSignal) =>
    readData<CashCloseHistory>(apiClient.get(`/cash-closes?${new URLSearchParams({ from, to }).toString()}`, { signal })),
};
