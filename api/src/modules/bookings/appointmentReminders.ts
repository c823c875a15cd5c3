import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { EventBus } from '../../events/eventBus';
import type { Clock } from '../../security/clock';
import { formatVietnamDateTime, notify, type NotifyInput } from '../notifications';

/** A customer's booking is recalled to them this many hours before it starts. */
export const APPOINTMENT_REMINDER_HOURS = 24;
/** Every 15 minutes: a booking made less than a day ahead is recalled within a quarter of an hour. */
export const APPOINTMENT_REMINDER_SCHEDULE = '*/15 * * * *';
/** Bookings one run looks at: the centres' bookings of a day, with room to spare. */
const REMINDER_BATCH = 2000;

export interface AppointmentReminderDeps {
  db: Kysely<Database>;
  events: EventBus;
  clock: Clock;
}

const reminderKey = (appointmentId: number, startsAt: string) => `appointment:${appointmentId}:reminder:${startsAt}`;

/**
 * The bell (and the channels the customer allows) recalls each customer's pending or confirmed booking that starts
 * within the next 24 hours, once per booking and start (a rescheduled booking is recalled again): the notification's
 * event key makes a repeat nothing, so several instances or runs never send two. A booking made less than a day
 * ahead is not recalled (its confirmation is the reminder); guests' bookings have no account to tell (their
 * confirmation email stands). Answers how many reminders were made.
 */
export async function sendAppointmentReminders({ db, events, clock }: AppointmentReminderDeps): Promise<number> {
  const now = clock.now();
  const until = new Date(now.getTime() + APPOINTMENT_REMINDER_HOURS * 3_600_000);
  const upcoming = await db
    .selectFrom('appointments as a')
    .innerJoin('service_centres as c', 'c.id', 'a.centre_id')
    .select(['a.id', 'a.code', 'a.user_id', 'a.starts_at', 'a.created_at', 'a.license_plate', 'c.name as centre_name'])
    .where('a.user_id', 'is not', null)
    .where('a.status', 'in', ['PENDING', 'CONFIRMED'])
    .where('a.starts_at', '>', now.toISOString())
    .where('a.starts_at', '<=', until.toISOString())
    .orderBy('a.starts_at')
    .limit(REMINDER_BATCH)
    .execute();
  const bookedAhead = upcoming.filter((row) => new Date(row.created_at).getTime() <= new Date(row.starts_at).getTime() - APPOINTMENT_REMINDER_HOURS * 3_600_000);
  if (bookedAhead.length === 0) return 0;
  const reminders: NotifyInput[] = bookedAhead.map((row) => {
    const start = new Date(row.starts_at);
    return {
      userId: row.user_id!,
      kind: 'booking_reminder',
      title: `Nhắc lịch hẹn ${row.code}`,
      body: `Xe ${row.license_plate}, ${formatVietnamDateTime(start)} tại ${row.centre_name}. Mang theo mã check-in trên trang Tổng quan.`,
      link: '/dashboard',
      eventKey: reminderKey(row.id, start.toISOString()),
    };
  });
  // the reminders already made are skipped before notify, so a run costs one read when nothing is new
  const made = new Set(
    (
      await db
        .selectFrom('notifications')
        .select('event_key')
        .where('user_id', 'in', [...new Set(reminders.map((reminder) => reminder.userId))])
        .where('event_key', 'in', reminders.map((reminder) => reminder.eventKey))
        .execute()
    ).map((row) => row.event_key),
  );
  const fresh = reminders.filter((reminder) => !made.has(reminder.eventKey));
  if (fresh.length > 0) await notify({ db, events, now }, fresh);
  return fresh.length;
}
