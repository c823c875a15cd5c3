import { formatCalendarDate, vietnamClockOf, vietnamDateOf } from 'shared-contracts/calendar';

/** dd/MM/yyyy HH:mm of an instant in Vietnam (the calendar's helpers: never an offset written by hand). */
export function formatCloseInstant(instant: string): string {
  return `${formatCalendarDate(vietnamDateOf(instant))} ${vietnamClockOf(instant)}`;
}

let grouping: Intl.NumberFormat | null = null;

/** What the counted field shows as it is typed: the digits grouped in the Vietnamese way (1.250.000). */
export function formatCountedInput(digits: string): string {
  if (digits === '') return '';
  grouping ??= new Intl.NumberFormat('vi-VN', { maximumFractionDigits: 0 });
  return grouping.format(Number(digits));
}

/** The digits of what was typed (dots, spaces and letters dropped), without leading zeros; '' when none. */
export function countedDigits(typed: string): string {
  const digits = typed.replace(/\D/g, '').replace(/^0+(?=\d)/, '');
  return digits.slice(0, 15);
}

/** A signed VND difference with its sign: +50.000 ₫, −50.000 ₫, 0 ₫. */
export function signedVnd(amount: number, format: (value: number) => string): string {
  if (amount > 0) return `+${format(amount)}`;
  if (amount < 0) return `−${format(-amount)}`;
  return format(0);
}
