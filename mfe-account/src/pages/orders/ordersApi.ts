import { ApiError, apiClient, messages } from 'shared-contracts';
// Types only: zod never ships in the account's chunks.
import type { Order, OrderSummary } from 'shared-contracts/schemas';
import { ensureSucceeded, envelopeData } from '../../api/envelope';

async function read<T>(request: Promise<unknown>): Promise<T> {
  const body = await request;
  ensureSucceeded(body);
  const data = envelopeData(body);
  if (data === undefined || data === null) throw new ApiError(messages.errors.badResponse, 200, 'BAD_RESPONSE');
  return data as T;
}

const orderPath = (code: string) => `/orders/${encodeURIComponent(code)}`;

/**
 * 'Đơn hàng của tôi': the customer's orders (shop contract). Every function unwraps the envelope
 * `{ success, message, data }` and throws the API client's ApiError (Vietnamese message, status, code).
 */
export const ordersApi = {
  /** GET /orders: the customer's orders, newest first. */
  list: (signal?: AbortSignal) => read<OrderSummary[]>(apiClient.get('/orders', { signal })),
  /** GET /orders/:code (only the owner; anyone else gets 404). */
  get: (code: string, signal?: AbortSignal) => read<Order>(apiClient.get(orderPath(code), { signal })),
  /** POST /orders/:code/cancel {reason?}: while not yet shipped; stock and promotion usage are given back. */
  cancel: (code: string, reason?: string) => read<Order>(apiClient.post(`${orderPath(code)}/cancel`, reason ? { reason } : {})),
};

export type OrdersApi = typeof ordersApi;
