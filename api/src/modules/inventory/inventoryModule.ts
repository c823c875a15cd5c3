import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../appContext';
import { inventoryRoutes } from './inventoryRoutes';

/** The centre inventory (/api/inventory*): stock table, receive, adjust, min stock, ledger, low stock, availability. */
export const inventoryModule: FastifyPluginAsync<{ context: AppContext }> = async (app, { context }) => {
  await app.register(inventoryRoutes, { ctx: { db: context.db, clock: context.clock, events: context.events } });
};
