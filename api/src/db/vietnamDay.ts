import { addCalendarDays, vietnamInstant } from 'shared-contracts/schemas';

/** [00:00, next 00:00) of a Vietnamese date, as UTC ISO instants. */
export function vietnamDayBounds(date: string): { from: string; to: string } {
  return { from: vietnamInstant(date, '00:00').toISOString(), to: vietnamInstant(addCalendarDays(date, 1), '00:00').toISOString() };
}
