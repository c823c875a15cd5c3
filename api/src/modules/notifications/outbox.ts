import type { Kysely } from 'kysely';
import { preparedQuery } from '../../db/preparedQuery';
import type { Database } from '../../db/schema';
import type { Clock } from '../../security/clock';
import { emailPriority } from './emailPriority';
import type { EmailContent } from './emailTemplates';

const insertOutboxEmail = preparedQuery<{ kind: string; to: string; subject: string; text: string; html: string; now: string; priority: number }>()((db, param) =>
  db
    .insertInto('email_outbox')
    .values({
      kind: param('kind'),
      to_address: param('to'),
      subject: param('subject'),
      text_body: param('text'),
      html_body: param('html'),
      created_at: param('now'),
      next_attempt_at: param('now'),
      priority: param('priority'),
    })
    .returning('id'),
);

/**
 * Puts an email in the outbox. Call it with the transaction that makes the change the email is about, so
 * the email exists if and only if the change was committed; the outbox worker delivers it, in the order of
 * emailPriority (a code before a reminder).
 */
export async function enqueueEmail(db: Kysely<Database>, clock: Clock, to: string, email: EmailContent): Promise<number> {
  const now = clock.now().toISOString();
  const row = await insertOutboxEmail.first(db, { kind: email.kind, to, subject: email.subject, text: email.text, html: email.html, now, priority: emailPriority(email.kind) });
  return row!.id;
}
