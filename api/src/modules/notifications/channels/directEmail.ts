import type { Kysely } from 'kysely';
import { preparedQuery } from '../../../db/preparedQuery';
import type { DeliveryPriority } from '../../../db/notificationChannelSchema';
import type { Database } from '../../../db/schema';
import type { Clock } from '../../../security/clock';
import type { EmailContent } from '../emailTemplates';
import { deliveryPriority } from './deliveryPriority';

const insertDirectEmail = preparedQuery<{ kind: string; to: string; subject: string; text: string; html: string; now: string; priority: DeliveryPriority }>()((db, param) =>
  db
    .insertInto('notification_deliveries')
    .values({
      notification_id: null,
      user_id: null,
      to_address: param('to'),
      kind: param('kind'),
      template: param('kind'),
      topic: null,
      priority: param('priority'),
      title: param('subject'),
      body: param('text'),
      html_body: param('html'),
      link: null,
      template_data: null,
      channel: 'email',
      status: 'pending',
      attempts: 0,
      provider_ref: null,
      last_error: null,
      raw_answer: null,
      sent_at: null,
      next_attempt_at: param('now'),
      created_at: param('now'),
      updated_at: param('now'),
    })
    .returning('id'),
);

/**
 * Puts an email to an address in the outbox, outside the notification centre: for whoever waits at a form (a code,
 * the warning of a changed password), an address not verified yet, a guest, a staff invitation. Call it with the
 * transaction that makes the change the email is about, so the email exists if and only if the change committed; the
 * delivery worker sends it in the order of deliveryPriority (a code before a reminder).
 */
export async function enqueueEmail(db: Kysely<Database>, clock: Clock, to: string, email: EmailContent): Promise<number> {
  const now = clock.now().toISOString();
  const row = await insertDirectEmail.first(db, { kind: email.kind, to, subject: email.subject.slice(0, 300), text: email.text, html: email.html, now, priority: deliveryPriority(email.kind) });
  return row!.id;
}
