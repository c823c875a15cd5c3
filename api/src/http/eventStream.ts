import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerResponse } from 'node:http';
import { ERROR_CODES } from 'shared-contracts/schemas';
import type { EventBus, StreamSource } from '../events/eventBus';
import { AppError } from './appError';

/** A comment line every 25 s keeps proxies from closing an idle stream. */
export const SSE_HEARTBEAT_MS = 25_000;

/** The event that tells a page to read again what it shows (what it does on reconnecting): shared-contracts' reader turns it into onOpen({ reconnected: true }). */
export const RESYNC_EVENT = 'resync';

/** Why a stream is told to read again. */
export type ResyncReason = 'too-old' | 'bus-down';

/** One server-sent event frame; `id` (the live log's id) is what the client sends back as Last-Event-ID. */
export function sseFrame(name: string, data: unknown, id?: number | null): string {
  return `${id === null || id === undefined ? '' : `id: ${id}\n`}event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** The client's Last-Event-ID header: a log id, or null (none, or not one of ours). */
export function lastEventIdOf(request: FastifyRequest): number | null {
  const header = request.headers['last-event-id'];
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || !/^\d{1,15}$/.test(value.trim())) return null;
  return Number(value.trim());
}

/** The frame writer a stream's listeners call: the event's name, data and log id (null: not logged). */
export type StreamWrite = (name: string, data: unknown, id: number | null) => void;

/**
 * What one stream sends: `subscribe` subscribes the stream's listeners to `source` (the bus, or the replay of what
 * the client missed: the same listeners filter both) with the frame writer, and returns the unsubscribe function.
 */
export type StreamSubscription = (write: StreamWrite, source: StreamSource) => () => void;

/**
 * The streams a plugin serves, ended when the server closes (call once per plugin). Returns `serve`, which
 * takes a request's response over from Fastify (hijack), writes the SSE head, subscribes, beats the heart,
 * and cleans up when the connection ends. The bus must be ready first: messages from the other instances
 * must reach this one before the client is told it is connected.
 *
 * A client reconnecting with Last-Event-ID first gets what it missed, from the live log (EventBus.replay), then the
 * live frames, each id once; when the log cannot tell what it missed, `resync`. While the bus is blind (the
 * broker lost and the log unreadable) the streams are told `resync` and ended, and new ones answer 503: a page
 * must not believe it is live when it is not.
 */
export function eventStreams(app: FastifyInstance, events: EventBus, heartbeatMs: number) {
  const open = new Map<ServerResponse, () => void>();
  app.addHook('preClose', async () => {
    for (const response of open.keys()) response.end();
    open.clear();
  });
  const stopListening = events.onBlind(() => {
    for (const [response, tellBlind] of [...open]) {
      tellBlind();
      response.end();
    }
  });
  app.addHook('onClose', async () => stopListening());

  return async function serve(request: FastifyRequest, reply: FastifyReply, subscribe: StreamSubscription): Promise<void> {
    if (events.isBlind()) throw new AppError(503, ERROR_CODES.SERVICE_UNAVAILABLE, eventStreamMessages.liveUnavailable);
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
    const send = (frame: string) => {
      if (pending === '') setImmediate(flush);
      pending += frame;
    };
    const resync = (reason: ResyncReason, id: number | null) => send(sseFrame(RESYNC_EVENT, { reason }, id));
    open.set(response, () => {
      pending += sseFrame(RESYNC_EVENT, { reason: 'bus-down' satisfies ResyncReason });
      flush();
    });

    // Live frames wait while the missed ones are read; a frame replayed is not sent again live.
    const afterId = lastEventIdOf(request);
    let waiting: string[] | null = afterId === null ? null : [];
    let replayed: Set<number> | null = null;
    const unsubscribe = subscribe((name, data, id) => {
      if (id !== null && replayed?.has(id)) return;
      const frame = sseFrame(name, data, id);
      if (waiting) waiting.push(frame);
      else send(frame);
    }, events);
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

    if (afterId === null) return;
    const outcome = await events.replay(afterId, (source) => subscribe((name, data, id) => send(sseFrame(name, data, id)), source));
    if (outcome.kind === 'replayed') replayed = new Set(outcome.ids);
    else if (outcome.kind === 'resync') resync('too-old', outcome.head);
    const live = waiting ?? [];
    waiting = null;
    for (const frame of live) {
      const id = /^id: (\d+)\n/.exec(frame)?.[1];
      if (id === undefined || !replayed?.has(Number(id))) send(frame);
    }
  };
}

export const eventStreamMessages = {
  liveUnavailable: 'Cập nhật trực tiếp đang tạm gián đoạn. Trang sẽ tự kết nối lại sau ít giây.',
} as const;
