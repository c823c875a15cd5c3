import { z } from 'zod';
import { centreScopeQuerySchema } from './backoffice';
import { isoInstantSchema } from './catalogue';
import { idInput, integerInput, textInput } from './primitives';
import {
  GOODS_RECEIPT_LINES_MAX,
  GOODS_RECEIPT_NOTE_MAX,
  GOODS_RECEIPT_PAGE_SIZE_DEFAULT,
  GOODS_RECEIPT_PAGE_SIZE_MAX,
  GOODS_RECEIPT_QUANTITY_MAX,
  GOODS_RECEIPT_REFERENCE_MAX,
  GOODS_RECEIPT_SUPPLIER_MAX,
  GOODS_RECEIPT_TOTAL_COST_MAX,
  GOODS_RECEIPT_UNIT_COST_MAX,
} from '../backoffice/inventoryRules';
import { STOCK_LOCATION_KINDS } from '../backoffice/stockTransferMachine';
import { inventoryItemSchema } from './inventory';

/**
 * Stock locations and goods receipts (issue 45 §1): the locations a role may see (the online warehouse
 * included for an admin), receipts of goods from a supplier into any location the caller may write (a RECEIPT
 * movement per line, the unit cost kept for margin reports), and one product's stock at every location.
 *
 * Writes: manager of the centre, or admin with `centreId` (required for an admin; any location, the warehouse
 * included). Reads: staff, manager, admin. Another location's `centreId` answers 404.
 */

const positiveId = z.number().int().positive();
const count = z.number().int().nonnegative();
const money = z.number().int().nonnegative();

// ---------------------------------------------------------------------------------------------------------
// Locations

/**
 * GET /api/inventory/locations answers `stockLocationListSchema` (schemas/stockTransfers.ts: id, name, kind,
 * shipsOnline, city): admin every location (warehouses first), manager/staff their own centre.
 */
export { stockLocationListSchema, stockLocationSchema, type StockLocation } from './stockTransfers';
const stockLocationKindSchema = z.enum(STOCK_LOCATION_KINDS);

// ---------------------------------------------------------------------------------------------------------
// Goods receipts

const receiptLineInputSchema = z.object({
  productId: idInput('Mã sản phẩm không hợp lệ.'),
  quantity: integerInput({
    message: `Số lượng phải là số nguyên từ 1 đến ${GOODS_RECEIPT_QUANTITY_MAX.toLocaleString('vi-VN')}.`,
    typeMessage: 'Vui lòng nhập số lượng.',
    min: 1,
    max: GOODS_RECEIPT_QUANTITY_MAX,
  }),
  /** Integer VND per unit paid to the supplier (0 for a free unit). */
  unitCost: integerInput({
    message: `Đơn giá nhập phải là số nguyên từ 0 đến ${GOODS_RECEIPT_UNIT_COST_MAX.toLocaleString('vi-VN')} đồng.`,
    typeMessage: 'Vui lòng nhập đơn giá nhập.',
    min: 0,
    max: GOODS_RECEIPT_UNIT_COST_MAX,
  }),
});

/** Empty or whitespace-only optional text → null. */
const optionalText = (max: number, message: string) =>
  textInput({ trim: true, multiline: true })
    .max(max, message)
    .nullish()
    .transform((value) => (value ? value : null));

/** POST /api/inventory/goods-receipts: goods from a supplier into one location, all lines or none. */
export const goodsReceiptInputSchema = z.object({
  centreId: idInput('Mã điểm kho không hợp lệ.').optional(),
  supplier: textInput({ error: 'Vui lòng nhập nhà cung cấp.', trim: true })
    .min(1, 'Vui lòng nhập nhà cung cấp.')
    .max(GOODS_RECEIPT_SUPPLIER_MAX, `Tên nhà cung cấp tối đa ${GOODS_RECEIPT_SUPPLIER_MAX} ký tự.`),
  /** The supplier's delivery note or invoice number. */
  reference: textInput({ trim: true })
    .max(GOODS_RECEIPT_REFERENCE_MAX, `Số chứng từ tối đa ${GOODS_RECEIPT_REFERENCE_MAX} ký tự.`)
    .nullish()
    .transform((value) => (value ? value : null)),
  note: optionalText(GOODS_RECEIPT_NOTE_MAX, `Ghi chú tối đa ${GOODS_RECEIPT_NOTE_MAX} ký tự.`),
  lines: z
    .array(receiptLineInputSchema, { error: 'Vui lòng thêm ít nhất một sản phẩm cần nhập.' })
    .min(1, 'Vui lòng thêm ít nhất một sản phẩm cần nhập.')
    .max(GOODS_RECEIPT_LINES_MAX, `Tối đa ${GOODS_RECEIPT_LINES_MAX} sản phẩm mỗi phiếu nhập.`)
    .superRefine((lines, context) => {
      const seen = new Set<number>();
      let total = 0;
      lines.forEach((line, index) => {
        if (seen.has(line.productId)) {
          context.addIssue({ code: 'custom', message: 'Mỗi sản phẩm chỉ nhập một dòng; hãy gộp số lượng.', path: [index, 'productId'] });
        }
        seen.add(line.productId);
        total += line.quantity * line.unitCost;
      });
      if (total > GOODS_RECEIPT_TOTAL_COST_MAX) {
        context.addIssue({ code: 'custom', message: `Tổng giá trị phiếu nhập tối đa ${GOODS_RECEIPT_TOTAL_COST_MAX.toLocaleString('vi-VN')} đồng.` });
      }
    }),
});
export type GoodsReceiptInput = z.input<typeof goodsReceiptInputSchema>;

