import { apiClient, readData } from 'shared-contracts';
import type { WebOrderActionInput, WebOrderDetail, WebOrderList } from 'shared-contracts/schemas';

/** The filters the desk sends (empty values left out). */
export interface DeskFilters {
  status?: string;
  paymentStatus?: string;
  paymentMethod?: string;
  fulfilment?: string;
  from?: string;
  to?: string;
  q?: string;
  page?: number;
}

const PAGE_SIZE = 25;

function queryOf(filters: DeskFilters): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value !== undefined && value !== '') params.set(key, String(value));
  params.set('pageSize', String(PAGE_SIZE));
  return params.toString();
}

/** The web-order desk's calls (GET/POST /api/staff/web-orders…). */
export const webOrdersApi = {
  list: (filters: DeskFilters, signal?: AbortSignal) => readData<WebOrderList>(apiClient.get(`/staff/web-orders?${queryOf(filters)}`, { signal })),
  detail: (code: string, signal?: AbortSignal) => readData<WebOrderDetail>(apiClient.get(`/staff/web-orders/${encodeURIComponent(code)}`, { signal })),
  act: (code: string, input: WebOrderActionInput) => readData<WebOrderDetail>(apiClient.post(`/staff/web-orders/${encodeURIComponent(code)}/actions`, input)),
  note: (code: string, text: string) => readData<WebOrderDetail>(apiClient.post(`/staff/web-orders/${encodeURIComponent(code)}/notes`, { text })),
};
