import { PassThrough, type Readable } from 'node:stream';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { Kysely } from 'kysely';
import { E_INVOICE_KIND_LABELS, ERROR_CODES, formatCalendarDate, vietnamDateOf, type EInvoiceKind } from 'shared-contracts/schemas';
import type { Config } from '../../config';
import type { EInvoiceRow } from '../../db/eInvoiceSchema';
import { toIsoUtc, toNumber } from '../../db/portable';
import type { Database } from '../../db/schema';
import { vietnamDayBounds } from '../../db/vietnamDay';
import { AppError } from '../../http/appError';
import type { ObjectStore } from '../../objectStorage';
import { circular78Xml, invoiceTotals } from '../invoices';
import { csvField, guardFormula } from '../reports';
import { archiveKeyOf } from './eInvoiceArchive';
import { correctionOf } from './eInvoiceProvider';
import { requestOf } from './eInvoiceSender';
import { eInvoicePdf } from './saleEInvoices';

type Db = Kysely<Database>;

/** A month's export holds at most this many invoices (a shop's month; more answers 422: export by provider). */
export const E_INVOICE_EXPORT_MAX = 20_000;

const monthMessage = 'Tháng không hợp lệ: dạng YYYY-MM, không sau tháng hiện tại.';

/** The month's bounds in Vietnam, 422 DATE_RANGE_INVALID for a malformed or future month. */
export function exportMonthBounds(month: string, now: Date): { from: string; to: string } {
  const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(month.trim());
  const invalid = () => new AppError(422, ERROR_CODES.DATE_RANGE_INVALID, monthMessage, [{ field: 'month', message: monthMessage }]);
  if (!match) throw invalid();
  const first = `${match[1]}-${match[2]}-01`;
  if (first.slice(0, 7) > vietnamDateOf(now).slice(0, 7)) throw invalid();
  const nextMonth = Number(match[2]) === 12 ? `${Number(match[1]) + 1}-01-01` : `${match[1]}-${String(Number(match[2]) + 1).padStart(2, '0')}-01`;
  return { from: vietnamDayBounds(first).from, to: vietnamDayBounds(nextMonth).from };
}

const CSV_HEADER = ['Loại hóa đơn', 'Ký hiệu', 'Số', 'Ngày', 'Mã của CQT', 'Mã tra cứu', 'Giao dịch', 'Người mua', 'Tiền trước thuế', 'Tiền thuế GTGT', 'Tổng cộng', 'Lý do'];

/** The month's issued invoices, numbered in their series, read before the answer starts (so a bad month is a 4xx). */
export async function invoicesOfMonth(db: Db, month: string, now: Date): Promise<EInvoiceRow[]> {
  const bounds = exportMonthBounds(month, now);
  const rows = await db
    .selectFrom('e_invoices')
    .selectAll()
    .where('status', '=', 'ISSUED')
    .where('issued_at', '>=', bounds.from)
    .where('issued_at', '<', bounds.to)
    .orderBy('series')
    .orderBy('number')
    .limit(E_INVOICE_EXPORT_MAX + 1)
    .execute();
  if (rows.length > E_INVOICE_EXPORT_MAX) throw new AppError(422, ERROR_CODES.BAD_REQUEST, `Tháng có hơn ${E_INVOICE_EXPORT_MAX} hóa đơn: vui lòng tải từ cổng của nhà cung cấp.`);
  return rows;
}

/**
 * The accountant's export of a month (a zip, streamed): each issued invoice's XML and PDF (as archived, else made from
 * the sale's data now) and bang-ke-hoa-don-<month>.csv (UTF-8 with a BOM, one line per invoice: kind, series, number,
 * date, MCCQT, lookup code, sale, buyer, amounts before tax, VAT and total, reason). Invoices are read one at a time
 * as the client takes the bytes.
 */
export function monthExport(db: Db, store: ObjectStore, config: Pick<Config, 'seller' | 'publicUrl'>, month: string, rows: readonly EInvoiceRow[], onError: (error: Error) => void): Readable {
  const out = new PassThrough();
  const zip = new Zip((error, chunk, final) => {
    if (error) return out.destroy(error);
    out.write(chunk);
    if (final) out.end();
  });
  const stored = async (key: string | null) => (key ? await store.get(key) : null);
  const bytesOf = async (key: string | null): Promise<Buffer | null> => {
    const object = await stored(key);
    if (!object) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of object.body) chunks.push(Buffer.from(chunk as Buffer));
    return Buffer.concat(chunks);
  };
  const add = (name: string, bytes: Buffer, compress: boolean) => {
    const file = compress ? new ZipDeflate(name, { level: 6 }) : new ZipPassThrough(name);
    zip.add(file);
    file.push(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), true);
  };
  void (async () => {
    let csv = `\uFEFF${CSV_HEADER.join(',')}\r\n`;
    for (const row of rows) {
      // The client went away: nothing more is made.
      if (out.destroyed) return;
      const issuedAt = new Date(toIsoUtc(row.issued_at!));
      const request = await requestOf(db, config, row, issuedAt);
      const totals = invoiceTotals(request.document.lines);
      const base = archiveKeyOf(row, 'xml').split('/').pop()!.replace(/\.xml$/, '');
      const xml = (await bytesOf(row.xml_key)) ?? Buffer.from(circular78Xml({ document: request.document, number: row.number ?? 0, corrects: correctionOf(request) }, config.seller.taxCode), 'utf8');
      const pdf = (await bytesOf(row.pdf_key)) ?? (await eInvoicePdf(db, config, row));
      add(`${base}.xml`, xml, true);
      add(`${base}.pdf`, pdf, false);
      const buyer = request.document.company ?? request.document.buyer;
      csv += `${[
        E_INVOICE_KIND_LABELS[row.kind as EInvoiceKind],
        row.series ?? '',
        String(row.number ?? ''),
        formatCalendarDate(vietnamDateOf(issuedAt)),
        row.tax_authority_code ?? '',
        row.lookup_code ?? '',
        request.document.orderCode,
        guardFormula(buyer.name),
        String(totals.net),
        String(totals.vat),
        String(toNumber(totals.gross)),
        guardFormula(row.reason ?? ''),
      ]
        .map(csvField)
        .join(',')}\r\n`;
      // Waits for the client to take what was written (a month of PDFs is never all in memory).
      if (out.writableNeedDrain) await new Promise((resolve) => out.once('drain', resolve));
    }
    add(`bang-ke-hoa-don-${month}.csv`, Buffer.from(csv, 'utf8'), true);
    zip.end();
  })().catch((error: unknown) => {
    onError(error instanceof Error ? error : new Error(String(error)));
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return out;
}
