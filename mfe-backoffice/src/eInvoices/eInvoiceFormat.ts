import { formatVnd } from 'shared-contracts';
import { formatCalendarDate, vietnamClockOf, vietnamDateOf } from 'shared-contracts/calendar';

/** dd/MM/yyyy HH:mm of an instant in Vietnam (Asia/Ho_Chi_Minh, through the calendar's helpers). */
export function formatInvoiceInstant(instant: string): string {
  return `${formatCalendarDate(vietnamDateOf(instant))} ${vietnamClockOf(instant)}`;
}

/** VND with its sign: an adjustment that gives money back is negative (−150.000 ₫). */
export function signedVnd(amount: number): string {
  return amount < 0 ? `−${formatVnd(-amount)}` : formatVnd(amount);
}

/** The API's path of a file URL it gave (/api/e-invoices/1/invoice.pdf → /e-invoices/1/invoice.pdf). */
export const apiPathOf = (url: string) => url.replace(/^\/api(?=\/)/, '');
