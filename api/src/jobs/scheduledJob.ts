import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { performance } from 'node:perf_hooks';
import { Cron } from 'croner';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { VIETNAM_TIME_ZONE } from 'shared-contracts/schemas';
import type { Database } from '../db/schema';
import type { Clock } from '../security/clock';
import { recordJobRun } from '../modules/metrics';

/**
 * The API's scheduled work: a job runs at the occurrences of a cron pattern read on the wall clock of Vietnam,
 * and with several instances on one database exactly one of them runs each occurrence. At an occurrence every
 * instance inserts (job, occurrence) into scheduled_job_runs with ON CONFLICT DO NOTHING; the one whose insert
 * took runs the job and writes its outcome into that row, the others skip it.
 *
 * Time is the app's Clock: the next occurrence is computed from clock.now() and one timer is armed for the
 * difference, again after every run (a process started between occurrences waits for the next one). In a process:
 * one run at a time, a failure logged and the next occurrence tried, timers that never keep the process alive,
 * stop() waiting for the run in progress.
 */

/** The shop's time zone (no daylight saving time: UTC+7 all year), the calendar's. */
export const SCHEDULE_TIME_ZONE = VIETNAM_TIME_ZONE;
/** How long the runs' history is kept (each run deletes its job's older rows). */
export const JOB_HISTORY_DAYS = 30;
/** The longest delay setTimeout takes; a later occurrence is reached in several waits. */
const MAX_TIMER_MS = 2 ** 31 - 1;
const DAY_MS = 86_400_000;

export type JobOutcome = 'ok' | 'failed' | 'skipped';

/** What the onRun hook hears after each occurrence this process reached ('skipped': another instance ran it). */
export interface JobRunEvent {
  name: string;
  outcome: JobOutcome;
  durationMs: number;
}

/**
 * Arms a one-shot timer that calls `fire` after `delayMs` and returns its disarm function. The default is an
 * unref'd setTimeout; tests pass their own to move time by hand (fire resolves when the occurrence is done).
 */
export type ArmTimer = (fire: () => Promise<void>, delayMs: number) => () => void;

export const realTimer: ArmTimer = (fire, delayMs) => {
  const handle = setTimeout(() => void fire(), delayMs);
  handle.unref();
  return () => clearTimeout(handle);
};

/** This process, as the runs' history names it. */
export const PROCESS_INSTANCE_ID = `${hostname()}#${process.pid}#${randomBytes(3).toString('hex')}`;

export interface SchedulerOptions {
  db: Kysely<Database>;
  clock: Clock;
  /** Called after each occurrence, besides the process's job metrics (recordJobRun); its errors are ignored. */
  onRun?: (event: JobRunEvent) => void;
  timer?: ArmTimer;
  /** Default PROCESS_INSTANCE_ID. */
  instanceId?: string;
}

export interface ScheduledJobOptions extends SchedulerOptions {
  /** The lease key and what the log lines call it ('maintenance reminders'); at most 80 characters. */
  name: string;
  /** A five-field cron pattern in Vietnam's time ('0 2 * * *': every day at 02:00). */
  pattern: string;
  /** One run; resolves to how many things it did (logged when more than 0, recorded). */
  run: () => Promise<number>;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
  /**
   * Also this long after start, the latest occurrence at or before then, when no instance has run it yet (a
   * fresh database, or every instance was down at the time). Unset: only the occurrences after the start.
   */
  catchUpAfterMs?: number;
}

export interface ScheduledJob {
  /** The occurrence the timer waits for (null while running or once stopped). */
  readonly nextOccurrence: Date | null;
  /** Disarms the timer and waits for the run in progress. */
  stop(): Promise<void>;
}

function scheduleOf(pattern: string): Cron {
  return new Cron(pattern, { timezone: SCHEDULE_TIME_ZONE, paused: true });
}

/** The first occurrence of `pattern` (Vietnam's time) strictly after `after`. */
export function nextOccurrence(pattern: string, after: Date): Date | null {
  return scheduleOf(pattern).nextRun(after);
}

