import { ApiError, apiClient, readData } from 'shared-contracts';
import type { ProductCsvImport } from 'shared-contracts/schemas';
import { downloadCsv } from '../api/csvDownload';

/** The catalogue's CSV address (admin and manager): every product, the columns the import takes. */
export const PRODUCT_CSV_PATH = '/api/admin/catalogue/products.csv';

/** §7: a CSV over 5 MB is refused here too, before it is sent. */
export const PRODUCT_CSV_MAX_BYTES = 5 * 1024 * 1024;

/** The product CSV calls: the export as a download (with the session's token), the import's dry run and apply. */
export const productCsvApi = {
  download: (fallbackMessage: string) => downloadCsv(PRODUCT_CSV_PATH, 'san-pham.csv', fallbackMessage),
  import: (file: File, mode: ProductCsvImport['mode']) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return readData<ProductCsvImport>(apiClient.post('/admin/catalogue/products/import', form, { query: { mode } }));
  },
};

/** The bad rows of a refused apply (422: the same list a dry run gives), or null for any other failure. */
export function refusedImportOf(error: unknown): ProductCsvImport | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null;
  const data = (error.body as { data?: Partial<ProductCsvImport> } | null)?.data;
  return data && Array.isArray(data.errors) ? (data as ProductCsvImport) : null;
}
