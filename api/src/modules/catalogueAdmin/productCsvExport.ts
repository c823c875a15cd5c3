import type { Kysely } from 'kysely';
import type { Readable } from 'node:stream';
import type { Database } from '../../db/schema';
import { parseStrings } from '../catalogue';
import { productFitmentLists } from '../fitment';
import { csvChunk, csvStream, type ReportColumn, type ReportRow } from '../reports';
import { PRODUCT_VALUE_COLUMNS, productValuesOfRow } from './productValues';
import { MODELS_SEPARATOR, PRODUCT_CSV_COLUMNS, PRODUCT_CSV_HEADERS, type ProductCsvColumn } from './productCsvColumns';
import { fitmentCell } from './productCsvFitments';

/** Rows read per query: one indexed page (keyset on id), converted to bytes before the next is read. */
const EXPORT_PAGE_ROWS = 1_000;

const NUMBER_COLUMNS = new Set<ProductCsvColumn>(['price', 'compareAtPrice', 'salePrice', 'vatRate', 'weightGrams', 'lengthCm', 'widthCm', 'heightCm', 'warrantyMonths']);

/** The header is the columns' Vietnamese names (the import reads them back); numbers plain, text formula-guarded. */
const COLUMNS: ReportColumn[] = PRODUCT_CSV_COLUMNS.map((key) => ({ key, label: PRODUCT_CSV_HEADERS[key], kind: NUMBER_COLUMNS.has(key) ? 'number' : 'text' }) as ReportColumn);

async function* productCsvPages(db: Kysely<Database>): AsyncGenerator<Buffer> {
  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom('products')
      .innerJoin('catalogue_categories', 'catalogue_categories.id', 'products.category_id')
      .innerJoin('catalogue_brands', 'catalogue_brands.id', 'products.brand_id')
      .select([
        'products.id',
        'products.sku',
        'products.name',
        ...PRODUCT_VALUE_COLUMNS,
        'products.status',
        'products.compatible_models',
        'products.description',
        'catalogue_categories.name as category_name',
        'catalogue_brands.name as brand_name',
      ])
      .where('products.id', '>', after)
      .orderBy('products.id')
      .limit(EXPORT_PAGE_ROWS)
      .execute();
    if (rows.length === 0) return;
    const fitments = await productFitmentLists(db, rows.map((row) => row.id));
    const records: ReportRow[] = rows.map((row) => ({
      sku: row.sku,
      name: row.name,
      category: row.category_name,
      brand: row.brand_name,
      ...productValuesOfRow(row),
      status: row.status,
      compatibleModels: parseStrings(row.compatible_models).join(MODELS_SEPARATOR),
      fitments: fitmentCell(fitments.get(row.id) ?? []),
      description: row.description,
    }));
    yield csvChunk(COLUMNS, records);
    if (rows.length < EXPORT_PAGE_ROWS) return;
    after = rows[rows.length - 1]!.id;
  }
}

/**
 * Every product (all statuses) as the CSV the import takes: UTF-8 with a BOM, CRLF, formula-guarded text (the
 * reports' writer, reports/csvStream.ts), a page of rows at a time with backpressure.
 */
export function productCsvStream(db: Kysely<Database>, onError: (error: Error) => void): Readable {
  return csvStream(COLUMNS, productCsvPages(db), onError);
}
