import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isDialect, type Dialect } from '../db/portable';

/** The file describing a backup folder, next to the database file and `uploads/`. */
export const MANIFEST_FILE = 'manifest.json';
export const MANIFEST_FORMAT = 1;

/** The database file inside a backup folder, by dialect. */
export const DATABASE_FILES: Record<Dialect, string> = { sqlite: 'database.sqlite', postgres: 'database.pgdump' };
export const UPLOADS_FOLDER = 'uploads';

export interface FileDigest {
  bytes: number;
  sha256: string;
}

/** A checksum of the centre-stock ledger (`stock_movements`, every row ordered by id). */
export interface LedgerDigest {
  table: string;
  rows: number;
  sha256: string;
}

/** What the database held at the backup's snapshot. */
export interface SnapshotStats {
  /** Applied migrations (kysely_migration), in order. */
  migrations: string[];
  /** Rows per table, tables by name. */
  tables: Record<string, number>;
  stockLedger: LedgerDigest;
}

export interface BackupManifest extends SnapshotStats {
  format: typeof MANIFEST_FORMAT;
  dialect: Dialect;
  /** When the backup started (UTC, ISO 8601). */
  createdAt: string;
  apiVersion: string;
  /** Where the data came from, without a password ('SQLite /x.sqlite', 'PostgreSQL evshop@db:5432/evshop'). */
  source: string;
  /** Every file of the folder but this manifest, by POSIX path relative to the folder. */
  files: Record<string, FileDigest>;
}

/** The folder name of a backup made at `at`: 2026-11-26T021233Z (UTC, sorts by time, no colons for Windows). */
export function backupFolderName(at: Date): string {
  const iso = at.toISOString();
  return `${iso.slice(0, 10)}T${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z`;
}

export async function writeManifest(folder: string, manifest: BackupManifest): Promise<void> {
  await writeFile(path.join(folder, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
}

function isRecordOf(value: unknown, check: (entry: unknown) => boolean): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every(check);
}

/** Reads and shape-checks a folder's manifest; throws with the reason when it is missing or malformed. */
export async function readManifest(folder: string): Promise<BackupManifest> {
  const file = path.join(folder, MANIFEST_FILE);
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new Error(`không đọc được ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const m = parsed as Partial<BackupManifest>;
  const valid =
    m.format === MANIFEST_FORMAT &&
    isDialect(m.dialect) &&
    typeof m.createdAt === 'string' &&
    Array.isArray(m.migrations) &&
    m.migrations.every((name) => typeof name === 'string') &&
    isRecordOf(m.tables, (n) => Number.isInteger(n)) &&
    isRecordOf(m.files, (f) => typeof (f as FileDigest)?.sha256 === 'string' && Number.isInteger((f as FileDigest)?.bytes)) &&
    typeof m.stockLedger?.sha256 === 'string';
  if (!valid) throw new Error(`${file} không phải manifest sao lưu định dạng ${MANIFEST_FORMAT}`);
  return m as BackupManifest;
}
