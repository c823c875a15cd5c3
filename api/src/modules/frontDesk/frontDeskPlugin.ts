import type { FastifyPluginAsync } from 'fastify';
import type { AccountsContext } from '../auth/accountsPlugin';
import type { EventBus } from '../../events/eventBus';
import { deskRoutes } from './deskRoutes';
import { staffEventsRoutes } from './staffEventsRoutes';

export interface FrontDeskOptions {
  accounts: AccountsContext;
  /** The live bus shared with bookings: customers' streams and the centres' floor streams. */
  events: EventBus;
}

/** The front desk (/staff): the day's appointments, walk-ins, customer search, today's counters, the floor's live stream. */
export const frontDeskRoutes: FastifyPluginAsync<FrontDeskOptions> = async (app, { accounts, events }) => {
  const ctx = { db: accounts.db, clock: accounts.clock, events, cutoffMinutes: accounts.config.bookingChangeCutoffMinutes };
  await app.register(deskRoutes, { ctx });
  await app.register(staffEventsRoutes, { db: accounts.db, events });
};
