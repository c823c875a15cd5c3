import { apiClient, type Outcome, readData, readOutcome } from 'shared-contracts';
import type { FreePartLine, FreePartLineCreateInput } from 'shared-contracts/schemas';

/** The technician's parts outside the catalogue (issue 36): described, not chosen; the parts desk resolves them. */
export const freePartLinesApi = {
  /** GET /technician/parts-free-lines: my described parts on the orders still on the floor, newest first. */
  mine: (signal?: AbortSignal) => readData<FreePartLine[]>(apiClient.get('/technician/parts-free-lines', { signal })),
  /** POST /technician/service-orders/:id/parts-free-lines: 201 with the line (OPEN). */
  create: (orderId: number, input: FreePartLineCreateInput): Promise<Outcome<FreePartLine>> =>
    readOutcome(apiClient.post(`/technician/service-orders/${orderId}/parts-free-lines`, input)),
};

export type FreePartLinesApi = typeof freePartLinesApi;
