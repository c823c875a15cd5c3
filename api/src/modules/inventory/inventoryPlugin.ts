import type { FastifyPluginAsync } from 'fastify';
import type { AccountsContext } from '../auth/accountsPlugin';
import type { EventBus } from '../../events/eventBus';
import type { InventoryContext } from './inventoryContext';
import { inventoryRoutes } from './inventoryRoutes';

export interface InventoryOptions {
  accounts: AccountsContext;
  events: EventBus;
}

/** The centre inventory (/api/inventory*): stock table, receive, adjust, min stock, ledger, low stock, availability. */
export const inventoryPlugin: FastifyPluginAsync<InventoryOptions> = async (app, { accounts, events }) => {
  const ctx: InventoryContext = { db: accounts.db, clock: accounts.clock, events };
  await app.register(inventoryRoutes, { ctx });
};
