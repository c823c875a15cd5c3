import { sql, type Kysely } from 'kysely';
import type { Database } from '../../src/db/schema';

/**
 * The emails of the one outbox (notification_deliveries on the email channel) as a table of their own, named as
 * the tests read an email: its kind (the composed email's, else the notification's), address, subject, text, HTML,
 * and whether it was sent or given up.
 */
export function emailOutbox(db: Kysely<Database>) {
  return db.selectFrom(
    db
      .selectFrom('notification_deliveries')
      .where('channel', '=', 'email')
      .select([
        'id',
        'notification_id',
        sql<string>`coalesce(template, kind)`.as('kind'),
        sql<string>`coalesce(to_address, '')`.as('to_address'),
        'title as subject',
        'body as text_body',
        'html_body',
        'priority',
        'status',
        'attempts',
        'last_error',
        'created_at',
        'next_attempt_at',
        'sent_at',
        sql<string | null>`case when status = 'failed' then updated_at end`.as('failed_at'),
      ])
      .as('email_outbox'),
  );
}
