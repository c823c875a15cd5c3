import type { OrderCreateInput } from 'shared-contracts/schemas';
import { browserStorage } from './cartStorage';

/**
 * localStorage key of the order the checkout sent and got no answer for (beside the cart's 'cart'): every tab
 * and a reload see it, so the same order body goes out again with the same Idempotency-Key and the server
 * answers the order it may already have placed instead of placing a second one.
 */
export const CHECKOUT_ATTEMPT_STORAGE_KEY = 'checkout-attempt';

/** A line of the order as the customer saw it (the server's cart may have lost it when the order was placed). */
export interface CheckoutAttemptLine {
  id: string;
  name: string;
  quantity: number;
  price: number;
}

/** One order attempt: dropped only once the page has a definitive answer (the order, or a 4xx refusal). */
export interface CheckoutAttempt {
  /** the customer who sent it: another customer on this browser never sees or reuses it */
  userId: string;
  /** the Idempotency-Key the server knows this order by */
  key: string;
  /** the POST /orders body as sent (JSON): a retry sends exactly this */
  body: string;
  lines: CheckoutAttemptLine[];
}

function isLine(value: unknown): value is CheckoutAttemptLine {
  if (typeof value !== 'object' || value === null) return false;
  const line = value as Record<string, unknown>;
  return typeof line.id === 'string' && typeof line.name === 'string' && Number.isInteger(line.quantity) && Number.isInteger(line.price);
}

/** The body of an attempt, or null when it is not an order body this version sends. */
function parseBody(body: string): OrderCreateInput | null {
  try {
    const input = JSON.parse(body) as Partial<OrderCreateInput> | null;
    if (!input || typeof input !== 'object' || !Array.isArray(input.items) || input.items.length === 0) return null;
    if (typeof input.recipientName !== 'string' || typeof input.phone !== 'string' || typeof input.paymentMethod !== 'string') return null;
    if (typeof input.fulfilment !== 'object' || input.fulfilment === null) return null;
    return input as OrderCreateInput;
  } catch {
    return null;
  }
}

/** The order body of an attempt (what a retry sends). */
export function checkoutAttemptInput(attempt: CheckoutAttempt): OrderCreateInput {
  return JSON.parse(attempt.body) as OrderCreateInput;
}

/** The unanswered attempt of `userId`; null when there is none, it is another customer's or it cannot be read. */
export function readCheckoutAttempt(userId: string | null, storage: Storage | null = browserStorage()): CheckoutAttempt | null {
  if (userId === null || !storage) return null;
  try {
    const parsed = JSON.parse(storage.getItem(CHECKOUT_ATTEMPT_STORAGE_KEY) ?? 'null') as Partial<CheckoutAttempt> | null;
    if (!parsed || parsed.userId !== userId || typeof parsed.key !== 'string' || !parsed.key || typeof parsed.body !== 'string') return null;
    if (!parseBody(parsed.body) || !Array.isArray(parsed.lines) || !parsed.lines.every(isLine)) return null;
    return { userId, key: parsed.key, body: parsed.body, lines: parsed.lines };
  } catch {
    return null;
  }
}

/** A new attempt for an order body, under a fresh Idempotency-Key (checkoutApi's newIdempotencyKey). */
export function newCheckoutAttempt(userId: string, key: string, body: string, lines: readonly CheckoutAttemptLine[]): CheckoutAttempt {
  return { userId, key, body, lines: lines.map(({ id, name, quantity, price }) => ({ id, name, quantity, price })) };
}

/** Stores the attempt before it is sent (in place of any earlier one: there is one checkout per browser). */
export function saveCheckoutAttempt(attempt: CheckoutAttempt, storage: Storage | null = browserStorage()): void {
  try {
    storage?.setItem(CHECKOUT_ATTEMPT_STORAGE_KEY, JSON.stringify(attempt));
  } catch {
    // storage full or blocked: the page still keeps the attempt in memory
  }
}

/**
 * Drops the attempt of `key` once the page has its answer; an attempt another tab has stored since (another
 * key) stays. Without a key, drops whatever is stored (an explicit logout).
 */
export function dropCheckoutAttempt(key: string | null, storage: Storage | null = browserStorage()): void {
  try {
    if (!storage) return;
    if (key !== null) {
      const stored = JSON.parse(storage.getItem(CHECKOUT_ATTEMPT_STORAGE_KEY) ?? 'null') as { key?: unknown } | null;
      if (stored?.key !== key) return;
    }
    storage.removeItem(CHECKOUT_ATTEMPT_STORAGE_KEY);
  } catch {
    // unreadable: nothing to drop
  }
}
