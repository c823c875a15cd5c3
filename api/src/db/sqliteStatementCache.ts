import type BetterSqlite3 from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** How many distinct SQL texts keep their prepared statement (the API has a few hundred queries at most). */
export const DEFAULT_STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely opens a transaction with `begin`, which takes the write lock only at its first write. Another connection
 * holding that lock then (the WAL checkpointer emptying the log, sqliteCheckpointer.ts; a CLI) makes that first write
 * fail at once with SQLITE_BUSY: SQLite calls no busy handler for a read upgraded to a write. `begin immediate` waits
 * for the lock (busy_timeout) before the transaction reads anything.
 */
const BEGIN_IMMEDIATE = 'begin immediate';

/**
 * The better-sqlite3 connection as Kysely's SqliteDialect sees it (its transactions begun immediate), with its prepared statements kept by SQL text.
 * Kysely prepares every query anew, and on a hot path (GET /Auth/profile, the cart) preparing costs more than
 * running the query. A statement still busy (an open `iterate()` of a streamed query) is not shared: a fresh one
 * is prepared for that call. The least recently used statement leaves the cache when it is full.
 */
export function withStatementCache(database: BetterSqlite3.Database, maxSize = DEFAULT_STATEMENT_CACHE_SIZE): SqliteDatabase {
  const statements = new Map<string, BetterSqlite3.Statement>();
  return {
    close() {
      statements.clear();
      database.close();
    },
    prepare(text: string): SqliteStatement {
      const sql = text === 'begin' ? BEGIN_IMMEDIATE : text;
      const cached = statements.get(sql);
      if (cached) {
        if (cached.busy) return database.prepare(sql);
        // Re-insert: Map keeps insertion order, so the first key is the least recently used.
        statements.delete(sql);
        statements.set(sql, cached);
        return cached;
      }
      const statement = database.prepare(sql);
      statements.set(sql, statement);
      if (statements.size > maxSize) statements.delete(statements.keys().next().value!);
      return statement;
    },
  };
}
