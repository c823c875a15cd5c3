import { formatCalendarDate, vietnamClockOf, vietnamDateOf } from 'shared-contracts/calendar';
import type { ReportTable } from 'shared-contracts/schemas';
import { NO_VALUE } from '../kpis';

type Kind = ReportTable['columns'][number]['kind'];
type Cell = ReportTable['rows'][number][string];

const vnd = new Intl.NumberFormat('vi-VN', { style: 'currency', currency: 'VND', maximumFractionDigits: 0 });
const number = new Intl.NumberFormat('vi-VN', { maximumFractionDigits: 2 });

/** A report cell as the screen shows it: VND, Vietnamese numbers, dd/MM/yyyy HH:mm local; '—' where empty. */
export function formatCell(kind: Kind, value: Cell | undefined): string {
  if (value === null || value === undefined || value === '') return NO_VALUE;
  switch (kind) {
    case 'money':
      return typeof value === 'number' ? vnd.format(value) : String(value);
    case 'number':
      return typeof value === 'number' ? number.format(value) : String(value);
    case 'datetime': {
      const instant = Date.parse(String(value));
      return Number.isNaN(instant) ? String(value) : `${formatCalendarDate(vietnamDateOf(instant))} ${vietnamClockOf(instant)}`;
    }
    default:
      return String(value);
  }
}

export const formatRowCount = (value: number) => number.format(value);
