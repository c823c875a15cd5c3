import { z } from 'zod';
import type { ErrorCode } from '../errors/errorCodes';
import {
  STOCK_LOCATION_KINDS,
  STOCK_TRANSFER_ACTIONS,
  STOCK_TRANSFER_DECLINE_REASON_MAX,
  STOCK_TRANSFER_LINES_MAX,
  STOCK_TRANSFER_NOTE_MAX,
  STOCK_TRANSFER_QUANTITY_MAX,
  STOCK_TRANSFER_STATUSES,
} from '../backoffice/stockTransferMachine';
import { centreScopeQuerySchema } from './backoffice';
import { isoInstantSchema } from './catalogue';
import { idInput, integerInput, textInput } from './primitives';

/**
 * Stock transfers between stock locations (issue 34 §3, requests issue 44 §3): GET /api/stock-locations,
 * POST /api/inventory/transfers (create: the units leave at once), POST /api/inventory/transfers/requests (the
 * destination's manager asks the source), POST /api/inventory/transfers/:id/accept | /decline | /withdraw |
 * /receive | /cancel {version}, GET /api/inventory/transfers. The status machine, who may do what and the limits:
 * backoffice/stockTransferMachine.ts.
 */

// The machine and limits, zod-free, for the back office's forms.
export * from '../backoffice/stockTransferMachine';

const positiveId = z.number().int().positive();
const count = z.number().int().nonnegative();

/** One stock location: a service centre or the online warehouse. */
export const stockLocationSchema = z.object({
  id: positiveId,
  name: z.string().min(1),
  kind: z.enum(STOCK_LOCATION_KINDS),
  /** Web orders shipped to an address take their units here. */
  shipsOnline: z.boolean(),
  city: z.string(),
});
export type StockLocation = z.infer<typeof stockLocationSchema>;
export const stockLocationListSchema = z.array(stockLocationSchema);

const quantitySchema = integerInput({
  message: `Số lượng phải là số nguyên từ 1 đến ${STOCK_TRANSFER_QUANTITY_MAX.toLocaleString('vi-VN')}.`,
  typeMessage: 'Vui lòng nhập số lượng.',
  min: 1,
  max: STOCK_TRANSFER_QUANTITY_MAX,
});

/**
 * POST /api/inventory/transfers and POST /api/inventory/transfers/requests (the same body): 1..50 lines, each product once (the same source and destination: 422 SAME_LOCATION). */
export const stockTransferInputSchema = z.object({
  fromLocationId: idInput('Vui lòng chọn nơi chuyển đi.'),
  toLocationId: idInput('Vui lòng chọn nơi nhận.'),
  lines: z
    .array(z.object({ productId: idInput('Mã sản phẩm không hợp lệ.'), quantity: quantitySchema }), { error: 'Vui lòng thêm ít nhất một sản phẩm cần chuyển.' })
    .min(1, 'Vui lòng thêm ít nhất một sản phẩm cần chuyển.')
    .max(STOCK_TRANSFER_LINES_MAX, `Tối đa ${STOCK_TRANSFER_LINES_MAX} sản phẩm mỗi phiếu chuyển.`)
    .superRefine((lines, context) => {
      const seen = new Set<number>();
      lines.forEach((line, index) => {
        if (seen.has(line.productId)) {
          context.addIssue({ code: 'custom', message: 'Mỗi sản phẩm chỉ một dòng; hãy gộp số lượng.', path: [index, 'productId'] });
        }
        seen.add(line.productId);
      });
    }),
  note: textInput({ trim: true, multiline: true })
    .max(STOCK_TRANSFER_NOTE_MAX, `Ghi chú tối đa ${STOCK_TRANSFER_NOTE_MAX} ký tự.`)
    .nullish()
    .transform((value) => (value ? value : null)),
});
export type StockTransferInput = z.input<typeof stockTransferInputSchema>;

export const stockTransferParamsSchema = z.object({ id: idInput('Mã phiếu chuyển không hợp lệ.') });

/** POST /api/inventory/transfers/:id/accept | /withdraw | /receive | /cancel: the version the caller read (a stale one is 409). */
export const stockTransferVersionInputSchema = z.object({
  version: integerInput({ message: 'Phiên bản phiếu chuyển không hợp lệ, vui lòng tải lại.', min: 0 }),
});
export type StockTransferVersionInput = z.input<typeof stockTransferVersionInputSchema>;

