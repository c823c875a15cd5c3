import type { FastifyPluginAsync } from 'fastify';
import type { AccountsContext } from '../auth/accountsPlugin';
import { cartRoutes } from '../cart/cartRoutes';
import { ordersRoutes } from './ordersRoutes';

/** Every shop route: cart, checkout, orders, payments, package credits. */
export const shopRoutes: FastifyPluginAsync<{ accounts: AccountsContext }> = async (app, { accounts }) => {
  await app.register(cartRoutes, { accounts });
  await app.register(ordersRoutes, { accounts });
};
