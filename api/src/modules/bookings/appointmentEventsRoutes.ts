import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema } from 'shared-contracts/schemas';
import { eventStreams, SSE_HEARTBEAT_MS } from '../../http/eventStream';
import { authenticate, currentAuth } from '../../security/authGuard';
import type { EventBus } from '../../events/eventBus';
import { named } from '../../http/pluginName';

// The SSE plumbing is the HTTP layer's (every stream of the API serves through it); re-exported for the module's front door.
export { eventStreams, SSE_HEARTBEAT_MS, sseFrame, type StreamSubscription } from '../../http/eventStream';

export interface AppointmentEventsRoutesOptions {
  events: EventBus;
  heartbeatMs?: number;
}

/**
 * GET /api/appointments/events: a text/event-stream of the logged-in customer's appointment status changes
 * (`event: appointment-status`) and of the service orders of their appointments (`event: service-order`),
 * whichever API instance the change was made on. Authorization is the Bearer header (the browser reads the
 * stream with fetch). The subscription and the heartbeat end with the connection, and every open stream is
 * ended when the server closes.
 */
export const appointmentEventsRoutes: FastifyPluginAsyncZod<AppointmentEventsRoutesOptions> = named('appointmentEventsRoutes', async (app, { events, heartbeatMs = SSE_HEARTBEAT_MS }) => {
  const serve = eventStreams(app, events, heartbeatMs);

  app.get(
    '/appointments/events',
    {
      preHandler: authenticate,
      schema: {
        tags: ['booking'],
        summary: 'Trạng thái lịch hẹn và phiếu dịch vụ trực tiếp (Server-Sent Events: appointment-status, service-order)',
        response: { 401: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const { userId } = currentAuth(request);
      await serve(request, reply, (write, source) => source.subscribe(userId, (event, id) => write(event.name, event.data, id)));
    },
  );
});
