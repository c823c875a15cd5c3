import type { Kysely } from 'kysely';
import { describeDatabase, loadConfig } from '../src/config';
import { createDatabase } from '../src/db/createDatabase';
import { migrateToLatest } from '../src/db/migrate';
import type { Database } from '../src/db/schema';
import { seed, seedReference } from '.';
import { trainFirstWearModel } from './firstWearModel';
import { systemClock } from '../src/security/clock';

/**
 * `node api/dist/seed/cli.js` (docker-compose's `seed` service): applies pending migrations, then loads the
 * reference data only (service centres, catalogue; seedReference), idempotent. No account is created: the first
 * admin comes from cli/createAdmin.ts.
 *
 * With SEED_DEMO=1 (or --demo; `npm start` and `npm run seed` set it) it loads the development demo data instead
 * (seed()), with its three months of history and shifts (SEED_DEMO_HISTORY=0 leaves the history out). With the
 * history, when no failure-model version was ever accepted, it trains the first one before it ends
 * (seed/firstWearModel.ts), so the demo customer's forecasts have numbers as soon as the site is up. Production
 * (NODE_ENV=production) refuses the demo: published passwords, fake customers and their reminder emails.
 */

/** SEED_DEMO=1/true/on/yes or the --demo argument. */
function demoRequested(env: NodeJS.ProcessEnv, argv: readonly string[]): boolean {
  return argv.includes('--demo') || ['1', 'true', 'on', 'yes'].includes((env.SEED_DEMO ?? '').trim().toLowerCase());
}

/** SEED_PRODUCTS=10000: the demo catalogue filled up to that many products with generated parts (at most 100,000). */
function seedProductCount(env: NodeJS.ProcessEnv): number | undefined {
  const text = env.SEED_PRODUCTS?.trim();
  if (!text) return undefined;
  const count = Number(text);
  if (!Number.isInteger(count) || count < 0 || count > 100_000) throw new Error(`SEED_PRODUCTS must be a whole number from 0 to 100000, not "${text}"`);
  return count;
}

async function run(): Promise<void> {
  const demo = demoRequested(process.env, process.argv.slice(2));
  // Before the configuration is read: whatever else production needs, the demo is refused first and by name.
  if (demo && process.env.NODE_ENV?.trim() === 'production') {
    console.error('Từ chối nạp dữ liệu mẫu: NODE_ENV=production nhưng SEED_DEMO (hoặc --demo) đang bật.');
    console.error('Dữ liệu mẫu (tài khoản với mật khẩu công khai, khách hàng giả và email nhắc bảo dưỡng) chỉ dành cho môi trường phát triển.');
    console.error('Bỏ SEED_DEMO để chỉ nạp dữ liệu tham chiếu, rồi tạo quản trị viên đầu tiên bằng: node api/dist/src/cli/createAdmin.js --email <email>');
    process.exitCode = 1;
    return;
  }
  const config = loadConfig();
  const db = createDatabase(config);
  const where = describeDatabase(config);
  try {
    const { applied } = await migrateToLatest(db);
    for (const name of applied) console.log(`  ✔ migration ${name}`);
    if (!demo) {
      await runReference(db, where);
      return;
    }
    const started = Date.now();
    const report = await seed(db, { demoHistory: process.env.SEED_DEMO_HISTORY !== '0', products: seedProductCount(process.env) });
    console.log(`Đã nạp dữ liệu mẫu (${where}):`);
    console.log(`  Chi nhánh dịch vụ: ${report.serviceCentres}`);
    const { catalogue } = report;
    console.log(`  Danh mục: ${catalogue.categories} · Thương hiệu: ${catalogue.brands} · Sản phẩm: ${catalogue.products}`);
    console.log(`  Dịch vụ: ${catalogue.services} · Gói dịch vụ: ${catalogue.servicePackages} · Ưu đãi: ${catalogue.promotions}`);
    if (report.demoHistory) {
      const h = report.demoHistory;
      console.log(`  Lịch sử mẫu: thêm ${h.serviceOrders} phiếu dịch vụ (${h.centreDays} ngày-chi nhánh), ${h.shopOrders} đơn web · Ca làm việc: ${h.shifts}`);
      console.log(`  Xe khách đăng ký: ${h.vehicles} · Phiếu các lần kiểm tra trước: ${h.earlierOrders} · Triệu chứng ghi nhận: ${h.symptoms}`);
      console.log(`  Lịch hẹn sắp tới của xe khách: ${h.bookings}`);
    }
    console.log(`  Thời gian nạp: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    if (report.demoHistory) {
      try {
        const first = await trainFirstWearModel(db, systemClock);
        if (first) console.log(`  Mô hình dự đoán hư hỏng: đã huấn luyện phiên bản đầu #${first.runId} (${(first.ms / 1000).toFixed(1)} s)`);
      } catch (error) {
        // The site works without it: the forecasts say there is no model yet until the nightly run or an admin's.
        console.warn('  Chưa huấn luyện được mô hình dự đoán hư hỏng:', error instanceof Error ? error.message : error);
      }
    }
  } finally {
    await db.destroy();
  }
}

/** The reference data only, its counts, and how to create the first admin when there is none. */
async function runReference(db: Kysely<Database>, where: string): Promise<void> {
  const started = Date.now();
  const report = await seedReference(db);
  const { catalogue } = report;
  console.log(`Đã nạp dữ liệu tham chiếu (${where}), không có dữ liệu mẫu:`);
  console.log(`  Chi nhánh dịch vụ: ${report.serviceCentres}`);
  console.log(`  Danh mục: ${catalogue.categories} · Thương hiệu: ${catalogue.brands} · Sản phẩm: ${catalogue.products} (chưa có tồn kho)`);
  console.log(`  Dịch vụ: ${catalogue.services} · Gói dịch vụ: ${catalogue.servicePackages}`);
  console.log(`  Thời gian nạp: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const admin = await db.selectFrom('users').select('id').where('role', '=', 'admin').where('disabled_at', 'is', null).executeTakeFirst();
  if (!admin) {
    console.log('  Chưa có quản trị viên: tạo tài khoản đầu tiên bằng `npm run admin:create -- --email <email>`');
    console.log('  (trong container: node api/dist/src/cli/createAdmin.js --email <email>).');
  }
}

run().catch((error: unknown) => {
  console.error('Nạp dữ liệu thất bại:', error instanceof Error ? error.message : error);
  process.exit(1);
});
