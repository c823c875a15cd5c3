import { isCalendarDate } from 'shared-contracts/calendar';

/** 'dd/MM/yyyy' as typed (day and month may have one digit) → 'yyyy-MM-dd' when it is a real date, else null. */
export function parseDisplayDate(text: string): string | null {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  if (!match) return null;
  const [, day, month, year] = match;
  const date = `${year}-${month!.padStart(2, '0')}-${day!.padStart(2, '0')}`;
  return isCalendarDate(date) ? date : null;
}
