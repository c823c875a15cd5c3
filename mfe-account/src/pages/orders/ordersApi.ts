import { apiClient, readData } from 'shared-contracts';
import type { Order, OrderSummaryPage, PayOsLink } from 'shared-contracts/schemas';

const orderPath = (code: string) => `/orders/${encodeURIComponent(code)}`;

/**
 * 'Đơn hàng của tôi': the customer's orders (shop contract). Every function unwraps the envelope
 * `{ success, message, data }` and throws the API client's ApiError (Vietnamese message, status, code).
 */
export const ordersApi = {
  /** GET /orders: a page of the customer's orders, newest first (`before`: the code of the last one shown; `limit`: the page's size). */
  list: (signal?: AbortSignal, before?: string, limit?: number) => readData<OrderSummaryPage>(apiClient.get('/orders', { query: { before, limit }, signal })),
  /** GET /orders/:code (only the owner; anyone else gets 404). */
  get: (code: string, signal?: AbortSignal) => readData<Order>(apiClient.get(orderPath(code), { signal })),
  /** POST /orders/:code/cancel {reason?}: while not yet shipped; stock and promotion usage are given back. */
  cancel: (code: string, reason?: string, version?: number) =>
    readData<Order>(apiClient.post(`${orderPath(code)}/cancel`, { ...(reason ? { reason } : {}), ...(version !== undefined ? { version } : {}) })),
  /** POST /orders/:code/payos-link: the payOS checkout of an order awaiting its transfer (made or reused). */
  payOsLink: (code: string) => readData<PayOsLink>(apiClient.post(`${orderPath(code)}/payos-link`, {})),
};

export type OrdersApi = typeof ordersApi;
