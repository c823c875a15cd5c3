import { describeDatabase, loadConfig } from '../config';
import { createDatabase } from '../db/createDatabase';
import { migrateToLatest } from '../db/migrate';

/** `npm run migrate -w api`: applies pending migrations and prints what it applied. */
async function run(): Promise<void> {
  const config = loadConfig();
  const db = createDatabase(config);
  const where = describeDatabase(config);
  try {
    const { applied } = await migrateToLatest(db);
    if (applied.length === 0) {
      console.log(`Cơ sở dữ liệu đã ở phiên bản mới nhất (${where}).`);
    } else {
      console.log(`Đã áp dụng ${applied.length} migration (${where}):`);
      for (const name of applied) console.log(`  ✔ ${name}`);
    }
  } finally {
    await db.destroy();
  }
}

run().catch((error: unknown) => {
  console.error('Migration thất bại:', error instanceof Error ? error.message : error);
  process.exit(1);
});
