/**
 * A guest's hearts, kept in this browser until the login merges them into the customer's wishlist
 * (`POST /api/wishlist/merge`). Only product ids, newest first, bounded like the server's wishlist.
 */

/** localStorage key of the guest's hearts: `{ productIds: number[] }`. */
export const GUEST_WISHLIST_STORAGE_KEY = 'wishlist';
/** The most hearts a guest keeps (the server's WISHLIST_MAX_ITEMS). */
export const GUEST_WISHLIST_MAX_ITEMS = 200;
/** The most ids one merge request carries (the server's bound). */
export const WISHLIST_MERGE_BATCH = 100;

function browserStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

const isProductId = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value > 0;

/** The guest's hearts, newest first; [] when absent or unreadable. */
export function readGuestWishlist(storage: Storage | null = browserStorage()): number[] {
  try {
    const parsed = JSON.parse(storage?.getItem(GUEST_WISHLIST_STORAGE_KEY) ?? 'null') as { productIds?: unknown } | null;
    if (!parsed || !Array.isArray(parsed.productIds)) return [];
    return [...new Set(parsed.productIds.filter(isProductId))].slice(0, GUEST_WISHLIST_MAX_ITEMS);
  } catch {
    return [];
  }
}

function write(productIds: number[], storage: Storage | null): void {
  try {
    if (productIds.length === 0) storage?.removeItem(GUEST_WISHLIST_STORAGE_KEY);
    else storage?.setItem(GUEST_WISHLIST_STORAGE_KEY, JSON.stringify({ productIds }));
  } catch {
    // a full or blocked storage: the heart stays for this page only
  }
}

/** Adds (newest first) or removes one heart; the oldest falls off past the bound. Returns the new list. */
export function setGuestWishlisted(productId: number, wishlisted: boolean, storage: Storage | null = browserStorage()): number[] {
  const rest = readGuestWishlist(storage).filter((id) => id !== productId);
  const next = wishlisted ? [productId, ...rest].slice(0, GUEST_WISHLIST_MAX_ITEMS) : rest;
  write(next, storage);
  return next;
}

/** Forgets the guest's hearts (after they were merged). */
export function clearGuestWishlist(storage: Storage | null = browserStorage()): void {
  write([], storage);
}
