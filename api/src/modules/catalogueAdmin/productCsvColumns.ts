import { foldVietnamese } from 'shared-contracts/schemas';

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
  'lengthCm',
  'widthCm',
  'heightCm',
  'warrantyMonths',
  'status',
  'compatibleModels',
  'fitments',
  'description',
] as const;
export type ProductCsvColumn = (typeof PRODUCT_CSV_COLUMNS)[number];

/**
 * The Vietnamese header of each column: what the export writes and what the import's messages name. The import
 * also takes the English keys above (files made before the headers were Vietnamese, or by a script).
 */
export const PRODUCT_CSV_HEADERS: Readonly<Record<ProductCsvColumn, string>> = {
  sku: 'Mã SKU',
  name: 'Tên sản phẩm',
  category: 'Danh mục',
  brand: 'Thương hiệu',
  price: 'Giá bán',
  compareAtPrice: 'Giá so sánh',
  salePrice: 'Giá khuyến mãi',
  saleStartsAt: 'Bắt đầu khuyến mãi',
  saleEndsAt: 'Kết thúc khuyến mãi',
  vatRate: 'Thuế GTGT (%)',
  unit: 'Đơn vị tính',
  weightGrams: 'Khối lượng (gram)',
  lengthCm: 'Dài (cm)',
  widthCm: 'Rộng (cm)',
  heightCm: 'Cao (cm)',
  warrantyMonths: 'Bảo hành (tháng)',
  status: 'Trạng thái',
  compatibleModels: 'Dòng xe tương thích',
  fitments: 'Xe tương thích',
  description: 'Mô tả',
};

/** A header as it is matched: folded (no diacritics, lower case) with every space and sign dropped. */
function headerKey(header: string): string {
  return foldVietnamese(header).replace(/ /g, '');
}

const COLUMN_BY_HEADER = new Map<string, ProductCsvColumn>(
  PRODUCT_CSV_COLUMNS.flatMap((column) => [
    [headerKey(column), column],
    [headerKey(PRODUCT_CSV_HEADERS[column]), column],
  ]),
);

/**
 * The column a header names, by its Vietnamese header or its English key, ignoring case, diacritics, spaces and
 * signs ('giá bán', 'GIA BAN', 'Thuế GTGT %', 'vatrate' all match); undefined for an unknown header.
 */
export function productCsvColumnOf(header: string): ProductCsvColumn | undefined {
  return COLUMN_BY_HEADER.get(headerKey(header));
}

/** The Vietnamese header of a row error's field (the field itself when it is not a column of the file). */
export function productCsvHeaderOf(field: string): string {
  return Object.prototype.hasOwnProperty.call(PRODUCT_CSV_HEADERS, field) ? PRODUCT_CSV_HEADERS[field as ProductCsvColumn] : field;
}

/** The columns an import cannot do without (every product needs them). */
export const PRODUCT_CSV_REQUIRED: readonly ProductCsvColumn[] = ['sku', 'name', 'category', 'brand', 'price', 'vatRate', 'unit'];

/** How compatible models are joined in one cell, and the fitment rows in theirs (productCsvFitments.ts). */
export const MODELS_SEPARATOR = '|';

/** §7: a CSV of at most 5 MB and 5,000 product rows (the header is not counted). */
export const PRODUCT_CSV_MAX_BYTES = 5 * 1024 * 1024;
export const PRODUCT_CSV_MAX_ROWS = 5_000;
