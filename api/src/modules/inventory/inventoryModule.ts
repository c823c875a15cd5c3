import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../appContext';
import { inventoryRoutes } from './inventoryRoutes';
import { named } from '../../http/pluginName';

/**
 * The inventory (/api/inventory*): stock table, receive, adjust, min stock, ledger, low stock, availability; goods
 * receipts from suppliers, the stock locations a role sees, a product's stock per location.
 */
export const inventoryModule: FastifyPluginAsync<{ context: AppContext }> = named('inventoryModule', async (app, { context }) => {
  await app.register(inventoryRoutes, { ctx: { db: context.db, clock: context.clock, events: context.events } });
});
