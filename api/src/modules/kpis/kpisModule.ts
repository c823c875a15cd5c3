import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../appContext';
import { kpiRoutes } from './kpiRoutes';
import { named } from '../../http/pluginName';

/** The KPI service (/api/kpis/*): the manager's and admin's dashboard figures, a technician's own. */
export const kpisModule: FastifyPluginAsync<{ context: AppContext }> = named('kpisModule', async (app, { context }) => {
  await app.register(kpiRoutes, { ctx: { db: context.db, clock: context.clock } });
});
