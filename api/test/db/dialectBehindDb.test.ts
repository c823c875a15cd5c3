import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * House rule (issue 44 §5): SQL that differs between SQLite and PostgreSQL lives behind api/src/db/ (sqlDialect.ts,
 * sqlText.ts, portable.ts), each piece named by what it does; code outside api/src/db/ never asks which database it
 * is on. Benches and tests may.
 */
const SRC = path.resolve(__dirname, '../../src');
const DB = path.join(SRC, 'db');

/** Asking which database: dialectOf(…), or comparing a dialect with a name ('postgres', 'sqlite'). */
const ASKS = [/\bdialectOf\(/, /\bdialect\s*[!=]==?\s*['"](?:postgres|sqlite)['"]/, /['"](?:postgres|sqlite)['"]\s*[!=]==?\s*[\w.]*dialect\b/];

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return full === DB ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('SQLite/PostgreSQL branches', () => {
  it('are all behind api/src/db/: no file outside it asks which database it is on', () => {
    const offenders = sourceFiles(SRC)
      .filter((file) => {
        const text = readFileSync(file, 'utf8');
        return ASKS.some((pattern) => pattern.test(text));
      })
      .map((file) => path.relative(path.resolve(SRC, '../..'), file).split(path.sep).join('/'));
    expect(offenders).toEqual([]);
  });

  it('would see a file that does', () => {
    expect(ASKS.some((pattern) => pattern.test("if (dialectOf(trx) === 'postgres') query = query.forUpdate();"))).toBe(true);
    expect(ASKS.some((pattern) => pattern.test("return scope.dialect === 'postgres' ? a : b;"))).toBe(true);
    expect(ASKS.some((pattern) => pattern.test('const kind = databaseKind(db);'))).toBe(false);
  });
});
