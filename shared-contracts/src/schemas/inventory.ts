import { z } from 'zod';
import type { ErrorCode } from '../errors/errorCodes';
import { centreScopeQuerySchema } from './backoffice';
import { isoInstantSchema, vndSchema } from './catalogue';
import { DB_INTEGER_MAX, idInput, integerInput, textInput } from './primitives';
import { calendarDateSchema } from './service';
import {
  ADJUST_REASON_MAX,
  ADJUST_REASON_MIN,
  AVAILABILITY_IDS_MAX,
  INVENTORY_PAGE_SIZE_DEFAULT,
  INVENTORY_PAGE_SIZE_MAX,
  RECEIVE_LINES_MAX,
  RECEIVE_NOTE_MAX,
  RECEIVE_QUANTITY_MAX,
  STOCK_FIGURE_MAX,
  STOCK_MOVEMENT_KINDS,
} from '../backoffice/inventoryRules';

/**
 * The centre inventory (spec back-office.md §1 centre_stock / stock_movements, §7 M2; work package 2): the
 * manager's stock table, receiving from the online warehouse, adjusting with a reason, the minimum stock, the
 * movement ledger, the low-stock list, and the availability of parts for the parts-request screens.
 *
 * Writes (receive, adjust, min stock): manager of the centre, or admin with `centreId` (required for an admin).
 * Reads: staff, manager, admin (`centreId` chooses an admin's centre); availability also the technician.
 * Another centre's `centreId` answers 404. Quantities are whole units; money is integer VND; `value` is
 * on_hand × the product's SALE price (no cost price exists), labelled so in the UI.
 */

// The limits and labels, zod-free so the back office's forms check what the API checks without shipping zod.
export * from '../backoffice/inventoryRules';

const idSchema = idInput('Mã không hợp lệ.');
const productIdSchema = idInput('Mã sản phẩm không hợp lệ.');
const positiveId = z.number().int().positive();
const count = z.number().int().nonnegative();

/** A query-string boolean: true/false, 1/0 (as a browser sends it). */
const queryBooleanSchema = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'], { error: 'Giá trị phải là true hoặc false.' })])
  .transform((value) => value === true || value === 'true' || value === '1');

const pageSchema = integerInput({ message: 'Số trang không hợp lệ.', min: 1, max: 10_000 }).default(1);
const pageSizeSchema = integerInput({
  message: `Số dòng mỗi trang từ 1 đến ${INVENTORY_PAGE_SIZE_MAX}.`,
  min: 1,
  max: INVENTORY_PAGE_SIZE_MAX,
}).default(INVENTORY_PAGE_SIZE_DEFAULT);

// ---------------------------------------------------------------------------------------------------------
// Reads

/** GET /api/inventory: the centre's stock table (only products the centre has a stock row for). */
export const inventoryQuerySchema = centreScopeQuerySchema.extend({
  /** Name, SKU, brand, category or compatible model; diacritics and case ignored ('ma phanh' finds 'Má phanh'). */
  q: textInput({ trim: true }).max(100, 'Từ khóa tối đa 100 ký tự.').optional(),
  /** Only the low rows (min stock > 0 and available ≤ min stock). */
  lowOnly: queryBooleanSchema.optional(),
  page: pageSchema,
  pageSize: pageSizeSchema,
});
export type InventoryQuery = z.input<typeof inventoryQuerySchema>;

/** One row of the stock table (also what every write answers for the products it changed). */
export const inventoryItemSchema = z.object({
  productId: positiveId,
  sku: z.string(),
  name: z.string(),
  /** False for a product no longer sold (it cannot be received; its stock can still be adjusted and issued). */
  isActive: z.boolean(),
  onHand: count,
  reserved: count,
  /** onHand − reserved: what a parts request can still reserve. */
  available: count,
  minStock: count,
  /** The product's sale price (VND). */
  unitPrice: vndSchema,
  /** onHand × unitPrice (INVENTORY_VALUE_LABEL: valued at the sale price). */
  value: vndSchema,
  /** minStock > 0 and available ≤ minStock. */
  low: z.boolean(),
  updatedAt: isoInstantSchema,
});
export type InventoryItem = z.infer<typeof inventoryItemSchema>;

export const inventoryPageSchema = z.object({
  centreId: positiveId,
  items: z.array(inventoryItemSchema),
  /** Rows matching the filters, over every page. */
  total: count,
  page: positiveId,
  pageSize: positiveId,
  totalPages: count,
});
export type InventoryPage = z.infer<typeof inventoryPageSchema>;

