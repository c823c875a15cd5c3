import { apiClient, readData } from 'shared-contracts';
import type { Reconciliation } from 'shared-contracts/schemas';

const query = (from: string, to: string) => new URLSearchParams({ from, to }).toString();

/** The admin's daily reconciliation (GET /api/reconciliation) and its CSV paths. */
export const reconciliationApi = {
  load: (from: string, to: string, signal?: AbortSignal) => readData<Reconciliation>(apiClient.get(`/reconciliation?${query(from, to)}`, { signal })),
  csvPath: (from: string, to: string, view: 'days' | 'transactions') => `/api/reconciliation.csv?${query(from, to)}${view === 'transactions' ? '&view=transactions' : ''}`,
};
