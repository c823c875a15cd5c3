import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { copyIntoStore, createLocalFolderStore, createS3Store } from '../objectStorage';

const USAGE = `Chép các tệp đã lưu trong UPLOAD_DIR (ảnh đại diện, ảnh sản phẩm, ảnh kiểm tra xe) vào bucket S3.
  npm run storage:copy        (trong container: node api/dist/src/cli/copyUploadsToStorage.js)
Cấu hình như API: UPLOAD_DIR (nguồn) và S3_BUCKET, S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY,
S3_FORCE_PATH_STYLE (đích). Chạy lại bao nhiêu lần cũng được: tệp đã có trong bucket (cùng kích thước, cùng MD5) được
bỏ qua, nên một lần chạy bị ngắt giữa chừng chỉ cần chạy lại. Lệnh không xoá gì trong UPLOAD_DIR.`;

/** `npm run storage:copy`: copies UPLOAD_DIR into the S3 bucket of the configuration (objectStorage/copyIntoStore.ts). */
async function run(): Promise<number> {
  const { values } = parseArgs({ options: { help: { type: 'boolean', short: 'h' } } });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const config = loadConfig();
  if (!config.objectStorage) {
    console.error('Chưa cấu hình bucket: đặt S3_BUCKET (và S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY) rồi chạy lại.');
    return 2;
  }
  const from = createLocalFolderStore(config.uploadDir);
  const to = createS3Store(config.objectStorage);
  await to.check().catch((error: unknown) => {
    throw new Error(`không truy cập được ${to.description}: ${error instanceof Error ? error.message : String(error)}`);
  });
  const started = Date.now();
  let seen = 0;
  const report = await copyIntoStore(from, to, {
    onObject: () => {
      seen += 1;
      if (seen % 500 === 0) console.log(`  … ${seen} tệp`);
    },
  });
  console.log(`Chép ${from.description} → ${to.description}`);
  console.log(`  Đã chép: ${report.copied} · Bỏ qua (đã có): ${report.skipped} · Lỗi: ${report.failed}`);
  for (const failure of report.failures) console.log(`  Lỗi ${failure.key}: ${failure.message}`);
  console.log(`  Thời gian: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (report.failed > 0) console.log('Còn tệp chưa chép: chạy lại lệnh để chép tiếp.');
  return report.failed > 0 ? 1 : 0;
}

run().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('Chép tệp thất bại:', error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
