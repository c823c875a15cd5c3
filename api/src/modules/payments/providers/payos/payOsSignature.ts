import { createHmac } from 'node:crypto';

/**
 * payOS signatures (https://payos.vn/docs/tich-hop-webhook/kiem-tra-du-lieu-voi-signature/): HMAC-SHA256 with the
 * checksum key, hex, over `key=value` pairs of the data sorted by key and joined with '&'; null, undefined and
 * the strings 'null'/'undefined' are written as '', arrays as JSON with each element's keys sorted.
 */
function valueText(value: unknown): string {
  if (value === null || value === undefined || value === 'null' || value === 'undefined') return '';
  if (Array.isArray(value)) {
    return JSON.stringify(value.map((element: unknown) => (element && typeof element === 'object' ? sortKeys(element as Record<string, unknown>) : element)));
  }
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value as string | number | boolean);
}

function sortKeys(object: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.keys(object).sort().map((key) => [key, object[key]]));
}

export function payOsDataString(data: Record<string, unknown>): string {
  return Object.keys(data)
    .sort()
    .map((key) => `${key}=${valueText(data[key])}`)
    .join('&');
}

export function payOsSignature(checksumKey: string, data: Record<string, unknown>): string {
  return createHmac('sha256', checksumKey).update(payOsDataString(data), 'utf8').digest('hex');
}

/** The payment-link request's signature: over amount, cancelUrl, description, orderCode and returnUrl only. */
export function payOsLinkRequestSignature(checksumKey: string, request: { amount: number; cancelUrl: string; description: string; orderCode: number; returnUrl: string }): string {
  const { amount, cancelUrl, description, orderCode, returnUrl } = request;
  return payOsSignature(checksumKey, { amount, cancelUrl, description, orderCode, returnUrl });
}
