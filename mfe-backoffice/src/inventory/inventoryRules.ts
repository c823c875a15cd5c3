export {
  ADJUST_REASON_MAX,
  ADJUST_REASON_MIN,
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
