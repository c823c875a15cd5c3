/**
 * Errors that say the database connection failed rather than the statement: the server ended the session
 * (restart, failover, `pg_terminate_backend`), the network dropped, the pool could not connect in time, or SQLite
 * stayed locked past its busy timeout. The request that met one is answered 503 with a short Retry-After, and the
 * pool replaces the connection (pg-pool drops a client that is no longer queryable when it is released).
 */

/** SQLSTATE class 08 (connection exception) and the server shutting down, crashing or starting (57P01–57P03). */
const SERVER_SHUTDOWN_STATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** Socket errors of a connection to the database. */
const NETWORK_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ECONNABORTED', 'ENETUNREACH']);
/** What node-postgres and pg-pool say, without a code, when a connection ended or could not be had. */
const DRIVER_MESSAGES = [/^Connection terminated/, /is not queryable/, /^timeout exceeded when trying to connect/, /^Cannot use a pool after calling end/];
/** SQLite: the file stayed locked by another writer past busy_timeout. */
const SQLITE_CODES = new Set(['SQLITE_BUSY', 'SQLITE_BUSY_SNAPSHOT', 'SQLITE_LOCKED']);

/** Seconds a client is told to wait before trying again after a connection fault. */
export const CONNECTION_FAULT_RETRY_AFTER_SECONDS = 1;

export function isDatabaseConnectionFault(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (code.startsWith('08') && code.length === 5) return true;
    if (SERVER_SHUTDOWN_STATES.has(code) || NETWORK_CODES.has(code) || SQLITE_CODES.has(code)) return true;
  }
  return typeof message === 'string' && DRIVER_MESSAGES.some((pattern) => pattern.test(message));
}
