import { apiClient, type Outcome, readData, readOutcome } from 'shared-contracts';
import type { RecallCampaign, RecallCampaignInput, RecallCompletion, VehicleRecall } from 'shared-contracts/schemas';

/** The recall campaigns' calls (issue 66 §4). */
export const recallsApi = {
  /** GET /admin/recalls: every campaign with its counts per state. */
  list: (signal?: AbortSignal) => readData<{ items: RecallCampaign[] }>(apiClient.get('/admin/recalls', { signal })).then((data) => data.items),
  /** POST /admin/recalls: 201 with the campaign (matched, owners told); 409 for a code taken, 422 per field. */
  create: (input: RecallCampaignInput): Promise<Outcome<RecallCampaign>> => readOutcome(apiClient.post('/admin/recalls', input)),
  /** POST /admin/recalls/:id/close. */
  close: (id: number): Promise<Outcome<RecallCampaign>> => readOutcome(apiClient.post(`/admin/recalls/${id}/close`, {})),
  /** GET /recalls/vehicles/:id: the vehicle's open recalls (the counter, the technician). */
  ofVehicle: (vehicleId: number, signal?: AbortSignal) => readData<{ items: VehicleRecall[] }>(apiClient.get(`/recalls/vehicles/${vehicleId}`, { signal })).then((data) => data.items),
  /** GET /recalls/service-orders/:id: the open recalls of the work order's vehicle (the technician). */
  ofOrder: (orderId: number, signal?: AbortSignal) => readData<{ items: VehicleRecall[] }>(apiClient.get(`/recalls/service-orders/${orderId}`, { signal })).then((data) => data.items),
  /** POST /recalls/:campaignId/vehicles/:vehicleId/not-applicable (staff, manager): answers the vehicle's open recalls left. */
  markNotApplicable: (campaignId: number, vehicleId: number): Promise<Outcome<{ items: VehicleRecall[] }>> =>
    readOutcome(apiClient.post(`/recalls/${campaignId}/vehicles/${vehicleId}/not-applicable`, {})),
  /** GET /recalls/completion: per centre, remedies booked and done (the manager's centre; every centre for an admin). */
  completion: (signal?: AbortSignal) => readData<RecallCompletion>(apiClient.get('/recalls/completion', { signal })).then((data) => data.items),
};
