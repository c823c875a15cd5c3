import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../appContext';
import { shiftsRoutes } from './shiftsRoutes';
import { named } from '../../http/pluginName';

/** Technicians' shifts and time entry corrections of the back office (/api/shifts*, /api/time-entries*). */
export const shiftsModule: FastifyPluginAsync<{ context: AppContext }> = named('shiftsModule', async (app, { context }) => {
  await app.register(shiftsRoutes, { db: context.db, clock: context.clock });
});