/** GET /api/inventory/summary: the centre's whole stock in figures (the page's header, the manager dashboard). */
export const inventorySummarySchema = z.object({
  centreId: positiveId,
  /** Products the centre has a stock row for. */
  products: count,
  onHandUnits: count,
  reservedUnits: count,
  /** Σ onHand × sale price (INVENTORY_VALUE_LABEL). */
  value: vndSchema,
  /** Rows with minStock > 0 and available ≤ minStock. */
  lowCount: count,
});
export type InventorySummary = z.infer<typeof inventorySummarySchema>;

/** GET /api/inventory/low-stock: the manager dashboard's list (at most 200, the lowest availability first). */
export const lowStockListSchema = z.object({ centreId: positiveId, items: z.array(inventoryItemSchema) });
export type LowStockList = z.infer<typeof lowStockListSchema>;

/** GET /api/inventory/movements: the ledger, newest first. `from`/`to` are Vietnamese calendar dates, both inclusive. */
export const movementsQuerySchema = centreScopeQuerySchema.extend({
  productId: productIdSchema.optional(),
  kind: z.enum(STOCK_MOVEMENT_KINDS, { error: 'Loại phát sinh kho không hợp lệ.' }).optional(),
  from: calendarDateSchema.optional(),
  to: calendarDateSchema.optional(),
  page: pageSchema,
  pageSize: pageSizeSchema,
});
export type MovementsQuery = z.input<typeof movementsQuerySchema>;

export const stockMovementSchema = z.object({
  id: positiveId,
  productId: positiveId,
  sku: z.string(),
  productName: z.string(),
  kind: z.enum(STOCK_MOVEMENT_KINDS),
  kindLabel: z.string(),
  /** Signed: + into the centre's shelf, − out of it. */
  quantity: z.number().int(),
  onHandAfter: count,
  partsRequestId: positiveId.nullable(),
  actor: z.object({ id: positiveId, fullName: z.string() }).nullable(),
  /** The adjustment's reason, the receive's note, the return's reason; a RECEIPT's supplier and reference. */
  reason: z.string().nullable(),
  /** The goods receipt a RECEIPT movement belongs to (GET /api/inventory/goods-receipts); null otherwise. */
  goodsReceiptId: positiveId.nullable().optional(),
  createdAt: isoInstantSchema,
});
export type StockMovement = z.infer<typeof stockMovementSchema>;

export const movementPageSchema = z.object({
  centreId: positiveId,
  items: z.array(stockMovementSchema),
  total: count,
  page: positiveId,
  pageSize: positiveId,
  totalPages: count,
});
export type MovementPage = z.infer<typeof movementPageSchema>;

/** GET /api/inventory/availability?productIds=1,2,3 (technician, staff, manager, admin). */
export const inventoryAvailabilityQuerySchema = centreScopeQuerySchema.extend({
  productIds: textInput({ error: 'Vui lòng chọn sản phẩm.', trim: true })
    .regex(/^\d{1,10}(,\d{1,10})*$/, 'Danh sách mã sản phẩm không hợp lệ (ví dụ: 12,15).')
    .transform((value) => [...new Set(value.split(',').map(Number))])
    .refine((ids) => ids.every((id) => id >= 1 && id <= DB_INTEGER_MAX), 'Mã sản phẩm không hợp lệ.')
    .refine((ids) => ids.length <= AVAILABILITY_IDS_MAX, `Tối đa ${AVAILABILITY_IDS_MAX} sản phẩm mỗi lần.`),
});
export type InventoryAvailabilityQuery = z.input<typeof inventoryAvailabilityQuerySchema>;

export const partAvailabilitySchema = z.object({ productId: positiveId, onHand: count, reserved: count, available: count });
export type PartAvailability = z.infer<typeof partAvailabilitySchema>;
/** One entry per product asked (in the order asked); a product the centre does not stock answers 0/0/0. */
export const inventoryAvailabilitySchema = z.object({ centreId: positiveId, items: z.array(partAvailabilitySchema) });
export type InventoryAvailability = z.infer<typeof inventoryAvailabilitySchema>;

// ---------------------------------------------------------------------------------------------------------
// Writes (manager of the centre; admin with centreId)

const quantitySchema = integerInput({
  message: `Số lượng phải là số nguyên từ 1 đến ${RECEIVE_QUANTITY_MAX}.`,
  typeMessage: 'Vui lòng nhập số lượng.',
  min: 1,
  max: RECEIVE_QUANTITY_MAX,
});

