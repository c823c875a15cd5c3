import { createHash } from 'node:crypto';
import type { OrderCreateRequest } from 'shared-contracts/schemas';

/**
 * Idempotent order creation: the Idempotency-Key is unique per customer and stored with the SHA-256 of the
 * canonical request. The canonical request is what decides the order (items, code, recipient, fulfilment,
 * payment, note) after validation and normalisation (trimmed text, upper-case code, 0XXXXXXXXX phone), keys
 * sorted; the fields the server ignores (prices, subtotal, total) are left out, so sending another price with
 * the same key is still the same request.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, entry]) => entry !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${canonicalJson(entry)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export function orderRequestHash(request: OrderCreateRequest): string {
  const fingerprint = {
    items: request.items.map((item) => ({ kind: item.kind, refId: item.refId, quantity: item.quantity })),
    promoCode: request.promoCode ?? null,
    recipientName: request.recipientName,
    phone: request.phone,
    fulfilment: request.fulfilment,
    paymentMethod: request.paymentMethod,
    note: request.note ?? null,
  };
  return createHash('sha256').update(canonicalJson(fingerprint)).digest('hex');
}

/** A unique-constraint violation of PostgreSQL (23505) or SQLite (SQLITE_CONSTRAINT_UNIQUE / PRIMARYKEY). */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
