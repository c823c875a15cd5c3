import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../appContext';
import { appointmentEventsRoutes } from './appointmentEventsRoutes';
import { appointmentRoutes } from './appointmentRoutes';
import { bookingContextOf } from './bookingContext';

/** Booking: availability, appointments (customer, guest, staff), and the customers' live status stream. */
export const bookingsModule: FastifyPluginAsync<{ context: AppContext }> = async (app, { context }) => {
  await app.register(appointmentRoutes, { booking: bookingContextOf(context) });
  await app.register(appointmentEventsRoutes, { events: context.events });
};
