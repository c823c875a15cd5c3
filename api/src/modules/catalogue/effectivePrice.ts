/**
 * A product's price at an instant (issue 34 §2): its sale price inside the sale window
 * (sale_starts_at ≤ t < sale_ends_at, a null bound open), its price otherwise. Every shop read (list, its read
 * model, detail, search, cart) and the checkout price through this one rule.
 */

/** What the rule reads of a product's row. */
export interface SaleColumns {
  price: number | string;
  original_price: number | string | null;
  sale_price: number | string | null;
  sale_starts_at: Date | string | null;
  sale_ends_at: Date | string | null;
}

/** The price charged at an instant, and the higher one shown struck through (null: none). */
export interface PriceAt {
  price: number;
  originalPrice: number | null;
}

const instantMs = (value: Date | string | null): number | null => (value === null ? null : new Date(value).getTime());

/** Whether the sale window holds `at` (a sale price is set, and at is within its bounds). */
export function onSaleAt(row: SaleColumns, at: Date): boolean {
  if (row.sale_price === null) return false;
  const t = at.getTime();
  const starts = instantMs(row.sale_starts_at);
  const ends = instantMs(row.sale_ends_at);
  return (starts === null || starts <= t) && (ends === null || t < ends);
}

/** The product's price at `at`; on sale, the struck-through price is its price (or original_price if larger). */
export function effectivePrice(row: SaleColumns, at: Date): PriceAt {
  const price = Number(row.price);
  const original = row.original_price === null ? null : Number(row.original_price);
  if (!onSaleAt(row, at)) return { price, originalPrice: original };
  return { price: Number(row.sale_price), originalPrice: original !== null && original > price ? original : price };
}

/** The first window bound after `at` (the instant its price may change), or null when none is to come. */
export function nextPriceChange(row: SaleColumns, at: Date): Date | null {
  if (row.sale_price === null) return null;
  const t = at.getTime();
  const next = [instantMs(row.sale_starts_at), instantMs(row.sale_ends_at)].filter((ms): ms is number => ms !== null && ms > t);
  return next.length === 0 ? null : new Date(Math.min(...next));
}
