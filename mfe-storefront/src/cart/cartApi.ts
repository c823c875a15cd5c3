import { apiClient } from 'shared-contracts';
// Types only: zod never ships in the storefront's chunks.
import type { Cart, CartAddItemInput, CartItemRef, CartValidateInput } from 'shared-contracts/schemas';

interface Envelope<T> {
  success: true;
  message: string;
  data: T;
}

const lineUrl = (lineId: string) => `/cart/items/${encodeURIComponent(lineId)}`;

/**
 * The cart calls of the shop contract (all through the shared API client: /api, 10 s timeout, Bearer token).
 * Each answers the whole cart; a refusal throws the client's ApiError with the server's Vietnamese message
 * (e.g. 409 'Chỉ còn 3 sản phẩm trong kho').
 */
export const cartApi = {
  /** GET /cart: the logged-in customer's cart. */
  get: async (signal?: AbortSignal) => (await apiClient.get<Envelope<Cart>>('/cart', { signal })).data,
  /** POST /cart/items: adds `quantity` to the item's line. */
  add: async (input: CartAddItemInput) => (await apiClient.post<Envelope<Cart>>('/cart/items', input)).data,
  /** PUT /cart/items/:lineId: sets the quantity (≤ 0 removes). */
  setQuantity: async (lineId: string, quantity: number) => (await apiClient.put<Envelope<Cart>>(lineUrl(lineId), { quantity })).data,
  /** DELETE /cart/items/:lineId */
  remove: async (lineId: string) => (await apiClient.delete<Envelope<Cart>>(lineUrl(lineId))).data,
  /** DELETE /cart */
  clear: async () => (await apiClient.delete<Envelope<Cart>>('/cart')).data,
  /** POST /cart/merge: the guest cart added to the customer's (capped by stock). */
  merge: async (items: CartItemRef[]) => (await apiClient.post<Envelope<Cart>>('/cart/merge', { items })).data,
  /** POST /cart/validate (public): a guest cart with current prices and stock, issues flagged. */
  validate: async (items: CartValidateInput['items'], signal?: AbortSignal) =>
    (await apiClient.post<Envelope<Cart>>('/cart/validate', { items }, { signal })).data,
};

export type CartApi = typeof cartApi;
