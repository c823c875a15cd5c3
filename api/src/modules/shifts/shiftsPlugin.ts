import type { FastifyPluginAsync } from 'fastify';
import type { AccountsContext } from '../auth/accountsPlugin';
import { shiftsRoutes } from './shiftsRoutes';

export interface ShiftsOptions {
  accounts: AccountsContext;
}

/** Technicians' shifts and time entry corrections of the back office (/api/shifts*, /api/time-entries*). */
export const shiftsPlugin: FastifyPluginAsync<ShiftsOptions> = async (app, { accounts }) => {
  await app.register(shiftsRoutes, { db: accounts.db, clock: accounts.clock });
};
