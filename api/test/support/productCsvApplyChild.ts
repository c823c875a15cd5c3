import { readFileSync } from 'node:fs';
import { createDatabase } from '../../src/db/createDatabase';
import { importProductCsv, readProductCsv } from '../../src/modules/catalogueAdmin/productCsv';

/**
 * A process that applies one product CSV as the API's import route does (productCsvCrash.test.ts kills it with
 * SIGKILL part way): DATABASE_URL or SQLITE_FILE, CSV_FILE, ACTOR_ID. Prints "applied" when the apply is complete.
 */
async function main(): Promise<void> {
  const db = createDatabase({ databaseUrl: process.env.DATABASE_URL || null, sqliteFile: process.env.SQLITE_FILE ?? ':memory:' });
  try {
    const file = await readProductCsv(readFileSync(process.env.CSV_FILE!, 'utf8'));
    process.stdout.write('applying\n');
    const { result } = await importProductCsv(db, file, 'apply', Number(process.env.ACTOR_ID));
    process.stdout.write(`applied ${result.toCreate} ${result.toUpdate}\n`);
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
