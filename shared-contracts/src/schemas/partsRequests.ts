import { z } from 'zod';
import type { ErrorCode } from '../errors/errorCodes';
import {
  CUSTOMER_DECISION_VIAS,
  CUSTOMER_DECISIONS,
  PARTS_QUANTITY_MAX,
  PARTS_QUANTITY_MIN,
  PARTS_REASON_MAX,
  PARTS_REQUEST_STATUSES,
  type PartsRequestAction,
} from '../backoffice/partsRequestMachine';
import { REASON_MIN_LENGTH } from '../backoffice/serviceOrderMachine';
import { isoInstantSchema, vndSchema } from './catalogue';
import { DB_INTEGER_MAX, idInput, integerInput, textInput } from './primitives';
import { checklistResultSchema } from './service';

export * from '../backoffice/partsRequestMachine';

/**
 * Parts requests and the customer's approval of extra work (spec back-office.md §1–§6, work package 2): the
 * technician's request, the parts desk (staff decide, reserve, issue, return, release), the customer's
 * 'Cần bạn duyệt' card. One source for the API's validation and answers and the UIs' types. Money is integer
 * VND; instants are ISO 8601 UTC.
 *
 * This module does not import ./backoffice (which imports partsRequestSchema from here for the order's detail).
 */

const idSchema = idInput('Mã không hợp lệ.');
const positiveId = z.number().int().positive();

const QUANTITY_MESSAGE = `Số lượng phải là số nguyên từ ${PARTS_QUANTITY_MIN} đến ${PARTS_QUANTITY_MAX}.`;
/** A quantity of parts: a whole number 1..99 (a JSON number; a string of digits in a query). */
export const partsQuantitySchema = z
  .number({ error: 'Vui lòng nhập số lượng.' })
  .int({ message: QUANTITY_MESSAGE, abort: true })
  .min(PARTS_QUANTITY_MIN, QUANTITY_MESSAGE)
  .max(PARTS_QUANTITY_MAX, QUANTITY_MESSAGE);

const noteText = (required: string) =>
  textInput({ error: required, trim: true, multiline: true })
    .min(REASON_MIN_LENGTH, `Vui lòng ghi rõ (ít nhất ${REASON_MIN_LENGTH} ký tự).`)
    .max(PARTS_REASON_MAX, `Tối đa ${PARTS_REASON_MAX} ký tự.`);

const optionalNote = textInput({ trim: true, multiline: true })
  .max(PARTS_REASON_MAX, `Tối đa ${PARTS_REASON_MAX} ký tự.`)
  .nullish()
  .transform((value) => (value ? value : null));

/** The version of the request the client saw (a stale screen answers 409 PARTS_REQUEST_CHANGED). */
const versionSchema = z
  .number({ error: 'Thiếu phiên bản của yêu cầu, vui lòng tải lại.' })
  .int()
  .positive()
  .max(DB_INTEGER_MAX, 'Phiên bản của yêu cầu không hợp lệ, vui lòng tải lại.');

export const partsRequestStatusSchema = z.enum(PARTS_REQUEST_STATUSES, { error: 'Trạng thái yêu cầu phụ tùng không hợp lệ.' });
export const customerDecisionSchema = z.enum(CUSTOMER_DECISIONS, { error: 'Vui lòng chọn Đồng ý hoặc Từ chối.' });
export const customerDecisionViaSchema = z.enum(CUSTOMER_DECISION_VIAS);

// ---------------------------------------------------------------------------------------------------------
// Requests (inputs)

export const PARTS_REASON_REQUIRED_MESSAGE = 'Vui lòng nhập lý do cần phụ tùng (hoặc chọn mục kiểm tra không đạt).';

/**
 * POST /api/technician/service-orders/:id/parts-requests. Linked to a FAIL checklist item, the reason may be
 * left out: the item's note is used.
 */
export const partsRequestCreateInputSchema = z
  .object({
    productId: idSchema,
    quantity: partsQuantitySchema,
    reason: optionalNote,
    checklistItemId: idSchema.nullish().transform((value) => value ?? null),
  })
  .superRefine((value, context) => {
    if (value.checklistItemId === null && (value.reason ?? '').length < REASON_MIN_LENGTH) {
      context.addIssue({ code: 'custom', message: PARTS_REASON_REQUIRED_MESSAGE, path: ['reason'] });
    }
  });
export type PartsRequestCreateInput = z.input<typeof partsRequestCreateInputSchema>;

