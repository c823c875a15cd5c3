import { sql, type Kysely } from 'kysely';
import { addIdColumn, addTimestampColumn, dialectOf } from '../portable';

/**
 * The customer's reminder email of failure prediction (spec predictive.md §4 "Customer": "a reminder email when
 * a component crosses a threshold (once per crossing, through the outbox, opt-out on the profile)"):
 *
 * - users.forecast_emails_opt_out: 0/1 (house style for flags), default 0 = the customer receives them; the
 *   profile shows it the other way round as `forecastEmails`.
 * - forecast_reminders: one row per crossing of a (vehicle, component): crossed_at when the job first saw it
 *   over the threshold (the email is enqueued in the same transaction), cleared_at when a later forecast put it
 *   back below (a repair, a PASS), so that a later crossing mails again. The partial unique index allows one
 *   open crossing per (vehicle, component): two job runs at once insert one row, hence one email. model_id and
 *   probability say what the email was based on (probability null for "needs attention now").
 */
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);

  await db.schema
    .alterTable('users')
    .addColumn('forecast_emails_opt_out', 'integer', (col) => col.notNull().defaultTo(0).check(sql`forecast_emails_opt_out in (0, 1)`))
    .execute();

  let reminders = addIdColumn(db.schema.createTable('forecast_reminders'), dialect)
    .addColumn('vehicle_id', 'integer', (col) => col.notNull().references('vehicles.id').onDelete('cascade'))
    .addColumn('component', 'varchar(40)', (col) => col.notNull())
    .addColumn('status', 'varchar(24)', (col) => col.notNull())
    .addColumn('probability', 'double precision')
    .addColumn('model_id', 'integer', (col) => col.references('prediction_models.id').onDelete('set null'));
  reminders = addTimestampColumn(reminders, 'crossed_at', dialect);
  reminders = addTimestampColumn(reminders, 'cleared_at', dialect, { nullable: true }).addCheckConstraint(
    'forecast_reminders_status',
    sql`status in ('PREDICTED', 'NEEDS_ATTENTION_NOW')`,
  );
  await reminders.execute();
  await db.schema
    .createIndex('forecast_reminders_open_unique')
    .on('forecast_reminders')
    .columns(['vehicle_id', 'component'])
    .unique()
    .where(sql.ref('cleared_at'), 'is', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('forecast_reminders').ifExists().execute();
  await db.schema.alterTable('users').dropColumn('forecast_emails_opt_out').execute();
}
