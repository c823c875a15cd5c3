import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../appContext';
import { startScheduledJob, type ScheduledJob } from '../../jobs/scheduledJob';
import { appointmentEventsRoutes } from './appointmentEventsRoutes';
import { APPOINTMENT_REMINDER_SCHEDULE, sendAppointmentReminders } from './appointmentReminders';
import { appointmentRoutes } from './appointmentRoutes';
import { bookingContextOf } from './bookingContext';
import { createCheckInCodes } from './checkInCode';
import { checkInCodeRoutes } from './checkInCodeRoutes';
import { named } from '../../http/pluginName';

/** Booking: availability, appointments (customer, guest, staff), and the customers' live status stream. */
export const bookingsModule: FastifyPluginAsync<{ context: AppContext }> = named('bookingsModule', async (app, { context }) => {
  const booking = bookingContextOf(context);
  await app.register(appointmentRoutes, { booking });
  await app.register(checkInCodeRoutes, { booking, codes: createCheckInCodes(context.secret) });
  await app.register(appointmentEventsRoutes, { events: context.events });

  // Once the server listens: the customers' reminders of their bookings in the next 24 hours (once across instances).
  let reminders: ScheduledJob | null = null;
  app.addHook('onListen', async () => {
    reminders ??= startScheduledJob({
      name: 'appointment reminders',
      pattern: APPOINTMENT_REMINDER_SCHEDULE,
      run: () => sendAppointmentReminders(context),
      log: app.log.child({ module: 'appointment-reminders' }),
      db: context.db,
      clock: context.clock,
    });
  });
  app.addHook('onClose', async () => {
    await reminders?.stop();
  });
});
