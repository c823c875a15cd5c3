import { apiClient, type Outcome, readData, readOutcome } from 'shared-contracts';
import type { ReleaseApp, ReleaseAppOverview, ReleaseMoveInput, ReleaseState, ReleaseToken, ReleaseTokenInput, RollbackInput, StartCanaryInput } from 'shared-contracts/schemas';

/** GET /api/admin/releases: the shell and every remote, and the shared-contracts version the API runs. */
export interface ReleaseOverview {
  apps: ReleaseAppOverview[];
  contractsVersion: string;
}

/** A token as it is created: the token itself is answered this once. */
export type CreatedReleaseToken = ReleaseToken & { token: string };

const appPath = (app: ReleaseApp, action: string) => `/releases/${app}/${action}`;

/**
 * The release registry (issue 68, decision 0070) as an admin uses it. Every move carries the app's release version
 * shown (409 when it moved meanwhile) and answers the app's state with the server's message.
 */
export const releasesApi = {
  overview: (signal?: AbortSignal) => readData<ReleaseOverview>(apiClient.get('/admin/releases', { signal })),
  /** A published build to a share of browsers (1–99 %); the canary's own build again changes its share. */
  canary: (app: ReleaseApp, input: StartCanaryInput): Promise<Outcome<ReleaseState>> => readOutcome(apiClient.post(appPath(app, 'canary'), input)),
  promote: (app: ReleaseApp, input: ReleaseMoveInput): Promise<Outcome<ReleaseState>> => readOutcome(apiClient.post(appPath(app, 'promote'), input)),
  /** To the named build, else (no buildId) to the live build before this one. */
  rollback: (app: ReleaseApp, input: RollbackInput): Promise<Outcome<ReleaseState>> => readOutcome(apiClient.post(appPath(app, 'rollback'), input)),
  stopCanary: (app: ReleaseApp, input: ReleaseMoveInput): Promise<Outcome<ReleaseState>> => readOutcome(apiClient.post(appPath(app, 'canary/stop'), input)),
  createToken: (input: ReleaseTokenInput): Promise<Outcome<CreatedReleaseToken>> => readOutcome(apiClient.post('/admin/releases/tokens', input)),
  revokeToken: (id: number): Promise<Outcome<ReleaseToken>> => readOutcome(apiClient.post(`/admin/releases/tokens/${id}/revoke`)),
};
