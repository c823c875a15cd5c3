import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../security/clock';
import { enqueueServiceEmail, maintenanceReminderEmail } from '../bookings';
import type { NotifyInput } from '../notifications';
import { remindersFor } from '../vehicles';

/** A reminder is emailed this many days before it is due (or as soon as it is overdue). */
export const REMINDER_LEAD_DAYS = 7;
const BATCH_SIZE = 200;

export interface ReminderRunOptions {
  /** The site's origin for the booking link (PUBLIC_URL). */
  publicUrl?: string;
  leadDays?: number;
  /** Also puts each reminder under the owner's bell (after its email was enqueued); never throws. */
  notify?: (input: NotifyInput) => Promise<void>;
}

/**
 * Enqueues one email per vehicle whose next maintenance is due within REMINDER_LEAD_DAYS (or overdue). The
 * (vehicle, due point) pair is recorded in maintenance_reminders_sent in the same transaction as the outbox
 * row, so a due reminder emails once, also with several API instances running this. Returns how many
 * emails were enqueued.
 */
export async function sendDueReminders(db: Kysely<Database>, clock: Clock, options: ReminderRunOptions = {}): Promise<number> {
  const now = clock.now();
  const leadDays = options.leadDays ?? REMINDER_LEAD_DAYS;
  const origin = (options.publicUrl ?? 'http://localhost:3000').replace(/\/+$/, '');
  let enqueued = 0;
  for (let afterId = 0; ; ) {
    const vehicles = await db
      .selectFrom('vehicles')
      .innerJoin('users', 'users.id', 'vehicles.user_id')
      .selectAll('vehicles')
      .select(['users.email as owner_email', 'users.full_name as owner_name'])
      .where('vehicles.deleted_at', 'is', null)
      .where('vehicles.id', '>', afterId)
      .orderBy('vehicles.id')
      .limit(BATCH_SIZE)
      .execute();
    if (vehicles.length === 0) break;
    afterId = vehicles[vehicles.length - 1]!.id;
    const reminders = await remindersFor(db, vehicles, now);
    for (const vehicle of vehicles) {
      const reminder = reminders.get(vehicle.id);
      if (!reminder || (!reminder.overdue && reminder.daysLeft > leadDays)) continue;
      const sent = await db.transaction().execute(async (trx) => {
        const claimed = await trx
          .insertInto('maintenance_reminders_sent')
          .values({ vehicle_id: vehicle.id, due_key: reminder.dueKey, sent_at: now.toISOString() })
          .onConflict((conflict) => conflict.columns(['vehicle_id', 'due_key']).doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!claimed) return false;
        await enqueueServiceEmail(
          trx,
          clock,
          vehicle.owner_email,
          maintenanceReminderEmail({
            fullName: vehicle.owner_name,
            vehicle: { brand: vehicle.brand, model: vehicle.model, licensePlate: vehicle.license_plate, odometerKm: vehicle.odometer_km },
            serviceName: reminder.serviceName,
            dueDate: reminder.dueDate,
            dueKm: reminder.dueKm,
            overdue: reminder.overdue,
            bookingLink: `${origin}${reminder.bookingUrl}`,
          }),
        );
        return true;
      });
      if (!sent) continue;
      enqueued += 1;
      await options.notify?.({
        userId: vehicle.user_id,
        kind: 'booking_reminder',
        title: reminder.overdue ? `Xe ${vehicle.license_plate} đã quá hạn bảo dưỡng` : `Xe ${vehicle.license_plate} sắp đến hạn bảo dưỡng`,
        body: `${reminder.serviceName}: đặt lịch để trung tâm kiểm tra xe của bạn.`,
        link: reminder.bookingUrl,
        eventKey: `reminder:${vehicle.id}:${reminder.dueKey}`,
      });
    }
    if (vehicles.length < BATCH_SIZE) break;
  }
  return enqueued;
}
