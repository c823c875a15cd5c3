import type { Kysely } from 'kysely';
import type { Database } from '../src/db/schema';
import { latestWearModel, runWearTraining, TrainingInProgressError } from '../src/modules/prediction';
import type { Clock } from '../src/security/clock';

/**
 * The first wear model version (spec predictive.md §2, §7): `npm start` and `npm run seed` train one right after
 * the demo history when no version was ever accepted, so that the demo customer sees predictions as soon as the
 * site is up, not after the first nightly run. The same run an admin starts (wearTraining.runWearTraining: its
 * TRAINING row, the backtest, ACCEPTED or FAILED), only in the seed's process and awaited. Once a version exists
 * this does nothing: the nightly run and the admin's "train now" take over.
 *
 * Returns the run's id and how long it took, or null when nothing was trained (a version exists, or a run is
 * already going on elsewhere). A failed run leaves its FAILED row and throws.
 */
export async function trainFirstWearModel(db: Kysely<Database>, clock: Clock): Promise<{ runId: number; ms: number } | null> {
  if (await latestWearModel(db)) return null;
  const started = Date.now();
  try {
    const runId = await runWearTraining(db, { clock });
    return { runId, ms: Date.now() - started };
  } catch (error) {
    if (error instanceof TrainingInProgressError) return null;
    throw error;
  }
}
