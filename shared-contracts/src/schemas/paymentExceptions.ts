import { z } from 'zod';
import { addCalendarDays, isCalendarDate } from '../calendar';
import { REFUND_METHODS } from '../pricing/orderStatus';
import { PAYMENT_EXCEPTION_ACTIONS, PAYMENT_EXCEPTION_REASONS, PAYMENT_EXCEPTION_RESOLUTIONS } from '../pricing/paymentExceptionRules';
import { isoInstantSchema, vndSchema } from './catalogue';
import { envelopeSchema } from './envelope';
import { DB_INTEGER_MAX, integerInput, textInput } from './primitives';
import { calendarDateSchema } from './service';

/**
 * The payments exceptions queue (shop-operations §5, issue 35 §3): a bank transfer or payOS payment that did not
 * pay an order by itself (payment_transactions.outcome EXCEPTION) waits here until staff match it to an order,
 * reinstate the expired order it paid, refund it or dismiss it. Every action carries the transaction's `version`.
 */
export {
  COD_EXCEPTION_REASONS,
  PAYMENT_EXCEPTION_ACTIONS,
  PAYMENT_EXCEPTION_ACTION_LABELS,
  PAYMENT_EXCEPTION_CHANGE_KIND,
  PAYMENT_EXCEPTION_PROVIDER_LABELS,
  PAYMENT_EXCEPTION_REASONS,
  PAYMENT_EXCEPTION_REASON_LABELS,
  PAYMENT_EXCEPTION_RESOLUTIONS,
  PAYMENT_EXCEPTION_RESOLUTION_LABELS,
  availablePaymentExceptionActions,
  type PaymentExceptionAction,
  type PaymentExceptionFacts,
  type PaymentExceptionReason,
  type PaymentExceptionResolution,
} from '../pricing/paymentExceptionRules';

export const PAYMENT_EXCEPTION_PAGE_SIZE = 25;

/** GET /payment-exceptions */
export const paymentExceptionListQuerySchema = z.object({
  status: z.enum(['open', 'resolved'], { error: 'Trạng thái phải là "open" hoặc "resolved".' }).default('open'),
  page: integerInput({ message: 'Trang phải là số nguyên từ 1 đến 10000.', min: 1, max: 10_000 }).default(1),
});
export type PaymentExceptionListQuery = z.input<typeof paymentExceptionListQuerySchema>;

export const paymentExceptionIdParamsSchema = z.object({
  id: integerInput({ message: 'Mã giao dịch không hợp lệ.', positive: true }),
});

const suggestedOrderSchema = z.object({
  code: z.string().min(1),
  status: z.string().min(1),
  statusLabel: z.string().min(1),
  paymentStatus: z.string().min(1),
  paymentStatusLabel: z.string().min(1),
  total: vndSchema,
  recipientName: z.string().min(1),
});
export type PaymentExceptionOrder = z.infer<typeof suggestedOrderSchema>;

export const paymentExceptionEventSchema = z.object({
  action: z.string().min(1),
  actionLabel: z.string().min(1),
  actor: z.string().nullable(),
  note: z.string().nullable(),
  at: isoInstantSchema,
});

export const paymentExceptionRefundSchema = z.object({
  amount: vndSchema,
  method: z.enum(REFUND_METHODS),
  methodLabel: z.string().min(1),
  bankReference: z.string().nullable(),
  reason: z.string(),
  by: z.string().nullable(),
  at: isoInstantSchema,
});

