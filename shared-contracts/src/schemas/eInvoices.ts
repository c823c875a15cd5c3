import { z } from 'zod';
import { E_INVOICE_ADJUSTMENT_MAX, E_INVOICE_KINDS, E_INVOICE_REASON_MAX, E_INVOICE_REASON_MIN, E_INVOICE_STATUSES } from '../backoffice/eInvoiceMachine';
import { isoInstantSchema } from './catalogue';
import { envelopeSchema } from './envelope';
import { idInput, integerInput, textInput } from './primitives';

/**
 * A sale's e-invoice (issue 64): issued from the ledger by the queue, seen by the customer on the order's or the visit's
 * page, and run by the owner at /admin/e-invoices (list, retry, adjustment, replacement, notice 04/SS-HĐĐT, the accountant's
 * export, the daily check "Bán hàng chưa có hóa đơn").
 */
export {
  E_INVOICE_ACTIONS,
  E_INVOICE_ADJUSTMENT_MAX,
  E_INVOICE_KIND_LABELS,
  E_INVOICE_KINDS,
  E_INVOICE_PAGE_SIZE,
  E_INVOICE_RANGE_MAX_DAYS,
  E_INVOICE_REASON_MAX,
  E_INVOICE_REASON_MIN,
  E_INVOICE_STATUS_LABELS,
  E_INVOICE_STATUSES,
  E_INVOICE_UNCOVERED_LIMIT,
  eInvoiceActionAllowed,
  type EInvoiceAction,
  type EInvoiceKind,
  type EInvoiceStanding,
  type EInvoiceStatus,
} from '../backoffice/eInvoiceMachine';

const positiveId = z.number().int().positive();

/** What the customer sees of one of their sale's invoices. */
export const customerEInvoiceSchema = z.object({
  id: positiveId,
  kind: z.enum(E_INVOICE_KINDS),
  kindLabel: z.string(),
  status: z.enum(E_INVOICE_STATUSES),
  statusLabel: z.string(),
  /** VND, VAT included (negative for an adjustment that gives money back). */
  gross: z.number().int(),
  series: z.string().nullable(),
  number: z.number().int().nullable(),
  /** Mã của cơ quan thuế. */
  taxAuthorityCode: z.string().nullable(),
  lookupCode: z.string().nullable(),
  lookupUrl: z.string().nullable(),
  issuedAt: isoInstantSchema.nullable(),
  /** GET it for the invoice's PDF (null until issued). */
  pdfUrl: z.string().nullable(),
});
export type CustomerEInvoice = z.infer<typeof customerEInvoiceSchema>;
export const customerEInvoiceListResponseSchema = envelopeSchema(z.object({ items: z.array(customerEInvoiceSchema) }));

/** One invoice of the owner's list. */
export const eInvoiceSchema = customerEInvoiceSchema.extend({
  saleKind: z.enum(['WEB_ORDER', 'SERVICE_INVOICE']),
  /** The web order's code (EV…) or the service invoice's (HD…). */
  saleCode: z.string(),
  centreName: z.string().nullable(),
  buyerName: z.string(),
  provider: z.string(),
  attempts: z.number().int().nonnegative(),
  lastError: z.string().nullable(),
  reason: z.string().nullable(),
  /** The invoice this one corrects (an adjustment's or a replacement's original). */
  correctsId: positiveId.nullable(),
  /** Replaced by a later invoice: only that one may be corrected further. */
  replaced: z.boolean(),
  /** Corrected by an adjustment (not cancelled): adjusted again, never replaced. */
  adjusted: z.boolean(),
  /** The amount it stands for now: its gross with its adjustments' (an adjustment's own gross). */
  netGross: z.number().int(),
  /** Notices 04/SS-HĐĐT recorded for it. */
  notices: z.array(z.object({ id: positiveId, reason: z.string(), at: isoInstantSchema, by: z.string() })),
  createdAt: isoInstantSchema,
  /** When the queue tries it next (null: not due, waiting for hand-over or for the owner). */
  nextAttemptAt: isoInstantSchema.nullable(),
});
export type EInvoice = z.infer<typeof eInvoiceSchema>;
export const eInvoiceResponseSchema = envelopeSchema(eInvoiceSchema);

const rangeText = z.string({ error: 'Vui lòng chọn ngày.' }).max(40, 'Ngày phải có dạng YYYY-MM-DD.');

