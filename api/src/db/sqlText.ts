import type { Kysely } from 'kysely';
import { dialectOf, type Dialect } from './portable';

/**
 * What statements written as SQL text (directRead.ts's, the backup's readers) spell differently on SQLite and
 * PostgreSQL, so that code outside api/src/db/ builds them without asking which database it is on (issue 44 §5).
 * Kysely queries have theirs in sqlDialect.ts.
 */
export interface SqlText {
  /** Statements built from this text differ per database: cache them under this key. */
  readonly key: Dialect;
  /**
   * Each `?` as the database's parameter: SQLite `+?` (sqliteStablePlans.ts: better-sqlite3's SQLite, built with
   * SQLITE_ENABLE_STAT4, would otherwise prepare the statement again on every run, its plan depending on the bound
   * values; docs/decisions/0015-sqlite-stable-plans.md), PostgreSQL `$1`, `$2` … in the order of the text.
   */
  placeholders(text: string): string;
  /** count(*) read back as a number (PostgreSQL's is a bigint, which pg reads as a string). */
  readonly countAll: string;
  /** The values of a text expression joined into one text by ',' (SQLite: group_concat; PostgreSQL: string_agg). */
  joinText(expression: string): string;
  /** The tables of the database's schema (one column, `name`), by name; SQLite's own tables left out. */
  readonly listTables: string;
}

const SQLITE: SqlText = {
  key: 'sqlite',
  placeholders: (text) => text.replace(/\?/g, '+?'),
  countAll: 'count(*)',
  joinText: (expression) => `group_concat(${expression})`,
  listTables: `select name from sqlite_master where type = 'table' and name not like 'sqlite\\_%' escape '\\' order by name`,
};

const POSTGRES: SqlText = {
  key: 'postgres',
  placeholders: (text) => {
    let n = 0;
    return text.replace(/\?/g, () => `$${++n}`);
  },
  countAll: 'count(*)::int',
  joinText: (expression) => `string_agg(${expression}, ',')`,
  listTables: 'select tablename as name from pg_tables where schemaname = current_schema() order by tablename',
};

const TEXTS: Record<Dialect, SqlText> = { sqlite: SQLITE, postgres: POSTGRES };

/** The SQL text of a database known by its kind (a backup's reader, a manifest). */
export function sqlTextFor(dialect: Dialect): SqlText {
  return TEXTS[dialect];
}

/** The SQL text of the database behind a Kysely instance. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any database's schema: Kysely<Database> is not assignable to Kysely<unknown>
export function sqlTextOf(db: Kysely<any>): SqlText {
  return TEXTS[dialectOf(db)];
}
