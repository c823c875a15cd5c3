import { formatCalendarDate, HANDED_OVER_STATUSES, type OrderStatus } from 'shared-contracts/schemas';

/**
 * The legal rules of the shop's e-invoices, in one place so that a new decree is one change here.
 *
 * - Decree 123/2020/NĐ-CP, as amended by Decree 70/2025/NĐ-CP (in force 1 June 2025; guidance Circular 32/2025/TT-BTC),
 *   and Circular 78/2021/TT-BTC for the data format (Decision 1450/QĐ-TCT's XML).
 * - Art. 9(1): goods are invoiced when their ownership passes to the buyer (hand-over), paid or not.
 * - Art. 9(2): a service is invoiced when it is completed, paid or not (or when paid, if paid before completion).
 * - Art. 10: what an invoice must carry (seller's and buyer's names, addresses, tax codes where the buyer has one;
 *   lines with unit, quantity, unit price, amount before tax, VAT rate, VAT, total; the template and series, the number,
 *   the date; the tax authority's code for an invoice with one).
 * - Art. 19 (as amended): an issued invoice is never cancelled. A wrong amount, price, rate or buyer tax code is
 *   corrected by an adjustment invoice (the difference, negative for a reduction: a refund) or a replacement invoice;
 *   a slip of the buyer's name or address only, with the tax code right, by notifying the buyer (no new invoice), and
 *   form 04/SS-HĐĐT tells the tax authority of an invoice with errors.
 */

/** The web order's statuses at which the goods have passed to the buyer (Art. 9(1)): delivered, or collected at the centre. */
export const HANDED_OVER: readonly OrderStatus[] = HANDED_OVER_STATUSES;

/** A web order cancelled before hand-over was never sold: its draft invoice is not issued. */
export const NEVER_HANDED_OVER: readonly OrderStatus[] = ['CANCELLED'];

/**
 * How an invoice error is corrected (Art. 19), as the desk offers it (shared-contracts eInvoiceMachine enforces it):
 * the choices the owner has for each kind of error.
 */
export const CORRECTION_OF = {
  /** Money given back: the queue adjusts the invoice down by the refund (negative lines), on its own. */
  refund: ['ADJUSTMENT'],
  /** A wrong amount, price or rate: an adjustment up or down, or a replacement, as the seller chooses. */
  wrongAmount: ['ADJUSTMENT', 'REPLACEMENT'],
  /** A wrong buyer or buyer tax code: a replacement from the sale's corrected details. */
  wrongBuyerTaxCode: ['REPLACEMENT'],
  /** A slip of the buyer's name or address only (tax code right): a notice, no new invoice. */
  nameOrAddressSlip: ['NOTICE_04SS'],
  /** An invoice already adjusted is adjusted again, never replaced (the providers refuse it). */
  afterAnAdjustment: ['ADJUSTMENT'],
} as const;

/** What an adjustment invoice prints on its lines (Art. 19(2)(b): it names the invoice adjusted and why). */
export function adjustmentLineName(rate: number, original: { series: string; number: number; issuedOn: string }, increase = false): string {
  return `Điều chỉnh ${increase ? 'tăng' : 'giảm'} (thuế suất ${rate}%) cho hóa đơn ký hiệu ${original.series} số ${original.number} ngày ${formatCalendarDate(original.issuedOn)}`;
}

/** The invoice's payment method as the providers code it (Circular 78's HTTToan: TM cash, CK transfer, TM/CK either), from the receipt's Vietnamese label. */
export function paymentMethodCode(label: string): 'TM' | 'CK' | 'TM/CK' {
  const cash = /tiền mặt|khi nhận/i.test(label);
  const transfer = /chuyển khoản/i.test(label);
  return cash && !transfer ? 'TM' : transfer && !cash ? 'CK' : 'TM/CK';
}

/** Sends of one invoice before it waits for the owner (Bán hàng chưa có hóa đơn). */
export const E_INVOICE_MAX_ATTEMPTS = 8;

/** Retry back-off: 10 s, 20 s, 40 s … capped at 30 min. */
export function eInvoiceRetryDelayMs(attempt: number): number {
  return Math.min(10_000 * 2 ** Math.max(0, attempt - 1), 30 * 60_000);
}

/**
 * How long a paid and handed-over sale may go without its invoice before the daily check lists it: the invoice is due
 * the same day (Art. 9); the queue retries within minutes.
 */
export const E_INVOICE_GRACE_MS = 60 * 60_000;
