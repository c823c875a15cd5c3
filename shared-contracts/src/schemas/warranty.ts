import { z } from 'zod';
import {
  LINE_PAYERS,
  WARRANTY_CLAIM_STATUSES,
  WARRANTY_CREDIT_METHODS,
  WARRANTY_REPORT_MAX_MONTHS,
  type WarrantyClaimAction,
} from '../pricing/warrantyMachine';
import { vndSchema } from './catalogue';
import { envelopeSchema } from './envelope';
import { textInput } from './primitives';

/**
 * Warranty (issue 66 §5): a service-order line's payer (PUT /api/service-orders/:id/lines/:lineId/payer), and the
 * warranty claims to manufacturers (/api/warranty/claims, the report /api/warranty/report). The payer rule and the
 * claim machine are in shared-contracts/pricing (warrantyMachine), re-exported here.
 */

export * from '../pricing/warrantyMachine';

const version = z.number({ error: 'Phiên bản không hợp lệ.' }).int('Phiên bản không hợp lệ.').positive('Phiên bản không hợp lệ.');
const amount = (label: string) =>
  z.number({ error: `${label} không hợp lệ.` }).int(`${label} phải là số đồng nguyên.`).min(1, `${label} phải lớn hơn 0 ₫.`).max(2_000_000_000, `${label} quá lớn.`);
const reference = (label: string) =>
  textInput({ trim: true, error: `Vui lòng nhập ${label}.` }).min(2, `Vui lòng nhập ${label}.`).max(60, `${label} tối đa 60 ký tự.`);

/** PUT /api/service-orders/:id/lines/:lineId/payer: who pays the line, with the order's version. */
export const linePayerInputSchema = z.object({
  payer: z.enum(LINE_PAYERS, { error: 'Người trả không hợp lệ.' }),
  version,
});
export type LinePayerInput = z.infer<typeof linePayerInputSchema>;

/** PUT /api/warranty/claims/:id: a draft's failure description and the checklist photos it sends. */
export const warrantyDraftInputSchema = z.object({
  version,
  failureNote: textInput({ trim: true, multiline: true }).max(2000, 'Mô tả hư hỏng tối đa 2000 ký tự.'),
  photoIds: z.array(z.number().int().positive()).max(30, 'Tối đa 30 ảnh.'),
});
export type WarrantyDraftInput = z.infer<typeof warrantyDraftInputSchema>;

export const warrantySubmitInputSchema = z.object({ version });
export const warrantyApproveInputSchema = z.object({
  version,
  approvedAmount: amount('Số tiền hãng duyệt'),
  manufacturerReference: reference('số hồ sơ của hãng'),
});
export const warrantyRejectInputSchema = z.object({
  version,
  reason: textInput({ trim: true, multiline: true, error: 'Vui lòng nhập lý do hãng từ chối.' }).min(5, 'Lý do từ 5 ký tự.').max(500, 'Lý do tối đa 500 ký tự.'),
});
export const warrantyCreditInputSchema = z.object({
  version,
  amount: amount('Số tiền hãng trả'),
  method: z.enum(WARRANTY_CREDIT_METHODS, { error: 'Hình thức nhận tiền không hợp lệ.' }),
  reference: reference('mã chứng từ'),
});
export type WarrantyApproveInput = z.infer<typeof warrantyApproveInputSchema>;
export type WarrantyRejectInput = z.infer<typeof warrantyRejectInputSchema>;
export type WarrantyCreditInput = z.infer<typeof warrantyCreditInputSchema>;

export const warrantyClaimListQuerySchema = z.object({
  status: z.enum(WARRANTY_CLAIM_STATUSES, { error: 'Trạng thái không hợp lệ.' }).optional(),
  manufacturer: textInput({ trim: true }).max(80, 'Hãng tối đa 80 ký tự.').optional(),
});

