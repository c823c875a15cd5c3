import { sql, type Kysely } from 'kysely';
import { addIdColumn, addTimestampColumn, dialectOf } from '../portable';

/**
 * Scheduled work runs once per occurrence across instances (jobs/scheduledJob.ts):
 *
 * - scheduled_job_runs: one row per (job, occurrence) claimed by an instance. The unique index on
 *   (job_name, occurrence_at) is the lease: every instance inserts at the occurrence with ON CONFLICT DO NOTHING
 *   and only the one whose insert took runs it. The row then records the run (instance, start, end, outcome,
 *   how many things it did, the error); finished_at stays null while it runs.
 * - prediction_models.heartbeat_at: the API process that forked a training run refreshes it every few seconds
 *   while its child lives; a TRAINING run whose heartbeat went quiet lost its process and is marked FAILED
 *   (wearTraining.failStaleTraining). Null on runs without such an owner (the seed's in-process run).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);

  let runs = addIdColumn(db.schema.createTable('scheduled_job_runs'), dialect)
    .addColumn('job_name', 'varchar(80)', (col) => col.notNull())
    .addColumn('instance_id', 'varchar(200)', (col) => col.notNull());
  runs = addTimestampColumn(runs, 'occurrence_at', dialect);
  runs = addTimestampColumn(runs, 'started_at', dialect);
  runs = addTimestampColumn(runs, 'finished_at', dialect, { nullable: true })
    .addColumn('outcome', 'varchar(16)')
    .addColumn('count', 'integer')
    .addColumn('error', 'text')
    .addCheckConstraint('scheduled_job_runs_outcome', sql`outcome is null or outcome in ('ok', 'failed')`);
  await runs.execute();
  await db.schema.createIndex('scheduled_job_runs_occurrence_unique').on('scheduled_job_runs').columns(['job_name', 'occurrence_at']).unique().execute();

  await db.schema
    .alterTable('prediction_models')
    .addColumn('heartbeat_at', dialect === 'postgres' ? 'timestamptz' : 'text')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('prediction_models').dropColumn('heartbeat_at').execute();
  await db.schema.dropTable('scheduled_job_runs').ifExists().execute();
}
