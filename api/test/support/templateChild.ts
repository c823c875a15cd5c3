import { createDatabase } from '../../src/db/createDatabase';
import { migrateToLatest } from '../../src/db/migrate';
import { seed } from '../../seed';
import { DEMO_HISTORY_NOW } from './testTemplates';

/**
 * Child of testTemplates.ts, on the database named in argv[2] (JSON): `migrate` (argv[3]) applies every migration;
 * `seed` seeds the migrated database with the demo data at the wall clock's time; `demoHistory` seeds the migrated database with the demo data and its history at DEMO_HISTORY_NOW. Then exits.
 */
const target = JSON.parse(process.argv[2] ?? '{}') as { sqliteFile?: string; databaseUrl?: string };
const step = process.argv[3];
const db = target.databaseUrl
  ? createDatabase({ databaseUrl: target.databaseUrl, sqliteFile: ':memory:' }, { poolSize: 1 })
  : createDatabase({ databaseUrl: null, sqliteFile: target.sqliteFile! });
const work =
  step === 'demoHistory' ? seed(db, { demoHistory: true, now: new Date(DEMO_HISTORY_NOW) }) : step === 'seed' ? seed(db) : migrateToLatest(db);
void work.then(() => db.destroy());
