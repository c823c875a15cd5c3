import { WEAR_MODEL_KIND } from './wearModel';
import type { Kysely } from 'kysely';
import { toIsoUtc } from '../../db/portable';
import type { PredictionModelRow } from '../../db/predictionSchema';
import type { Database } from '../../db/schema';
import type { Clock } from '../../security/clock';
import { trainDiagnosis, type DatedCase, type DiagnosisTraining } from './diagnosisTraining';
import { loadSymptomCases } from './symptomCases';
import { isUniqueViolation } from '../vehicles';
import { loadComponentInspections } from './inspectionQueries';
import { trainWearModels, type ComponentInspections, type ComponentTraining } from './trainWearModels';

/**
 * A training run of the wear models as a versioned row of prediction_models (spec predictive.md §2):
 *
 *   TRAINING (inserted first; the partial unique index allows one per kind) → ACCEPTED (metrics and parameters
 *   written in one update) | FAILED (the error written).
 *
 * The API serves the newest ACCEPTED row (latestWearModel), so a run that fails, or a process killed mid-run,
 * leaves the previous version serving. A run that died without saying so is marked FAILED before the next one
 * starts (and at the API's start): a run with an owner (the API process whose child trains it refreshes
 * heartbeat_at) once its heartbeat is older than STALE_HEARTBEAT_MS — its owner crashed; a run without one (the
 * seed's in-process run, which cannot beat while it computes) once it is older than STALE_TRAINING_MS.
 */

export const STALE_TRAINING_MS = 15 * 60_000;
/** Several missed heartbeats (wearTrainer beats every 5 s), with room for clocks of instances a little apart. */
export const STALE_HEARTBEAT_MS = 30_000;
export const INTERRUPTED_MESSAGE = 'Lần huấn luyện bị gián đoạn (tiến trình dừng trước khi xong).';

export class TrainingInProgressError extends Error {
  constructor() {
    super('a wear model training run is already in progress');
  }
}

/**
 * What a stored version holds: per component, its backtest and its fitted pools; and the diagnosis ranking's
 * learned counts with its held-out evaluation (null on versions from before migration 0016).
 */
export interface WearModelVersion {
  id: number;
  trainedAt: string;
  dataCutoff: string | null;
  observations: number;
  failures: number;
  components: ComponentTraining[];
  diagnosis: DiagnosisTraining | null;
}

export interface WearTrainingOptions {
  clock: Clock;
  requestedBy?: number | null;
  /** The inspections to train on (default: every closed order's, loadComponentInspections). */
  load?: (db: Kysely<Database>) => Promise<ComponentInspections[]>;
  /** The diagnosis cases to learn from (default: every closed order's with recorded symptoms, loadSymptomCases). */
  loadCases?: (db: Kysely<Database>) => Promise<DatedCase[]>;
}

