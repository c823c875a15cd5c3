import { apiClient, type Outcome, readData, readOutcome } from 'shared-contracts';
import type { StockLocation, StockTransfer, StockTransferInput, StockTransferPage, StockTransferStatus } from 'shared-contracts/schemas';

export interface TransferListQuery {
  /** An admin's centre (source or destination); the others' own centre otherwise. */
  centreId?: number;
  status?: StockTransferStatus;
  page: number;
}

/**
 * The stock transfers' calls (issue 34 §3; requests issue 44 §3): locations, the centre's transfers, create, request,
 * and the actions on one (accept, decline, withdraw a request; receive, cancel a transfer in transit).
 */
export const stockTransfersApi = {
  /** GET /stock-locations: the service centres and the online warehouse. */
  locations: (signal?: AbortSignal) => readData<StockLocation[]>(apiClient.get('/stock-locations', { signal })),
  /** GET /inventory/transfers?centreId=&status=&page=: newest first. */
  list: (query: TransferListQuery, signal?: AbortSignal) => readData<StockTransferPage>(apiClient.get('/inventory/transfers', { query: { ...query }, signal })),
  /** POST /inventory/transfers: the units leave the source at once (409 when it lacks them). */
  create: (input: StockTransferInput): Promise<Outcome<StockTransfer>> => readOutcome(apiClient.post('/inventory/transfers', input)),
  /** POST /inventory/transfers/requests: the destination's manager asks another centre; nothing moves until it accepts. */
  request: (input: StockTransferInput): Promise<Outcome<StockTransfer>> => readOutcome(apiClient.post('/inventory/transfers/requests', input)),
  /** POST /inventory/transfers/:id/accept {version}: the units leave the source (409 when it lacks them). */
  accept: (id: number, version: number): Promise<Outcome<StockTransfer>> => readOutcome(apiClient.post(`/inventory/transfers/${id}/accept`, { version })),
  /** POST /inventory/transfers/:id/decline {version, reason}: nothing moves. */
  decline: (id: number, version: number, reason: string | null): Promise<Outcome<StockTransfer>> =>
    readOutcome(apiClient.post(`/inventory/transfers/${id}/decline`, { version, reason })),
  /** POST /inventory/transfers/:id/withdraw {version}: the requester takes the request back. */
  withdraw: (id: number, version: number): Promise<Outcome<StockTransfer>> => readOutcome(apiClient.post(`/inventory/transfers/${id}/withdraw`, { version })),
  /** POST /inventory/transfers/:id/receive {version}. */
  receive: (id: number, version: number): Promise<Outcome<StockTransfer>> => readOutcome(apiClient.post(`/inventory/transfers/${id}/receive`, { version })),
  /** POST /inventory/transfers/:id/cancel {version}: the units go back to the source. */
  cancel: (id: number, version: number): Promise<Outcome<StockTransfer>> => readOutcome(apiClient.post(`/inventory/transfers/${id}/cancel`, { version })),
};

export type StockTransfersApi = typeof stockTransfersApi;
