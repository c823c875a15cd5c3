import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { App } from '../../src/app';

export interface SseEvent {
  event: string;
  data: string;
}

export interface SseStream {
  status: number;
  contentType: string | undefined;
  /** The next event (not comments), or rejects after `timeoutMs`. */
  next(timeoutMs?: number): Promise<SseEvent>;
  /** Events received so far and not yet taken with next(). */
  pending(): SseEvent[];
  /** Comment lines received (': connected', heartbeats). */
  comments(): string[];
  /** The `id:` of each event received so far, in order (null: the frame had none). */
  ids(): Array<string | null>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/** Starts the app on a random local port; returns its base URL. */
export async function listen(app: App): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/**
 * Opens GET /api/appointments/events over real HTTP (as the browser's fetch does) and resolves once the
 * server's ': connected' comment arrived, i.e. the stream is subscribed.
 */
export function openEventStream(baseUrl: string, token: string, path = '/api/appointments/events', headers: Record<string, string> = {}): Promise<SseStream> {
  return new Promise((resolve, reject) => {
    const queue: SseEvent[] = [];
    const waiters: Array<(event: SseEvent) => void> = [];
    const comments: string[] = [];
    const ids: Array<string | null> = [];
    let buffer = '';
    let connected = false;
    const request = http.get(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream', ...headers } }, (response) => {
      const stream: SseStream = {
        status: response.statusCode ?? 0,
        contentType: response.headers['content-type'],
        next(timeoutMs = 5_000) {
          const queued = queue.shift();
          if (queued) return Promise.resolve(queued);
          return new Promise((resolveEvent, rejectEvent) => {
            const timer = setTimeout(() => {
              waiters.splice(waiters.indexOf(deliver), 1);
              rejectEvent(new Error('no server-sent event in time'));
            }, timeoutMs);
            const deliver = (event: SseEvent) => {
              clearTimeout(timer);
              resolveEvent(event);
            };
            waiters.push(deliver);
          });
        },
        pending: () => queue.splice(0),
        comments: () => [...comments],
        ids: () => [...ids],
        ended: new Promise((resolveEnd) => response.once('end', () => resolveEnd())),
        close: () => request.destroy(),
      };
      if (response.statusCode !== 200) {
        response.resume();
        resolve(stream);
        return;
      }
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (!connected && frame.split('\n').includes(': connected')) {
            connected = true;
            resolve(stream);
          }
          comments.push(...frame.split('\n').filter((line) => line.startsWith(':')));
          const lines = frame.split('\n').filter((line) => !line.startsWith(':'));
          const event = lines.find((line) => line.startsWith('event: '))?.slice(7);
          const data = lines.filter((line) => line.startsWith('data: ')).map((line) => line.slice(6)).join('\n');
          if (!event) continue;
          ids.push(lines.find((line) => line.startsWith('id: '))?.slice(4) ?? null);
          const waiter = waiters.shift();
          if (waiter) waiter({ event, data });
          else queue.push({ event, data });
        }
      });
      response.on('error', () => undefined);
    });
    request.on('error', (error) => {
      if (!connected) reject(error);
    });
  });
}
