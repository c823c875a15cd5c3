import { ApiError, apiClient, readData } from 'shared-contracts';
import type { CheckoutQuoteInput, Order, OrderCreateInput, Quote } from 'shared-contracts/schemas';


/** The checkout calls of the shop contract (customer; Bearer token through the shared API client). */
export const checkoutApi = {
  /** POST /checkout/quote: the authoritative prices, discount (or why the code is refused), fee and total. */
  quote: (input: CheckoutQuoteInput, signal?: AbortSignal) => readData<Quote>(apiClient.post('/checkout/quote', input, { signal })),
  /**
   * POST /orders with the Idempotency-Key of this checkout attempt: the same key and body answer the same order
   * (a double click or a retry never makes two orders).
   */
  placeOrder: (input: OrderCreateInput, idempotencyKey: string) =>
    readData<Order>(apiClient.post('/orders', input, { headers: { 'Idempotency-Key': idempotencyKey } })),
};

export type CheckoutApi = typeof checkoutApi;

/**
 * True when POST /orders answered that the order was NOT placed: a 4xx of the API (invalid, sold out, price
 * changed, key reused...). A network error, a timeout, a 5xx/503, 408 or 429 leave it unknown: the order may
 * have been committed, so its Idempotency-Key must be kept for the retry.
 */
export function orderRefused(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.code === 'BAD_RESPONSE') return false;
  return error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429;
}

/** A fresh Idempotency-Key (a UUID: 36 characters of [0-9a-f-]). */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
