import { apiClient, type Outcome, readData, readOutcome } from 'shared-contracts';
import type { AssignmentResult, ServiceCentre, StaffRoster } from 'shared-contracts/schemas';

/** Staff management calls (spec back-office §7 A3). */
export const staffApi = {
  /** GET /centres */
  centres: (signal?: AbortSignal) => readData<ServiceCentre[]>(apiClient.get('/centres', { signal })),
  /** GET /admin/staff?centreId=: the centre's members and (admin) the unassigned ones. */
  roster: (centreId: number | undefined, signal?: AbortSignal) => readData<StaffRoster>(apiClient.get('/admin/staff', { query: { centreId }, signal })),
  /** POST /admin/staff/:userId/assignment {centreId}: assign or move; 409 HAS_ACTIVE_WORK. */
  assign: (userId: number, centreId: number): Promise<Outcome<AssignmentResult>> => readOutcome(apiClient.post(`/admin/staff/${userId}/assignment`, { centreId })),
  /** DELETE /admin/staff/:userId/assignment: 409 HAS_ACTIVE_WORK. */
  end: (userId: number): Promise<Outcome<AssignmentResult>> => readOutcome(apiClient.delete(`/admin/staff/${userId}/assignment`)),
};
