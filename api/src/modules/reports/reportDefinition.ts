import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { ReportName, ReportTable } from 'shared-contracts/schemas';
import { toIsoUtc } from '../../db/portable';
import type { Database } from '../../db/schema';
import { firstRowsByInstant, instantExactText, instantIsoText, instantParameter } from '../../db/sqlDialect';
import type { KpiRange } from '../kpis';

export type ReportColumn = ReportTable['columns'][number];
export type ReportCell = string | number | null;
export type ReportRow = Record<string, ReportCell>;

/** What a report is asked for: one centre (or every centre: null) over a range of local dates. */
export interface ReportScope {
  db: Kysely<Database>;
  centreId: number | null;
  range: KpiRange;
  now: Date;
}

export function reportScope(db: Kysely<Database>, centreId: number | null, range: KpiRange, now: Date): ReportScope {
  return { db, centreId, range, now };
}

/** Where the previous page stopped: the sort instant (as the database wrote it) and the row's id. */
export interface Keyset {
  at: string;
  id: number;
}

export interface ReportPage {
  rows: ReportRow[];
  /** null when this page was the last. */
  next: Keyset | null;
}

/**
 * A report of spec §9: its columns (the CSV's header, in order), how many rows the range holds, and its rows page
 * by page in a stable order (keyset pagination: each page is one indexed query, so a 100 000-row CSV never holds
 * more than a page in memory nor a database connection between pages).
 */
export interface ReportDefinition {
  name: ReportName;
  columns(allCentres: boolean): ReportColumn[];
  count(scope: ReportScope): Promise<number>;
  page(scope: ReportScope, after: Keyset | null, limit: number): Promise<ReportPage>;
}

/** The centre's name, first column of a report over every centre. */
export const centreColumn: ReportColumn = { key: 'centre', label: 'Trung tâm', kind: 'text' };

export function withCentre(allCentres: boolean, columns: ReportColumn[]): ReportColumn[] {
  return allCentres ? [centreColumn, ...columns] : columns;
}

/** `instant >= range start and instant < range end`, on both dialects. */
export function inRange(scope: ReportScope, column: string): RawBuilder<SqlBool> {
  const ref = sql.ref(column);
  return sql<SqlBool>`(${ref} >= ${instantParameter(scope.db, scope.range.fromUtc)} and ${ref} < ${instantParameter(scope.db, scope.range.toUtc)})`;
}

/** The rows after `after` in (instant, id) order: `at >= X and (at > X or id > Y)` starts the index scan at X. */
export function afterKeyset(scope: ReportScope, atColumn: string, idColumn: string, after: Keyset | null): RawBuilder<SqlBool> {
  if (!after) return sql<SqlBool>`1 = 1`;
  const at = sql.ref(atColumn);
  const value = instantParameter(scope.db, after.at);
  return sql<SqlBool>`(${at} >= ${value} and (${at} > ${value} or ${sql.ref(idColumn)} > ${after.id}))`;
}

/**
 * The page's size, on a query already ordered by its instant: the first `limit` rows by (instant, id), ties at the
 * page's last instant kept where the database's indexes need it (db/sqlDialect.ts firstRowsByInstant).
 */
export function pageLimit(scope: ReportScope, idColumn: string, limit: number) {
  return firstRowsByInstant(scope.db, idColumn, limit);
}

/**
 * The sort instant as exact text for the next page's keyset: PostgreSQL keeps microseconds, which a JavaScript Date
 * would round away (and the page boundary would repeat rows); SQLite's instants are text already.
 */
export function keysetText(scope: ReportScope, atColumn: string): RawBuilder<string> {
  return instantExactText(scope.db, atColumn);
}

/** The keyset of a page's last row, or null when the page was not full (no more rows). */
export function nextKeyset<R extends { keyset_at: string; id: number }>(rows: readonly R[], limit: number): Keyset | null {
  const last = rows.at(-1);
  return rows.length < limit || !last ? null : { at: last.keyset_at, id: last.id };
}

/** 'YYYY-MM-DDTHH:MM:SS.sssZ', as SQLite stores instants and isoText gives them. */
const CANONICAL_ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** An instant column read back (Date on PostgreSQL, text on SQLite) → ISO, null kept; canonical text as it is. */
export function isoOrNull(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' && CANONICAL_ISO.test(value) ? value : toIsoUtc(value);
}

/**
 * An instant column as canonical ISO text, written by the database: PostgreSQL formats it (to the millisecond, UTC),
 * so that a 100 000-row CSV does not parse 100 000 Dates in the driver and format them again; SQLite has it already.
 */
export function isoText(scope: ReportScope, column: string): RawBuilder<string> {
  return instantIsoText(scope.db, column);
}

/** count(*) → number on both dialects. */
export function countOf(row: { n: string | number | bigint } | undefined): number {
  return row ? Number(row.n) : 0;
}

/**
 * A report's pages (`pageSize` rows per query, at most `max` rows in all), each handed to `convert` as soon as it
 * arrives: the next page is asked for then, so the database works while this one is written out, and what waits
 * meanwhile is the converted page (the CSV's bytes), never its rows. Rows that wait outlive V8's young generation
 * and are copied into the old one, which then grows by the whole file before a full collection frees it
 * (docs/decisions/0021-csv-export-page-at-a-time.md); converted at once, a page's rows die young.
 */
export async function* reportPages<T>(definition: ReportDefinition, scope: ReportScope, pageSize: number, max: number, convert: (rows: ReportRow[]) => T): AsyncGenerator<T> {
  const read = (after: Keyset | null, limit: number) =>
    definition.page(scope, after, limit).then((page) => ({ next: page.next, rows: page.rows.length, value: convert(page.rows) }));
  let sent = 0;
  let pending: ReturnType<typeof read> | null = read(null, Math.min(pageSize, max));
  try {
    while (pending) {
      const page: Awaited<ReturnType<typeof read>> = await pending;
      sent += page.rows;
      pending = page.next !== null && sent < max ? read(page.next, Math.min(pageSize, max - sent)) : null;
      yield page.value;
    }
  } finally {
    // The reader went away (a closed download): the page asked for ahead is dropped, its failure too.
    pending?.catch(() => undefined);
  }
}

/** Every row of a report, page by page (reportPages), at most `max` rows. */
export async function* reportRows(definition: ReportDefinition, scope: ReportScope, pageSize: number, max: number): AsyncGenerator<ReportRow> {
  for await (const rows of reportPages(definition, scope, pageSize, max, (page) => page)) yield* rows;
}
