import { Readable } from 'node:stream';
import { formatCalendarDate, vietnamClockOf, vietnamDateOf } from 'shared-contracts/schemas';
import type { ReportCell, ReportColumn, ReportRow } from './reportDefinition';

const MINUTE_MS = 60_000;
/** The last minute formatted: a report's rows come in time order, so neighbours mostly share their minute. */
let lastMinute = Number.NaN;
let lastText = '';

/** An instant as dd/MM/yyyy HH:mm in Asia/Ho_Chi_Minh. */
export function formatCsvDateTime(iso: string): string {
  const minute = Math.floor(Date.parse(iso) / MINUTE_MS);
  if (minute !== lastMinute) {
    const at = minute * MINUTE_MS;
    lastText = `${formatCalendarDate(vietnamDateOf(at))} ${vietnamClockOf(at)}`;
    lastMinute = minute;
  }
  return lastText;
}

/**
 * Formula-injection guard (spec §9, OWASP "CSV injection"): a text cell starting with = + - @, a tab or a carriage
 * return (or their full-width forms, which some spreadsheets also read as formulas) gets a leading `'`, so a
 * spreadsheet shows it as text instead of running it.
 */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
export function guardFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/**
 * One cell as the CSV writes it: empty for null; date-times dd/MM/yyyy HH:mm local; money and numbers plain
 * (integers for VND, a dot for decimals), never guarded — the API writes them from numbers, so a negative
 * quantity stays a number a spreadsheet can add up; text guarded against formulas.
 */
export function csvCell(column: ReportColumn, value: ReportCell): string {
  if (value === null) return '';
  switch (column.kind) {
    case 'datetime':
      return formatCsvDateTime(String(value));
    case 'money':
    case 'number':
      return typeof value === 'number' ? String(value) : guardFormula(value);
    default:
      return guardFormula(String(value));
  }
}

/**
 * A field that holds a comma, a quote or a line break is quoted, its quotes doubled (RFC 4180); others as they are.
 * Written here rather than with csv-stringify: its stream gives one chunk per record, and its synchronous API per
 * page kept more memory and was slower (docs/decisions/0021-csv-export-page-at-a-time.md).
 */
const NEEDS_QUOTES = /[",\r\n]/;
export function csvField(text: string): string {
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Records as CSV text: comma-separated fields, each record ended by CRLF. */
function csvRecords(records: Iterable<readonly string[]>): string {
  let text = '';
  for (const fields of records) {
    for (let i = 0; i < fields.length; i += 1) text += i === 0 ? csvField(fields[i]!) : `,${csvField(fields[i]!)}`;
    text += '\r\n';
  }
  return text;
}

/** One page of a report as the CSV's bytes (its records, CRLF-ended): what waits to be sent is this, not the rows. */
export function csvChunk(columns: readonly ReportColumn[], rows: readonly ReportRow[]): Buffer {
  return Buffer.from(csvRecords(rows.map((row) => columns.map((column) => csvCell(column, row[column.key] ?? null)))));
}

const BOM = '\uFEFF';

/**
 * The report as an RFC 4180 CSV stream: UTF-8 with a BOM (Excel then reads Vietnamese right), comma, CRLF, a
 * Vietnamese header row, then `pages` (csvChunk's bytes, one per page of rows: reportPages), each read only when the
 * client has taken the previous one (backpressure; a client that goes away stops the reading). One chunk per page
 * (~140 KB for 1,000 rows), converted as soon as the page arrives: the rows die young, nothing of the file is kept
 * (docs/decisions/0021-csv-export-page-at-a-time.md).
 */
export function csvStream(columns: readonly ReportColumn[], pages: AsyncIterator<Buffer>, onError: (error: Error) => void): Readable {
  let header = true;
  return new Readable({
    read() {
      if (header) {
        header = false;
        this.push(BOM + csvRecords([columns.map((column) => guardFormula(column.label))]));
        return;
      }
      pages.next().then(
        (result) => this.push(result.done ? null : result.value),
        (error: Error) => {
          onError(error);
          this.destroy(error);
        },
      );
    },
    destroy(error, done) {
      // A closed download (or a failure): the pages' generator ends, dropping the page asked for ahead.
      pages.return?.(undefined).catch(() => undefined);
      done(error);
    },
  });
}
