import { apiClient, readData } from 'shared-contracts';
import type { PartsDemand } from 'shared-contracts/schemas';

/** The horizons of the switch, in days (the API's PARTS_DEMAND_HORIZONS). */
export const PARTS_DEMAND_DAYS = [14, 30] as const;
export type PartsDemandDays = (typeof PARTS_DEMAND_DAYS)[number];

/** The manager's parts demand (spec predictive.md §4; api/src/modules/partsDemand/partsDemandRoutes.ts). */
export const partsDemandApi = {
  /** GET /manager/parts-demand?days=14|30 (&centreId= for an admin). */
  read: (days: PartsDemandDays, centreId: number | undefined, signal?: AbortSignal) =>
    readData<PartsDemand>(apiClient.get('/manager/parts-demand', { query: { days, centreId }, signal })),
};

export type PartsDemandApi = typeof partsDemandApi;