/** POST /api/staff/parts-requests/:id/decision: reject (reason), in scope, or send to the customer. */
export const partsRequestDecisionInputSchema = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('reject'), version: versionSchema, reason: noteText('Vui lòng nhập lý do từ chối.') }),
    z.object({ action: z.literal('inScope'), version: versionSchema }),
    z.object({ action: z.literal('sendToCustomer'), version: versionSchema }),
  ],
  { error: 'Quyết định không hợp lệ (reject, inScope hoặc sendToCustomer).' },
);
export type PartsRequestDecisionInput = z.input<typeof partsRequestDecisionInputSchema>;

/** POST /api/staff/parts-requests/:id/customer-decision: what the customer said on the phone (note required). */
export const partsRequestPhoneDecisionInputSchema = z.object({
  version: versionSchema,
  decision: customerDecisionSchema,
  note: noteText('Vui lòng ghi chú cuộc gọi với khách.'),
});
export type PartsRequestPhoneDecisionInput = z.input<typeof partsRequestPhoneDecisionInputSchema>;

/** POST /api/staff/parts-requests/:id/{reserve|issue|release|withdraw}. */
export const partsRequestVersionInputSchema = z.object({ version: versionSchema });

/** POST /api/staff/parts-requests/:id/return: part of what was issued comes back (≤ issued − returned). */
export const partsRequestReturnInputSchema = z.object({ version: versionSchema, quantity: partsQuantitySchema, reason: optionalNote });
export type PartsRequestReturnInput = z.input<typeof partsRequestReturnInputSchema>;

/** GET /api/staff/parts-requests: the parts desk; no status = the requests of the orders still on the floor. */
export const partsDeskQuerySchema = z.object({ centreId: idSchema.optional(), status: partsRequestStatusSchema.optional() });

/** GET /api/technician/parts-requests: my requests (optionally of one order). */
export const technicianPartsQuerySchema = z.object({ serviceOrderId: idSchema.optional() });

/** GET /api/service-orders/:id/parts?q=: parts for the order's vehicle (compatible first) with the centre's availability. */
export const partsSearchQuerySchema = z.object({
  q: textInput({ trim: true }).max(60, 'Từ khóa tối đa 60 ký tự.').optional(),
  limit: integerInput({ message: 'Số kết quả không hợp lệ.', min: 1, max: 50 }).optional(),
});

export const partsRequestParamsSchema = z.object({ id: idSchema });

// ---------------------------------------------------------------------------------------------------------
// Requests (answers)

export const partsAvailabilitySchema = z.object({
  onHand: z.number().int().nonnegative(),
  reserved: z.number().int().nonnegative(),
  /** on_hand − reserved at the order's centre. */
  available: z.number().int().nonnegative(),
});
export type PartsAvailability = z.infer<typeof partsAvailabilitySchema>;

export const partsRequestHistoryEntrySchema = z.object({
  at: isoInstantSchema,
  /** What happened ('Khách đồng ý (qua điện thoại)', 'Nhập trả kho'...). */
  label: z.string(),
  fromStatus: partsRequestStatusSchema.nullable(),
  toStatus: partsRequestStatusSchema,
  by: z.string().nullable(),
  note: z.string().nullable(),
  /** The quantity moved (a return). */
  quantity: z.number().int().positive().nullable(),
});
export type PartsRequestHistoryEntry = z.infer<typeof partsRequestHistoryEntrySchema>;

export const partsPhotoSchema = z.object({ url: z.string(), width: z.number().int().positive(), height: z.number().int().positive() });

/** The checklist finding a request is for (a FAIL item with its note and photos). */
export const partsFindingSchema = z.object({
  id: positiveId,
  code: z.string(),
  label: z.string(),
  result: checklistResultSchema.nullable(),
  note: z.string().nullable(),
  photos: z.array(partsPhotoSchema),
});
export type PartsFinding = z.infer<typeof partsFindingSchema>;

