import path from 'node:path';
import { parseArgs } from 'node:util';
import { createBackup } from '../backup/createBackup';
import { describeDatabase, loadConfig, REPO_ROOT } from '../config';
import { createS3Store } from '../objectStorage';

const USAGE = `Sao lưu cơ sở dữ liệu và thư mục tải lên vào một thư mục mới <đích>/<thời điểm UTC>/.
  npm run backup [-- --out <thư mục>]        (trong container: node api/dist/src/cli/backup.js [--out <thư mục>])
Cấu hình như API: DATABASE_URL (PostgreSQL) hoặc SQLITE_FILE, UPLOAD_DIR (hoặc bucket S3_BUCKET khi có); đích: --out, BACKUP_DIR, mặc định ./backups.`;

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** `npm run backup`: one consistent backup of the API's data while it runs (api/src/backup/createBackup.ts). */
async function run(): Promise<void> {
  const { values } = parseArgs({ options: { out: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const config = loadConfig();
  const outDir = path.resolve(values.out ?? process.env.BACKUP_DIR?.trim() ?? path.join(REPO_ROOT, 'backups'));
  const started = Date.now();
  // With S3_BUCKET the stored files are the bucket's objects: they go into the backup's uploads/ as files.
  const bucket = config.objectStorage ? createS3Store(config.objectStorage) : undefined;
  const { folder, manifest } = await createBackup({ database: config, uploadDir: config.uploadDir, bucket, outDir });
  const files = Object.entries(manifest.files);
  const uploads = files.filter(([name]) => name.startsWith('uploads/'));
  const [databaseFile, databaseDigest] = files.find(([name]) => !name.startsWith('uploads/'))!;
  const rows = Object.values(manifest.tables).reduce((sum, n) => sum + n, 0);
  console.log(`Đã sao lưu ${describeDatabase(config)} và ${bucket ? bucket.description : config.uploadDir} vào ${folder}`);
  console.log(`  ${databaseFile}: ${megabytes(databaseDigest.bytes)} · ${Object.keys(manifest.tables).length} bảng, ${rows} dòng · ${manifest.migrations.length} migration`);
  console.log(`  Sổ kho (${manifest.stockLedger.table}): ${manifest.stockLedger.rows} dòng, sha256 ${manifest.stockLedger.sha256.slice(0, 16)}…`);
  console.log(`  Tệp tải lên: ${uploads.length} (${megabytes(uploads.reduce((sum, [, digest]) => sum + digest.bytes, 0))})`);
  console.log(`  Thời gian: ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

run().catch((error: unknown) => {
  console.error('Sao lưu thất bại:', error instanceof Error ? error.message : error);
  process.exit(1);
});
