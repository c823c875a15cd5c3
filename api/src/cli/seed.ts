import { describeDatabase, loadConfig } from '../config';
import { createDatabase } from '../db/createDatabase';
import { migrateToLatest } from '../db/migrate';
import { seed } from '../seed';

/** `npm run seed -w api`: applies pending migrations, then loads the demo data (idempotent) and prints counts. */
async function run(): Promise<void> {
  const config = loadConfig();
  const db = createDatabase(config);
  const where = describeDatabase(config);
  try {
    const { applied } = await migrateToLatest(db);
    for (const name of applied) console.log(`  ✔ migration ${name}`);
    const report = await seed(db);
    console.log(`Đã nạp dữ liệu mẫu (${where}):`);
    console.log(`  Chi nhánh dịch vụ: ${report.serviceCentres}`);
    const { catalogue } = report;
    console.log(`  Danh mục: ${catalogue.categories} · Thương hiệu: ${catalogue.brands} · Sản phẩm: ${catalogue.products}`);
    console.log(`  Dịch vụ: ${catalogue.services} · Gói dịch vụ: ${catalogue.servicePackages} · Ưu đãi: ${catalogue.promotions}`);
  } finally {
    await db.destroy();
  }
}

run().catch((error: unknown) => {
  console.error('Nạp dữ liệu mẫu thất bại:', error instanceof Error ? error.message : error);
  process.exit(1);
});
