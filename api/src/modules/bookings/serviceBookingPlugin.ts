import type { FastifyPluginAsync } from 'fastify';
import type { AccountsContext } from '../auth/accountsPlugin';

/** Every service-side route: vehicles, booking, appointments and their live status, maintenance history, dashboard. */
export const serviceBookingRoutes: FastifyPluginAsync<{ accounts: AccountsContext }> = async () => {};
