import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerResponse } from 'node:http';
import { APPOINTMENT_STATUS_EVENT, errorEnvelopeSchema, type AppointmentStatusEvent } from 'shared-contracts/schemas';
import { authenticate, currentAuth } from '../../http/authGuard';
import type { AppointmentEventBus } from './appointmentEvents';

/** A comment line every 25 s keeps proxies from closing an idle stream. */
export const SSE_HEARTBEAT_MS = 25_000;

export interface AppointmentEventsRoutesOptions {
  events: AppointmentEventBus;
  heartbeatMs?: number;
}

/** One server-sent event frame. */
export function sseFrame(event: AppointmentStatusEvent): string {
  return `event: ${APPOINTMENT_STATUS_EVENT}\ndata: ${JSON.stringify(event)}\n\n`;
}

/**
 * GET /api/appointments/events: a text/event-stream of the logged-in customer's appointment status changes
 * (`event: appointment-status`), whichever API instance the change was made on. Authorization is the Bearer
 * header (the browser reads the stream with fetch). The response is taken over from Fastify (hijack) and
 * written raw; the subscription and the heartbeat end with the connection, and every open stream is ended
 * when the server closes.
 */
export const appointmentEventsRoutes: FastifyPluginAsyncZod<AppointmentEventsRoutesOptions> = async (app, { events, heartbeatMs = SSE_HEARTBEAT_MS }) => {
  const open = new Set<ServerResponse>();
  app.addHook('preClose', async () => {
    for (const response of open) response.end();
    open.clear();
  });

  app.get(
    '/appointments/events',
    {
      preHandler: authenticate,
      schema: {
        tags: ['booking'],
        summary: 'Trạng thái lịch hẹn trực tiếp (Server-Sent Events, event: appointment-status)',
        response: { 401: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const { userId } = currentAuth(request);
      // Messages from the other instances must reach this one before the client is told it is connected.
      await events.ready();
      reply.hijack();
      const response = reply.raw;
      response.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        // nginx and similar proxies must not buffer the stream.
        'x-accel-buffering': 'no',
      });
      open.add(response);
      response.write(`retry: 5000\n: connected\n\n`);

      const unsubscribe = events.subscribe(userId, (event) => {
        response.write(sseFrame(event));
      });
      const heartbeat = setInterval(() => response.write(`: heartbeat ${Date.now()}\n\n`), heartbeatMs);
      heartbeat.unref();
      let closed = false;
      const cleanUp = () => {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(response);
      };
      request.raw.once('close', cleanUp);
      response.once('close', cleanUp);
      response.on('error', cleanUp);
    },
  );
};
