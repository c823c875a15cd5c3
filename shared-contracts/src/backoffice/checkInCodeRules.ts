/**
 * QR check-in (issue 49), zod-free for the counter's bundle: a scanned code starts with the prefix, so the day
 * view's search box tells it from a name or a plate.
 */
export const CHECK_IN_CODE_PREFIX = 'EVCI1.';
export const CHECK_IN_CODE_MAX = 200;

export function looksLikeCheckInCode(value: string): boolean {
  return value.trim().toUpperCase().startsWith(CHECK_IN_CODE_PREFIX);
}

/** The day view's query that opens an appointment's check-in (the resolve route answers it as checkInPath). */
export const CHECK_IN_QUERY_PARAM = 'checkIn';

