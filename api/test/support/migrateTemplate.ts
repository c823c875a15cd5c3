import { createDatabase } from '../../src/db/createDatabase';
import { migrateToLatest } from '../../src/db/migrate';

/** Child of testTemplates.ts: applies every migration to the database named in argv[2] (JSON), then exits. */
const target = JSON.parse(process.argv[2] ?? '{}') as { sqliteFile?: string; databaseUrl?: string };
const db = target.databaseUrl
  ? createDatabase({ databaseUrl: target.databaseUrl, sqliteFile: ':memory:' }, { poolSize: 1 })
  : createDatabase({ databaseUrl: null, sqliteFile: target.sqliteFile! });
void migrateToLatest(db).then(() => db.destroy());