/** Marks TRAINING rows whose process died as FAILED: heartbeat silent for STALE_HEARTBEAT_MS, or no heartbeat and older than STALE_TRAINING_MS. */
export async function failStaleTraining(db: Kysely<Database>, clock: Clock): Promise<number> {
  const now = clock.now();
  const silentSince = new Date(now.getTime() - STALE_HEARTBEAT_MS).toISOString();
  const startedBefore = new Date(now.getTime() - STALE_TRAINING_MS).toISOString();
  const result = await db
    .updateTable('prediction_models')
    .set({ status: 'FAILED', error: INTERRUPTED_MESSAGE, finished_at: now.toISOString() })
    .where('kind', '=', WEAR_MODEL_KIND)
    .where('status', '=', 'TRAINING')
    .where((eb) => eb.or([eb('heartbeat_at', '<', silentSince), eb.and([eb('heartbeat_at', 'is', null), eb('started_at', '<', startedBefore)])]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The owner's sign of life for a run still TRAINING (wearTrainer, every few seconds while its child lives). */
export async function beatWearTraining(db: Kysely<Database>, clock: Clock, runId: number): Promise<void> {
  await db.updateTable('prediction_models').set({ heartbeat_at: clock.now().toISOString() }).where('id', '=', runId).where('status', '=', 'TRAINING').execute();
}

export interface BeginOptions {
  /** The caller will beat (beatWearTraining) while the run lives: it is stale after STALE_HEARTBEAT_MS of silence. */
  heartbeat?: boolean;
}

/** Starts a run: its TRAINING row (TrainingInProgressError when one is running). Returns the row's id. */
export async function beginWearTraining(db: Kysely<Database>, clock: Clock, requestedBy: number | null = null, options: BeginOptions = {}): Promise<number> {
  await failStaleTraining(db, clock);
  const now = clock.now().toISOString();
  try {
    const row = await db
      .insertInto('prediction_models')
      .values({ kind: WEAR_MODEL_KIND, status: 'TRAINING', requested_by: requestedBy, started_at: now, heartbeat_at: options.heartbeat ? now : null })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  } catch (error) {
    if (isUniqueViolation(error)) throw new TrainingInProgressError();
    throw error;
  }
}

/** Trains on the data and stores the result in the run's row (FAILED with the error when anything throws). */
export async function completeWearTraining(db: Kysely<Database>, runId: number, options: WearTrainingOptions): Promise<void> {
  try {
    const histories = await (options.load ?? loadComponentInspections)(db);
    const components = trainWearModels(histories);
    const diagnosis = trainDiagnosis(await (options.loadCases ?? loadSymptomCases)(db));
    let observations = 0;
    let failures = 0;
    let latest = 0;
    for (const history of histories) {
      for (const inspection of history.inspections) {
        if (inspection.result === 'NA') continue;
        observations += 1;
        if (inspection.result === 'FAIL') failures += 1;
        latest = Math.max(latest, inspection.at);
      }
    }
    const metrics = components.map(({ component, accepted, backtest }) => ({ component, accepted, backtest }));
    const parameters = components.map(({ component, models, familyPool }) => ({ component, models, familyPool }));
    await db
      .updateTable('prediction_models')
      .set({
        status: 'ACCEPTED',
        observations,
        failures,
        metrics: JSON.stringify(metrics),
        parameters: JSON.stringify(parameters),
        diagnosis: JSON.stringify(diagnosis),
        data_cutoff: latest > 0 ? new Date(latest).toISOString() : null,
        finished_at: options.clock.now().toISOString(),
      })
      .where('id', '=', runId)
      .where('status', '=', 'TRAINING')
      .execute();
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    await db.updateTable('prediction_models').set({ status: 'FAILED', error: message, finished_at: options.clock.now().toISOString() }).where('id', '=', runId).execute();
    throw error;
  }
}

/** One whole run: begin, train, store. */
export async function runWearTraining(db: Kysely<Database>, options: WearTrainingOptions): Promise<number> {
  const runId = await beginWearTraining(db, options.clock, options.requestedBy ?? null);
  await completeWearTraining(db, runId, options);
  return runId;
}

function toVersion(row: PredictionModelRow): WearModelVersion {
  const metrics = JSON.parse(row.metrics ?? '[]') as Pick<ComponentTraining, 'component' | 'accepted' | 'backtest'>[];
  const parameters = new Map((JSON.parse(row.parameters ?? '[]') as Pick<ComponentTraining, 'component' | 'models' | 'familyPool'>[]).map((entry) => [entry.component, entry]));
  return {
    id: row.id,
    trainedAt: toIsoUtc(row.finished_at ?? row.started_at),
    dataCutoff: row.data_cutoff ? toIsoUtc(row.data_cutoff) : null,
    observations: row.observations,
    failures: row.failures,
    components: metrics.map((entry) => ({ ...entry, models: [], familyPool: {}, ...parameters.get(entry.component) })),
    diagnosis: row.diagnosis ? (JSON.parse(row.diagnosis) as DiagnosisTraining) : null,
  };
}

/** The served version last read, per database: an ACCEPTED row never changes, so its parsed form is kept. */
const servedVersions = new WeakMap<object, WearModelVersion>();

/**
 * The version the API serves: the newest ACCEPTED run, or null before the first. Asks only for the newest id; the
 * row itself (its parameters, tens of kilobytes of JSON) is read and parsed again only when that id changes:
 * parsing it on every forecast would be a large share of the forecast's CPU.
 */
export async function latestWearModel(db: Kysely<Database>): Promise<WearModelVersion | null> {
  const newest = await db
    .selectFrom('prediction_models')
    .select('id')
    .where('kind', '=', WEAR_MODEL_KIND)
    .where('status', '=', 'ACCEPTED')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!newest) return null;
  const kept = servedVersions.get(db);
  if (kept?.id === newest.id) return kept;
  const row = await db.selectFrom('prediction_models').selectAll().where('id', '=', newest.id).executeTakeFirst();
  if (!row) return null;
  const version = toVersion(row);
  servedVersions.set(db, version);
  return version;
}
