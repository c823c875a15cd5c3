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
 *            An adjustment itself is not corrected again: its sale's invoice is (another adjustment).
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
  /** Issue an adjustment of an issued invoice (a wrong amount on it: up or down), with a reason. */
  adjust: { from: ['ISSUED'] as readonly EInvoiceStatus[], label: 'Lập hóa đơn điều chỉnh' },
  /** Issue a replacement of an issued invoice (a wrong price or buyer), with a reason. */
  replace: { from: ['ISSUED'] as readonly EInvoiceStatus[], label: 'Lập hóa đơn thay thế' },
  /** Record a notice 04/SS-HĐĐT of a slip in the buyer's name or address (no new invoice). */
  notice: { from: ['ISSUED'] as readonly EInvoiceStatus[], label: 'Thông báo sai sót (04/SS-HĐĐT)' },
} as const;
export type EInvoiceAction = keyof typeof E_INVOICE_ACTIONS;

/** What decides an invoice's actions: its status and kind, whether it was replaced or adjusted. */
export interface EInvoiceStanding {
  status: EInvoiceStatus;
  kind: EInvoiceKind;
  replaced: boolean;
  adjusted: boolean;
}

/**
 * Whether `action` is open to `invoice`: a replaced invoice is corrected no more (its replacement is), an adjustment is
 * only sent again (a further correction adjusts its sale's invoice), and an adjusted invoice is adjusted again, never
 * replaced (the providers refuse it: MISA HasAdjustmentInvoice).
 */
export function eInvoiceActionAllowed(action: EInvoiceAction, invoice: EInvoiceStanding): boolean {
  if (!E_INVOICE_ACTIONS[action].from.includes(invoice.status)) return false;
  if (action === 'retry') return true;
  if (invoice.replaced || invoice.kind === 'ADJUSTMENT') return false;
  return !(action === 'replace' && invoice.adjusted);
}

/** A correction's reason: required, printed on the invoice or the notice. */
export const E_INVOICE_REASON_MIN = 5;
export const E_INVOICE_REASON_MAX = 300;
/** The most an owner's adjustment moves an invoice, either way (VND). */
export const E_INVOICE_ADJUSTMENT_MAX = 1_000_000_000;
/** Invoices per page of the owner's list. */
export const E_INVOICE_PAGE_SIZE = 25;
/** The longest range of the list and of the accountant's export, in days. */
export const E_INVOICE_RANGE_MAX_DAYS = 92;
/** Sales listed at most by the daily check "Bán hàng chưa có hóa đơn" (the count is always whole). */
export const E_INVOICE_UNCOVERED_LIMIT = 100;