/**
 * POST /api/inventory/receive: several products from the online warehouse in one transaction (all or none).
 * Each product once per receive.
 */
export const receiveInputSchema = z.object({
  centreId: idSchema.optional(),
  lines: z
    .array(z.object({ productId: productIdSchema, quantity: quantitySchema }), { error: 'Vui lòng thêm ít nhất một sản phẩm cần nhập.' })
    .min(1, 'Vui lòng thêm ít nhất một sản phẩm cần nhập.')
    .max(RECEIVE_LINES_MAX, `Tối đa ${RECEIVE_LINES_MAX} sản phẩm mỗi lần nhập.`)
    .superRefine((lines, context) => {
      const seen = new Set<number>();
      lines.forEach((line, index) => {
        if (seen.has(line.productId)) {
          context.addIssue({ code: 'custom', message: 'Mỗi sản phẩm chỉ nhập một dòng; hãy gộp số lượng.', path: [index, 'productId'] });
        }
        seen.add(line.productId);
      });
    }),
  note: textInput({ trim: true, multiline: true })
    .max(RECEIVE_NOTE_MAX, `Ghi chú tối đa ${RECEIVE_NOTE_MAX} ký tự.`)
    .nullish()
    .transform((value) => (value ? value : null)),
});
export type ReceiveInput = z.input<typeof receiveInputSchema>;

/** What a receive, an adjustment or a minimum-stock change answers: the changed rows as the table shows them. */
export const inventoryChangeSchema = z.object({ centreId: positiveId, items: z.array(inventoryItemSchema) });
export type InventoryChange = z.infer<typeof inventoryChangeSchema>;

/**
 * POST /api/inventory/adjust: a stock-take. The manager enters the COUNTED quantity (`newOnHand`, 0..99 999),
 * not a difference: the ADJUST movement records newOnHand − onHand. Never below what is reserved for parts
 * requests (422 ADJUST_BELOW_RESERVED); the reason is required (5..300 characters).
 */
export const adjustInputSchema = z.object({
  centreId: idSchema.optional(),
  productId: productIdSchema,
  newOnHand: integerInput({
    message: `Số tồn thực tế phải là số nguyên từ 0 đến ${STOCK_FIGURE_MAX}.`,
    typeMessage: 'Vui lòng nhập số tồn thực tế.',
    min: 0,
    max: STOCK_FIGURE_MAX,
  }),
  reason: textInput({ error: 'Vui lòng nhập lý do điều chỉnh.', trim: true, multiline: true })
    .min(ADJUST_REASON_MIN, `Lý do điều chỉnh cần ít nhất ${ADJUST_REASON_MIN} ký tự.`)
    .max(ADJUST_REASON_MAX, `Lý do điều chỉnh tối đa ${ADJUST_REASON_MAX} ký tự.`),
});
export type AdjustInput = z.input<typeof adjustInputSchema>;

/** PUT /api/inventory/:productId/min-stock: the low-stock threshold (0 = not watched). */
export const minStockParamsSchema = z.object({ productId: productIdSchema });
export const minStockInputSchema = z.object({
  centreId: idSchema.optional(),
  minStock: integerInput({
    message: `Tồn tối thiểu phải là số nguyên từ 0 đến ${STOCK_FIGURE_MAX}.`,
    typeMessage: 'Vui lòng nhập tồn tối thiểu.',
    min: 0,
    max: STOCK_FIGURE_MAX,
  }),
});
export type MinStockInput = z.input<typeof minStockInputSchema>;

/** Codes of the inventory's refusals (besides VALIDATION_ERROR, 401, 403, 404). */
export const INVENTORY_ERROR_CODES = [
  /** 409: a reservation found less available than asked ('Không đủ tồn kho: còn {n} {tên}.'). */
  'INSUFFICIENT_STOCK',
  /** 409: the online warehouse has less than a receive line asks: the transfers' refusal (data: productId, available). */
  'TRANSFER_INSUFFICIENT_STOCK',
  /** 422: a receive line of a product no longer sold (data: productId). */
  'PRODUCT_UNAVAILABLE',
  /** 404: no such product. */
  'PRODUCT_NOT_FOUND',
  /** 422: an adjustment below what is reserved (data: reserved). */
  'ADJUST_BELOW_RESERVED',
  /** 422: an adjustment to the quantity already on hand. */
  'ADJUST_NO_CHANGE',
  /** 422: an admin's write without centreId. */
  'CENTRE_REQUIRED',
  /** 422: movements asked with from after to. */
  'DATE_RANGE_INVALID',
] as const satisfies readonly ErrorCode[];
