import { Readable, Transform, pipeline } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { ReportCell, ReportColumn, ReportRow } from './reportDefinition';

/** Vietnam is UTC+7 all year (no daylight saving): a fixed offset, as the KPI ranges use. */
const VIETNAM_OFFSET_MS = 7 * 60 * 60 * 1000;
const pad = (value: number) => String(value).padStart(2, '0');

const MINUTE_MS = 60_000;
/** The last minute formatted: a report's rows come in time order, so neighbours mostly share their minute. */
let lastMinute = Number.NaN;
let lastText = '';

/** An instant as dd/MM/yyyy HH:mm in Asia/Ho_Chi_Minh. */
export function formatCsvDateTime(iso: string): string {
  const minute = Math.floor(Date.parse(iso) / MINUTE_MS);
  if (minute !== lastMinute) {
    const local = new Date(minute * MINUTE_MS + VIETNAM_OFFSET_MS);
    lastText = `${pad(local.getUTCDate())}/${pad(local.getUTCMonth() + 1)}/${local.getUTCFullYear()} ${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`;
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

/** Bytes sent to the socket at a time: csv-stringify gives one small chunk per record, each a write of its own. */
const SEND_CHUNK_BYTES = 64 * 1024;

/** Gathers small chunks into ~64 KB ones (the last one as it is). */
function inChunksOf(bytes: number): Transform {
  let pending: Buffer[] = [];
  let size = 0;
  const take = () => {
    const chunk = Buffer.concat(pending, size);
    pending = [];
    size = 0;
    return chunk;
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      pending.push(chunk);
      size += chunk.length;
      if (size >= bytes) done(null, take());
      else done();
    },
    flush(done) {
      done(null, size > 0 ? take() : undefined);
    },
  });
}

/**
 * The report as an RFC 4180 CSV stream (csv-stringify): UTF-8 with a BOM (Excel then reads Vietnamese right), comma,
 * CRLF, a Vietnamese header row, then one record per row pulled from `rows` only as fast as the client reads
 * (backpressure through the pipeline; a client that goes away stops the reading).
 */
export function csvStream(columns: readonly ReportColumn[], rows: AsyncIterable<ReportRow>, onError: (error: Error) => void): Readable {
  async function* records(): AsyncGenerator<string[]> {
    yield columns.map((column) => guardFormula(column.label));
    for await (const row of rows) yield columns.map((column) => csvCell(column, row[column.key] ?? null));
  }
  const output = inChunksOf(SEND_CHUNK_BYTES);
  pipeline(Readable.from(records()), stringify({ bom: true, delimiter: ',', record_delimiter: 'windows', quote: '"' }), output, (error) => {
    if (error) onError(error);
  });
  return output;
}
