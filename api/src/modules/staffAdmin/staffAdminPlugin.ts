import type { FastifyPluginAsync } from 'fastify';
import type { AccountsContext } from '../auth/accountsPlugin';
import type { StaffAdminContext } from './staffAdminContext';
import { staffAdminRoutes } from './staffAdminRoutes';

export interface StaffAdminOptions {
  accounts: AccountsContext;
}

/** Users and staff management of the back office (/api/admin/users*, /api/admin/staff*). */
export const staffAdminPlugin: FastifyPluginAsync<StaffAdminOptions> = async (app, { accounts }) => {
  const ctx: StaffAdminContext = { db: accounts.db, clock: accounts.clock, revocation: accounts.revocation, secret: accounts.secret, publicUrl: accounts.config.publicUrl };
  await app.register(staffAdminRoutes, { ctx });
};
