import { STORAGE_KEYS } from '../session/sessionStore';

/**
 * localStorage key of the cart (owned by mfe-storefront; the shell reads only its item count):
 * `{ items: [...] }` is a guest's cart, `{ items: [...], userId }` the mirror of a logged-in customer's
 * server cart (kept so the header badge is right on reload).
 */
export const CART_STORAGE_KEY = 'cart';

/**
 * The item count of the stored cart, 0 when absent or unreadable. A customer's mirror counts only while a
 * session is stored (after a logout elsewhere the visitor's cart is the empty guest cart).
 */
export function readStoredCartItemCount(storage: Storage | null = typeof localStorage === 'undefined' ? null : localStorage): number {
  if (!storage) return 0;
  try {
    const raw = storage.getItem(CART_STORAGE_KEY);
    if (!raw) return 0;
    const parsed = JSON.parse(raw) as { items?: Array<{ quantity?: unknown }>; userId?: unknown };
    if (!Array.isArray(parsed.items)) return 0;
    if (parsed.userId != null && !(storage.getItem(STORAGE_KEYS.token) ?? storage.getItem(STORAGE_KEYS.legacyToken))) return 0;
    return parsed.items.reduce((sum, item) => {
      const quantity = typeof item?.quantity === 'number' && Number.isFinite(item.quantity) ? item.quantity : 0;
      return sum + Math.max(0, Math.floor(quantity));
    }, 0);
  } catch {
    return 0;
  }
}
