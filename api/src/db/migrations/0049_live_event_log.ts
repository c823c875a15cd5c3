import type { Kysely } from 'kysely';
import { addIdColumn, addTimestampColumn, dialectOf } from '../portable';

/**
 * The live events' log (issue 69 §5, events/eventLog.ts): every message of the live bus, kept about 15 minutes. A
 * publish is one insert here; the broker only relays it. A stream reconnecting with Last-Event-ID replays its missed
 * rows (by user or centre: the two indexes), and an instance that lost the broker tails the log by id.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  let table = addIdColumn(db.schema.createTable('live_event_log'), dialect)
    // No foreign keys: a row lives minutes and must never fail or slow the publish of a change already committed.
    .addColumn('user_id', 'integer')
    .addColumn('centre_id', 'integer')
    .addColumn('payload', 'text', (col) => col.notNull());
  table = addTimestampColumn(table, 'created_at', dialect, { defaultNow: true });
  await table.execute();
  await db.schema.createIndex('live_event_log_user_idx').on('live_event_log').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('live_event_log_centre_idx').on('live_event_log').columns(['centre_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('live_event_log').ifExists().execute();
}
