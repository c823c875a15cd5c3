import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../appContext';
import { floorWorkRoutes } from './floorWorkRoutes';
import { invoicePointsRoutes } from './invoicePointsRoutes';
import { serviceOrderContextOf } from './serviceOrderContext';
import type { ServiceOrderParts } from './serviceOrderParts';
import { serviceOrderRoutes } from './serviceOrderRoutes';
import { technicianRoutes } from './technicianRoutes';
import { named } from '../../http/pluginName';

/** The service order (phiếu dịch vụ): check-in, board, assignment, technician work, checklist, invoice, points at the counter, payment. */
export const serviceOrdersModule: FastifyPluginAsync<{ context: AppContext; parts: ServiceOrderParts }> = named('serviceOrdersModule', async (app, { context, parts }) => {
  const ctx = serviceOrderContextOf(context, app.log.child({ module: 'service-orders' }), parts);
  await app.register(serviceOrderRoutes, { ctx });
  await app.register(technicianRoutes, { ctx });
  await app.register(floorWorkRoutes, { ctx, uploadDir: context.config.uploadDir });
  await app.register(invoicePointsRoutes, { ctx, consent: { secret: context.secret, counters: context.counters } });
});
