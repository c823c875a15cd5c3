import { apiClient, type Outcome, readData, readOutcome } from 'shared-contracts';
import type {
  PartsDesk,
  PartsRequest,
  PartsRequestDecisionInput,
  PartsRequestPhoneDecisionInput,
  PartsRequestReturnInput,
  PartsRequestStatus,
} from 'shared-contracts/schemas';

/** The steps that take only the version the desk saw. */
export type VersionedStep = 'withdraw' | 'reserve' | 'issue' | 'release';

const path = (id: number, step: string) => `/staff/parts-requests/${id}/${step}`;

/**
 * The parts desk's calls (spec back-office §2 parts request, §7 S6). Every write sends the version of the
 * request the desk showed (a stale one answers 409 PARTS_REQUEST_CHANGED) and answers the request as it is
 * now with the server's message.
 */
export const partsDeskApi = {
  /** GET /staff/parts-requests?status=: the centre's requests (no status: those of the orders on the floor). */
  desk: (status: PartsRequestStatus | undefined, signal?: AbortSignal) =>
    readData<PartsDesk>(apiClient.get('/staff/parts-requests', { query: { status }, signal })),
  /** GET /parts-requests/:id: one request, afresh (after a 409). */
  request: (id: number, signal?: AbortSignal) => readData<PartsRequest>(apiClient.get(`/parts-requests/${id}`, { signal })),
  /** POST …/decision {action: reject (reason) | inScope | sendToCustomer, version}. */
  decide: (id: number, input: PartsRequestDecisionInput): Promise<Outcome<PartsRequest>> => readOutcome(apiClient.post(path(id, 'decision'), input)),
  /** POST …/customer-decision {decision, note, version}: what the customer said on the phone. */
  phoneDecision: (id: number, input: PartsRequestPhoneDecisionInput): Promise<Outcome<PartsRequest>> =>
    readOutcome(apiClient.post(path(id, 'customer-decision'), input)),
  /** POST …/{withdraw|reserve|issue|release} {version}. */
  step: (id: number, step: VersionedStep, version: number): Promise<Outcome<PartsRequest>> => readOutcome(apiClient.post(path(id, step), { version })),
  /** POST …/return {version, quantity, reason?}. */
  returnParts: (id: number, input: PartsRequestReturnInput): Promise<Outcome<PartsRequest>> => readOutcome(apiClient.post(path(id, 'return'), input)),
};

export type PartsDeskApi = typeof partsDeskApi;
