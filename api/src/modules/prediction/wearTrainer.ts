import { fork, type ChildProcess } from 'node:child_process';
import { setPriority } from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { DatabaseConfig } from '../../config';
import { childExecArgv } from '../../lib/childProcess';
import type { Database } from '../../db/schema';
import type { Clock } from '../../security/clock';
import { beatWearTraining, beginWearTraining } from './wearTraining';

/**
 * Starts wear-model training runs in a process of their own (wearTrainingProcess.ts), nightly and when an admin
 * asks: the API inserts the run's TRAINING row (so a second request gets TrainingInProgressError at once), forks
 * the process at niceness TRAINING_NICE and returns; the process writes ACCEPTED or FAILED into the row. If it
 * dies without doing so (killed, out of memory), the row is marked FAILED here; the previous version goes on
 * serving either way. While the child lives this process refreshes the row's heartbeat: if this process dies
 * (its child then exits too), the silent heartbeat lets the next start mark the run FAILED at once.
 */

/** Below the API (0), above the photo encoder (19): the floor's requests first, training still done in time. */
const TRAINING_NICE = 10;
export const TRAINING_DIED_MESSAGE = 'Tiến trình huấn luyện dừng bất thường; phiên bản trước vẫn được dùng.';

export interface WearTrainer {
  /** Starts a run; resolves with its id once the process is started (TrainingInProgressError when one runs). */
  start(requestedBy: number | null): Promise<number>;
  /** Resolves when the run started by this trainer (if any) has ended. */
  idle(): Promise<void>;
  /** The running process's id (tests). */
  readonly pid: number | undefined;
  close(): Promise<void>;
}

export interface WearTrainerOptions {
  db: Kysely<Database>;
  database: DatabaseConfig;
  clock: Clock;
  log: { info(object: object, message: string): void; error(object: object, message: string): void };
  /** How often the running run's heartbeat is refreshed (default 5 s; well under STALE_HEARTBEAT_MS). */
  heartbeatMs?: number;
}

function launch(runId: number, database: DatabaseConfig): ChildProcess {
  const extension = path.extname(__filename);
  const file = path.join(__dirname, `wearTrainingProcess${extension}`);
  const child = fork(file, [String(runId), JSON.stringify(database)], { execArgv: childExecArgv(__filename), stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  try {
    if (child.pid !== undefined) setPriority(child.pid, TRAINING_NICE);
  } catch {
    // A platform without priorities: trained all the same.
  }
  return child;
}

export function createWearTrainer({ db, database, clock, log, heartbeatMs = 5_000 }: WearTrainerOptions): WearTrainer {
  let running: { child: ChildProcess; done: Promise<void> } | null = null;
  let closed = false;

  return {
    get pid() {
      return running?.child.pid;
    },
    async start(requestedBy) {
      if (closed) throw new Error('the wear trainer is closed');
      const runId = await beginWearTraining(db, clock, requestedBy, { heartbeat: true });
      const child = launch(runId, database);
      const started = clock.now().getTime();
      const heartbeat = setInterval(() => {
        beatWearTraining(db, clock, runId).catch((error: unknown) => log.error({ err: error, runId }, 'wear training: could not refresh the heartbeat'));
      }, heartbeatMs);
      heartbeat.unref();
      // A process that never started sends no 'exit': its run, no longer beating, goes stale.
      child.once('error', () => {
        if (child.pid === undefined) clearInterval(heartbeat);
      });
      const done = new Promise<void>((resolve) => {
        child.once('exit', (code, signal) => {
          clearInterval(heartbeat);
          void (async () => {
            if (code !== 0) {
              // The process may have died before writing FAILED itself: only a row still TRAINING is changed.
              await db
                .updateTable('prediction_models')
                .set({ status: 'FAILED', error: TRAINING_DIED_MESSAGE, finished_at: clock.now().toISOString() })
                .where('id', '=', runId)
                .where('status', '=', 'TRAINING')
                .execute()
                .catch((error: unknown) => log.error({ err: error, runId }, 'wear training: could not mark the run failed'));
              log.error({ runId, code, signal }, 'wear training: the run failed; the previous version keeps serving');
            } else {
              log.info({ runId, ms: clock.now().getTime() - started }, 'wear training: a new version is served');
            }
            if (running?.child === child) running = null;
            resolve();
          })();
        });
      });
      running = { child, done };
      return runId;
    },
    async idle() {
      await running?.done;
    },
    async close() {
      closed = true;
      const current = running;
      if (!current) return;
      current.child.kill('SIGTERM');
      await current.done;
    },
  };
}
