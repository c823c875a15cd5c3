import { existsSync } from 'node:fs';
import type { DatabaseConfig } from '../../config';
import { createDatabase } from '../../db/createDatabase';
import { systemClock } from '../../security/clock';
import { completeWearTraining } from './wearTraining';

/**
 * The wear models' training process (started by wearTrainer.ts, at a lower CPU priority than the API): trains
 * the run whose TRAINING row the API has inserted, writes the result into that row and exits, 0 when the row is
 * ACCEPTED, 1 when it is FAILED. Its arguments: the run's id and the database configuration as JSON. The work
 * (reading a million inspections, the fits) never touches the API's event loop or memory.
 */
async function main(): Promise<number> {
  // The API that started it is gone (crashed): its run is failed by the next start, so stop training for nobody.
  process.once('disconnect', () => process.exit(3));
  const runId = Number(process.argv[2]);
  const config = JSON.parse(process.argv[3] ?? '{}') as DatabaseConfig;
  if (!Number.isInteger(runId) || runId <= 0) throw new Error(`not a training run id: ${process.argv[2]}`);
  // SQLite would create a missing file: a wrong path must fail the run, not train on an empty new database.
  if (!config.databaseUrl && !existsSync(config.sqliteFile)) throw new Error(`no database at ${config.sqliteFile}`);
  const db = createDatabase(config, { poolSize: 1 });
  try {
    await completeWearTraining(db, runId, { clock: systemClock });
    return 0;
  } catch (error) {
    console.error('wear model training failed:', error instanceof Error ? error.message : error);
    return 1;
  } finally {
    await db.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('wear model training could not start:', error);
    process.exit(2);
  },
);
