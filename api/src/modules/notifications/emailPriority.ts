/**
 * The order the outbox delivers in (email_outbox.priority, migration 0018). A sign-up or reset code is typed
 * in by someone looking at the form now; it must not wait behind the daily maintenance reminders of a whole
 * fleet (about 1,600 on the demo data, 10 a second through the worker: almost three minutes).
 *
 *   0  a person is waiting for it: email verification, password reset, a guest's booking code, the parts
 *      approval a technician waits on, the warning that the password was changed;
 *   1  the news of the customer's own order or booking (and any kind not listed);
 *   2  reminders sent in bulk by a timed job.
 */
export type EmailPriority = 0 | 1 | 2;

const WAITED_FOR = new Set(['verify_email', 'reset_password', 'password_changed', 'appointment_guest_code', 'parts_approval_request']);
const BULK = new Set(['maintenance_reminder', 'forecast_reminder']);

export function emailPriority(kind: string): EmailPriority {
  if (WAITED_FOR.has(kind)) return 0;
  if (BULK.has(kind)) return 2;
  return 1;
}