/** GET /api/admin/e-invoices?status=&kind=&saleKind=&centreId=&from=&to=&page= (local dates, both included; ≤ 92 days). */
export const eInvoiceListQuerySchema = z.object({
  status: z.enum(E_INVOICE_STATUSES, { error: 'Trạng thái hóa đơn không hợp lệ.' }).optional(),
  kind: z.enum(E_INVOICE_KINDS, { error: 'Loại hóa đơn không hợp lệ.' }).optional(),
  saleKind: z.enum(['WEB_ORDER', 'SERVICE_INVOICE'], { error: 'Loại giao dịch không hợp lệ.' }).optional(),
  centreId: idInput('Trung tâm không hợp lệ.').optional(),
  from: rangeText.optional(),
  to: rangeText.optional(),
  page: integerInput({ message: 'Trang không hợp lệ.', min: 1, max: 10_000 }).optional(),
});
export type EInvoiceListQuery = z.input<typeof eInvoiceListQuerySchema>;

export const eInvoiceListSchema = z.object({
  items: z.array(eInvoiceSchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
  from: z.string(),
  to: z.string(),
});
export type EInvoiceList = z.infer<typeof eInvoiceListSchema>;
export const eInvoiceListResponseSchema = envelopeSchema(eInvoiceListSchema);

const reasonInput = textInput({ trim: true, multiline: true, error: 'Vui lòng nhập lý do.' })
  .min(E_INVOICE_REASON_MIN, `Lý do tối thiểu ${E_INVOICE_REASON_MIN} ký tự.`)
  .max(E_INVOICE_REASON_MAX, `Lý do tối đa ${E_INVOICE_REASON_MAX} ký tự.`);

/** POST /api/admin/e-invoices/:id/replace and /notice: the reason printed on the replacement or the notice. */
export const eInvoiceCorrectionInputSchema = z.object({ reason: reasonInput });
export type EInvoiceCorrectionInput = z.input<typeof eInvoiceCorrectionInputSchema>;

/**
 * POST /api/admin/e-invoices/:id/adjust: the owner's adjustment of an issued invoice whose amount was wrong — up
 * ("tăng") or down ("giảm") by a whole number of đồng — and the reason printed on it. A refund adjusts on its own.
 */
export const eInvoiceAdjustmentInputSchema = z.object({
  reason: reasonInput,
  direction: z.enum(['INCREASE', 'DECREASE'], { error: 'Vui lòng chọn điều chỉnh tăng hoặc giảm.' }),
  amount: integerInput({ message: `Số tiền điều chỉnh từ 1 ₫ đến 1.000.000.000 ₫.`, min: 1, max: E_INVOICE_ADJUSTMENT_MAX }),
});
export type EInvoiceAdjustmentInput = z.input<typeof eInvoiceAdjustmentInputSchema>;

/** A paid sale without its issued invoice past the grace period (the daily check "Bán hàng chưa có hóa đơn"). */
export const uncoveredSaleSchema = z.object({
  saleKind: z.enum(['WEB_ORDER', 'SERVICE_INVOICE']),
  saleCode: z.string(),
  paidAt: isoInstantSchema,
  amount: z.number().int(),
  /** The sale's invoice, when there is one not issued yet (null: none was queued). */
  invoiceId: positiveId.nullable(),
  status: z.enum(E_INVOICE_STATUSES).nullable(),
  lastError: z.string().nullable(),
});
export type UncoveredSale = z.infer<typeof uncoveredSaleSchema>;
export const uncoveredSalesSchema = z.object({ total: z.number().int().nonnegative(), items: z.array(uncoveredSaleSchema), checkedAt: isoInstantSchema, graceMinutes: z.number().int() });
export type UncoveredSales = z.infer<typeof uncoveredSalesSchema>;
export const uncoveredSalesResponseSchema = envelopeSchema(uncoveredSalesSchema);

/** GET /api/e-invoices/lookup/:code — what anyone holding the lookup code sees: the invoice, the buyer's name masked. */
export const eInvoiceLookupParamsSchema = z.object({ code: z.string().regex(/^[0-9A-Z]{6,40}$/, 'Mã tra cứu không hợp lệ.') });
export const eInvoiceLookupSchema = z.object({
  sellerName: z.string(),
  sellerTaxCode: z.string(),
  kindLabel: z.string(),
  series: z.string(),
  number: z.number().int(),
  issuedAt: isoInstantSchema,
  taxAuthorityCode: z.string().nullable(),
  gross: z.number().int(),
  /** The buyer's name with all but its first letters hidden. */
  buyer: z.string(),
});
export type EInvoiceLookup = z.infer<typeof eInvoiceLookupSchema>;
export const eInvoiceLookupResponseSchema = envelopeSchema(eInvoiceLookupSchema);

/** GET /api/admin/e-invoices/export?month=YYYY-MM — the accountant's zip of a month's issued invoices. */
export const eInvoiceExportQuerySchema = z.object({ month: z.string({ error: 'Vui lòng chọn tháng.' }).max(7, 'Tháng phải có dạng YYYY-MM.') });
export type EInvoiceExportQuery = z.input<typeof eInvoiceExportQuerySchema>;
