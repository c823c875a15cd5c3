import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { ReportName, ReportTable } from 'shared-contracts/schemas';
import { dialectOf, toIsoUtc, type Dialect } from '../../db/portable';
import type { Database } from '../../db/schema';
import type { KpiRange } from '../kpis/kpiRange';
import { instant } from '../kpis/kpiSql';

export type ReportColumn = ReportTable['columns'][number];
export type ReportCell = string | number | null;
export type ReportRow = Record<string, ReportCell>;

/** What a report is asked for: one centre (or every centre: null) over a range of local dates. */
export interface ReportScope {
  db: Kysely<Database>;
  dialect: Dialect;
  centreId: number | null;
  range: KpiRange;
  now: Date;
}

export function reportScope(db: Kysely<Database>, centreId: number | null, range: KpiRange, now: Date): ReportScope {
  return { db, dialect: dialectOf(db), centreId, range, now };
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
  return sql<SqlBool>`(${ref} >= ${instant(scope.dialect, scope.range.fromUtc)} and ${ref} < ${instant(scope.dialect, scope.range.toUtc)})`;
}

/** The rows after `after` in (instant, id) order: `at >= X and (at > X or id > Y)` starts the index scan at X. */
export function afterKeyset(scope: ReportScope, atColumn: string, idColumn: string, after: Keyset | null): RawBuilder<SqlBool> {
  if (!after) return sql<SqlBool>`1 = 1`;
  const at = sql.ref(atColumn);
  const value = instant(scope.dialect, after.at);
  return sql<SqlBool>`(${at} >= ${value} and (${at} > ${value} or ${sql.ref(idColumn)} > ${after.id}))`;
}

/**
 * The page's size, on a query already ordered by its instant: the first `limit` rows by (instant, id). PostgreSQL's
 * (centre_id, instant) indexes do not hold the id, so `order by instant, id limit n` would sort every remaining row of
 * the range for each page: `fetch first n rows with ties` stops in index order instead (a page grows past n only
 * when rows share its last instant, and keeps them all, so the keyset resumes after them). SQLite's indexes end with
 * the rowid, so (instant, id) is index order there.
 */
export function pageLimit(scope: ReportScope, idColumn: string, limit: number) {
  return <QB extends SelectQueryBuilder<any, any, any>>(query: QB): QB =>
    (scope.dialect === 'postgres' ? query.modifyEnd(sql`fetch first ${sql.lit(limit)} rows with ties`) : query.orderBy(sql.ref(idColumn)).limit(limit)) as QB;
}

/**
 * The sort instant as exact text for the next page's keyset: PostgreSQL keeps microseconds, which a JavaScript Date
 * would round away (and the page boundary would repeat rows); SQLite's instants are text already.
 */
export function keysetText(scope: ReportScope, atColumn: string): RawBuilder<string> {
  return scope.dialect === 'postgres' ? sql<string>`cast(${sql.ref(atColumn)} as text)` : sql<string>`${sql.ref(atColumn)}`;
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
  return scope.dialect === 'postgres'
    ? sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
    : sql<string>`${sql.ref(column)}`;
}

/** count(*) → number on both dialects. */
export function countOf(row: { n: string | number | bigint } | undefined): number {
  return row ? Number(row.n) : 0;
}

/**
 * Every row of a report, page by page (`pageSize` rows per query), at most `max` rows. The next page is asked for as
 * soon as one arrives, so the database works while this one is written out; never more than two pages in memory.
 */
export async function* reportRows(definition: ReportDefinition, scope: ReportScope, pageSize: number, max: number): AsyncGenerator<ReportRow> {
  let sent = 0;
  let pending: Promise<ReportPage> | null = definition.page(scope, null, Math.min(pageSize, max));
  try {
    while (pending) {
      const page: ReportPage = await pending;
      const left = max - sent - page.rows.length;
      pending = page.next !== null && left > 0 ? definition.page(scope, page.next, Math.min(pageSize, left)) : null;
      for (const row of page.rows) yield row;
      sent += page.rows.length;
    }
  } finally {
    // The reader went away (a closed download): the page asked for ahead is dropped, its failure too.
    pending?.catch(() => undefined);
  }
}
