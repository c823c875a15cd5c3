import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Public, cacheable GET route: a strong ETag over the response body (or the one the handler set, for
     * answers kept ready with their ETag), 304 Not Modified when If-None-Match matches it, and
     * `Cache-Control: no-cache` with `revalidate` (a browser asks every time: a reload shows a save at once)
     * or `public, max-age=<maxAgeSeconds>`.
     */
    publicCache?: PublicCache;
  }
}

/** How a public answer may be kept: revalidated on every use (what can change with an admin's save), or fresh for a while. */
export type PublicCache = { revalidate: true } | { maxAgeSeconds: number };

/** The Cache-Control of a public answer. */
export function publicCacheControl(cache: PublicCache): string {
  return 'revalidate' in cache ? 'no-cache' : `public, max-age=${cache.maxAgeSeconds}`;
}

/** A strong ETag over the bytes of a response body. */
export function etagOf(payload: string | Buffer): string {
  return `"${createHash('sha256').update(payload).digest('base64url').slice(0, 32)}"`;
}

/** If-None-Match (RFC 9110 §13.1.2, weak comparison) against an ETag. */
export function ifNoneMatchMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((candidate) => candidate.trim() === '*' || bare(candidate) === bare(etag));
}

async function applyPublicCache(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  const cache = request.routeOptions.config.publicCache;
  if (!cache || (request.method !== 'GET' && request.method !== 'HEAD') || reply.statusCode !== 200) return payload;
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;

  // A route that keeps its answers ready (with their ETag) sets the header itself: no hashing per request.
  const preset = reply.getHeader('etag');
  const etag = typeof preset === 'string' && preset.length > 0 ? preset : etagOf(payload);
  reply.header('cache-control', publicCacheControl(cache));
  reply.header('etag', etag);
  if (ifNoneMatchMatches(request.headers['if-none-match'], etag)) {
    reply.code(304);
    reply.removeHeader('content-type');
    reply.removeHeader('content-length');
    reply.removeHeader('content-encoding');
    return null;
  }
  return payload;
}

/** Registers the onSend hook behind the `publicCache` route option. */
export function registerHttpCache(app: FastifyInstance): void {
  app.addHook('onSend', applyPublicCache);
}
