import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CONVERSATION_MESSAGE_EVENT, CONVERSATION_READ_EVENT, errorEnvelopeSchema, NOTIFICATION_EVENT } from 'shared-contracts/schemas';
import type { EventBus } from '../../../events/eventBus';
import { eventStreams, SSE_HEARTBEAT_MS } from '../../../http/eventStream';
import { authenticate, currentAuth } from '../../../security/authGuard';
import { named } from '../../../http/pluginName';

export interface NotificationEventsRoutesOptions {
  events: EventBus;
  heartbeatMs?: number;
}

/**
 * GET /api/notifications/events: the signed-in user's personal stream, whatever their role (`notification`,
 * `conversation-message`, `conversation-read`), whichever instance published the event. Bearer header, read
 * with fetch like GET /api/appointments/events.
 */
export const notificationEventsRoutes: FastifyPluginAsyncZod<NotificationEventsRoutesOptions> = named('notificationEventsRoutes', async (app, { events, heartbeatMs = SSE_HEARTBEAT_MS }) => {
  const serve = eventStreams(app, events, heartbeatMs);

  app.get(
    '/notifications/events',
    {
      preHandler: authenticate,
      schema: {
        tags: ['notifications'],
        summary: `Sự kiện trực tiếp của tôi (Server-Sent Events: ${NOTIFICATION_EVENT}, ${CONVERSATION_MESSAGE_EVENT}, ${CONVERSATION_READ_EVENT})`,
        response: { 401: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const { userId } = currentAuth(request);
      await serve(request, reply, (write, source) => source.subscribePersonal(userId, (event, id) => write(event.name, event.data, id)));
    },
  );
});
