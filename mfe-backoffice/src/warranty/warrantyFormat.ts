import { formatCalendarDate, vietnamClockOf, vietnamDateOf } from 'shared-contracts/calendar';

/** dd/MM/yyyy HH:mm of an instant in Vietnam (the calendar's helpers: never an offset written by hand). */
export function formatClaimInstant(instant: string): string {
  return `${formatCalendarDate(vietnamDateOf(instant))} ${vietnamClockOf(instant)}`;
}

/** 'yyyy-MM' → MM/yyyy. */
export function formatMonth(month: string): string {
  const [year, index] = month.split('-');
  return `${index}/${year}`;
}

/** The month 'yyyy-MM' an instant falls in, in Vietnam. */
export function vietnamMonthOfInstant(now: Date): string {
  return vietnamDateOf(now).slice(0, 7);
}

/** 'yyyy-MM' plus whole months ('2026-02', -3 → '2025-11'). */
export function addMonths(month: string, months: number): string {
  const [year, index] = month.split('-').map(Number) as [number, number];
  const total = year * 12 + (index - 1) + months;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}`;
}

/** How many months 'yyyy-MM' from … to span, both included (0 or less when `to` is before `from`). */
export function monthSpan(from: string, to: string): number {
  const [fromYear, fromIndex] = from.split('-').map(Number) as [number, number];
  const [toYear, toIndex] = to.split('-').map(Number) as [number, number];
  return (toYear - fromYear) * 12 + (toIndex - fromIndex) + 1;
}

/** The report's default span: the last 6 months, this month (Vietnam) included. */
export function defaultReportSpan(now: Date = new Date()): { from: string; to: string } {
  const to = vietnamMonthOfInstant(now);
  return { from: addMonths(to, -5), to };
}

/** The whole đồng typed in an amount field (dots, spaces, '₫' dropped), or null when there is none. */
export function amountOf(typed: string): number | null {
  const digits = typed.replace(/\D/g, '');
  return digits === '' ? null : Number(digits.slice(0, 12));
}
