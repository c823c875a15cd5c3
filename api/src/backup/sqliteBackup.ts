import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { SnapshotStats } from './manifest';
import { dataRowCount, snapshotStats, type SqlReader } from './snapshotStats';

/** Pages per backup step: all of them, so the copy is one read transaction (one snapshot; WAL writers go on). */
const ALL_PAGES = 0x7fffffff;

export function sqliteReader(database: BetterSqlite3.Database): SqlReader {
  return {
    dialect: 'sqlite',
    all: async (sql, params = []) => database.prepare(sql).all(...params) as Array<Record<string, unknown>>,
  };
}

/** Reads a SQLite file's figures; `file` must exist. */
export async function withSqliteFile<T>(file: string, readonly: boolean, work: (reader: SqlReader, database: BetterSqlite3.Database) => Promise<T>): Promise<T> {
  const database = new BetterSqlite3(file, { fileMustExist: true, readonly });
  try {
    database.pragma('busy_timeout = 5000');
    return await work(sqliteReader(database), database);
  } finally {
    database.close();
  }
}

/**
 * Copies the live SQLite file `source` into `target` with SQLite's online backup API (consistent while the API
 * writes), makes the copy a self-contained rollback-journal file, and returns its figures.
 */
export async function backupSqlite(source: string, target: string): Promise<SnapshotStats> {
  if (source === ':memory:') throw new Error('SQLITE_FILE is :memory:, there is nothing on disk to back up');
  await withSqliteFile(source, false, async (_reader, database) => {
    await database.backup(target, { progress: () => ALL_PAGES });
  });
  return withSqliteFile(target, false, async (reader, database) => {
    // No -wal/-shm beside the copy: the one file is the whole backup.
    database.pragma('journal_mode = DELETE');
    return snapshotStats(reader);
  });
}

/** Rows in the data tables of `file`; 0 when the file does not exist yet. */
export async function sqliteDataRows(file: string): Promise<number> {
  if (!existsSync(file)) return 0;
  return withSqliteFile(file, true, (reader) => dataRowCount(reader));
}

/**
 * Writes the backup copy `backupFile` over `target` (created if missing) through the backup API again, so a
 * leftover -wal of the old content is dealt with by SQLite itself; returns the restored figures.
 */
export async function restoreSqlite(backupFile: string, target: string): Promise<SnapshotStats> {
  if (target === ':memory:') throw new Error('SQLITE_FILE là :memory:, không có tệp nào để khôi phục vào');
  mkdirSync(path.dirname(target), { recursive: true });
  await withSqliteFile(backupFile, true, async (_reader, database) => {
    await database.backup(target, { progress: () => ALL_PAGES });
  });
  return withSqliteFile(target, false, async (reader, database) => {
    database.pragma('journal_mode = WAL');
    return snapshotStats(reader);
  });
}
