/**
 * The centre inventory's limits and labels (spec back-office.md §7 M2), zod-free: the API's contract
 * (schemas/inventory.ts) checks with them, and the back office's forms check the same before sending.
 */

/**
 * OPENING: a location's opening balance (the online warehouse's came from products.stock); TRANSFER_*: stock
 * transfers; RECEIPT: a goods receipt from a supplier (migration 0038).
 */
export const STOCK_MOVEMENT_KINDS = ['RECEIVE', 'ISSUE', 'RETURN', 'ADJUST', 'OPENING', 'TRANSFER_OUT', 'TRANSFER_IN', 'RECEIPT'] as const;
export type StockMovementKind = (typeof STOCK_MOVEMENT_KINDS)[number];
export const STOCK_MOVEMENT_KIND_LABELS: Record<StockMovementKind, string> = {
  RECEIVE: 'Nhập từ kho online',
  ISSUE: 'Xuất cho sửa chữa',
  RETURN: 'Trả lại kho',
  ADJUST: 'Điều chỉnh',
  OPENING: 'Số dư đầu kỳ',
  TRANSFER_OUT: 'Chuyển đi',
  TRANSFER_IN: 'Nhận chuyển kho',
  RECEIPT: 'Nhập hàng từ nhà cung cấp',
};

/** Units of one product per receive line (1..9 999). */
export const RECEIVE_QUANTITY_MAX = 9_999;
/** Lines of one receive. */
export const RECEIVE_LINES_MAX = 50;
/** The largest on-hand an adjustment may set, and the largest minimum stock. */
export const STOCK_FIGURE_MAX = 99_999;
export const ADJUST_REASON_MIN = 5;
export const ADJUST_REASON_MAX = 300;
export const INVENTORY_PAGE_SIZE_DEFAULT = 50;
export const INVENTORY_PAGE_SIZE_MAX = 200;
/** Product ids of one availability question. */
export const AVAILABILITY_IDS_MAX = 100;
/** The label of `value` (no cost price exists: stock is valued at the sale price). */
export const INVENTORY_VALUE_LABEL = 'Giá trị tồn (theo giá bán)';
/** The receive's note. */
export const RECEIVE_NOTE_MAX = 300;

/** Goods receipts from a supplier (issue 45): lines, units and VND per line, text lengths, page size. */
export const GOODS_RECEIPT_LINES_MAX = 200;
export const GOODS_RECEIPT_QUANTITY_MAX = 100_000;
export const GOODS_RECEIPT_UNIT_COST_MAX = 100_000_000_000;
/** A receipt's Σ quantity × unit cost (kept within exact integers on both databases). */
export const GOODS_RECEIPT_TOTAL_COST_MAX = 1_000_000_000_000_000;
export const GOODS_RECEIPT_SUPPLIER_MAX = 200;
export const GOODS_RECEIPT_REFERENCE_MAX = 100;
export const GOODS_RECEIPT_NOTE_MAX = 500;
export const GOODS_RECEIPT_PAGE_SIZE_DEFAULT = 20;
export const GOODS_RECEIPT_PAGE_SIZE_MAX = 100;
