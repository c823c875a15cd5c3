import { parseArgs } from 'node:util';
import { restoreBackup, RestoreRefusedError } from '../backup/restoreBackup';
import { describeDatabase, loadConfig } from '../config';
import { createS3Store } from '../objectStorage';

const USAGE = `Khôi phục một bản sao lưu (thư mục có manifest.json) vào cơ sở dữ liệu và thư mục tải lên (hoặc bucket S3_BUCKET) đang cấu hình.
  npm run restore -- backups/<tên> [--force]   (trong container: node api/dist/src/cli/restore.js <thư mục> [--force])
Dừng API trước. Từ chối khi khác loại cơ sở dữ liệu, khi tệp sai checksum, và khi đích đã có dữ liệu (trừ khi có --force).`;

/** `npm run restore -- <folder>`: checks the backup, restores it and prints the restored row counts. */
async function run(): Promise<number> {
  const { values, positionals } = parseArgs({ options: { force: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } }, allowPositionals: true });
  if (values.help || positionals.length !== 1) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  const config = loadConfig();
  const started = Date.now();
  // With S3_BUCKET the backup's uploads are put back into the bucket.
  const bucket = config.objectStorage ? createS3Store(config.objectStorage) : undefined;
  const result = await restoreBackup({ folder: positionals[0]!, database: config, uploadDir: config.uploadDir, bucket, force: values.force ?? false });
  const { manifest, restored } = result;
  console.log(`Đã khôi phục bản sao lưu ${manifest.createdAt} (API ${manifest.apiVersion}, ${manifest.source}) vào ${describeDatabase(config)}:`);
  console.log(`  ${'Bảng'.padEnd(36)} ${'Số dòng'.padStart(9)} ${'Manifest'.padStart(9)}`);
  for (const [table, rows] of Object.entries(restored.tables)) {
    console.log(`  ${table.padEnd(36)} ${String(rows).padStart(9)} ${String(manifest.tables[table] ?? '—').padStart(9)}`);
  }
  const uploads = Object.keys(manifest.files).filter((name) => name.startsWith('uploads/')).length;
  console.log(`  Tệp tải lên: ${uploads} → ${bucket ? bucket.description : config.uploadDir}`);
  console.log(`  Thời gian: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (result.droppedTables.length > 0) console.log(`  Đã xoá các bảng không có trong bản sao lưu: ${result.droppedTables.join(', ')}`);
  if (result.pendingMigrations.length > 0) console.log(`  Còn ${result.pendingMigrations.length} migration chưa áp dụng: chạy npm run migrate (hoặc node api/dist/src/cli/migrate.js).`);
  if (result.mismatches.length > 0) {
    console.error('Dữ liệu sau khôi phục KHÁC bản sao lưu:');
    for (const line of result.mismatches) console.error(`  ${line}`);
    return 1;
  }
  console.log('  Số dòng mọi bảng và checksum sổ kho khớp với manifest.');
  return 0;
}

run().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const refused = error instanceof RestoreRefusedError;
    console.error(refused ? 'Từ chối khôi phục:' : 'Khôi phục thất bại:', error instanceof Error ? error.message : error);
    process.exit(refused ? 3 : 1);
  },
);
