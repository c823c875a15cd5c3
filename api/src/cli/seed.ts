import { describeDatabase, loadConfig } from '../config';
import { createDatabase } from '../db/createDatabase';
import { migrateToLatest } from '../db/migrate';
import { seed } from '../seed';
import { trainFirstWearModel } from '../seed/firstWearModel';
import { systemClock } from '../security/clock';

/**
 * `npm run seed -w api` (and `npm start`): applies pending migrations, then loads the demo data (idempotent)
 * with its three months of history and shifts (SEED_DEMO_HISTORY=0 leaves the history out), and prints counts.
 * With the history, when no failure-model version was ever accepted, it trains the first one before it ends
 * (seed/firstWearModel.ts), so the demo customer's forecasts have numbers as soon as the site is up.
 */
async function run(): Promise<void> {
  const config = loadConfig();
  const db = createDatabase(config);
  const where = describeDatabase(config);
  try {
    const { applied } = await migrateToLatest(db);
    for (const name of applied) console.log(`  ✔ migration ${name}`);
    const started = Date.now();
    const report = await seed(db, { demoHistory: process.env.SEED_DEMO_HISTORY !== '0' });
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

run().catch((error: unknown) => {
  console.error('Nạp dữ liệu mẫu thất bại:', error instanceof Error ? error.message : error);
  process.exit(1);
});
