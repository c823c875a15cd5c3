import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../security/clock';
import type { EmailContent } from './emailTemplates';

/**
 * Puts an email in the outbox. Call it with the transaction that makes the change the email is about, so
 * the email exists if and only if the change was committed; the outbox worker delivers it.
 */
export async function enqueueEmail(db: Kysely<Database>, clock: Clock, to: string, email: EmailContent): Promise<number> {
  const now = clock.now().toISOString();
  const row = await db
    .insertInto('email_outbox')
    .values({
      kind: email.kind,
      to_address: to,
      subject: email.subject,
      text_body: email.text,
      html_body: email.html,
      created_at: now,
      next_attempt_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
