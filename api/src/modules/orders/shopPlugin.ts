import type { FastifyPluginAsync } from 'fastify';
import type { AccountsContext } from '../auth/accountsPlugin';

/** Every shop route: cart, checkout, orders, payments. */
export const shopRoutes: FastifyPluginAsync<{ accounts: AccountsContext }> = async () => {};
