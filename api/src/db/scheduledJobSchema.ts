import type { ColumnType, Generated, Selectable } from 'kysely';
import type { Instant, NullableInstant } from './instants';

/** A UTC instant (timestamptz on PostgreSQL → Date; ISO text on SQLite → string). See schema.ts Timestamp. */

/**
 * One occurrence of a scheduled job, claimed by the instance that runs it (migration 0021): the unique
 * (job_name, occurrence_at) lets one instance only run each occurrence; the row is also the job's history.
 */
export interface ScheduledJobRunsTable {
  id: Generated<number>;
  job_name: string;
  /** The wall-clock occurrence (a UTC instant) the run is for, as the job's cron pattern gives it. */
  occurrence_at: Instant;
  /** Which process ran it: host, pid and a random tag. */
  instance_id: string;
  started_at: Instant;
  /** Null while the run goes on (or when its process died during it). */
  finished_at: NullableInstant;
  outcome: ColumnType<'ok' | 'failed' | null, 'ok' | 'failed' | null | undefined, 'ok' | 'failed' | null>;
  /** How many things the run did (emails, orders expired …). */
  count: ColumnType<number | null, number | null | undefined, number | null>;
  error: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface ScheduledJobTables {
  scheduled_job_runs: ScheduledJobRunsTable;
}

export type ScheduledJobRunRow = Selectable<ScheduledJobRunsTable>;
