import { parse } from 'csv-parse/sync';
import { COD_STATEMENT_MAX_LINES, ERROR_CODES, foldVietnamese, type IntegratedCarrier } from 'shared-contracts/schemas';
import { AppError } from '../../../http/appError';
import { codStatementMessages as messages } from './codStatementMessages';

/** One line of a carrier's COD statement as read from its export. */
export interface CodStatementFileLine {
  /** The row number in the file (the header is 1). */
  lineNo: number;
  trackingCode: string;
  codAmount: number;
  fee: number;
}

/**
 * The columns read from each carrier's COD statement export, as their merchant portals publish it ("Đối soát" →
 * "Xuất Excel": GHN's khachhang.ghn.vn and GHTK's khachhang.giaohangtietkiem.vn, saved as CSV): the waybill code
 * and the COD remitted, and the carrier's fee. Other columns are ignored; headers are matched without accents or case.
 */
export const COD_STATEMENT_COLUMNS: Record<IntegratedCarrier, { trackingCode: string; cod: string; fee: string }> = {
  GHN: { trackingCode: 'Mã đơn hàng', cod: 'Tiền thu hộ', fee: 'Phí' },
  GHTK: { trackingCode: 'Mã đơn hàng', cod: 'Tiền CoD', fee: 'Phí' },
};

/** The bytes as UTF-8 text (a BOM dropped); anything else is refused rather than read as mojibake. */
export function decodeStatement(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new AppError(400, ERROR_CODES.CSV_NOT_UTF8, messages.notUtf8, [{ field: 'file', message: messages.notUtf8 }]);
  }
}

/** '1.250.000', '1,250,000', '1250000 ₫', '' (0) → integer VND; null when it is not a non-negative amount. */
export function parseVndCell(cell: string | undefined): number | null {
  const text = (cell ?? '').replace(/(₫|vnđ|vnd|đ)/gi, '').replace(/[\s.,]/g, '');
  if (text === '') return 0;
  if (!/^\d{1,12}$/.test(text)) return null;
  return Number(text);
}

/** ';' when the header line has more semicolons than commas (Excel in Vietnam's region saves with ';'). */
function delimiterOf(text: string): ',' | ';' {
  const header = text.slice(0, text.indexOf('\n') === -1 ? text.length : text.indexOf('\n'));
  return (header.match(/;/g)?.length ?? 0) > (header.match(/,/g)?.length ?? 0) ? ';' : ',';
}

const invalid = (message: string, errors = [{ field: 'file', message }]) => new AppError(422, ERROR_CODES.CSV_INVALID_FILE, message, errors);

/**
 * The statement's lines (blank ones skipped), checked: the carrier's columns present, at most COD_STATEMENT_MAX_LINES
 * lines, each with a tracking code and amounts that are amounts. A bad file is refused whole (422 naming the lines).
 */
export function readCodStatement(carrier: IntegratedCarrier, text: string): CodStatementFileLine[] {
  let records: string[][];
  try {
    records = parse(text, { bom: true, delimiter: delimiterOf(text), relax_column_count: true, skip_empty_lines: false, to: COD_STATEMENT_MAX_LINES + 2 }) as string[][];
  } catch {
    throw invalid(messages.unreadable);
  }
  const [header, ...rows] = records;
  if (!header) throw invalid(messages.empty);
  const columns = COD_STATEMENT_COLUMNS[carrier];
  const folded = header.map((cell) => foldVietnamese(cell));
  const position = (name: string) => folded.indexOf(foldVietnamese(name));
  const at = { trackingCode: position(columns.trackingCode), cod: position(columns.cod), fee: position(columns.fee) };
  const missing = (Object.keys(at) as Array<keyof typeof at>).filter((key) => at[key] === -1).map((key) => columns[key]);
  if (missing.length > 0) throw invalid(messages.missingColumns(carrier, missing));
  const lines = rows.filter((row) => row.some((cell) => cell.trim() !== ''));
  if (lines.length > COD_STATEMENT_MAX_LINES) throw new AppError(422, ERROR_CODES.CSV_TOO_MANY_ROWS, messages.tooManyLines, [{ field: 'file', message: messages.tooManyLines }]);
  if (lines.length === 0) throw invalid(messages.empty);

  const read: CodStatementFileLine[] = [];
  const errors: Array<{ field: string; message: string }> = [];
  rows.forEach((row, index) => {
    if (!row.some((cell) => cell.trim() !== '')) return;
    const lineNo = index + 2;
    const trackingCode = (row[at.trackingCode] ?? '').trim();
    const codAmount = parseVndCell(row[at.cod]);
    const fee = parseVndCell(row[at.fee]);
    if (trackingCode === '' || trackingCode.length > 60) errors.push({ field: `line${lineNo}`, message: messages.noTrackingCode(lineNo) });
    if (codAmount === null) errors.push({ field: `line${lineNo}`, message: messages.badAmount(lineNo, columns.cod) });
    if (fee === null) errors.push({ field: `line${lineNo}`, message: messages.badAmount(lineNo, columns.fee) });
    if (trackingCode !== '' && codAmount !== null && fee !== null) read.push({ lineNo, trackingCode, codAmount, fee });
  });
  if (errors.length > 0) throw new AppError(422, ERROR_CODES.CSV_INVALID_ROWS, messages.badLines, errors.slice(0, 50));
  return read;
}
