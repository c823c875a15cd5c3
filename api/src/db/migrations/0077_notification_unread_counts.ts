import { sql, type Kysely } from 'kysely';

/**
 * notification_unread_counts: each user's unread notifications as a number kept with the rows (issue 70 §2). The
 * bell's count was a count of the user's unread rows, read on every signed-in page and after every notification
 * written: a staff member told of every web order has thousands, and PostgreSQL read them all each time. The number
 * moves in the transaction that inserts or marks the rows; filled here from the rows already written.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('notification_unread_counts')
    .addColumn('user_id', 'integer', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('unread', 'integer', (col) => col.notNull())
    .addCheckConstraint('notification_unread_counts_unread', sql`unread >= 0`)
    .execute();
  await sql`insert into notification_unread_counts (user_id, unread)
    select user_id, count(*) from notifications where read_at is null group by user_id`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('notification_unread_counts').ifExists().execute();
}
