import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { liveTableResponseSchema, type LiveTable } from 'shared-contracts/schemas';
import { ok } from '../../http/envelope';
import type { ReleaseRegistry } from './releaseRegistry';

/** A comment line this often keeps the stream open through proxies. */
export const LIVE_STREAM_HEARTBEAT_MS = 10_000;
/** This often an open stream has the copy read again when older than it may be (without a broker: a second). */
const FRESHEN_MS = 1_000;
export const LIVE_TABLE_EVENT = 'live';

/**
 * GET /api/releases/live: every remote's live build and canary. GET /api/releases/live/stream: the same as server-sent
 * events, once on connecting and again whenever this instance's copy changes (a move here, or on another instance
 * through the change feed), so the shell's server gives each browser its build without asking for each page
 * (decision 0070). The shell's site does not pass these on from browsers (scripts/serve/staticSite.ts).
 */
export function liveTableRoutes(app: FastifyInstance, registry: ReleaseRegistry, tags: string[], heartbeatMs = LIVE_STREAM_HEARTBEAT_MS): void {
  const open = new Set<ServerResponse>();
  app.addHook('preClose', async () => {
    for (const response of open) response.end();
    open.clear();
  });

  app.get(
    '/releases/live',
    { schema: { tags, summary: 'Bản chính thức và bản thử nghiệm của mọi remote, cho máy chủ của shell', response: { 200: liveTableResponseSchema } } },
    async () => ok(await registry.liveTable()),
  );

  app.get(
    '/releases/live/stream',
    { schema: { tags, summary: 'Bảng bản dựng đang chạy, gửi lại mỗi khi thay đổi (Server-Sent Events, event: live)' } },
    async (request, reply) => {
      const first = await registry.liveTable();
      reply.hijack();
      const response = reply.raw;
      response.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      const send = (table: LiveTable) => response.write(`event: ${LIVE_TABLE_EVENT}\ndata: ${JSON.stringify(table)}\n\n`);
      response.write(': connected\n\n');
      send(first);
      open.add(response);
      const unsubscribe = registry.onLiveChange(send);
      const heartbeat = setInterval(() => response.write(`: ${Date.now()}\n\n`), heartbeatMs);
      heartbeat.unref();
      // another instance's move without a broker, or a missed message: the copy is read again when too old
      const freshen = setInterval(() => void registry.liveTable().catch(() => undefined), FRESHEN_MS);
      freshen.unref();
      const cleanUp = () => {
        clearInterval(heartbeat);
        clearInterval(freshen);
        unsubscribe();
        open.delete(response);
      };
      request.raw.once('close', cleanUp);
      response.once('close', cleanUp);
      response.on('error', cleanUp);
    },
  );
}
