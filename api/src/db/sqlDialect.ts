import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import { VIETNAM_UTC_OFFSET_MINUTES } from 'shared-contracts/schemas';
import { dialectOf, nowUtc } from './portable';

/**
 * The SQL that differs between SQLite and PostgreSQL, each piece named by what it does (issue 44 §5): code outside
 * api/src/db/ asks for "the local date of this column" or "lock this row", never which database it is on.
 * Statements written as text (the catalogue's list, the backup's readers) have theirs in sqlText.ts.
 *
 * Every helper takes the Kysely instance (or a transaction of it, which shares its adapter).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any database's schema: Kysely<Database> is not assignable to Kysely<unknown>
type AnyDb = Kysely<any>;

// ——— Transactions side by side ———

/**
 * Whether the database runs the API's transactions one at a time: SQLite (one connection: a transaction holds it,
 * every other request waits) does, PostgreSQL (a pool; row locks, READ COMMITTED) does not. Row locks and the
 * queries that only take locks are skipped where transactions cannot overlap; work is paced where one transaction
 * holds up every request.
 */
export function runsOneTransactionAtATime(db: AnyDb): boolean {
  return dialectOf(db) === 'sqlite';
}

/** The query with FOR UPDATE where transactions run side by side (PostgreSQL); unchanged on SQLite. */
export function lockForUpdate<DB, TB extends keyof DB, O>(db: AnyDb, query: SelectQueryBuilder<DB, TB, O>): SelectQueryBuilder<DB, TB, O> {
  return runsOneTransactionAtATime(db) ? query : query.forUpdate();
}

/** The query with FOR SHARE where transactions run side by side (PostgreSQL); unchanged on SQLite. */
export function lockForShare<DB, TB extends keyof DB, O>(db: AnyDb, query: SelectQueryBuilder<DB, TB, O>): SelectQueryBuilder<DB, TB, O> {
  return runsOneTransactionAtATime(db) ? query : query.forShare();
}

/**
 * Holds a lock named by `key` until the transaction ends (PostgreSQL: pg_advisory_xact_lock of its hash), so that
 * two transactions about the same thing queue up; nothing on SQLite, whose transactions run one at a time.
 */
export async function advisoryTransactionLock(trx: AnyDb, key: string): Promise<void> {
  if (runsOneTransactionAtATime(trx)) return;
  await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
}

/**
 * Waits for the transactions writing `tables` to end and holds new writes to them until this transaction ends
 * (PostgreSQL: LOCK TABLE … IN SHARE MODE); nothing on SQLite, whose transactions run one at a time.
 */
export async function holdWritesOf(trx: AnyDb, tables: readonly string[]): Promise<void> {
  if (runsOneTransactionAtATime(trx)) return;
  await sql`lock table ${sql.join(tables.map((table) => sql.table(table)))} in share mode`.execute(trx);
}

/** Whether the database can carry events between API instances by itself (PostgreSQL's LISTEN/NOTIFY). */
export function hasListenNotify(db: AnyDb): boolean {
  return dialectOf(db) === 'postgres';
}

// ——— Instants ———

/** SQL giving the current UTC instant in the database's column format (portable.ts nowUtc, for a Kysely instance). */
export function nowUtcOf(db: AnyDb): RawBuilder<string> {
  return nowUtc(dialectOf(db));
}

/** An ISO instant as an SQL value comparable with instant columns: timestamptz on PostgreSQL, the ISO text on SQLite. */
export function instantParameter(db: AnyDb, iso: string): RawBuilder<string> {
  return dialectOf(db) === 'postgres' ? sql<string>`cast(${iso} as timestamptz)` : sql<string>`${iso}`;
}

/** An instant as a bound value for instant columns: the Date on PostgreSQL (timestamptz), its ISO text on SQLite. */
export function instantBinding(db: AnyDb, at: Date): Date | string {
  return dialectOf(db) === 'sqlite' ? at.toISOString() : at;
}

/** Minutes from one instant to another, fractional. */
export function minutesBetween(db: AnyDb, start: RawBuilder<unknown>, end: RawBuilder<unknown>): RawBuilder<number> {
  return dialectOf(db) === 'postgres'
    ? sql<number>`(extract(epoch from (${end} - ${start})) / 60.0)`
    : sql<number>`((julianday(${end}) - julianday(${start})) * 1440.0)`;
}

/**
 * The later of two instants (for clipping to a range). On SQLite instants are ISO text ending in Z with
 * milliseconds, so text order is time order and max() compares them correctly.
 */
export function laterInstant(db: AnyDb, a: RawBuilder<unknown>, b: RawBuilder<unknown>): RawBuilder<string> {
  return dialectOf(db) === 'postgres' ? sql<string>`greatest(${a}, ${b})` : sql<string>`max(${a}, ${b})`;
}

/** The earlier of two instants (see laterInstant). */
export function earlierInstant(db: AnyDb, a: RawBuilder<unknown>, b: RawBuilder<unknown>): RawBuilder<string> {
  return dialectOf(db) === 'postgres' ? sql<string>`least(${a}, ${b})` : sql<string>`min(${a}, ${b})`;
}

/** The calendar's UTC offset of Vietnam (shared-contracts/calendar), as an SQL interval text ('420 minutes'). */
const VIETNAM_UTC_INTERVAL = `${VIETNAM_UTC_OFFSET_MINUTES} minutes`;

