import type { FastifyPluginAsync } from 'fastify';
import type { AccountsContext } from '../auth/accountsPlugin';
import { kpiRoutes } from './kpiRoutes';

/** The KPI service (/api/kpis/*): the manager's and admin's dashboard figures, a technician's own. */
export const kpisPlugin: FastifyPluginAsync<{ accounts: AccountsContext }> = async (app, { accounts }) => {
  await app.register(kpiRoutes, { ctx: { db: accounts.db, clock: accounts.clock } });
};
