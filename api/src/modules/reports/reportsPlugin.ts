import type { FastifyPluginAsync } from 'fastify';
import type { AccountsContext } from '../auth/accountsPlugin';
import { reportRoutes } from './reportRoutes';

/** Reports (spec §9): /api/reports/* as JSON for the charts and tables, and as streamed CSV. */
export const reportsPlugin: FastifyPluginAsync<{ accounts: AccountsContext }> = async (app, { accounts }) => {
  await app.register(reportRoutes, { ctx: { db: accounts.db, clock: accounts.clock } });
};