/** POST /api/inventory/transfers/:id/decline: the version the caller read and, if they wish, why. */
export const stockTransferDeclineInputSchema = stockTransferVersionInputSchema.extend({
  reason: textInput({ trim: true, multiline: true })
    .max(STOCK_TRANSFER_DECLINE_REASON_MAX, `Lý do tối đa ${STOCK_TRANSFER_DECLINE_REASON_MAX} ký tự.`)
    .nullish()
    .transform((value) => (value ? value : null)),
});
export type StockTransferDeclineInput = z.input<typeof stockTransferDeclineInputSchema>;

/** GET /api/inventory/transfers: newest first; `centreId` as source or destination (an admin's choice; others their own). */
export const stockTransferListQuerySchema = centreScopeQuerySchema.extend({
  status: z.enum(STOCK_TRANSFER_STATUSES, { error: 'Trạng thái phiếu chuyển không hợp lệ.' }).optional(),
  page: integerInput({ message: 'Số trang không hợp lệ.', min: 1, max: 10_000 }).default(1),
});
export type StockTransferListQuery = z.input<typeof stockTransferListQuerySchema>;

const personSchema = z.object({ id: positiveId, fullName: z.string() });
const placeSchema = z.object({ id: positiveId, name: z.string() });

export const stockTransferLineSchema = z.object({ productId: positiveId, sku: z.string(), name: z.string(), quantity: positiveId });
export type StockTransferLine = z.infer<typeof stockTransferLineSchema>;

export const stockTransferSchema = z.object({
  id: positiveId,
  status: z.enum(STOCK_TRANSFER_STATUSES),
  statusLabel: z.string().min(1),
  from: placeSchema,
  to: placeSchema,
  note: z.string().nullable(),
  lines: z.array(stockTransferLineSchema),
  /** Who wrote it (for a request: who asked) and when. */
  createdBy: personSchema.nullable(),
  createdAt: isoInstantSchema,
  /** Whether it began as the destination's request (REQUESTED until the source accepted or declined it). */
  requested: z.boolean(),
  /** Who at the source accepted or declined the request, and when; null otherwise. */
  decidedBy: personSchema.nullable(),
  decidedAt: isoInstantSchema.nullable(),
  /** Why the request was declined (optional). */
  declineReason: z.string().nullable(),
  /** Who received it (RECEIVED), cancelled or withdrew it (CANCELLED) or declined it (DECLINED), and when; null while open. */
  closedBy: personSchema.nullable(),
  closedAt: isoInstantSchema.nullable(),
  version: count,
  /** What the caller may do now (the machine and their role and centre). */
  actions: z.array(z.enum(STOCK_TRANSFER_ACTIONS)),
});
export type StockTransfer = z.infer<typeof stockTransferSchema>;

export const stockTransferPageSchema = z.object({
  items: z.array(stockTransferSchema),
  total: count,
  page: positiveId,
  pageSize: positiveId,
  totalPages: count,
});
export type StockTransferPage = z.infer<typeof stockTransferPageSchema>;

/** Codes of the transfers' refusals (besides VALIDATION_ERROR, 401, 403, 404). */
export const STOCK_TRANSFER_ERROR_CODES = [
  /** 409: the source has less available than a line asks, at creation or acceptance (data: productId, available). */
  'TRANSFER_INSUFFICIENT_STOCK',
  /** 409: the transfer changed since it was read, or is no longer in the status the action needs (data: transfer). */
  'TRANSFER_STALE',
  /** 422: the source is the destination (field toLocationId). */
  'SAME_LOCATION',
  /** 403: a manager's transfer that neither leaves nor reaches their centre, or an action not theirs. */
  'TRANSFER_FORBIDDEN',
  /** 403: a destination's manager creating a transfer from another centre: they send a request instead. */
  'TRANSFER_REQUEST_REQUIRED',
  /** 422: an unknown stock location (field fromLocationId / toLocationId). */
  'LOCATION_NOT_FOUND',
  /** 422: an unknown product (field lines.i.productId). */
  'PRODUCT_NOT_FOUND',
] as const satisfies readonly ErrorCode[];