export const partsRequestSchema = z.object({
  id: positiveId,
  serviceOrder: z.object({ id: positiveId, code: z.string(), status: z.string(), licensePlate: z.string(), vehicleModel: z.string(), technicianName: z.string().nullable() }),
  product: z.object({ id: positiveId, sku: z.string(), name: z.string() }),
  quantity: z.number().int().positive(),
  /** The price when requested (products.price then). */
  unitPrice: vndSchema,
  lineTotal: vndSchema,
  reason: z.string(),
  finding: partsFindingSchema.nullable(),
  status: partsRequestStatusSchema,
  statusLabel: z.string(),
  /** true: approved as part of a booked service; false: sent to the customer; null: not decided. */
  inScope: z.boolean().nullable(),
  requestedBy: z.string().nullable(),
  requestedAt: isoInstantSchema,
  decidedBy: z.string().nullable(),
  decidedAt: isoInstantSchema.nullable(),
  /** Staff's reason for a rejection, or the customer's for a decline. */
  declineReason: z.string().nullable(),
  customerDecision: z
    .object({ decision: customerDecisionSchema, at: isoInstantSchema, via: customerDecisionViaSchema, note: z.string().nullable() })
    .nullable(),
  /** The customer's deadline while AWAITING_CUSTOMER. */
  expiresAt: isoInstantSchema.nullable(),
  issuedQty: z.number().int().nonnegative(),
  returnedQty: z.number().int().nonnegative(),
  /** At the order's centre now. */
  availability: partsAvailabilitySchema,
  history: z.array(partsRequestHistoryEntrySchema),
  version: z.number().int().positive(),
  /** What the caller may do now (shared machine and role). */
  availableActions: z.array(z.custom<PartsRequestAction>((value) => typeof value === 'string')),
});
export type PartsRequest = z.infer<typeof partsRequestSchema>;

export const partsDeskSchema = z.object({
  centre: z.object({ id: positiveId, name: z.string() }),
  requests: z.array(partsRequestSchema),
});
export type PartsDesk = z.infer<typeof partsDeskSchema>;

/** A part the technician can request for the order's vehicle. */
export const partsProductSchema = z.object({
  id: positiveId,
  sku: z.string(),
  name: z.string(),
  price: vndSchema,
  /** The vehicle's model is among the product's compatible models. */
  compatible: z.boolean(),
  availability: partsAvailabilitySchema,
});
export type PartsProduct = z.infer<typeof partsProductSchema>;

// ---------------------------------------------------------------------------------------------------------
// The customer's approvals ('Cần bạn duyệt')

export const customerApprovalSchema = z.object({
  requestId: positiveId,
  appointmentId: positiveId,
  serviceOrderId: positiveId,
  serviceOrderCode: z.string(),
  licensePlate: z.string(),
  vehicleModel: z.string(),
  centreName: z.string(),
  part: z.object({ productId: positiveId, sku: z.string(), name: z.string() }),
  quantity: z.number().int().positive(),
  unitPrice: vndSchema,
  lineTotal: vndSchema,
  /** The technician's reason. */
  reason: z.string(),
  finding: partsFindingSchema.nullable(),
  /** What the order comes to now: its lines (booked services less the package, parts issued) + parts approved not yet fitted. */
  currentEstimate: vndSchema,
  /** currentEstimate + this request's line: the invoice total if the customer agrees. */
  newEstimate: vndSchema,
  expiresAt: isoInstantSchema.nullable(),
  status: partsRequestStatusSchema,
  statusLabel: z.string(),
  /** The decision recorded (after POST), null while waiting. */
  decision: z.object({ decision: customerDecisionSchema, at: isoInstantSchema, via: customerDecisionViaSchema }).nullable(),
  version: z.number().int().positive(),
});
export type CustomerApproval = z.infer<typeof customerApprovalSchema>;

/** POST /api/me/approvals/:requestId. */
export const customerApprovalInputSchema = z.object({ decision: customerDecisionSchema, reason: optionalNote });
export type CustomerApprovalInput = z.input<typeof customerApprovalInputSchema>;
export const approvalParamsSchema = z.object({ requestId: idSchema });

/** Codes the parts and approval routes answer besides the back office's (for the UIs' explanations). */
export const PARTS_REQUEST_ERROR_CODES = [
  'INSUFFICIENT_STOCK',
  'PRODUCT_UNAVAILABLE',
  'PARTS_REQUEST_CHANGED',
  'INVALID_STATUS_TRANSITION',
  'DECISION_ALREADY_RECORDED',
  'APPROVAL_EXPIRED',
  'NOT_ASSIGNED',
  'ORDER_NOT_IN_PROGRESS',
  'CHECKLIST_ITEM_INVALID',
  'RETURN_QUANTITY_INVALID',
  'PARTS_ISSUED',
] as const satisfies readonly ErrorCode[];
