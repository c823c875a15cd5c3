import { existsSync } from 'node:fs';
import path from 'node:path';
import type { DatabaseConfig } from '../config';
import { configuredDialect } from '../db/createDatabase';
import { migrations as knownMigrations } from '../db/migrations';
import { copyIntoStore, createLocalFolderStore, type ObjectStore } from '../objectStorage';
import { copyTree, digestFile, emptyFolder, isNonEmptyFolder, listFiles } from './fileDigests';
import { DATABASE_FILES, readManifest, UPLOADS_FOLDER, type BackupManifest, type SnapshotStats } from './manifest';
import { BOOKKEEPING_TABLES } from './snapshotStats';
import { postgresDataRows, restorePostgres } from './postgresBackup';
import { restoreSqlite, sqliteDataRows } from './sqliteBackup';

export type RefusalReason = 'manifest' | 'dialect' | 'checksum' | 'migrations' | 'not-empty';

/** A restore that was refused before anything in the target changed; its message is Vietnamese (`npm run restore` prints it). */
export class RestoreRefusedError extends Error {
  constructor(
    readonly reason: RefusalReason,
    message: string,
  ) {
    super(message);
    this.name = 'RestoreRefusedError';
  }
}

export interface RestoreOptions {
  /** The backup folder (the one holding manifest.json). */
  folder: string;
  database: DatabaseConfig;
  uploadDir: string;
  /** The S3 bucket holding the stored files (S3_BUCKET): the backup's uploads go there instead of UPLOAD_DIR. */
  bucket?: ObjectStore;
  /** Overwrite a target database with data rows and a non-empty uploads folder. */
  force?: boolean;
}

export interface RestoreResult {
  manifest: BackupManifest;
  restored: SnapshotStats;
  /** Differences between the restored figures and the manifest's (empty: the restore is verified). */
  mismatches: string[];
  /** Tables the target had and the backup did not (PostgreSQL with --force), dropped. */
  droppedTables: string[];
  /** Migrations this API has that the backup had not applied: `npm run migrate` brings the database up. */
  pendingMigrations: string[];
}

/** A manifest path is a plain relative POSIX path inside the folder (a tampered manifest must not reach out). */
function isSafeRelative(file: string): boolean {
  return file !== '' && !file.includes('\\') && !path.posix.isAbsolute(file) && file.split('/').every((part) => part !== '' && part !== '.' && part !== '..');
}

/** Every file of the folder against the manifest: present, same size and sha256, and nothing unlisted in uploads/. */
async function verifyFiles(folder: string, manifest: BackupManifest): Promise<void> {
  const databaseFile = DATABASE_FILES[manifest.dialect];
  if (!manifest.files[databaseFile]) throw new RestoreRefusedError('manifest', `manifest không liệt kê tệp ${databaseFile}`);
  const problems: string[] = [];
  for (const [file, expected] of Object.entries(manifest.files)) {
    if (!isSafeRelative(file)) throw new RestoreRefusedError('manifest', `manifest có đường dẫn ra ngoài thư mục sao lưu: ${JSON.stringify(file)}`);
    const full = path.join(folder, ...file.split('/'));
    if (!existsSync(full)) {
      problems.push(`${file}: không có tệp`);
      continue;
    }
    const actual = await digestFile(full);
    if (actual.sha256 !== expected.sha256 || actual.bytes !== expected.bytes) problems.push(`${file}: sai checksum`);
  }
  for (const file of await listFiles(path.join(folder, UPLOADS_FOLDER))) {
    if (!manifest.files[`${UPLOADS_FOLDER}/${file}`]) problems.push(`${UPLOADS_FOLDER}/${file}: không có trong manifest`);
  }
  if (problems.length > 0) {
    const shown = problems.slice(0, 10).join('; ');
    throw new RestoreRefusedError('checksum', `bản sao lưu không khớp manifest (${problems.length} lỗi, manifest liệt kê ${Object.keys(manifest.files).length} tệp): ${shown}${problems.length > 10 ? '; …' : ''}`);
  }
}

const DIALECT_NAMES: Record<BackupManifest['dialect'], string> = { sqlite: 'SQLite', postgres: 'PostgreSQL' };

/** The manifest's data rows and tables, counted as the target's are (Kysely's bookkeeping left out). */
export function manifestDataRows(manifest: BackupManifest): { rows: number; tables: number } {
  const data = Object.entries(manifest.tables).filter(([table]) => !BOOKKEEPING_TABLES.has(table));
  return { rows: data.reduce((sum, [, rows]) => sum + rows, 0), tables: data.length };
}

