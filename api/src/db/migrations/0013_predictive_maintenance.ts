import { sql, type Kysely } from 'kysely';
import { addIdColumn, addTimestampColumn, dialectOf } from '../portable';

/**
 * Failure prediction and diagnostics (spec predictive.md):
 *
 * - appointment_symptoms: the symptoms (shared-contracts/diagnostics codes) of an appointment, picked by the
 *   customer when booking or recorded by staff at check-in; UNIQUE (appointment_id, code). With the order's
 *   checklist they make every closed order a labelled example for the diagnostics ranking.
 * - prediction_models: one row per training run, versioned by id: its status (TRAINING → ACCEPTED | FAILED),
 *   the data cut-off, sizes, the backtest's metrics and the fitted parameters (JSON text). The API serves the
 *   newest ACCEPTED row, so a failed or killed run leaves the previous model serving. A partial unique index
 *   allows one TRAINING run of a kind at a time (an admin's double click, or the nightly run meeting one).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);

  let symptoms = addIdColumn(db.schema.createTable('appointment_symptoms'), dialect)
    .addColumn('appointment_id', 'integer', (col) => col.notNull().references('appointments.id').onDelete('cascade'))
    .addColumn('code', 'varchar(40)', (col) => col.notNull())
    .addColumn('source', 'varchar(10)', (col) => col.notNull())
    .addColumn('recorded_by', 'integer', (col) => col.references('users.id').onDelete('set null'));
  symptoms = addTimestampColumn(symptoms, 'created_at', dialect, { defaultNow: true })
    .addUniqueConstraint('appointment_symptoms_appointment_code_unique', ['appointment_id', 'code'])
    .addCheckConstraint('appointment_symptoms_source', sql`source in ('customer', 'staff')`);
  await symptoms.execute();

  let models = addIdColumn(db.schema.createTable('prediction_models'), dialect)
    .addColumn('kind', 'varchar(20)', (col) => col.notNull())
    .addColumn('status', 'varchar(10)', (col) => col.notNull())
    .addColumn('requested_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('observations', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('failures', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('metrics', 'text')
    .addColumn('parameters', 'text')
    .addColumn('error', 'varchar(500)');
  models = addTimestampColumn(models, 'started_at', dialect, { defaultNow: true });
  models = addTimestampColumn(models, 'finished_at', dialect, { nullable: true });
  models = addTimestampColumn(models, 'data_cutoff', dialect, { nullable: true }).addCheckConstraint(
    'prediction_models_status',
    sql`status in ('TRAINING', 'ACCEPTED', 'FAILED')`,
  );
  await models.execute();
  await sql`create unique index prediction_models_one_training on prediction_models (kind) where status = 'TRAINING'`.execute(db);
  await db.schema.createIndex('prediction_models_kind_status_idx').on('prediction_models').columns(['kind', 'status', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('prediction_models').ifExists().execute();
  await db.schema.dropTable('appointment_symptoms').ifExists().execute();
}
