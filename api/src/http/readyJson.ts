import type { FastifyReply } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/**
 * Answers kept ready as JSON bytes (the catalogue's cache, the floor's day view and board): serialised once,
 * exactly as the route's response schema would (zod encode, then JSON), and sent as they are.
 */

/** The function that writes an answer as `schema` does in a route's response, to UTF-8 JSON bytes. */
export function jsonBytesOf<S extends z.ZodType>(schema: S): (value: z.input<S>) => Buffer {
  const serialize = serializerCompiler({ schema, method: 'GET', url: '', httpStatus: '200' } as Parameters<typeof serializerCompiler>[0]) as (value: unknown) => string;
  return (value) => Buffer.from(serialize(value), 'utf8');
}

/** Minimal view of a Fastify reply: the typed replies of zod routes only accept the schema's object. */
interface RawReply {
  type(contentType: string): RawReply;
  send(payload: Buffer): unknown;
}

/** Sends ready JSON bytes (Fastify sends a Buffer without serialising it again). */
export function sendJsonBytes<R extends Pick<FastifyReply, 'type'>>(reply: R, body: Buffer): R {
  (reply as unknown as RawReply).type('application/json; charset=utf-8').send(body);
  return reply;
}