/** The Vietnamese calendar date of an instant column, 'YYYY-MM-DD' (vietnamDateOf of shared-contracts, in SQL). */
export function vietnamDateOfColumn(db: AnyDb, column: string): RawBuilder<string> {
  return dialectOf(db) === 'postgres'
    ? sql<string>`to_char((${sql.ref(column)} at time zone 'UTC') + interval ${sql.lit(VIETNAM_UTC_INTERVAL)}, 'YYYY-MM-DD')`
    : sql<string>`date(${sql.ref(column)}, ${sql.lit(`+${VIETNAM_UTC_INTERVAL}`)})`;
}

/**
 * An instant column as exact text, to be given back as instantParameter: PostgreSQL keeps microseconds, which a
 * JavaScript Date would round away; SQLite's instants are text already.
 */
export function instantExactText(db: AnyDb, column: string): RawBuilder<string> {
  return dialectOf(db) === 'postgres' ? sql<string>`cast(${sql.ref(column)} as text)` : sql<string>`${sql.ref(column)}`;
}

/**
 * An instant column as canonical ISO text ('YYYY-MM-DDTHH:MM:SS.sssZ'), written by the database: PostgreSQL formats
 * it (to the millisecond, UTC), so that the driver neither parses a Date nor is it formatted again; SQLite has it.
 */
export function instantIsoText(db: AnyDb, column: string): RawBuilder<string> {
  return dialectOf(db) === 'postgres'
    ? sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
    : sql<string>`${sql.ref(column)}`;
}

/**
 * An instant column as text whose order (compared as text) is the instants' order, to the microsecond: PostgreSQL
 * writes it in UTC at a fixed width; SQLite's instants are that text already, and it orders them by it.
 */
export function instantSortableText(db: AnyDb, column: string): RawBuilder<string> {
  return dialectOf(db) === 'postgres'
    ? sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`
    : sql<string>`${sql.ref(column)}`;
}

// ——— Queries ———

/**
 * The first `limit` rows of a query already ordered by an instant, in (instant, id) order, for keyset pages.
 * PostgreSQL's (centre_id, instant) indexes do not hold the id, so `order by instant, id limit n` would sort every
 * remaining row of the range for each page: `fetch first n rows with ties` stops in index order instead (a page
 * grows past n only when rows share its last instant, and keeps them all, so the keyset resumes after them).
 * SQLite's indexes end with the rowid, so (instant, id) is index order there.
 */
export function firstRowsByInstant(db: AnyDb, idColumn: string, limit: number) {
  const postgres = dialectOf(db) === 'postgres';
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any table and selection: the helper only appends the clause
  return <QB extends SelectQueryBuilder<any, any, any>>(query: QB): QB =>
    (postgres ? query.modifyEnd(sql`fetch first ${sql.lit(limit)} rows with ties`) : query.orderBy(sql.ref(idColumn)).limit(limit)) as QB;
}

/**
 * Whether a filter on a joined table is better joined than looked up by key per row: PostgreSQL reads the join
 * index-only (e.g. service_orders by (centre_id, id)) instead of a lookup per row; SQLite, joined, walks the
 * joined table's rows, so a correlated lookup by primary key is cheaper there.
 */
export function prefersJoinToLookup(db: AnyDb): boolean {
  return dialectOf(db) === 'postgres';
}

/**
 * Whether a subquery in an UPDATE's RETURNING reads the table as it was before the statement (PostgreSQL: the
 * statement's snapshot), so that one statement both writes a row and gives back what it held; SQLite's subquery
 * reads the row as written, so the value before is read first there.
 */
export function returningReadsRowBefore(db: AnyDb): boolean {
  return dialectOf(db) === 'postgres';
}

/**
 * Whether one statement can write to several tables (PostgreSQL's data-modifying WITH: `with a as (insert …
 * returning id) insert … select … from a`), so that writes that go together cost one round trip; SQLite's WITH
 * holds only a SELECT, and its statements are no round trip to save.
 */
export function writesSeveralTablesInOneStatement(db: AnyDb): boolean {
  return dialectOf(db) === 'postgres';
}

/** Whether a table exists (read before a table another step of the work creates is queried with plain SQL). */
export async function tableExists(db: AnyDb, table: string): Promise<boolean> {
  const { rows } =
    dialectOf(db) === 'postgres'
      ? await sql<{ present: boolean | number }>`select to_regclass(${sql.lit(table)}) is not null as present`.execute(db)
      : await sql<{ present: boolean | number }>`select count(*) as present from sqlite_master where type = 'table' and name = ${sql.lit(table)}`.execute(db);
  const present = rows[0]?.present;
  return typeof present === 'boolean' ? present : Number(present ?? 0) > 0;
}

/**
 * After a bulk write of thousands of rows: PostgreSQL's planner gets the table's statistics now (ANALYZE), not at
 * autovacuum's next round. Nothing on SQLite.
 */
export async function refreshPlannerStatistics(db: AnyDb, table: string): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`analyze ${sql.table(table)}`.execute(db);
}

/**
 * The id the next insert into `table` will take, as SQL for that insert itself (a value derived from the id, such as a
 * code, is then written with the row, not by a second write). SQLite runs one transaction at a time: one past the
 * highest id the table ever gave (AUTOINCREMENT's sqlite_sequence) or holds. PostgreSQL: the id's sequence's next value.
 */
export function nextIdOf(db: AnyDb, table: string): RawBuilder<number> {
  return runsOneTransactionAtATime(db)
    ? sql<number>`max(coalesce((select seq from sqlite_sequence where name = ${table}), 0), coalesce((select max(id) from ${sql.table(table)}), 0)) + 1`
    : sql<number>`nextval(pg_get_serial_sequence(${table}, 'id'))`;
}
