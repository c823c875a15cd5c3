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
  } finally {
    await db.destroy();
  }
}

run().catch((error: unknown) => {
  console.error('Nạp dữ liệu mẫu thất bại:', error instanceof Error ? error.message : error);
  process.exit(1);
});
