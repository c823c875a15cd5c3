import { PARTS_REQUEST_STATUS_LABELS, type PartsRequestStatus } from 'shared-contracts/backoffice';
import { ApiError, errorDataOf } from 'shared-contracts';

/** What the technician pages read from a failed call: its Vietnamese message and the data some 409s carry. */

/** The server's (or the API client's) Vietnamese message, else the page's own. */
export function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}

export function codeOf(error: unknown): string | null {
  return error instanceof ApiError ? error.code : null;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** 409 ALREADY_CLOCKED_IN: the code of the order whose clock is running. */
export function activeOrderCodeOf(error: unknown): string | null {
  const code = errorDataOf(error)?.activeServiceOrderCode;
  return typeof code === 'string' && code !== '' ? code : null;
}

/** 409 CHECKLIST_INCOMPLETE: the labels of the items still unanswered (strings, or items with a label or code). */
export function pendingItemsOf(error: unknown): string[] {
  const items = errorDataOf(error)?.pendingItems;
  if (!Array.isArray(items)) return [];
  return items
    .map((item: unknown) => {
      if (typeof item === 'string') return item;
      if (isRecord(item)) {
        if (typeof item.label === 'string') return item.label;
        if (typeof item.code === 'string') return item.code;
      }
      return null;
    })
    .filter((label): label is string => label !== null && label !== '');
}

/** A parts request that holds up finishing (409 PARTS_PENDING's data). */
export interface PendingPartsRequest {
  id: number;
  name: string;
  status: string;
  /** A part outside the catalogue (its id is the line's, not a request's). */
  freeLine: boolean;
}

/** The parts requests of a PARTS_PENDING refusal (and parts outside the catalogue, `freeLine`), with their Vietnamese status. */
export function pendingPartsRequestsOf(error: unknown): PendingPartsRequest[] {
  const requests = errorDataOf(error)?.requests;
  if (!Array.isArray(requests)) return [];
  return requests.flatMap((request: unknown) => {
    if (!isRecord(request) || typeof request.id !== 'number' || typeof request.name !== 'string' || typeof request.status !== 'string') return [];
    const status = typeof request.statusLabel === 'string' ? request.statusLabel : (PARTS_REQUEST_STATUS_LABELS[request.status as PartsRequestStatus] ?? request.status);
    return [{ id: request.id, name: request.name, status, freeLine: request.freeLine === true }];
  });
}
