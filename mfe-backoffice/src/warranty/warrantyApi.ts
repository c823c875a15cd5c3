import { apiClient, type Outcome, readData, readOutcome } from 'shared-contracts';
import type { WarrantyClaimStatus } from 'shared-contracts/pricing';
import type { WarrantyApproveInput, WarrantyClaim, WarrantyClaimSummary, WarrantyCreditInput, WarrantyDraftInput, WarrantyRejectInput, WarrantyReport } from 'shared-contracts/schemas';

const claimPath = (id: number) => `/warranty/claims/${id}`;

/**
 * Warranty claims to manufacturers (issue 66 §5): a manager's centre's, every centre's for an admin. Every write
 * carries the version shown and answers the claim as it is now with the server's message; 409 when it changed.
 */
export const warrantyApi = {
  /** GET /warranty/claims?status=: newest first, at most 200 ('' is every status). */
  list: (status: WarrantyClaimStatus | '', signal?: AbortSignal) =>
    readData<{ items: WarrantyClaimSummary[] }>(apiClient.get('/warranty/claims', { signal, query: { status } })).then((data) => data.items),
  /** GET /warranty/claims/:id: lines, photos, history, the actions open now (404 for another centre's). */
  detail: (id: number, signal?: AbortSignal) => readData<WarrantyClaim>(apiClient.get(claimPath(id), { signal })),
  /** PUT /warranty/claims/:id (DRAFT): the failure description and the photos sent with it. */
  saveDraft: (id: number, input: WarrantyDraftInput): Promise<Outcome<WarrantyClaim>> => readOutcome(apiClient.put(claimPath(id), input)),
  submit: (id: number, input: { version: number }): Promise<Outcome<WarrantyClaim>> => readOutcome(apiClient.post(`${claimPath(id)}/submit`, input)),
  approve: (id: number, input: WarrantyApproveInput): Promise<Outcome<WarrantyClaim>> => readOutcome(apiClient.post(`${claimPath(id)}/approve`, input)),
  reject: (id: number, input: WarrantyRejectInput): Promise<Outcome<WarrantyClaim>> => readOutcome(apiClient.post(`${claimPath(id)}/reject`, input)),
  credit: (id: number, input: WarrantyCreditInput): Promise<Outcome<WarrantyClaim>> => readOutcome(apiClient.post(`${claimPath(id)}/credit`, input)),
  /** GET /warranty/report?from=yyyy-MM&to=yyyy-MM: per manufacturer and month sent, and the drafts not sent yet. */
  report: (from: string, to: string, signal?: AbortSignal) => readData<WarrantyReport>(apiClient.get('/warranty/report', { signal, query: { from, to } })),
};