export const goodsReceiptLineSchema = z.object({
  productId: positiveId,
  sku: z.string(),
  productName: z.string(),
  quantity: positiveId,
  unitCost: money,
  /** quantity × unitCost. */
  lineCost: money,
});
export type GoodsReceiptLine = z.infer<typeof goodsReceiptLineSchema>;

export const goodsReceiptSchema = z.object({
  id: positiveId,
  centreId: positiveId,
  centreName: z.string(),
  supplier: z.string(),
  reference: z.string().nullable(),
  note: z.string().nullable(),
  receivedAt: isoInstantSchema,
  receivedBy: z.object({ id: positiveId, name: z.string() }),
  lines: z.array(goodsReceiptLineSchema),
  totalQuantity: count,
  totalCost: money,
});
export type GoodsReceipt = z.infer<typeof goodsReceiptSchema>;

/** What POST /api/inventory/goods-receipts answers (201): the receipt and the changed stock rows. */
export const goodsReceiptResultSchema = z.object({ receipt: goodsReceiptSchema, items: z.array(inventoryItemSchema) });
export type GoodsReceiptResult = z.infer<typeof goodsReceiptResultSchema>;

/** GET /api/inventory/goods-receipts/:id (the ledger's link from a RECEIPT movement): 404 outside the caller's locations. */
export const goodsReceiptParamsSchema = z.object({ id: idInput('Mã phiếu nhập không hợp lệ.') });

/** GET /api/inventory/goods-receipts: newest first. */
export const goodsReceiptsQuerySchema = centreScopeQuerySchema.extend({
  page: integerInput({ message: 'Số trang không hợp lệ.', min: 1, max: 10_000 }).default(1),
  pageSize: integerInput({
    message: `Số dòng mỗi trang từ 1 đến ${GOODS_RECEIPT_PAGE_SIZE_MAX}.`,
    min: 1,
    max: GOODS_RECEIPT_PAGE_SIZE_MAX,
  }).default(GOODS_RECEIPT_PAGE_SIZE_DEFAULT),
});
export type GoodsReceiptsQuery = z.input<typeof goodsReceiptsQuerySchema>;

export const goodsReceiptPageSchema = z.object({
  items: z.array(goodsReceiptSchema),
  page: positiveId,
  pageSize: positiveId,
  total: count,
});
export type GoodsReceiptPage = z.infer<typeof goodsReceiptPageSchema>;

// ---------------------------------------------------------------------------------------------------------
// One product's stock at every location

export const productStockParamsSchema = z.object({ productId: idInput('Mã sản phẩm không hợp lệ.') });

export const productStockLocationSchema = z.object({
  centreId: positiveId,
  name: z.string(),
  kind: stockLocationKindSchema,
  shipsOnline: z.boolean(),
  onHand: count,
  reserved: count,
  available: count,
  minStock: count,
});
export type ProductStockLocation = z.infer<typeof productStockLocationSchema>;

/** GET /api/inventory/products/:productId/stock: every location the caller may see (0 where no stock row). */
export const productStockSchema = z.object({
  productId: positiveId,
  sku: z.string(),
  productName: z.string(),
  locations: z.array(productStockLocationSchema),
  totals: z.object({ onHand: count, reserved: count, available: count }),
});
export type ProductStock = z.infer<typeof productStockSchema>;
