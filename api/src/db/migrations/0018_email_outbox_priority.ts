import { sql, type Kysely } from 'kysely';

/**
 * The outbox delivers what someone is waiting for first (notifications/emailPriority.ts): email_outbox.priority,
 * 0 for a code a person is typing in now, 1 for the news of their own order or booking, 2 for reminders sent in
 * bulk. Rows from before this column are 1. The worker reads pending rows by (priority, id); the index on
 * (to_address, id) serves the development outbox's recipient filter.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('email_outbox')
    .addColumn('priority', 'integer', (column) => column.notNull().defaultTo(sql`1`))
    .execute();
  await db.schema.createIndex('email_outbox_recipient_idx').on('email_outbox').columns(['to_address', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('email_outbox_recipient_idx').execute();
  await db.schema.alterTable('email_outbox').dropColumn('priority').execute();
}
