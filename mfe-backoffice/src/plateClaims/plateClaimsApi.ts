import { apiClient, readData } from 'shared-contracts';
import type { PlateClaim, PlateClaimDecision } from 'shared-contracts/schemas';

/** Plate claims (api/src/modules/vehicles/plateClaimRoutes.ts). */
export const plateClaimsApi = {
  /** GET /staff/plate-claims: the pending claims, oldest first. */
  pending: (signal?: AbortSignal): Promise<PlateClaim[]> => readData<PlateClaim[]>(apiClient.get('/staff/plate-claims', { signal })),
  /** POST /staff/plate-claims/:id; 409 PLATE_CLAIM_RESOLVED when someone else decided first. */
  resolve: (id: number, decision: PlateClaimDecision): Promise<PlateClaim> => readData<PlateClaim>(apiClient.post(`/staff/plate-claims/${id}`, { decision })),
};
