import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../appContext';
import type { StaffAdminContext } from './staffAdminContext';
import { staffAdminRoutes } from './staffAdminRoutes';
import { named } from '../../http/pluginName';

/** Users and staff management of the back office (/api/admin/users*, /api/admin/staff*). */
export const staffAdminModule: FastifyPluginAsync<{ context: AppContext }> = named('staffAdminModule', async (app, { context }) => {
  const ctx: StaffAdminContext = { db: context.db, clock: context.clock, revocation: context.revocation, secret: context.secret, publicUrl: context.config.publicUrl };
  await app.register(staffAdminRoutes, { ctx });
});
