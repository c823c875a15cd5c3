import { SLOT_MINUTES, vietnamDateOf, vietnamInstant } from 'shared-contracts/schemas';

/**
 * The schedule arithmetic of a centre, pure: 30-minute steps in Asia/Ho_Chi_Minh (UTC+7, no daylight saving)
 * stored as UTC instants. A service of D minutes starting at S occupies the ceil(D / 30) steps from S.
 */

export const SLOT_MS = SLOT_MINUTES * 60_000;

export interface OpeningHours {
  /** 'HH:MM' local time. */
  openTime: string;
  closeTime: string;
}

/** How many 30-minute steps a duration occupies (45 min → 2). */
export function stepCount(durationMinutes: number): number {
  return Math.max(1, Math.ceil(durationMinutes / SLOT_MINUTES));
}

/** The steps (UTC ISO strings) an appointment occupies, in time order. */
export function occupiedSteps(start: Date, durationMinutes: number): string[] {
  const steps: string[] = [];
  for (let index = 0; index < stepCount(durationMinutes); index += 1) {
    steps.push(new Date(start.getTime() + index * SLOT_MS).toISOString());
  }
  return steps;
}

/** The opening and closing instants of a centre on a Vietnamese date. */
export function openingInstants(date: string, hours: OpeningHours): { open: Date; close: Date } {
  return { open: vietnamInstant(date, hours.openTime), close: vietnamInstant(date, hours.closeTime) };
}

/** Every slot start of a day, from opening to the last 30 minutes before closing. */
export function daySlotStarts(date: string, hours: OpeningHours): Date[] {
  const { open, close } = openingInstants(date, hours);
  const starts: Date[] = [];
  for (let at = open.getTime(); at + SLOT_MS <= close.getTime(); at += SLOT_MS) starts.push(new Date(at));
  return starts;
}

/** On a 30-minute boundary of Vietnamese time (whole seconds). */
export function isOnSlotBoundary(start: Date): boolean {
  return start.getTime() % SLOT_MS === 0;
}

/** The service fits between opening and closing on the Vietnamese date it starts. */
export function fitsOpeningHours(start: Date, durationMinutes: number, hours: OpeningHours): boolean {
  const { open, close } = openingInstants(vietnamDateOf(start), hours);
  return start.getTime() >= open.getTime() && start.getTime() + durationMinutes * 60_000 <= close.getTime();
}
