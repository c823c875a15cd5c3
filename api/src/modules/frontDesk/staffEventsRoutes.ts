import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { centreScopeQuerySchema, ERROR_CODES, errorEnvelopeSchema, FLOOR_CHANGED_EVENT } from 'shared-contracts/schemas';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema';
import { centreForRequest, centreScopeOf, requireCentreRole } from '../../security/centreScope';
import type { EventBus } from '../../events/eventBus';
import { eventStreams, SSE_HEARTBEAT_MS } from '../bookings';
import { everyCentreConversations } from '../conversations';
import { AppError } from '../../http/appError';
import { named } from '../../http/pluginName';

/** `centres=all`: an admin's every service centre, `conversation` changes only (the "Tin nhắn" count). */
const staffEventsQuerySchema = centreScopeQuerySchema.extend({ centres: z.literal('all').optional() });

export const staffEventsMessages = {
  everyCentreAdminsOnly: 'Chỉ quản trị viên được theo dõi tin nhắn của mọi trung tâm.',
  centreOrEvery: 'Chọn một trung tâm (centreId) hoặc mọi trung tâm (centres=all), không chọn cả hai.',
} as const;

export interface StaffEventsRoutesOptions {
  db: Kysely<Database>;
  events: EventBus;
  heartbeatMs?: number;
}

/**
 * GET /api/staff/events: a text/event-stream of the centre's floor (`event: floor-changed`: an appointment or a
 * service order of the centre changed, reload what you show), whichever API instance made the change. For the
 * centre's staff, technicians and managers; an admin picks the centre or stock location with `?centreId=` (default the first centre).
 * `?centres=all` (admins only, else 403): the `conversation` changes of every service centre, what an admin's
 * "Tin nhắn" count follows whichever centre the inbox shows.
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
        querystring: staffEventsQuerySchema,
        response: { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const scope = centreScopeOf(request);
      if (request.query.centres === 'all') {
        if (scope.role !== 'admin') throw new AppError(403, ERROR_CODES.FORBIDDEN, staffEventsMessages.everyCentreAdminsOnly);
        if (request.query.centreId !== undefined) {
          throw new AppError(400, ERROR_CODES.VALIDATION_ERROR, staffEventsMessages.centreOrEvery, [{ field: 'centres', message: staffEventsMessages.centreOrEvery }]);
        }
        await serve(request, reply, (write, source) => everyCentreConversations(source, (event, id) => write(FLOOR_CHANGED_EVENT, event, id)));
        return;
      }
      // An admin may watch a stock location too (the stock page of the online warehouse).
      const centreId = await centreForRequest(db, scope, request.query.centreId, { stockLocations: true });
      await serve(request, reply, (write, source) => source.subscribeCentre(centreId, (event, id) => write(FLOOR_CHANGED_EVENT, event, id)));
    },
  );
});
