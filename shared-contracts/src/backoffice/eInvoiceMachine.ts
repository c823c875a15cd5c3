/**
 * A sale's e-invoice (issue 64) — defined once for the API (which enforces it) and the back office (which offers only
 * what it allows). zod-free, so the UI's chunks stay small.
 *
 * DRAFT      → SENDING    the queue claims it (a service at once; goods at hand-over; an adjustment once its original is issued)
 *            → CANCELLED  a web order cancelled before hand-over (never sold: no invoice)
 * SENDING    → ISSUED     the provider issued it (series, number, MCCQT, lookup code)
 *            → FAILED     a fault (retried with back-off) or a refusal (waits for the owner)
 * FAILED     → SENDING    the queue's next try, or the owner's "Gửi lại" (retry)
 * ISSUED     is final: never cancelled (Decree 123/2020 Art. 19); it is corrected by an adjustment or a replacement
 *            (a new invoice in its chain), or a notice 04/SS-HĐĐT for a slip of the buyer's name or address.
 */

export const E_INVOICE_STATUSES = ['DRAFT', 'SENDING', 'ISSUED', 'FAILED', 'CANCELLED'] as const;
export type EInvoiceStatus = (typeof E_INVOICE_STATUSES)[number];

export const E_INVOICE_STATUS_LABELS: Record<EInvoiceStatus, string> = {
  DRAFT: 'Chờ phát hành',
  SENDING: 'Đang gửi',
  ISSUED: 'Đã phát hành',
  FAILED: 'Lỗi',
  CANCELLED: 'Không phát hành',
};

export const E_INVOICE_KINDS = ['ORIGINAL', 'ADJUSTMENT', 'REPLACEMENT'] as const;
export type EInvoiceKind = (typeof E_INVOICE_KINDS)[number];

export const E_INVOICE_KIND_LABELS: Record<EInvoiceKind, string> = {
  ORIGINAL: 'Hóa đơn bán hàng',
  ADJUSTMENT: 'Hóa đơn điều chỉnh',
  REPLACEMENT: 'Hóa đơn thay thế',
};

/** The owner's actions on an invoice and the statuses each starts from. */
export const E_INVOICE_ACTIONS = {
  /** Send a failed invoice again now (same key: the provider issues it once). */
  retry: { from: ['FAILED'] as readonly EInvoiceStatus[], label: 'Gửi lại' },
  /** Issue a replacement of an issued invoice (a wrong price or buyer), with a reason. */
  replace: { from: ['ISSUED'] as readonly EInvoiceStatus[], label: 'Lập hóa đơn thay thế' },
  /** Record a notice 04/SS-HĐĐT of a slip in the buyer's name or address (no new invoice). */
  notice: { from: ['ISSUED'] as readonly EInvoiceStatus[], label: 'Thông báo sai sót (04/SS-HĐĐT)' },
} as const;
export type EInvoiceAction = keyof typeof E_INVOICE_ACTIONS;

/** Whether `action` is open to an invoice in `status` (a replaced invoice is not replaced twice: its replacement is). */
export function eInvoiceActionAllowed(action: EInvoiceAction, status: EInvoiceStatus, replaced = false): boolean {
  return E_INVOICE_ACTIONS[action].from.includes(status) && !(replaced && action !== 'retry');
}

/** A correction's reason: required, printed on the invoice or the notice. */
export const E_INVOICE_REASON_MIN = 5;
export const E_INVOICE_REASON_MAX = 300;
/** Invoices per page of the owner's list. */
export const E_INVOICE_PAGE_SIZE = 25;
/** The longest range of the list and of the accountant's export, in days. */
export const E_INVOICE_RANGE_MAX_DAYS = 92;
/** Sales listed at most by the daily check "Bán hàng chưa có hóa đơn" (the count is always whole). */
export const E_INVOICE_UNCOVERED_LIMIT = 100;
