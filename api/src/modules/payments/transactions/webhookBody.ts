import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PAYMENT_WEBHOOK_BODY_LIMIT, vietnamInstant } from 'shared-contracts/schemas';

const RAW_BODY = Symbol('rawWebhookBody');
type WithRawBody = FastifyRequest & { [RAW_BODY]?: string };

/**
 * JSON bodies of this plugin's routes are parsed here, keeping the text as received (payment_transactions.raw_payload)
 * and refusing more than 64 KB (413) before parsing. Malformed JSON is the API's usual 400.
 */
export function keepRawJsonBodies(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: PAYMENT_WEBHOOK_BODY_LIMIT }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    (request as WithRawBody)[RAW_BODY] = text;
    if (text.trim() === '') {
      done(Object.assign(new Error('Empty JSON body'), { statusCode: 400, code: 'FST_ERR_CTP_EMPTY_JSON_BODY' }), undefined);
      return;
    }
    try {
      done(null, JSON.parse(text) as unknown);
    } catch {
      done(Object.assign(new Error('Invalid JSON body'), { statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY' }), undefined);
    }
  });
}

/** The body as received (empty when none was parsed). */
export function rawBodyOf(request: FastifyRequest): string {
  return (request as WithRawBody)[RAW_BODY] ?? '';
}

/** Compares a secret with what a caller sent in constant time (both hashed first, so lengths leak nothing). */
export function sameSecret(expected: string, received: string): boolean {
  const a = createHash('sha256').update(expected, 'utf8').digest();
  const b = createHash('sha256').update(received, 'utf8').digest();
  return timingSafeEqual(a, b);
}

/** A provider's local time ('2023-03-25 14:02:37', Vietnam) as a UTC ISO instant; `fallback` when unreadable. */
export function vietnamTimeToIso(text: string | null | undefined, fallback: Date): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?/.exec(text?.trim() ?? '');
  if (!match) return fallback.toISOString();
  const [, y, mo, d, h, mi, s] = match;
  const instant = vietnamInstant(`${y}-${mo}-${d}`, `${h}:${mi}:${s ?? '00'}`).getTime();
  return Number.isNaN(instant) ? fallback.toISOString() : new Date(instant).toISOString();
}