export const paymentExceptionSchema = z.object({
  id: z.number().int().positive(),
  provider: z.string().min(1),
  providerLabel: z.string().min(1),
  providerRef: z.string(),
  amount: vndSchema,
  content: z.string(),
  bankReference: z.string().nullable(),
  transferredAt: isoInstantSchema.nullable(),
  receivedAt: isoInstantSchema,
  /** The order code read in the content (may be a typo: no such order). */
  orderCodeFound: z.string().nullable(),
  reason: z.enum(PAYMENT_EXCEPTION_REASONS).nullable(),
  reasonLabel: z.string(),
  /** The order it may belong to: the one the code names, else none. */
  order: suggestedOrderSchema.nullable(),
  /** The order was not named by the transfer: the only order of the desk waiting for exactly this amount. */
  orderSuggested: z.boolean(),
  resolution: z.enum(PAYMENT_EXCEPTION_RESOLUTIONS).nullable(),
  resolutionLabel: z.string().nullable(),
  resolvedBy: z.string().nullable(),
  resolvedAt: isoInstantSchema.nullable(),
  resolutionNote: z.string().nullable(),
  version: z.number().int().nonnegative(),
  availableActions: z.array(z.enum(PAYMENT_EXCEPTION_ACTIONS)),
});
export type PaymentException = z.infer<typeof paymentExceptionSchema>;

export const paymentExceptionDetailSchema = paymentExceptionSchema.extend({
  /** The body as the provider sent it. */
  rawPayload: z.string(),
  events: z.array(paymentExceptionEventSchema),
  refunds: z.array(paymentExceptionRefundSchema),
});
export type PaymentExceptionDetail = z.infer<typeof paymentExceptionDetailSchema>;

export const paymentExceptionListSchema = z.object({
  items: z.array(paymentExceptionSchema),
  hasMore: z.boolean(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
  /** Open exceptions in the caller's scope. */
  openCount: z.number().int().nonnegative(),
});
export type PaymentExceptionList = z.infer<typeof paymentExceptionListSchema>;

const versionInput = integerInput({ message: 'Phiên bản giao dịch không hợp lệ, vui lòng tải lại.', min: 0 });

/** POST /payment-exceptions/:id/match */
export const paymentExceptionMatchInputSchema = z.object({
  orderCode: textInput({ trim: true, error: 'Vui lòng nhập mã đơn hàng.' })
    .min(1, 'Vui lòng nhập mã đơn hàng.')
    .max(40, 'Mã đơn hàng tối đa 40 ký tự.')
    .transform((value) => value.replace(/\s+/g, '').toUpperCase()),
  version: versionInput,
});

/** POST /payment-exceptions/:id/reinstate */
export const paymentExceptionReinstateInputSchema = z.object({ version: versionInput });

/** POST /payment-exceptions/:id/refund */
export const paymentExceptionRefundInputSchema = z.object({
  amount: integerInput({ message: 'Số tiền hoàn phải là số nguyên dương (VND).', positive: true }),
  method: z.enum(REFUND_METHODS, { error: 'Vui lòng chọn hình thức hoàn tiền.' }),
  bankReference: textInput({ trim: true })
    .max(100, 'Mã giao dịch tối đa 100 ký tự.')
    .optional()
    .transform((value) => (value ? value : undefined)),
  reason: textInput({ trim: true, multiline: true, error: 'Vui lòng nhập lý do hoàn tiền.' })
    .min(5, 'Lý do hoàn tiền tối thiểu 5 ký tự.')
    .max(300, 'Lý do hoàn tiền tối đa 300 ký tự.'),
  version: versionInput,
});
export type PaymentExceptionRefundInput = z.input<typeof paymentExceptionRefundInputSchema>;

/** POST /payment-exceptions/:id/dismiss */
export const paymentExceptionDismissInputSchema = z.object({
  note: textInput({ trim: true, multiline: true, error: 'Vui lòng ghi lý do bỏ qua.' })
    .min(5, 'Lý do bỏ qua tối thiểu 5 ký tự.')
    .max(300, 'Lý do bỏ qua tối đa 300 ký tự.'),
  version: versionInput,
});

/**
 * POST /staff/web-orders/:code/transfers: a clerk records a transfer the bank statement shows for the order (where no
 * bank notification is configured). It goes through the webhook's matching: the exact total pays the order, any
 * other amount waits in the exceptions queue. The bank reference is the transfer's identity: once per reference.
 */
export const recordedTransferInputSchema = z.object({
  amount: integerInput({ message: 'Số tiền nhận được phải là số nguyên dương (VND).', positive: true, max: DB_INTEGER_MAX }),
  bankReference: textInput({ trim: true, error: 'Vui lòng nhập mã giao dịch ngân hàng.' })
    .min(3, 'Mã giao dịch ngân hàng tối thiểu 3 ký tự.')
    .max(60, 'Mã giao dịch ngân hàng tối đa 60 ký tự.'),
  transferredOn: calendarDateSchema,
});
export type RecordedTransferInput = z.input<typeof recordedTransferInputSchema>;
export const recordedTransferResponseSchema = envelopeSchema(z.object({ outcome: z.enum(['MATCHED', 'EXCEPTION']), orderCode: z.string().min(1) }));
export type RecordedTransferOutcome = { outcome: 'MATCHED' | 'EXCEPTION'; orderCode: string };

export const paymentExceptionListResponseSchema = envelopeSchema(paymentExceptionListSchema);
export const paymentExceptionDetailResponseSchema = envelopeSchema(paymentExceptionDetailSchema);

// ---------------------------------------------------------------------------------------------------------
// Daily reconciliation (admin)
// ---------------------------------------------------------------------------------------------------------

export const RECONCILIATION_MAX_DAYS = 92;

/** The range's own rules (from ≤ to, at most 92 days); zod still runs this when a date failed its check, so only two real dates are compared. */
function checkReconciliationRange(value: { from: string; to: string }, ctx: z.RefinementCtx): void {
  if (!isCalendarDate(value.from) || !isCalendarDate(value.to)) return;
  if (value.from > value.to) ctx.addIssue({ code: 'custom', path: ['from'], message: 'Ngày bắt đầu phải trước hoặc bằng ngày kết thúc.' });
  else if (addCalendarDays(value.from, RECONCILIATION_MAX_DAYS - 1) < value.to) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: `Khoảng ngày tối đa ${RECONCILIATION_MAX_DAYS} ngày.` });
  }
}

