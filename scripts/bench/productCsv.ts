/**
 * The product CSV import's bench pieces (shop-operations §8: 5,000 rows, dry run < 5 s, apply < 10 s), shared by
 * bench:shop-admin (the import alone) and bench:backoffice's catalogueImport phase (the import while the floor runs).
 */
export const CSV_DRY_RUN_BUDGET_MS = 5_000;
export const CSV_APPLY_BUDGET_MS = 10_000;

export interface ProductCsvOptions {
  rows: number;
  /** A seeded category's and brand's names (the import resolves them by name). */
  categoryName: string;
  brandName: string;
  /** The SKUs' prefix: a file with a new prefix is all new products. */
  skuPrefix?: string;
}

/** A supplier's file: `rows` products, every cell quoted, CRLF, UTF-8 with a BOM. */
export function productCsv({ rows, categoryName, brandName, skuPrefix = 'BENCH-CSV' }: ProductCsvOptions, priceOf: (index: number) => number): string {
  const quote = (cell: string) => `"${cell.replaceAll('"', '""')}"`;
  const header = ['sku', 'name', 'category', 'brand', 'price', 'compareAtPrice', 'vatRate', 'unit', 'weightGrams', 'status', 'compatibleModels', 'description'];
  const lines = [header.join(',')];
  for (let index = 0; index < rows; index += 1) {
    const price = priceOf(index);
    const cells = [`${skuPrefix}-${String(index).padStart(5, '0')}`, `Phụ tùng nhập từ CSV số ${index + 1}`, categoryName, brandName, String(price), String(price + 50_000), '10', 'cái', String(200 + (index % 800)), 'published', 'VinFast VF 3|VinFast VF 5', `Mô tả **phụ tùng** số ${index + 1}, dùng cho xe điện.`];
    lines.push(cells.map(quote).join(','));
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** The import's counts from its JSON answer, or '' when the answer is not one. */
export function importCounts(body: string): string {
  if (!body.startsWith('{')) return '';
  const data = (JSON.parse(body) as { data?: { toCreate: number; toUpdate: number; unchanged: number; errors: unknown[] } }).data;
  return data ? `create ${data.toCreate}, update ${data.toUpdate}, unchanged ${data.unchanged}, bad rows ${data.errors.length}` : '';
}

/** The budget of an import call by its mode. */
export const importBudgetMs = (mode: 'dry-run' | 'apply') => (mode === 'dry-run' ? CSV_DRY_RUN_BUDGET_MS : CSV_APPLY_BUDGET_MS);