/** Claims an occurrence: the run's row id, or null when another instance has claimed it already. */
async function claimOccurrence(db: Kysely<Database>, name: string, occurrence: Date, instanceId: string, now: Date): Promise<number | null> {
  const row = await db
    .insertInto('scheduled_job_runs')
    .values({ job_name: name, occurrence_at: occurrence.toISOString(), instance_id: instanceId, started_at: now.toISOString() })
    .onConflict((conflict) => conflict.columns(['job_name', 'occurrence_at']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

export function startScheduledJob(options: ScheduledJobOptions): ScheduledJob {
  const { name, pattern, run, log, db, clock, onRun, timer = realTimer, instanceId = PROCESS_INSTANCE_ID, catchUpAfterMs } = options;
  const schedule = scheduleOf(pattern);
  let stopped = false;
  let disarm: (() => void) | null = null;
  let waitingFor: Date | null = null;
  let running: Promise<void> | null = null;

  const report = (outcome: JobOutcome, started: number) => {
    const event = { name, outcome, durationMs: performance.now() - started };
    recordJobRun(event);
    try {
      onRun?.(event);
    } catch {
      // The hook's trouble is not the job's.
    }
  };

  /** Claims and runs one occurrence, records its outcome; never throws. */
  const runOccurrence = async (occurrence: Date): Promise<void> => {
    const started = performance.now();
    let claim: number | null;
    try {
      claim = await claimOccurrence(db, name, occurrence, instanceId, clock.now());
    } catch (error) {
      log.error({ err: error, occurrence }, `${name}: could not claim the run`);
      report('failed', started);
      return;
    }
    if (claim === null) {
      report('skipped', started);
      return;
    }
    let outcome: 'ok' | 'failed';
    let count: number | null = null;
    let message: string | null = null;
    try {
      count = await run();
      outcome = 'ok';
      if (count > 0) log.info({ count }, `${name}: done`);
    } catch (error) {
      outcome = 'failed';
      message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      log.error({ err: error }, `${name} failed`);
    }
    try {
      const now = clock.now();
      await db.updateTable('scheduled_job_runs').set({ finished_at: now.toISOString(), outcome, count, error: message }).where('id', '=', claim).execute();
      await db
        .deleteFrom('scheduled_job_runs')
        .where('job_name', '=', name)
        .where('occurrence_at', '<', new Date(occurrence.getTime() - JOB_HISTORY_DAYS * DAY_MS).toISOString())
        .execute();
    } catch (error) {
      log.error({ err: error }, `${name}: could not record the run`);
    }
    report(outcome, started);
  };

  /** Runs `occurrence` (when due) in turn, then waits for the one after it. */
  const tick = async (occurrence: Date): Promise<void> => {
    disarm = null;
    if (stopped) return;
    if (clock.now().getTime() < occurrence.getTime()) {
      // Woken early (a wait split for setTimeout's limit, a timer ahead of the clock): wait the rest.
      arm(occurrence);
      return;
    }
    waitingFor = null;
    const current = runOccurrence(occurrence);
    running = current;
    await current;
    running = null;
    if (!stopped) armAfter(new Date(Math.max(clock.now().getTime(), occurrence.getTime())));
  };

  function arm(occurrence: Date): void {
    waitingFor = occurrence;
    const delay = Math.min(Math.max(occurrence.getTime() - clock.now().getTime(), 0), MAX_TIMER_MS);
    disarm = timer(() => tick(occurrence), delay);
  }

  function armAfter(instant: Date): void {
    const occurrence = schedule.nextRun(instant);
    if (occurrence) arm(occurrence);
    else waitingFor = null;
  }

  const startedAt = clock.now();
  if (catchUpAfterMs !== undefined) {
    disarm = timer(async () => {
      disarm = null;
      if (stopped) return;
      const latest = schedule.previousRuns(1, new Date(clock.now().getTime() + 1))[0];
      if (latest) {
        await tick(latest);
      } else {
        armAfter(clock.now());
      }
    }, catchUpAfterMs);
  } else {
    // An occurrence exactly at the start is still this start's to run.
    armAfter(new Date(startedAt.getTime() - 1));
  }

  return {
    get nextOccurrence() {
      return stopped ? null : waitingFor;
    },
    async stop() {
      stopped = true;
      disarm?.();
      disarm = null;
      waitingFor = null;
      await running;
    },
  };
}
