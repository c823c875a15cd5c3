import { sql, type Kysely } from 'kysely';

/**
 * The deliveries a worker without an email channel (no SMTP_URL) may send: pending, on any channel but email, in the
 * order it takes them. Its due query skipped the waiting emails row by row through notification_deliveries_due_idx,
 * so every round read all of them, and each new notification starts a round (docs/performance.md, bench:vendure).
 * The columns repeat notification_deliveries_due_idx's (status included): so shaped, SQLite's planner, which has no
 * statistics, takes the partial index for that query.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('notification_deliveries_due_not_email_idx')
    .on('notification_deliveries')
    .columns(['status', 'priority', 'next_attempt_at'])
    .where(sql<boolean>`status = 'pending' and channel <> 'email'`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('notification_deliveries_due_not_email_idx').ifExists().execute();
}
