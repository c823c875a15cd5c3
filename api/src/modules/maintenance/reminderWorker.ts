import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../security/clock';
import { maintenanceReminderEmail, tellMaintenanceDue } from '../notifications';
import { remindersFor } from '../vehicles';

/** A reminder is emailed this many days before it is due (or as soon as it is overdue). */
export const REMINDER_LEAD_DAYS = 7;
const BATCH_SIZE = 200;

export interface ReminderRunOptions {
  /** The site's origin for the booking link (PUBLIC_URL). */
  publicUrl?: string;
  leadDays?: number;
  /** After each reminder's commit: tells its owner's open pages (announcePending); never throws. */
  announce?: (userId: number) => Promise<void>;
}

/**
 * Reminds each vehicle's owner whose next maintenance is due within REMINDER_LEAD_DAYS (or overdue), through the
 * notification centre: one notification under the bell and one message on the channel the owner chose (the
 * reminder email, with its booking link, when that is email). The (vehicle, due point) pair is recorded in
 * maintenance_reminders_sent in the same transaction as the notification, so a due reminder is told once, also
 * with several API instances running this. Returns how many reminders were told.
 */
export async function sendDueReminders(db: Kysely<Database>, clock: Clock, options: ReminderRunOptions = {}): Promise<number> {
  const now = clock.now();
  const leadDays = options.leadDays ?? REMINDER_LEAD_DAYS;
  const origin = (options.publicUrl ?? 'http://localhost:3000').replace(/\/+$/, '');
  let told = 0;
  for (let afterId = 0; ; ) {
    const vehicles = await db
      .selectFrom('vehicles')
      .innerJoin('users', 'users.id', 'vehicles.user_id')
      .selectAll('vehicles')
      .select('users.full_name as owner_name')
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
        const email = maintenanceReminderEmail({
          fullName: vehicle.owner_name,
          vehicle: { brand: vehicle.brand, model: vehicle.model, licensePlate: vehicle.license_plate, odometerKm: vehicle.odometer_km },
          serviceName: reminder.serviceName,
          dueDate: reminder.dueDate,
          dueKm: reminder.dueKm,
          overdue: reminder.overdue,
          bookingLink: `${origin}${reminder.bookingUrl}`,
        });
        const subject = { vehicleId: vehicle.id, plate: vehicle.license_plate, dueKey: reminder.dueKey, serviceName: reminder.serviceName, overdue: reminder.overdue, bookingUrl: reminder.bookingUrl };
        await tellMaintenanceDue(trx, now, vehicle.user_id, subject, email);
        return true;
      });
      if (!sent) continue;
      told += 1;
      await options.announce?.(vehicle.user_id);
    }
    if (vehicles.length < BATCH_SIZE) break;
  }
  return told;
}
