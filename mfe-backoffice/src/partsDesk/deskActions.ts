import { availablePartsRequestActions, type PartsRequestAction } from 'shared-contracts/backoffice';
import type { PartsRequest } from 'shared-contracts/schemas';
import type { Outcome } from 'shared-contracts';
import { partsDeskApi } from './partsDeskApi';

/** How the desk asks for an action: at once, after a confirmation, or with a short form. */
export type DeskActionForm = 'direct' | 'confirm' | 'reason' | 'note' | 'quantity';

export const DESK_ACTION_FORMS: Partial<Record<PartsRequestAction, DeskActionForm>> = {
  inScope: 'direct',
  sendToCustomer: 'direct',
  reserve: 'direct',
  issue: 'direct',
  withdraw: 'confirm',
  release: 'confirm',
  reject: 'reason',
  recordApprove: 'note',
  recordDecline: 'note',
  return: 'quantity',
};

/** What is left to return of an issued request. */
export const returnableOf = (request: Pick<PartsRequest, 'issuedQty' | 'returnedQty'>) => Math.max(0, request.issuedQty - request.returnedQty);

/**
 * The buttons the desk offers on a request: the shared machine's actions for the signed-in role (spec §2, §3),
 * kept only where the server's own list for this caller agrees, so a button is never one the server refuses.
 * Admin (read-only on the floor), technicians and customers get none here; the server's actions (expire,
 * orderCancelled) are never offered.
 */
export function deskActionsFor(request: Pick<PartsRequest, 'status' | 'issuedQty' | 'returnedQty' | 'availableActions'>, role: string | null): PartsRequestAction[] {
  if (role === null) return [];
  const server = new Set<string>(request.availableActions);
  return availablePartsRequestActions(request.status, role, { returnable: returnableOf(request) }).filter(
    (action) => DESK_ACTION_FORMS[action] !== undefined && server.has(action),
  );
}

/** What a form gathered for the action (a reason, a note, a quantity). */
export interface DeskActionInput {
  text?: string;
  quantity?: number;
}

/** Sends `action` on `request` with the version the desk showed. */
export function sendDeskAction(request: Pick<PartsRequest, 'id' | 'version'>, action: PartsRequestAction, input: DeskActionInput = {}): Promise<Outcome<PartsRequest>> {
  const { id, version } = request;
  switch (action) {
    case 'reject':
      return partsDeskApi.decide(id, { action: 'reject', version, reason: input.text ?? '' });
    case 'inScope':
    case 'sendToCustomer':
      return partsDeskApi.decide(id, { action, version });
    case 'recordApprove':
    case 'recordDecline':
      return partsDeskApi.phoneDecision(id, { version, decision: action === 'recordApprove' ? 'approve' : 'decline', note: input.text ?? '' });
    case 'withdraw':
    case 'reserve':
    case 'issue':
    case 'release':
      return partsDeskApi.step(id, action, version);
    case 'return':
      return partsDeskApi.returnParts(id, { version, quantity: input.quantity ?? 0, reason: input.text ? input.text : null });
    default:
      return Promise.reject(new Error(`[parts desk] ${action} is not a desk action`));
  }
}
