import { apiClient, readData } from 'shared-contracts';
import type { Cart, CartAddItemInput, CartChange, CartItemRef, CartValidateInput } from 'shared-contracts/schemas';


const lineUrl = (lineId: string) => `/cart/items/${encodeURIComponent(lineId)}`;

/**
 * The cart calls of the shop contract (all through the shared API client: /api, 10 s timeout, Bearer token).
 * Each answers the whole cart (an add: the line it changed and the item count); a refusal throws the client's ApiError with the server's Vietnamese message
 * (e.g. 409 'Chỉ còn 3 sản phẩm trong kho').
 */
export const cartApi = {
  /** GET /cart: the logged-in customer's cart (with the chosen vehicle's fitModel + fitYear: each product line's `fit`). */
  get: (signal?: AbortSignal, fit?: { fitModel?: number; fitYear?: number }) => readData<Cart>(apiClient.get('/cart', fit ? { signal, query: { ...fit } } : { signal })),
  /** POST /cart/items: adds `quantity` to the item's line; answers that line and the cart's item count. */
  add: (input: CartAddItemInput) => readData<CartChange>(apiClient.post('/cart/items', input)),
  /** PUT /cart/items/:lineId: sets the quantity (≤ 0 removes). */
  setQuantity: (lineId: string, quantity: number) => readData<Cart>(apiClient.put(lineUrl(lineId), { quantity })),
  /** DELETE /cart/items/:lineId */
  remove: (lineId: string) => readData<Cart>(apiClient.delete(lineUrl(lineId))),
  /** DELETE /cart */
  clear: () => readData<Cart>(apiClient.delete('/cart')),
  /** POST /cart/merge: the guest cart added to the customer's (capped by stock). */
  merge: (items: CartItemRef[]) => readData<Cart>(apiClient.post('/cart/merge', { items })),
  /** POST /cart/validate (public): a guest cart with current prices and stock, issues flagged (with fitModel + fitYear: each product line's `fit`). */
  validate: (items: CartValidateInput['items'], signal?: AbortSignal, fit?: { fitModel?: number; fitYear?: number }) =>
    readData<Cart>(apiClient.post('/cart/validate', { items }, fit ? { signal, query: { ...fit } } : { signal })),
};

export type CartApi = typeof cartApi;
