import { apiClient, readData } from 'shared-contracts';
import type { ModelVersionDto } from 'shared-contracts/diagnostics';

/** The model page's calls (spec predictive.md §4; api/src/modules/prediction/predictionRoutes.ts). */
export const predictionModelsApi = {
  /** GET /admin/models: the last training runs, newest first. */
  versions: async (signal?: AbortSignal): Promise<ModelVersionDto[]> =>
    (await readData<{ versions: ModelVersionDto[] }>(apiClient.get('/admin/models', { signal }))).versions,
  /** POST /admin/models/train → 202 {runId}; 409 TRAINING_IN_PROGRESS while a run is going. */
  train: (): Promise<{ runId: number }> => readData<{ runId: number }>(apiClient.post('/admin/models/train')),
};
