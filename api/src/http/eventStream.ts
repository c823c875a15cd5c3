import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerResponse } from 'node:http';
import type { EventBus } from '../events/eventBus';

/** A comment line every 25 s keeps proxies from closing an idle stream. */
export const SSE_HEARTBEAT_MS = 25_000;

/** One server-sent event frame. */
export function sseFrame(name: string, data: unknown): string {
  return `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** What one stream sends: `subscribe` gets the frame writer and returns the unsubscribe function. */
export type StreamSubscription = (write: (name: string, data: unknown) => void) => () => void;

/**
 * The streams a plugin serves, ended when the server closes (call once per plugin). Returns `serve`, which
 * takes a request's response over from Fastify (hijack), writes the SSE head, subscribes, beats the heart,
 * and cleans up when the connection ends. The bus must be ready first: messages from the other instances
 * must reach this one before the client is told it is connected.
 */
export function eventStreams(app: FastifyInstance, events: EventBus, heartbeatMs: number) {
  const open = new Set<ServerResponse>();
  app.addHook('preClose', async () => {
    for (const response of open) response.end();
    open.clear();
  });

  return async function serve(request: FastifyRequest, reply: FastifyReply, subscribe: StreamSubscription): Promise<void> {
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

    let closed = false;
    // The frames of one turn of the event loop leave in one write. Under load a centre's changes come many to a
    // turn (one per request answered), every open screen of the centre has its stream, and each write to a
    // socket is a system call; the frames wait for the end of the turn at most.
    let pending = '';
    const flush = () => {
      const frames = pending;
      pending = '';
      if (frames !== '' && !closed) response.write(frames);
    };
    const unsubscribe = subscribe((name, data) => {
      if (pending === '') setImmediate(flush);
      pending += sseFrame(name, data);
    });
    const heartbeat = setInterval(() => response.write(`: heartbeat ${Date.now()}\n\n`), heartbeatMs);
    heartbeat.unref();
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
  };
}
