/**
 * Errors by which the database refuses a value a request carried (rather than failing itself): the request
 * was wrong, so the answer is a 400, not a 500. The request schemas refuse these values first (NUL and other
 * control characters, ids beyond an integer column); this is the net under them.
 *
 * - PostgreSQL: SQLSTATE class 22, data exception (22P05 untranslatable character, 22021 invalid byte
 *   sequence such as a NUL in text, 22003 numeric value out of range, 22P02 invalid text representation,
 *   22007/22008 invalid or overflowing datetime, 22001 string too long for its column...), and 54000 program
 *   limit exceeded (a value too large for an index row).
 * - SQLite (better-sqlite3): SQLITE_MISMATCH (a non-integer rowid), SQLITE_TOOBIG (string or blob too large),
 *   SQLITE_CONSTRAINT_DATATYPE (a value of the wrong type in a STRICT column).
 */

export const INVALID_INPUT_MESSAGE = 'Dữ liệu gửi lên không hợp lệ.';

const SQLITE_INPUT_CODES = new Set(['SQLITE_MISMATCH', 'SQLITE_TOOBIG', 'SQLITE_CONSTRAINT_DATATYPE']);

/** A PostgreSQL error as node-postgres raises it: a five-character SQLSTATE and a severity. */
function postgresSqlState(error: object): string | null {
  const { code, severity } = error as { code?: unknown; severity?: unknown };
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && typeof severity === 'string' ? code : null;
}

function isInputError(error: object): boolean {
  const sqlState = postgresSqlState(error);
  if (sqlState !== null) return sqlState.startsWith('22') || sqlState === '54000';
  const { name, code } = error as { name?: unknown; code?: unknown };
  return name === 'SqliteError' && typeof code === 'string' && SQLITE_INPUT_CODES.has(code);
}

/** Whether `error` (or what it wraps, a few causes deep) is the database refusing a value of the request. */
export function isDatabaseInputError(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && typeof current === 'object' && current !== null; depth += 1) {
    if (isInputError(current)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
