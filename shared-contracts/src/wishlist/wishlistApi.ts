import type { ApiClient } from '../api/apiClient';
import type { Wishlist, WishlistItem, WishlistItemInput } from '../schemas/wishlist';
import { clearGuestWishlist, readGuestWishlist, WISHLIST_MERGE_BATCH } from './guestWishlist';

/**
 * The wishlist calls (customer only), made through the page's API client and envelope reader, which the remote
 * passes in: this subpath is bundled into each remote's chunk, the client is the page's one singleton.
 */
export interface WishlistApiDeps {
  apiClient: ApiClient;
  readData: <T>(request: Promise<unknown>) => Promise<T>;
}

const itemUrl = (productId: number) => `/wishlist/items/${encodeURIComponent(String(productId))}`;

export function createWishlistApi({ apiClient, readData }: WishlistApiDeps) {
  return {
    /** GET /wishlist: the customer's wishlist, newest first. */
    get: (signal?: AbortSignal) => readData<Wishlist>(apiClient.get('/wishlist', { signal })),
    /** PUT /wishlist/items/:productId: adds the product if missing and sets the given opt-ins. */
    save: (productId: number, input: WishlistItemInput = {}) =>
      readData<{ item: WishlistItem }>(apiClient.put(itemUrl(productId), input)).then((data) => data.item),
    /** DELETE /wishlist/items/:productId: answers the wishlist. */
    remove: (productId: number) => readData<Wishlist>(apiClient.delete(itemUrl(productId))),
    /** POST /wishlist/merge: the guest's hearts added to the customer's wishlist. */
    merge: (productIds: number[]) => readData<Wishlist>(apiClient.post('/wishlist/merge', { productIds })),
  };
}

export type WishlistApi = ReturnType<typeof createWishlistApi>;

/**
 * Merges the guest's hearts kept in this browser into the customer's wishlist (in batches of the server's bound)
 * and forgets them once merged; resolves with the merged wishlist, or null when there was nothing to merge.
 */
export async function mergeGuestWishlist(api: Pick<WishlistApi, 'merge'>, storage?: Storage | null): Promise<Wishlist | null> {
  const ids = readGuestWishlist(storage);
  if (ids.length === 0) return null;
  let merged: Wishlist | null = null;
  // oldest first, so the newest guest heart ends up newest in the wishlist
  const oldestFirst = [...ids].reverse();
  for (let start = 0; start < oldestFirst.length; start += WISHLIST_MERGE_BATCH) {
    merged = await api.merge(oldestFirst.slice(start, start + WISHLIST_MERGE_BATCH));
  }
  clearGuestWishlist(storage);
  return merged;
}
