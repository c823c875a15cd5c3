import { apiClient, type Outcome, readData, readOutcome } from 'shared-contracts';
import type { PartsProduct, PartsRequest, PartsRequestCreateInput } from 'shared-contracts/schemas';

/** How many parts one search shows. */
export const PART_SEARCH_LIMIT = 20;

/**
 * The technician's parts requests (spec back-office §7 T4). My orders and an order's checklist come from
 * technicianApi (the queue and the order's detail).
 */
export const partsRequestsApi = {
  /** GET /technician/parts-requests: my requests on the orders still on the floor. */
  mine: (signal?: AbortSignal) => readData<PartsRequest[]>(apiClient.get('/technician/parts-requests', { signal })),
  /** GET /service-orders/:id/parts?q=&limit=: parts for the order's vehicle, compatible first, with the centre's availability. */
  searchParts: (orderId: number, q: string, signal?: AbortSignal) =>
    readData<PartsProduct[]>(apiClient.get(`/service-orders/${orderId}/parts`, { query: { q: q.trim() || undefined, limit: PART_SEARCH_LIMIT }, signal })),
  /** POST /technician/service-orders/:id/parts-requests: 201 with the request (REQUESTED). */
  create: (orderId: number, input: PartsRequestCreateInput): Promise<Outcome<PartsRequest>> =>
    readOutcome(apiClient.post(`/technician/service-orders/${orderId}/parts-requests`, input)),
};

export type PartsRequestsApi = typeof partsRequestsApi;
