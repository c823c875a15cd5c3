import { sql, type Kysely } from 'kysely';
import { addIdColumn, addTimestampColumn, dialectOf } from '../portable';

/**
 * The notification centre (issue 49 §2): one row per user and event (the unique (user_id, event_key) makes the
 * same event, told by several instances or twice, one notification), the user's list newest first and the unread
 * count each read through an index of their own.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  let table = addIdColumn(db.schema.createTable('notifications'), dialect)
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('topic', 'text', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('link', 'text')
    .addColumn('event_key', 'text', (col) => col.notNull());
  table = addTimestampColumn(table, 'created_at', dialect);
  table = addTimestampColumn(table, 'read_at', dialect, { nullable: true });
  await table
    .addUniqueConstraint('notifications_user_event_key', ['user_id', 'event_key'])
    .addCheckConstraint('notifications_lengths', sql`length(title) between 1 and 120 and length(body) <= 500 and length(event_key) <= 200 and (link is null or length(link) <= 500)`)
    .execute();
  // The list, newest first (ids grow with time): (user_id, id).
  await db.schema.createIndex('notifications_user_idx').on('notifications').columns(['user_id', 'id']).execute();
  // The unread count: only unread rows are in this index.
  await sql`create index notifications_unread_idx on notifications (user_id) where read_at is null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('notifications').ifExists().execute();
}
