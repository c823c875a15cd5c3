import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../security/clock';
import { enqueueEmail, type OrderEmail } from '../notifications';

/** The order emails are templates of the notification centre (notifications/templates/orderEmails.ts). */
export { orderCancelledEmail, orderPlacedEmail, orderStatusEmail, type OrderEmail, type OrderEmailFacts, type OrderEmailKind } from '../notifications';

/** Puts an order email that tells no fact of the centre in the outbox, inside the caller's transaction (every order email now tells one: placed, paid, confirmed, shipped, ready, completed, cancelled, refunded). */
export async function enqueueOrderEmail(db: Kysely<Database>, clock: Clock, to: string, email: OrderEmail): Promise<void> {
  await enqueueEmail(db, clock, to, email);
}
