import type { FastifyPluginAsync } from 'fastify';
import type { AccountsContext } from '../auth/accountsPlugin';
import type { EventBus } from '../../events/eventBus';
import { floorWorkRoutes } from './floorWorkRoutes';
import { serviceOrderContextOf } from './serviceOrderContext';
import { serviceOrderRoutes } from './serviceOrderRoutes';
import { technicianRoutes } from './technicianRoutes';

export interface ServiceOrdersOptions {
  accounts: AccountsContext;
  /** The live bus shared with bookings: customers' streams and the centres' floor streams. */
  events: EventBus;
}

/** The service order (phiếu dịch vụ): check-in, board, assignment, technician work, checklist, invoice, payment. */
export const serviceOrdersRoutes: FastifyPluginAsync<ServiceOrdersOptions> = async (app, { accounts, events }) => {
  const ctx = serviceOrderContextOf(accounts, events, app.log.child({ module: 'service-orders' }));
  await app.register(serviceOrderRoutes, { ctx });
  await app.register(technicianRoutes, { ctx });
  await app.register(floorWorkRoutes, { ctx, uploadDir: accounts.config.uploadDir });
};
