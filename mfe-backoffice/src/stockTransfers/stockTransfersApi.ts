import { apiClient, type Outcome, readData, readOutcome } from 'shared-contracts';
import type { StockLocation, StockTransfer, StockTransferInput, StockTransferPage, StockTransferStatus } from 'shared-contracts/schemas';

export interface TransferListQuery {
  /** An admin's centre (source or destination); the others' own centre otherwise. */
  centreId?: number;
  status?: StockTransferStatus;
  page: number;
}

/** The stock transfers' calls (issue 34 §3): locations, the centre's transfers, create, receive, cancel. */
export const stockTransfersApi = {
  /** GET /stock-locations: the service centres and the online warehouse. */
  locations: (signal?: AbortSignal) => readData<StockLocation[]>(apiClient.get('/stock-locations', { signal })),
  /** GET /inventory/transfers?centreId=&status=&page=: newest first. */
  list: (query: TransferListQuery, signal?: AbortSignal) => readData<StockTransferPage>(apiClient.get('/inventory/transfers', { query: { ...query }, signal })),
  /** POST /inventory/transfers: the units leave the source at once (409 when it lacks them). */
  create: (input: StockTransferInput): Promise<Outcome<StockTransfer>> => readOutcome(apiClient.post('/inventory/transfers', input)),
  /** POST /inventory/transfers/:id/receive {version}. */
  receive: (id: number, version: number): Promise<Outcome<StockTransfer>> => readOutcome(apiClient.post(`/inventory/transfers/${id}/receive`, { version })),
  /** POST /inventory/transfers/:id/cancel {version}: the units go back to the source. */
  cancel: (id: number, version: number): Promise<Outcome<StockTransfer>> => readOutcome(apiClient.post(`/inventory/transfers/${id}/cancel`, { version })),
};

export type StockTransfersApi = typeof stockTransfersApi;
