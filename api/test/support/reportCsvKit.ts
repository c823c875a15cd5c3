import { parse } from 'csv-parse/sync';
import { REPORT_NAMES } from 'shared-contracts/schemas';

/** Every address of the reports: the charts, each report's table, each report's CSV. */
export const REPORT_PATHS = ['/api/reports/charts', ...REPORT_NAMES.map((name) => `/api/reports/${name}`), ...REPORT_NAMES.map((name) => `/api/reports/${name}.csv`)];

export const RANGE = 'from=2026-11-10&to=2026-11-12';

export interface ParsedCsv {
  /** The body started with the UTF-8 byte order mark (EF BB BF). */
  bom: boolean;
  /** Every record ended with CRLF (no bare LF outside a quoted cell). */
  crlf: boolean;
  header: string[];
  rows: string[][];
}

/** A CSV answer as a spreadsheet would read it: RFC 4180 through csv-parse. */
export function parseCsv(raw: Buffer): ParsedCsv {
  const bom = raw.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]));
  const text = raw.toString('utf8');
  const records = parse(text, { bom: true, record_delimiter: '\r\n', relax_quotes: false }) as string[][];
  const withoutQuoted = text.replace(/"(?:[^"]|"")*"/g, '');
  const crlf = text.endsWith('\r\n') && !/[^\r]\n/.test(withoutQuoted);
  const [header = [], ...rows] = records;
  return { bom, crlf, header, rows };
}

/** The cells of a column by its header label. */
export function column(csv: ParsedCsv, label: string): string[] {
  const index = csv.header.indexOf(label);
  if (index < 0) throw new Error(`no column ${label} in ${csv.header.join(' | ')}`);
  return csv.rows.map((row) => row[index]!);
}
