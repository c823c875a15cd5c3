import { z } from 'zod';
import { CASH_CLOSE_COUNTED_MAX, CASH_CLOSE_REASON_MAX } from '../backoffice/cashCloseRules';
import { isoInstantSchema } from './catalogue';
import { envelopeSchema } from './envelope';
import { idInput, integerInput, textInput } from './primitives';

/**
 * The cashier's close per centre ("Chốt ca", issue 62). The open period of a centre runs from its last close (or
 * the start of the day for its first) to now; the cash the ledger expects in it is the cash taken at the desk
 * (sale_payments CASH/DESK of the centre's sales) minus the cash given back (payment_refunds CASH of them). The
 * clerk counts the drawer and records it with the expected total they saw; a difference needs a reason.
 */
export { CASH_CLOSE_CHANGE_KIND, CASH_CLOSE_COUNTED_MAX, CASH_CLOSE_HISTORY_LIMIT, CASH_CLOSE_LINES_LIMIT, CASH_CLOSE_RANGE_MAX_DAYS, CASH_CLOSE_REASON_MAX } from '../backoffice/cashCloseRules';

const positiveId = z.number().int().positive();
/** Signed VND (an expected total or a difference may be below zero). */
const signedVnd = z.number().int();
const person = z.object({ id: positiveId, fullName: z.string() });

/** One cash movement of the open period: money taken at the desk, or cash given back. */
export const cashCloseLineSchema = z.object({
  kind: z.enum(['PAYMENT', 'REFUND']),
  /** The web order's code (EV…) or the service invoice's (HD…). */
  code: z.string(),
  /** Positive VND; a REFUND lowers the expected cash. */
  amount: z.number().int().nonnegative(),
  /** The clerk who took or gave it; null when unknown. */
  by: person.nullable(),
  at: isoInstantSchema,
});
export type CashCloseLine = z.infer<typeof cashCloseLineSchema>;

/** A recorded close. */
export const cashCloseSchema = z.object({
  id: positiveId,
  centreId: positiveId,
  centreName: z.string(),
  periodFrom: isoInstantSchema,
  closedAt: isoInstantSchema,
  expected: signedVnd,
  counted: z.number().int().nonnegative(),
  /** counted − expected: above zero more cash than expected ("thừa"), below zero less ("thiếu"). */
  difference: signedVnd,
  reason: z.string().nullable(),
  paymentsCount: z.number().int().nonnegative(),
  refundsCount: z.number().int().nonnegative(),
  closedBy: person,
});
export type CashClose = z.infer<typeof cashCloseSchema>;

/** GET /api/cash-closes/current: the centre's open period. */
export const currentCashPeriodSchema = z.object({
  centreId: positiveId,
  centreName: z.string(),
  /** The last close's instant, or local 00:00 of today when the centre has none. */
  from: isoInstantSchema,
  /** true when `from` is the last close (false: the start of the day, the centre's first close). */
  sinceLastClose: z.boolean(),
  /** The instant the figures were read (now). */
  until: isoInstantSchema,
  expected: signedVnd,
  cashIn: z.number().int().nonnegative(),
  cashRefunded: z.number().int().nonnegative(),
  paymentsCount: z.number().int().nonnegative(),
  refundsCount: z.number().int().nonnegative(),
  /** Oldest first, at most CASH_CLOSE_LINES_LIMIT (then `linesTruncated`; the totals count every line). */
  lines: z.array(cashCloseLineSchema),
  linesTruncated: z.boolean(),
  lastClose: cashCloseSchema.nullable(),
});
export type CurrentCashPeriod = z.infer<typeof currentCashPeriodSchema>;

/** ?centreId= (an admin's choice of centre; staff and managers are held to theirs). */
export const cashCloseCentreQuerySchema = z.object({ centreId: idInput('Trung tâm không hợp lệ.').optional() });
export type CashCloseCentreQuery = z.input<typeof cashCloseCentreQuerySchema>;

/** POST /api/cash-closes: what the clerk counted, with the expected total and the period start they saw. */
export const cashCloseInputSchema = z.object({
  counted: integerInput({
    message: 'Số tiền đếm được phải là số nguyên (đồng).',
    typeMessage: 'Vui lòng nhập số tiền mặt đếm được.',
    min: 0,
    max: CASH_CLOSE_COUNTED_MAX,
    minMessage: 'Số tiền đếm được không được âm.',
    maxMessage: 'Số tiền đếm được tối đa 10.000.000.000 ₫.',
  }),
  /** Required when counted ≠ expected (the server decides: 422 CASH_CLOSE_REASON_REQUIRED). */
  reason: textInput({ trim: true, multiline: true, error: 'Lý do chênh lệch phải là chữ.' })
    .max(CASH_CLOSE_REASON_MAX, `Lý do chênh lệch tối đa ${CASH_CLOSE_REASON_MAX} ký tự.`)
    .nullish(),
  /** The expected total shown to the clerk: when the ledger's differs now, 409 CASH_CLOSE_EXPECTED_CHANGED. */
  expectedSeen: integerInput({
    message: 'Số tiền dự kiến không hợp lệ.',
    typeMessage: 'Thiếu số tiền dự kiến đã xem. Vui lòng tải lại trang.',
    min: -CASH_CLOSE_COUNTED_MAX,
    max: CASH_CLOSE_COUNTED_MAX,
  }),
  /** The period start shown (GET current's `from`): when another close has started a new one, 409 CASH_CLOSE_TAKEN. */
  periodFrom: isoInstantSchema.optional(),
});
export type CashCloseInput = z.input<typeof cashCloseInputSchema>;

const rangeText = z.string({ error: 'Vui lòng chọn ngày.' }).max(40, 'Ngày phải có dạng YYYY-MM-DD.');

/**
 * GET /api/cash-closes?from=&to=&centreId= : local dates (Asia/Ho_Chi_Minh), both included; default the last 7
 * days. The server checks the range as the reports do: a bad date, from > to or more than 92 days answers 422
 * DATE_RANGE_INVALID.
 */
export const cashCloseHistoryQuerySchema = z.object({ centreId: idInput('Trung tâm không hợp lệ.').optional(), from: rangeText.optional(), to: rangeText.optional() });
export type CashCloseHistoryQuery = z.input<typeof cashCloseHistoryQuerySchema>;

export const cashCloseHistorySchema = z.object({
  centreId: positiveId,
  centreName: z.string(),
  from: z.string(),
  to: z.string(),
  /** Newest first, at most CASH_CLOSE_HISTORY_LIMIT (then `truncated`). */
  items: z.array(cashCloseSchema),
  truncated: z.boolean(),
  totals: z.object({
    expected: signedVnd,
    counted: z.number().int().nonnegative(),
    difference: signedVnd,
    /** Closes whose count differed from the ledger. */
    withDifference: z.number().int().nonnegative(),
  }),
});
export type CashCloseHistory = z.infer<typeof cashCloseHistorySchema>;

export const currentCashPeriodResponseSchema = envelopeSchema(currentCashPeriodSchema);
export const cashCloseResponseSchema = envelopeSchema(cashCloseSchema);
export const cashCloseHistoryResponseSchema = envelopeSchema(cashCloseHistorySchema);
