import { sql, type Kysely } from 'kysely';
import { addIdColumn, addTimestampColumn, dialectOf } from '../portable';

/**
 * Technicians' shifts (work package 3, spec back-office.md §1 technician_shifts, §7 M3) and the log of time
 * entry corrections (§7 M4). A shift is one local day (work_date 'YYYY-MM-DD', Asia/Ho_Chi_Minh) with local
 * 'HH:MM' times: one shift per technician and day (UNIQUE), start before end (CHECK; zero-padded text compares
 * in time order). The opening hours are checked in code (they live on service_centres and may change).
 * work_time_entry_edits keeps every correction with the times before and after, next to edited_by/edit_reason
 * on the entry itself.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);

  let shifts = addIdColumn(db.schema.createTable('technician_shifts'), dialect)
    .addColumn('technician_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('centre_id', 'integer', (col) => col.notNull().references('service_centres.id').onDelete('cascade'))
    .addColumn('work_date', 'varchar(10)', (col) => col.notNull())
    .addColumn('start_time', 'varchar(5)', (col) => col.notNull())
    .addColumn('end_time', 'varchar(5)', (col) => col.notNull())
    .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'));
  shifts = addTimestampColumn(shifts, 'created_at', dialect, { defaultNow: true })
    .addUniqueConstraint('technician_shifts_technician_day_unique', ['technician_id', 'work_date'])
    .addCheckConstraint('technician_shifts_start_before_end', sql`start_time < end_time`);
  await shifts.execute();
  await db.schema.createIndex('technician_shifts_centre_day_idx').on('technician_shifts').columns(['centre_id', 'work_date']).execute();

  let edits = addIdColumn(db.schema.createTable('work_time_entry_edits'), dialect)
    .addColumn('entry_id', 'integer', (col) => col.notNull().references('work_time_entries.id').onDelete('cascade'))
    .addColumn('edited_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('reason', 'varchar(300)', (col) => col.notNull());
  for (const column of ['old_started_at', 'old_ended_at', 'new_started_at', 'new_ended_at'] as const) {
    edits = addTimestampColumn(edits, column, dialect);
  }
  edits = addTimestampColumn(edits, 'created_at', dialect, { defaultNow: true });
  await edits.execute();
  await db.schema.createIndex('work_time_entry_edits_entry_idx').on('work_time_entry_edits').column('entry_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('work_time_entry_edits').ifExists().execute();
  await db.schema.dropTable('technician_shifts').ifExists().execute();
}
