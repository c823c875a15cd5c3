import { apiClient, readData } from 'shared-contracts';
import type { StaffRoster } from 'shared-contracts/schemas';

/** The manager's roster call (spec back-office §3 'Users: view centre roster'). */
export const rosterApi = {
  /** GET /admin/staff: a manager gets their own centre's members (read-only); no centreId is sent. */
  roster: (signal?: AbortSignal) => readData<StaffRoster>(apiClient.get('/admin/staff', { signal })),
};
