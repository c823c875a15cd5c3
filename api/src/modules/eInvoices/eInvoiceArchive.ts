import type { Kysely } from 'kysely';
import { vietnamDateOf } from 'shared-contracts/schemas';
import type { Config } from '../../config';
import type { EInvoiceRow } from '../../db/eInvoiceSchema';
import { toIsoUtc } from '../../db/portable';
import type { Database } from '../../db/schema';
import type { ObjectStore } from '../../objectStorage';
import type { EInvoiceProvider } from './eInvoiceProvider';
import { eInvoicePdf } from './saleEInvoices';

type Db = Kysely<Database>;

/** Issued invoices archived per round. */
const ARCHIVE_BATCH = 20;

/** Where an issued invoice's files are kept: e-invoices/yyyy/MM/<series>-<number>.<xml|pdf>, by its date in Vietnam. */
export function archiveKeyOf(row: Pick<EInvoiceRow, 'series' | 'number' | 'issued_at'>, extension: 'xml' | 'pdf'): string {
  const day = vietnamDateOf(new Date(toIsoUtc(row.issued_at ?? new Date(0))));
  return `e-invoices/${day.slice(0, 4)}/${day.slice(5, 7)}/${row.series}-${String(row.number).padStart(8, '0')}.${extension}`;
}

/**
 * Keeps issued invoices' XML (as the provider holds it) and PDF (the shop's rendering) in the object store, a few a
 * round: the accountant's export reads them there. A provider that cannot answer leaves the invoice for a later round.
 */
export async function archiveIssuedInvoices(db: Db, store: ObjectStore, config: Pick<Config, 'seller' | 'publicUrl'>, provider: EInvoiceProvider, timeoutMs = 20_000): Promise<number> {
  const rows = await db.selectFrom('e_invoices').selectAll().where('status', '=', 'ISSUED').where('pdf_key', 'is', null).where('provider', '=', provider.name).orderBy('id').limit(ARCHIVE_BATCH).execute();
  let archived = 0;
  for (const row of rows) {
    if (row.series === null || row.number === null) continue;
    try {
      const xml = await provider.download({ providerRef: row.provider_ref ?? '', series: row.series, number: row.number }, 'xml', AbortSignal.timeout(timeoutMs));
      const pdf = await eInvoicePdf(db, config, row);
      const xmlKey = archiveKeyOf(row, 'xml');
      const pdfKey = archiveKeyOf(row, 'pdf');
      await store.put(xmlKey, xml, 'application/xml');
      await store.put(pdfKey, pdf, 'application/pdf');
      await db.updateTable('e_invoices').set({ xml_key: xmlKey, pdf_key: pdfKey }).where('id', '=', row.id).execute();
      archived += 1;
    } catch {
      // Left for a later round (the provider or the store did not answer).
    }
  }
  return archived;
}
