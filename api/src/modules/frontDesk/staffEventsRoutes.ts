import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { centreScopeQuerySchema, errorEnvelopeSchema, FLOOR_CHANGED_EVENT } from 'shared-contracts/schemas';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { centreForRequest, centreScopeOf, requireCentreRole } from '../../security/centreScope';
import type { EventBus } from '../../events/eventBus';
import { eventStreams, SSE_HEARTBEAT_MS } from '../bookings';
import { named } from '../../http/pluginName';

export interface StaffEventsRoutesOptions {
  db: Kysely<Database>;
  events: EventBus;
  heartbeatMs?: number;
}

/**
 * GET /api/staff/events: a text/event-stream of the centre's floor (`event: floor-changed`: an appointment or a
 * service order of the centre changed, reload what you show), whichever API instance made the change. For the
 * centre's staff, technicians and managers; an admin picks the centre or stock location with `?centreId=` (default the first centre).
 * Same Bearer-header and fetch style as the customer's GET /api/appointments/events.
 */
export const staffEventsRoutes: FastifyPluginAsyncZod<StaffEventsRoutesOptions> = named('staffEventsRoutes', async (app, { db, events, heartbeatMs = SSE_HEARTBEAT_MS }) => {
  const serve = eventStreams(app, events, heartbeatMs);

  app.get(
    '/staff/events',
    {
      preHandler: requireCentreRole(db, 'staff', 'technician', 'manager', 'admin'),
      schema: {
        tags: ['back-office'],
        summary: 'Thay đổi trực tiếp của trung tâm (Server-Sent Events, event: floor-changed)',
        querystring: centreScopeQuerySchema,
        response: { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      // An admin may watch a stock location too (the stock page of the online warehouse).
      const centreId = await centreForRequest(db, centreScopeOf(request), request.query.centreId, { stockLocations: true });
      await serve(request, reply, (write) => events.subscribeCentre(centreId, (event) => write(FLOOR_CHANGED_EVENT, event)));
    },
  );
});
