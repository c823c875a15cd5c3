import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../appContext';
import { createCheckInCodes } from '../bookings';
import { checkInCodeResolveRoutes } from './checkInCodeResolve';
import { deskRoutes } from './deskRoutes';
import { staffEventsRoutes } from './staffEventsRoutes';
import { named } from '../../http/pluginName';

/** The front desk (/staff): the day's appointments, walk-ins, customer search, today's counters, the floor's live stream. */
export const frontDeskModule: FastifyPluginAsync<{ context: AppContext }> = named('frontDeskModule', async (app, { context }) => {
  const { db, clock, events } = context;
  await app.register(deskRoutes, { ctx: { db, clock, events, cutoffMinutes: context.config.bookingChangeCutoffMinutes } });
  await app.register(staffEventsRoutes, { db, events });
  await app.register(checkInCodeResolveRoutes, { db, clock, codes: createCheckInCodes(context.secret) });
});