const month = (label: string) => z.string({ error: `${label} không hợp lệ.` }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, `${label} phải theo dạng yyyy-MM.`);
/** GET /api/warranty/report?from=yyyy-MM&to=yyyy-MM: both included, at most WARRANTY_REPORT_MAX_MONTHS months. */
export const warrantyReportQuerySchema = z
  .object({ from: month('Tháng bắt đầu'), to: month('Tháng kết thúc') })
  .refine((query) => query.to >= query.from, { message: 'Tháng kết thúc phải từ tháng bắt đầu trở đi.', path: ['to'] })
  .refine((query) => monthsBetween(query.from, query.to) <= WARRANTY_REPORT_MAX_MONTHS, {
    message: `Báo cáo tối đa ${WARRANTY_REPORT_MAX_MONTHS} tháng.`,
    path: ['to'],
  });

/** How many months 'yyyy-MM' from … to span, both included. */
export function monthsBetween(from: string, to: string): number {
  const [fy, fm] = from.split('-').map(Number) as [number, number];
  const [ty, tm] = to.split('-').map(Number) as [number, number];
  return (ty - fy) * 12 + (tm - fm) + 1;
}

export const warrantyClaimLineSchema = z.object({
  kind: z.enum(['service', 'part']),
  name: z.string(),
  quantity: z.number().int(),
  unitPrice: vndSchema,
  lineTotal: vndSchema,
});

export const warrantyClaimPhotoSchema = z.object({ id: z.number().int().positive(), url: z.string(), itemLabel: z.string() });

export const warrantyClaimSummarySchema = z.object({
  id: z.number().int().positive(),
  code: z.string(),
  status: z.enum(WARRANTY_CLAIM_STATUSES),
  statusLabel: z.string(),
  manufacturer: z.string(),
  centreId: z.number().int().positive(),
  centreName: z.string(),
  serviceOrderCode: z.string(),
  vehicleLabel: z.string(),
  licensePlate: z.string(),
  claimedAmount: vndSchema,
  approvedAmount: vndSchema.nullable(),
  creditedAmount: vndSchema.nullable(),
  createdAt: z.string(),
  version: z.number().int().positive(),
});
export type WarrantyClaimSummary = z.infer<typeof warrantyClaimSummarySchema>;

export const warrantyClaimSchema = warrantyClaimSummarySchema.extend({
  serviceOrderId: z.number().int().positive(),
  invoiceCode: z.string().nullable(),
  vin: z.string().nullable(),
  odometerKm: z.number().int().nonnegative(),
  failureNote: z.string(),
  lines: z.array(warrantyClaimLineSchema),
  partsAmount: vndSchema,
  labourAmount: vndSchema,
  manufacturerReference: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  creditMethod: z.enum(WARRANTY_CREDIT_METHODS).nullable(),
  creditReference: z.string().nullable(),
  /** The photos sent with the claim, and (while a draft) every photo of the order's checklist to choose from. */
  photos: z.array(warrantyClaimPhotoSchema),
  orderPhotos: z.array(warrantyClaimPhotoSchema),
  history: z.array(z.object({ at: z.string(), status: z.enum(WARRANTY_CLAIM_STATUSES), statusLabel: z.string(), by: z.string().nullable(), note: z.string().nullable() })),
  actions: z.array(z.custom<WarrantyClaimAction>((value) => typeof value === 'string')),
});
export type WarrantyClaim = z.infer<typeof warrantyClaimSchema>;

export const warrantyClaimResponseSchema = envelopeSchema(warrantyClaimSchema);
export const warrantyClaimListResponseSchema = envelopeSchema(z.object({ items: z.array(warrantyClaimSummarySchema) }));

/** One manufacturer's claims submitted in one month: counts and ₫ by outcome. */
export const warrantyReportRowSchema = z.object({
  manufacturer: z.string(),
  month: z.string(),
  submitted: z.number().int().nonnegative(),
  claimedAmount: vndSchema,
  approved: z.number().int().nonnegative(),
  approvedAmount: vndSchema,
  rejected: z.number().int().nonnegative(),
  rejectedAmount: vndSchema,
  creditedAmount: vndSchema,
  /** Approved and not yet credited. */
  outstandingAmount: vndSchema,
});
export type WarrantyReportRow = z.infer<typeof warrantyReportRowSchema>;
export const warrantyReportSchema = z.object({ from: z.string(), to: z.string(), rows: z.array(warrantyReportRowSchema), drafts: z.number().int().nonnegative() });
export type WarrantyReport = z.infer<typeof warrantyReportSchema>;
export const warrantyReportResponseSchema = envelopeSchema(warrantyReportSchema);
