/**
 * The product CSV's columns (shop-operations.md §2 "Bulk"): the export writes them in this order, the import takes
 * them by header name (any order; the optional ones may be left out, and an update then keeps those fields).
 * Photos and specifications are not in the file: an update keeps them, a new product starts without.
 */
export const PRODUCT_CSV_COLUMNS = [
  'sku',
  'name',
  'category',
  'brand',
  'price',
  'compareAtPrice',
  'salePrice',
  'saleStartsAt',
  'saleEndsAt',
  'vatRate',
  'unit',
  'weightGrams',
  'warrantyMonths',
  'status',
  'compatibleModels',
  'description',
] as const;
export type ProductCsvColumn = (typeof PRODUCT_CSV_COLUMNS)[number];

/** The columns an import cannot do without (every product needs them). */
export const PRODUCT_CSV_REQUIRED: readonly ProductCsvColumn[] = ['sku', 'name', 'category', 'brand', 'price', 'vatRate', 'unit'];

/** How compatible models are joined in one cell. */
export const MODELS_SEPARATOR = '|';

/** §7: a CSV of at most 5 MB and 5,000 product rows (the header is not counted). */
export const PRODUCT_CSV_MAX_BYTES = 5 * 1024 * 1024;
export const PRODUCT_CSV_MAX_ROWS = 5_000;
