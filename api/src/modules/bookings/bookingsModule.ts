import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../appContext';
import { appointmentEventsRoutes } from './appointmentEventsRoutes';
import { appointmentRoutes } from './appointmentRoutes';
import { bookingContextOf } from './bookingContext';
import { createCheckInCodes } from './checkInCode';
import { checkInCodeRoutes } from './checkInCodeRoutes';

/** Booking: availability, appointments (customer, guest, staff), and the customers' live status stream. */
export const bookingsModule: FastifyPluginAsync<{ context: AppContext }> = async (app, { context }) => {
  const booking = bookingContextOf(context);
  await app.register(appointmentRoutes, { booking });
  await app.register(checkInCodeRoutes, { booking, codes: createCheckInCodes(context.secret) });
  await app.register(appointmentEventsRoutes, { events: context.events });
};
