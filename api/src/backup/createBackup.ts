import { existsSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { describeDatabase, type DatabaseConfig } from '../config';
import { configuredDialect } from '../db/createDatabase';
import { copyIntoStore, createLocalFolderStore, type ObjectStore } from '../objectStorage';
import { apiVersion } from '../version';
import { copyTree, digestFile, listFiles } from './fileDigests';
import { backupFolderName, DATABASE_FILES, MANIFEST_FORMAT, UPLOADS_FOLDER, writeManifest, type BackupManifest, type FileDigest } from './manifest';
import { backupPostgres } from './postgresBackup';
import { backupSqlite } from './sqliteBackup';

export interface BackupOptions {
  database: DatabaseConfig;
  uploadDir: string;
  /** The S3 bucket holding the stored files (S3_BUCKET): its objects are the backup's uploads instead of UPLOAD_DIR's files. */
  bucket?: ObjectStore;
  /** The folder holding the backups (BACKUP_DIR / --out); the backup is a new folder inside it. */
  outDir: string;
  now?: Date;
}

export interface BackupResult {
  folder: string;
  manifest: BackupManifest;
}

/** A name not taken yet in `outDir`: the timestamp, then -2, -3… for backups within the same second. */
function freeFolder(outDir: string, at: Date): string {
  const base = backupFolderName(at);
  for (let n = 1; ; n++) {
    const folder = path.join(outDir, n === 1 ? base : `${base}-${n}`);
    if (!existsSync(folder) && !existsSync(`${folder}.partial`)) return folder;
  }
}

/**
 * One backup = one folder `<outDir>/<UTC time>/`: the database (`database.sqlite`, an online-backup copy, or
 * `database.pgdump`, pg_dump's custom format), a copy of the uploads folder, and manifest.json with the
 * counts and ledger checksum of the database snapshot and the sha256 of every file. Written under
 * `<name>.partial` and renamed at the end, so a folder without that suffix is always complete.
 */
export async function createBackup(options: BackupOptions): Promise<BackupResult> {
  const now = options.now ?? new Date();
  const dialect = configuredDialect(options.database);
  // Folders only the operator's user can open: a backup holds personal data and password hashes.
  await mkdir(options.outDir, { recursive: true, mode: 0o700 });
  const folder = freeFolder(options.outDir, now);
  const partial = `${folder}.partial`;
  await mkdir(partial, { mode: 0o700 });
  try {
    const databaseFile = DATABASE_FILES[dialect];
    const target = path.join(partial, databaseFile);
    // The database first: uploads written after its snapshot are harmless extras, never missing files.
    const stats = options.database.databaseUrl ? await backupPostgres(options.database.databaseUrl, target) : await backupSqlite(options.database.sqliteFile, target);
    const uploads = options.bucket ? await copyBucket(options.bucket, path.join(partial, UPLOADS_FOLDER)) : await copyTree(options.uploadDir, path.join(partial, UPLOADS_FOLDER));
    const files: BackupManifest['files'] = { [databaseFile]: await digestFile(target) };
    for (const [relative, digest] of Object.entries(uploads)) files[`${UPLOADS_FOLDER}/${relative}`] = digest;
    const manifest: BackupManifest = {
      format: MANIFEST_FORMAT,
      dialect,
      createdAt: now.toISOString(),
      apiVersion: apiVersion(),
      source: describeDatabase(options.database),
      ...stats,
      files,
    };
    await writeManifest(partial, manifest);
    await rename(partial, folder);
    return { folder, manifest };
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    throw error;
  }
}

/** Every object of the bucket as a file of `to` (its key the relative path, as UPLOAD_DIR holds them), with its digest. */
async function copyBucket(bucket: ObjectStore, to: string): Promise<Record<string, FileDigest>> {
  const report = await copyIntoStore(bucket, createLocalFolderStore(to));
  if (report.failed > 0) throw new Error(`không chép được ${report.failed} tệp từ ${bucket.description}: ${report.failures.map((failure) => `${failure.key} (${failure.message})`).join(', ')}`);
  const digests: Record<string, FileDigest> = {};
  for (const relative of await listFiles(to)) digests[relative] = await digestFile(path.join(to, ...relative.split('/')));
  return digests;
}
