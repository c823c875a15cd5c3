/**
 * The inventory's limits and labels as the API's contract states them (shared-contracts/schemas/inventory).
 * That module is a zod module, which never ships in the back office's chunks: the few values the forms check
 * before sending are repeated here, and test/inventoryRules.test.ts holds them equal to the contract's.
 */

export const STOCK_MOVEMENT_KINDS = ['RECEIVE', 'ISSUE', 'RETURN', 'ADJUST'] as const;
export type StockMovementKind = (typeof STOCK_MOVEMENT_KINDS)[number];
export const STOCK_MOVEMENT_KIND_LABELS: Record<StockMovementKind, string> = {
  RECEIVE: 'Nhập từ kho online',
  ISSUE: 'Xuất cho sửa chữa',
  RETURN: 'Trả lại kho',
  ADJUST: 'Điều chỉnh',
};

/** Units of one product per receive line. */
export const RECEIVE_QUANTITY_MAX = 9_999;
/** Lines of one receive. */
export const RECEIVE_LINES_MAX = 50;
/** The largest on-hand an adjustment may set, and the largest minimum stock. */
export const STOCK_FIGURE_MAX = 99_999;
export const ADJUST_REASON_MIN = 5;
export const ADJUST_REASON_MAX = 300;
/** The receive's note. */
export const RECEIVE_NOTE_MAX = 300;
/** The label of the value column (no cost price exists: stock is valued at the sale price). */
export const INVENTORY_VALUE_LABEL = 'Giá trị tồn (theo giá bán)';

/** A whole number typed by hand within [min, max], else null. */
export function parseWhole(text: string, min: number, max: number): number | null {
  const value = text.trim().replace(/[.\s]/g, '');
  if (!/^\d{1,6}$/.test(value)) return null;
  const number = Number(value);
  return number >= min && number <= max ? number : null;
}