/** GET /reconciliation?from=&to= : local dates (Asia/Ho_Chi_Minh), `to` included, at most 92 days. */
export const reconciliationQuerySchema = z.object({ from: calendarDateSchema, to: calendarDateSchema }).superRefine(checkReconciliationRange);
export type ReconciliationQuery = z.input<typeof reconciliationQuerySchema>;

export const reconciliationDaySchema = z.object({
  date: calendarDateSchema,
  receivedCount: z.number().int().nonnegative(),
  receivedSum: vndSchema,
  matchedCount: z.number().int().nonnegative(),
  matchedSum: vndSchema,
  exceptionsOpen: z.number().int().nonnegative(),
  exceptionsResolved: z.number().int().nonnegative(),
  refundsSum: vndSchema,
});
export type ReconciliationDay = z.infer<typeof reconciliationDaySchema>;

export const reconciliationSchema = z.object({
  from: calendarDateSchema,
  to: calendarDateSchema,
  days: z.array(reconciliationDaySchema),
  totals: reconciliationDaySchema.omit({ date: true }),
});
export type Reconciliation = z.infer<typeof reconciliationSchema>;
export const reconciliationResponseSchema = envelopeSchema(reconciliationSchema);

/** GET /reconciliation.csv: the daily table (default), or every transaction of the range (to tick off a bank statement). */
export const RECONCILIATION_CSV_MAX_ROWS = 50_000;
export const reconciliationCsvQuerySchema = z
  .object({
    from: calendarDateSchema,
    to: calendarDateSchema,
    view: z.enum(['days', 'transactions'], { error: 'Kiểu tệp phải là "days" hoặc "transactions".' }).default('days'),
  })
  .superRefine(checkReconciliationRange);
