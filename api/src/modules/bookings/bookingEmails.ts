import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../security/clock';
import { enqueueEmail, type ServiceEmail } from '../notifications';

/** The service emails are templates of the notification centre (notifications/templates/bookingEmails.ts). */
export {
  appointmentCancelledEmail,
  appointmentConfirmationEmail,
  appointmentRescheduledEmail,
  CHECK_IN_EMAIL_HINT,
  describeCutoff,
  guestCodeEmail,
  maintenanceReminderEmail,
  type CheckInForEmail,
  type ReminderEmailInput,
  type ServiceEmail,
  type ServiceEmailKind,
} from '../notifications';

/**
 * Puts a service email in the outbox (inside the caller's transaction). A walk-in who gave no email has an empty
 * contact email: nothing is sent to it (null).
 */
export async function enqueueServiceEmail(db: Kysely<Database>, clock: Clock, to: string, email: ServiceEmail): Promise<number | null> {
  if (to === '') return null;
  return enqueueEmail(db, clock, to, email);
}
