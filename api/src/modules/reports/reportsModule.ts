import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../appContext';
import { reportRoutes } from './reportRoutes';
import { named } from '../../http/pluginName';

/** Reports (spec §9): /api/reports/* as JSON for the charts and tables, and as streamed CSV. */
export const reportsModule: FastifyPluginAsync<{ context: AppContext }> = named('reportsModule', async (app, { context }) => {
  await app.register(reportRoutes, { ctx: { db: context.db, clock: context.clock } });
});
