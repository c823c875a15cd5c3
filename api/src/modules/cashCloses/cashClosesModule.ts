import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../appContext';
import { named } from '../../http/pluginName';
import { cashClosesRoutes } from './cashClosesRoutes';

/** The cashier's close per centre ("Chốt ca", /api/cash-closes*). */
export const cashClosesModule: FastifyPluginAsync<{ context: AppContext }> = named('cashClosesModule', async (app, { context }) => {
  await app.register(cashClosesRoutes, { ctx: { db: context.db, clock: context.clock, events: context.events } });
});
