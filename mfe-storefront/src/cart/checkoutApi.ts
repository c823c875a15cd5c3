import { apiClient } from 'shared-contracts';
// Types only: zod never ships in the storefront's chunks.
import type { CheckoutQuoteInput, Order, OrderCreateInput, Quote } from 'shared-contracts/schemas';

interface Envelope<T> {
  success: true;
  message: string;
  data: T;
}

/** The checkout calls of the shop contract (customer; Bearer token through the shared API client). */
export const checkoutApi = {
  /** POST /checkout/quote: the authoritative prices, discount (or why the code is refused), fee and total. */
  quote: async (input: CheckoutQuoteInput, signal?: AbortSignal) => (await apiClient.post<Envelope<Quote>>('/checkout/quote', input, { signal })).data,
  /**
   * POST /orders with the Idempotency-Key of this checkout attempt: the same key and body answer the same order
   * (a double click or a retry never makes two orders).
   */
  placeOrder: async (input: OrderCreateInput, idempotencyKey: string) =>
    (await apiClient.post<Envelope<Order>>('/orders', input, { headers: { 'Idempotency-Key': idempotencyKey } })).data,
};

export type CheckoutApi = typeof checkoutApi;

/** A fresh Idempotency-Key (a UUID: 36 characters of [0-9a-f-]). */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
