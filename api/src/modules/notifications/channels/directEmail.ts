import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import type { Clock } from '../../../security/clock';
import type { EmailContent } from '../emailTemplates';
import { composedEmailColumns, pendingDelivery } from './scheduleDeliveries';

/**
 * Puts an email to an address in the outbox, outside the notification centre: for whoever waits at a form (a code,
 * the warning of a changed password), an address not verified yet, a guest, a staff invitation. Call it with the
 * transaction that makes the change the email is about, so the email exists if and only if the change committed; the
 * delivery worker sends it in the order of deliveryPriority (a code before a reminder).
 */
export async function enqueueEmail(db: Kysely<Database>, clock: Clock, to: string, email: EmailContent): Promise<number> {
  const row = pendingDelivery({ notification_id: null, user_id: null, to_address: to, topic: null, ...composedEmailColumns(email), link: null, template_data: null, channel: 'email' }, clock.now());
  const inserted = await db.insertInto('notification_deliveries').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}
