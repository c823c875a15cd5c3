import type BetterSqlite3 from 'better-sqlite3';
import { CompiledQuery, type Compilable, type Kysely, type SqliteDatabase } from 'kysely';
import type { Pool } from 'pg';
import type { Database } from './schema';

/**
 * One-row reads on a hot path (GET /api/products past its cache, readFirstRow) and the CSV export's report pages
 * (readRows) run on the database's own connection, without Kysely's driver between, which on a list read cost more
 * than the statement itself and let other requests' queries run between a page's rows and their conversion:
 *
 * - SQLite: the statement runs synchronously on the API's one connection (its prepared statement kept by the
 *   statement cache) while no transaction is open on it. Kysely's driver would queue it behind its connection
 *   lock and a chain of promises; a read that runs in one synchronous call needs no lock, since nothing else can
 *   run on the connection meanwhile. While a transaction is open (another request's, between two of its
 *   statements) the read goes through Kysely and waits for it, so it never sees a write that is not committed.
 *   Between two rows of a streamed query (the CSV export) it runs at once, in that query's read of the database.
 * - PostgreSQL: a named prepared statement on a connection of the pool (pg prepares it once per connection), so
 *   the server neither parses nor plans it again; the connection comes from the pool as for any query outside a
 *   transaction.
 *
 * A Kysely instance created otherwise (a test's wrapped instance, a transaction) reads through Kysely itself.
 */

/** What createDatabase registers for a Kysely instance it made. */
export type DirectConnection =
  | {
      dialect: 'sqlite';
      /** Set when Kysely opens the connection (on the first query). */
      connection?: { database: BetterSqlite3.Database; statements: SqliteDatabase };
    }
  | { dialect: 'postgres'; pool: Pool };

const connections = new WeakMap<Kysely<Database>, DirectConnection>();

export function registerDirectConnection(db: Kysely<Database>, connection: DirectConnection): void {
  connections.set(db, connection);
}

/** The pg Pool behind a PostgreSQL Kysely instance createDatabase made (its metrics read the pool's counts); else undefined. */
export function postgresPoolOf(db: Kysely<Database>): Pool | undefined {
  const direct = connections.get(db);
  return direct?.dialect === 'postgres' ? direct.pool : undefined;
}

/** A read statement for both dialects: `?` parameters on SQLite, `$n` on PostgreSQL, the same values in order. */
export interface DirectStatement {
  /** The statement's name on PostgreSQL's connections (unique per text, ≤ 63 characters). */
  name: string;
  text: string;
}

/**
 * SQLite's prepared statement for `sql` on the API's connection when a read may run there now (the connection open,
 * no transaction on it); undefined otherwise, and on PostgreSQL or a Kysely instance createDatabase did not make.
 */
function statementOnIdleSqlite<Row>(db: Kysely<Database>, sql: string): BetterSqlite3.Statement<unknown[], Row> | undefined {
  const direct = connections.get(db);
  if (direct?.dialect !== 'sqlite') return undefined;
  const connection = direct.connection;
  if (!connection || !connection.database.open || connection.database.inTransaction) return undefined;
  return connection.statements.prepare(sql) as unknown as BetterSqlite3.Statement<unknown[], Row>;
}

/** The statement's first row (undefined when none), read as described above. */
export async function readFirstRow<Row>(db: Kysely<Database>, statement: DirectStatement, parameters: readonly unknown[]): Promise<Row | undefined> {
  const sqlite = statementOnIdleSqlite<Row>(db, statement.text);
  if (sqlite) return sqlite.get(...parameters);
  const direct = connections.get(db);
  if (direct?.dialect === 'postgres') {
    const result = await direct.pool.query<Row & Record<string, unknown>>({ name: statement.name, text: statement.text, values: parameters as unknown[] });
    return result.rows[0];
  }
  const { rows } = await db.executeQuery(CompiledQuery.raw(statement.text, parameters as unknown[]) as CompiledQuery<Row>);
  return rows[0];
}

/**
 * A read query's rows, read as readFirstRow reads (on SQLite in one synchronous call on the API's connection while no
 * transaction is open on it, else through Kysely; through Kysely on PostgreSQL, whose pool already reads this way).
 * For the report pages of the CSV export, whose rows must reach their conversion before V8's next scavenges: through
 * Kysely's driver a page's read waits behind its connection lock, and the queries of the requests queued there run
 * first, between the page's rows and their conversion, and the rows outlive the young generation
 * (docs/decisions/0017-direct-reads-on-the-connection.md).
 */
export async function readRows<Row>(db: Kysely<Database>, query: Compilable<Row>): Promise<Row[]> {
  const compiled = query.compile();
  const sqlite = statementOnIdleSqlite<Row>(db, compiled.sql);
  if (sqlite) return sqlite.all(...compiled.parameters);
  return (await db.executeQuery(compiled)).rows;
}
