import type { DeliveryPriority } from '../../../db/notificationChannelSchema';

/**
 * The order the outbox sends in (notification_deliveries.priority). A sign-up or reset code is typed in by someone
 * looking at the form now; it must not wait behind the daily reminders of a whole fleet (about 1,600 on the demo data).
 *
 *   0  a person is waiting for it: email verification, password reset, a guest's booking code, the parts approval a
 *      technician waits on, the warning that the password was changed;
 *   1  the news of the customer's own order or booking (and any kind not listed);
 *   2  reminders sent in bulk by a timed job.
 */
const WAITED_FOR = new Set(['verify_email', 'reset_password', 'password_changed', 'appointment_guest_code', 'parts_approval_request']);
const BULK = new Set(['maintenance_reminder', 'forecast_reminder']);

/** The priority of a message of this kind (a notification's kind or a composed email's). */
export function deliveryPriority(kind: string): DeliveryPriority {
  if (WAITED_FOR.has(kind)) return 0;
  if (BULK.has(kind)) return 2;
  return 1;
}