function compareStats(manifest: BackupManifest, restored: SnapshotStats): string[] {
  const mismatches: string[] = [];
  const tables = new Set([...Object.keys(manifest.tables), ...Object.keys(restored.tables)]);
  for (const table of [...tables].sort()) {
    const expected = manifest.tables[table];
    const actual = restored.tables[table];
    if (expected !== actual) mismatches.push(`${table}: ${actual ?? 'không có bảng'} dòng, manifest ghi ${expected ?? 'không có bảng'}`);
  }
  if (restored.stockLedger.sha256 !== manifest.stockLedger.sha256) mismatches.push(`${manifest.stockLedger.table}: checksum sổ kho khác manifest`);
  return mismatches;
}

/**
 * Restores a backup folder into the configured database and uploads folder. Refused, before any change:
 * an unreadable manifest, a backup of the other database kind, a file that fails its checksum, migrations this
 * API does not know (a newer API's backup), and — without `force` — a target holding data.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const folder = path.resolve(options.folder);
  let manifest: BackupManifest;
  try {
    manifest = await readManifest(folder);
  } catch (error) {
    throw new RestoreRefusedError('manifest', error instanceof Error ? error.message : String(error));
  }
  const dialect = configuredDialect(options.database);
  if (manifest.dialect !== dialect) {
    throw new RestoreRefusedError('dialect', `bản sao lưu là của ${DIALECT_NAMES[manifest.dialect]}, cơ sở dữ liệu đang cấu hình là ${DIALECT_NAMES[dialect]}`);
  }
  await verifyFiles(folder, manifest);

  const known = new Set(Object.keys(knownMigrations));
  const unknown = manifest.migrations.filter((name) => !known.has(name));
  if (unknown.length > 0 && !options.force) {
    throw new RestoreRefusedError('migrations', `bản sao lưu có migration mà API này không biết (dữ liệu của phiên bản mới hơn): ${unknown.join(', ')}; thêm --force để vẫn khôi phục`);
  }
  if (!options.force) {
    const rows = options.database.databaseUrl ? await postgresDataRows(options.database.databaseUrl) : await sqliteDataRows(options.database.sqliteFile);
    const uploads = options.bucket ? await hasObjects(options.bucket) : await isNonEmptyFolder(options.uploadDir);
    if (rows > 0 || uploads) {
      const where = options.bucket ? options.bucket.description : `thư mục tải lên ${options.uploadDir}`;
      const what = [rows > 0 ? `cơ sở dữ liệu đích đang có ${rows} dòng dữ liệu` : '', uploads ? `${where} không trống` : ''].filter(Boolean).join(' và ');
      const backup = manifestDataRows(manifest);
      throw new RestoreRefusedError('not-empty', `${what} (bản sao lưu có ${backup.rows} dòng dữ liệu trong ${backup.tables} bảng, theo manifest); thêm --force để ghi đè`);
    }
  }

  const dumpFile = path.join(folder, DATABASE_FILES[dialect]);
  const { stats: restored, dropped } = options.database.databaseUrl
    ? await restorePostgres(options.database.databaseUrl, dumpFile, new Set(Object.keys(manifest.tables)))
    : { stats: await restoreSqlite(dumpFile, options.database.sqliteFile), dropped: [] };
  if (options.bucket) await replaceBucketContent(options.bucket, path.join(folder, UPLOADS_FOLDER));
  else {
    await emptyFolder(options.uploadDir);
    await copyTree(path.join(folder, UPLOADS_FOLDER), options.uploadDir);
  }
  const applied = new Set(restored.migrations);
  return {
    manifest,
    restored,
    mismatches: compareStats(manifest, restored),
    droppedTables: dropped,
    pendingMigrations: [...known].filter((name) => !applied.has(name)),
  };
}

async function hasObjects(bucket: ObjectStore): Promise<boolean> {
  for await (const _object of bucket.list('')) return true;
  return false;
}

/** The bucket ends holding exactly the backup's uploads: the backup's files put, every other object deleted. */
async function replaceBucketContent(bucket: ObjectStore, uploads: string): Promise<void> {
  const report = await copyIntoStore(createLocalFolderStore(uploads), bucket);
  if (report.failed > 0) throw new Error(`không chép được ${report.failed} tệp vào ${bucket.description}: ${report.failures.map((failure) => `${failure.key} (${failure.message})`).join(', ')}`);
  const kept = new Set(await listFiles(uploads));
  const extra: string[] = [];
  for await (const object of bucket.list('')) if (!kept.has(object.key)) extra.push(object.key);
  for (const key of extra) await bucket.delete(key);
}
