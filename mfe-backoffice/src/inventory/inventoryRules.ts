export {
  ADJUST_REASON_MAX,
  ADJUST_REASON_MIN,
  GOODS_RECEIPT_LINES_MAX,
  GOODS_RECEIPT_NOTE_MAX,
  GOODS_RECEIPT_QUANTITY_MAX,
  GOODS_RECEIPT_REFERENCE_MAX,
  GOODS_RECEIPT_SUPPLIER_MAX,
  GOODS_RECEIPT_UNIT_COST_MAX,
  INVENTORY_VALUE_LABEL,
  RECEIVE_LINES_MAX,
  RECEIVE_NOTE_MAX,
  RECEIVE_QUANTITY_MAX,
  STOCK_FIGURE_MAX,
  STOCK_MOVEMENT_KIND_LABELS,
  STOCK_MOVEMENT_KINDS,
  type StockMovementKind,
} from 'shared-contracts/backoffice';

/** A whole number typed by hand within [min, max], else null. */
export function parseWhole(text: string, min: number, max: number): number | null {
  const value = text.trim().replace(/[.\s]/g, '');
  if (!/^\d{1,6}$/.test(value)) return null;
  const number = Number(value);
  return number >= min && number <= max ? number : null;
}

/** An amount of VND typed by hand ('1.250.000', '1250000') within [0, max], else null. */
export function parseVnd(text: string, max: number): number | null {
  const value = text.trim().replace(/[.,\s]/g, '').replace(/(đ|₫|vnd)$/i, '');
  if (!/^\d{1,15}$/.test(value)) return null;
  const number = Number(value);
  return number <= max ? number : null;
}
