/** Whole minutes from an instant to now (never negative). */
export function minutesSince(instant: string, now: number): number {
  return Math.max(0, Math.floor((now - Date.parse(instant)) / 60_000));
}
