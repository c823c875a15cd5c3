import type { Availability } from 'shared-contracts/schemas';
import type { ApiError } from 'shared-contracts';
import { ERROR_CODES } from 'shared-contracts/errors';
import { isRecord } from '../../api/apiErrors';

/** A free slot the server proposed after a 409 SLOT_FULL. */
export interface NextSlot {
  start: string;
  time: string;
}

export type SlotsLoad = { status: 'loading' } | { status: 'ready'; availability: Availability } | { status: 'error'; message: string };

/** The `nextSlots` of a 409 SLOT_FULL answer (an empty list for anything else). */
export function nextSlotsOf(error: ApiError): NextSlot[] {
  if (error.status !== 409 || error.code !== ERROR_CODES.SLOT_FULL || !isRecord(error.body)) return [];
  const list = error.body.nextSlots;
  if (!Array.isArray(list)) return [];
  return list.filter((slot): slot is NextSlot => isRecord(slot) && typeof slot.start === 'string' && typeof slot.time === 'string');
}
