import { createDatabase } from '../../src/db/createDatabase';
import { seed } from '../../seed';
import { DEMO_HISTORY_NOW } from './testTemplates';

/** Child of testTemplates.ts: seeds the demo data with its history at DEMO_HISTORY_NOW into the migrated database in argv[2] (JSON). */
const target = JSON.parse(process.argv[2] ?? '{}') as { sqliteFile?: string; databaseUrl?: string };
const db = target.databaseUrl
  ? createDatabase({ databaseUrl: target.databaseUrl, sqliteFile: ':memory:' }, { poolSize: 1 })
  : createDatabase({ databaseUrl: null, sqliteFile: target.sqliteFile! });
void seed(db, { demoHistory: true, now: new Date(DEMO_HISTORY_NOW) }).then(() => db.destroy());
