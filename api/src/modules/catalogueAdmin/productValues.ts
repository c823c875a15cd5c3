import { toIsoUtc, toNumber } from '../../db/portable';
import type { ProductRow } from '../../db/schema';

/** The product's prices, sale terms and parcel as the admin's form, the CSV import and the CSV export read them. */

export const PRODUCT_VALUE_COLUMNS = [
  'products.price',
  'products.original_price',
  'products.sale_price',
  'products.sale_starts_at',
  'products.sale_ends_at',
  'products.vat_rate',
  'products.unit',
  'products.weight_grams',
  'products.length_cm',
  'products.width_cm',
  'products.height_cm',
  'products.warranty_months',
] as const;

export type ProductValueRow = Pick<
  ProductRow,
  'price' | 'original_price' | 'sale_price' | 'sale_starts_at' | 'sale_ends_at' | 'vat_rate' | 'unit' | 'weight_grams' | 'length_cm' | 'width_cm' | 'height_cm' | 'warranty_months'
>;

const numberOrNull = (value: string | number | null): number | null => (value === null ? null : toNumber(value));
const isoOrNull = (value: Date | string | null): string | null => (value === null ? null : toIsoUtc(value));

export function productValuesOfRow(row: ProductValueRow) {
  return {
    price: toNumber(row.price),
    compareAtPrice: numberOrNull(row.original_price),
    salePrice: numberOrNull(row.sale_price),
    saleStartsAt: isoOrNull(row.sale_starts_at),
    saleEndsAt: isoOrNull(row.sale_ends_at),
    vatRate: toNumber(row.vat_rate),
    unit: row.unit,
    weightGrams: numberOrNull(row.weight_grams),
    lengthCm: toNumber(row.length_cm),
    widthCm: toNumber(row.width_cm),
    heightCm: toNumber(row.height_cm),
    warrantyMonths: toNumber(row.warranty_months),
  };
}
