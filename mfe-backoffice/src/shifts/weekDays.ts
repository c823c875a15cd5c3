import { addCalendarDays, vietnamDateOf, vietnamLocalDateTimeOf, withVietnamOffset } from 'shared-contracts/calendar';

/** The Monday of the week of a local date ('2026-11-26', a Thursday → '2026-11-23'). */
export function mondayOf(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addCalendarDays(date, -((weekday + 6) % 7));
}

/** The Monday of this week in Vietnam. */
export const thisWeekStart = (now: Date = new Date()): string => mondayOf(vietnamDateOf(now));

/** 'YYYY-MM-DD' → 'dd/MM'. */
export const dayMonth = (date: string): string => `${date.slice(8, 10)}/${date.slice(5, 7)}`;

/** Minutes between two 'HH:MM' times. */
export function minutesBetween(start: string, end: string): number {
  const toMinutes = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));
  return toMinutes(end) - toMinutes(start);
}

/** A datetime-local value ('YYYY-MM-DDTHH:mm', Vietnam wall clock) of an instant. */
export function localInputOf(instant: string): string {
  return vietnamLocalDateTimeOf(instant);
}

/** A datetime-local value (Vietnam wall clock) → the ISO instant with its offset the API takes; null if malformed. */
export function instantOfLocalInput(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null;
  const text = withVietnamOffset(value);
  return Number.isNaN(Date.parse(text)) ? null : text;
}
