import BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import { Pool } from 'pg';
import { ensureSqliteFolder, type DatabaseConfig } from '../config';
import { registerDirectConnection, type DirectConnection } from './directRead';
import { callbackQueryPool } from './pgCallbackPool';
import type { Dialect } from './portable';
import type { Database } from './schema';
import { startWalCheckpointer } from './sqliteCheckpointer';
import { withStatementCache } from './sqliteStatementCache';

export interface CreateDatabaseOptions {
  /**
   * Called when a PostgreSQL connection fails, idle or checked out (the server ended it, the network dropped): the
   * pool replaces it; defaults to console.error.
   */
  onPoolError?: (error: Error) => void;
  /** PostgreSQL pool size (default 10). */
  poolSize?: number;
  /**
   * SQLite: checkpoint the WAL from a worker thread instead of inside the commit that fills it
   * (sqliteCheckpointer.ts). The server turns it on; tests and one-off commands keep SQLite's own.
   */
  walCheckpointer?: boolean;
}

/** SQLite's default: a commit that leaves this many pages in the WAL checkpoints it. */
const SQLITE_AUTOCHECKPOINT_PAGES = 1000;

/**
 * SQLite's page cache per connection, in KiB (`PRAGMA cache_size = -N`). better-sqlite3 builds SQLite with 16 MB
 * (SQLITE_DEFAULT_CACHE_SIZE=-16000), which the API's connection fills and keeps in the malloc heap; 4 MB keeps the
 * API within its memory budget with reads as fast (docs/decisions/0022-api-process-memory-settings.md, figures in
 * docs/performance.md). What the cache does not hold, the kernel's page cache of the file does (shared, not in the
 * process's RSS): a page read again costs a read() call, not a disk access.
 */
export const SQLITE_CACHE_KIB = 4096;

/** Opens a better-sqlite3 file with the pragmas every connection of the API uses (page cache: SQLITE_CACHE_KIB). */
export function openSqlite(file: string): BetterSqlite3.Database {
  ensureSqliteFolder(file);
  const database = new BetterSqlite3(file);
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  database.pragma('synchronous = NORMAL');
  database.pragma(`cache_size = -${SQLITE_CACHE_KIB}`);
  return database;
}

/** The database a configuration points at (what createDatabase opens): PostgreSQL when `databaseUrl` is set. */
export function configuredDialect(config: DatabaseConfig): Dialect {
  return config.databaseUrl ? 'postgres' : 'sqlite';
}

/**
 * The Kysely instance of the API: PostgreSQL (pg Pool) when `databaseUrl` is set, else SQLite
 * (better-sqlite3: WAL, foreign keys on, busy timeout 5 s, prepared statements cached) in `sqliteFile`, whose
 * folder is created.
 * Nothing connects until the first query. Close it with `db.destroy()`.
 */
export function createDatabase(config: DatabaseConfig, options: CreateDatabaseOptions = {}): Kysely<Database> {
  if (config.databaseUrl) {
    const pool = new Pool({
      connectionString: config.databaseUrl,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
    });
    const onConnectionError = options.onPoolError ?? ((error: Error) => console.error('PostgreSQL connection lost:', error.message));
    // pg-pool listens for errors on idle clients only: a client checked out (inside a transaction, between two of its
    // statements) that loses its connection emits 'error' with no listener, which would end the process. Every client
    // gets one for its life; its pending and next statements fail, the request answers 503 and pg-pool drops the
    // client on release (it is no longer queryable). The pool's own event is then already reported here.
    pool.on('connect', (client) => client.on('error', onConnectionError));
    pool.on('error', () => undefined);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: callbackQueryPool(pool) }) });
    registerDirectConnection(db, { dialect: 'postgres', pool });
    return db;
  }
  const direct: Extract<DirectConnection, { dialect: 'sqlite' }> = { dialect: 'sqlite' };
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({
      database: async () => {
        const sqlite = openSqlite(config.sqliteFile);
        const connection = withStatementCache(sqlite);
        direct.connection = { database: sqlite, statements: connection };
        if (!options.walCheckpointer) return connection;
        sqlite.pragma('wal_autocheckpoint = 0');
        const checkpointer = startWalCheckpointer(config.sqliteFile, (error) => {
          console.error(`SQLite: ${error.message}; SQLite checkpoints the WAL itself again.`);
          if (sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${SQLITE_AUTOCHECKPOINT_PAGES}`);
        });
        return {
          ...connection,
          close() {
            connection.close();
            void checkpointer.stop();
          },
        };
      },
    }),
  });
  registerDirectConnection(db, direct);
  return db;
}
