import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { toIsoUtc } from '../../../db/portable';
import { circular78Xml, invoiceSeries, invoiceTotals, VAT_RATES } from '../../invoices';
import { correctionOf, EInvoiceRefused, type EInvoiceProvider, type EInvoiceRequest, type IssuedEInvoice } from '../eInvoiceProvider';

/** What the stand-in answers next, for tests and the demo's failed invoice: as asked, or a fault. */
export type StandInFault = 'timeout' | 'down' | 'refuse' | null;

export interface StandInEInvoiceOptions {
  sellerTaxCode: string;
  publicUrl: string;
  now: () => Date;
  /** Asked before each issue (default: none). */
  fault?: (request: EInvoiceRequest) => StandInFault;
}

/** The stand-in's MCCQT of its invoice `id`, in Decision 1450's layout (M1-yy-5 characters-11 digits). */
export function standInTaxAuthorityCode(yy: string, id: number): string {
  return `M1-${yy}-EVSHP-${String(id).padStart(11, '0')}`;
}

/** Where the stand-in's invoice is looked up by its code: the shop's own public lookup. */
export function standInLookupUrl(publicUrl: string, lookupCode: string): string {
  return `${publicUrl}/api/e-invoices/lookup/${lookupCode}`;
}

/** Art. 10's mandatory content the stand-in checks, as a provider would: the first missing item, or null. */
function missingContent(request: EInvoiceRequest): string | null {
  const { document } = request;
  if (!document.seller.name || !document.seller.taxCode) return 'Thiếu tên hoặc mã số thuế người bán.';
  const buyer = document.company ?? document.buyer;
  if (!buyer.name) return 'Thiếu tên người mua.';
  if (document.company && !document.company.taxCode) return 'Thiếu mã số thuế của đơn vị mua.';
  if (document.lines.length === 0) return 'Hóa đơn không có dòng hàng hóa, dịch vụ nào.';
  for (const line of document.lines) {
    if (!line.name.trim()) return 'Có dòng hàng hóa, dịch vụ không có tên.';
    if (!(VAT_RATES as readonly number[]).includes(line.vatRate)) return `Thuế suất ${line.vatRate}% không hợp lệ.`;
  }
  if (request.kind !== 'ORIGINAL' && (!request.corrects || !request.reason)) return 'Hóa đơn điều chỉnh, thay thế phải ghi hóa đơn bị điều chỉnh và lý do.';
  return null;
}

/**
 * The local stand-in of an e-invoice provider (development, the tests, the demo): checks the request's content as a
 * provider would, issues by our key once (its own table: a key sent again answers the same invoice, across restarts),
 * assigns the series, a number, an MCCQT and a lookup code, and keeps the Circular 78 XML. Nothing leaves the server.
 */
export function standInEInvoiceProvider(db: Kysely<Database>, options: StandInEInvoiceOptions): EInvoiceProvider {
  const { sellerTaxCode, publicUrl, now, fault = () => null } = options;

  function answerOf(row: { id: number; request_key: string; series: string; tax_authority_code: string; lookup_code: string; issued_at: Date | string }): IssuedEInvoice {
    const issuedAt = toIsoUtc(row.issued_at);
    return {
      providerRef: `STANDIN-${row.id}`,
      series: row.series,
      number: row.id,
      taxAuthorityCode: row.tax_authority_code,
      lookupCode: row.lookup_code,
      lookupUrl: standInLookupUrl(publicUrl, row.lookup_code),
      issuedAt,
      raw: JSON.stringify({ standIn: true, key: row.request_key, number: row.id, mccqt: row.tax_authority_code }),
    };
  }

  async function find(key: string): Promise<IssuedEInvoice | null> {
    const row = await db.selectFrom('e_invoice_standin').selectAll().where('request_key', '=', key).executeTakeFirst();
    return row ? answerOf(row) : null;
  }

  return {
    name: 'standin',
    async issue(request, signal) {
      const trouble = fault(request);
      if (trouble === 'timeout') {
        await new Promise<void>((resolve) => (signal.aborted ? resolve() : signal.addEventListener('abort', () => resolve(), { once: true })));
        throw new Error('Nhà cung cấp hóa đơn điện tử (giả lập) không trả lời kịp.');
      }
      if (trouble === 'down') throw new Error('Nhà cung cấp hóa đơn điện tử (giả lập) đang lỗi.');
      const missing = trouble === 'refuse' ? 'Nhà cung cấp (giả lập) từ chối hóa đơn.' : missingContent(request);
      if (missing) throw new EInvoiceRefused('STANDIN_INVALID', missing);
      const earlier = await find(request.key);
      if (earlier) return earlier;
      const issuedAt = now();
      const series = invoiceSeries(issuedAt);
      const yy = series.slice(1, 3);
      const inserted = await db
        .insertInto('e_invoice_standin')
        .values({
          request_key: request.key,
          kind: request.kind,
          series,
          // MCCQT as Decision 1450 lays it out (M, the way it was made, the year, 5 characters, 11 digits), made unique
          // below from the row's id; the lookup code is random (it opens the invoice to whoever holds it).
          tax_authority_code: `pending-${request.key}`.slice(0, 40),
          lookup_code: randomBytes(6).toString('hex').toUpperCase(),
          gross: invoiceTotals(request.document.lines).gross,
          xml: '',
          issued_at: issuedAt.toISOString(),
        })
        .onConflict((conflict) => conflict.column('request_key').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (inserted) {
        // An adjustment or a replacement names the invoice it corrects and why (TTHDLQuan), as the provider's XML would.
        const xml = circular78Xml({ document: { ...request.document, issuedAt }, number: inserted.id, corrects: correctionOf(request) }, sellerTaxCode);
        await db.updateTable('e_invoice_standin').set({ xml, tax_authority_code: standInTaxAuthorityCode(yy, inserted.id) }).where('id', '=', inserted.id).execute();
      }
      const issued = await find(request.key);
      if (!issued) throw new Error('Nhà cung cấp hóa đơn điện tử (giả lập) không ghi được hóa đơn.');
      return issued;
    },
    find: (key) => find(key),
    async download(issued, format) {
      const row = await db.selectFrom('e_invoice_standin').select('xml').where('id', '=', issued.number).executeTakeFirst();
      if (!row) throw new EInvoiceRefused('STANDIN_NOT_FOUND', 'Không tìm thấy hóa đơn ở nhà cung cấp.');
      // The stand-in keeps the XML only: the PDF is the shop's own rendering of the same document.
      if (format === 'pdf') throw new EInvoiceRefused('STANDIN_NO_PDF', 'Nhà cung cấp giả lập không giữ bản PDF.');
      return Buffer.from(row.xml, 'utf8');
    },
  };
}
