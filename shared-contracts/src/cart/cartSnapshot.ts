/** localStorage key of the guest cart (owned by mfe-storefront; the shell reads only its item count). */
export const CART_STORAGE_KEY = 'cart';

/** The item count of the stored cart, 0 when absent or unreadable. */
export function readStoredCartItemCount(storage: Storage | null = typeof localStorage === 'undefined' ? null : localStorage): number {
  if (!storage) return 0;
  try {
    const raw = storage.getItem(CART_STORAGE_KEY);
    if (!raw) return 0;
    const parsed = JSON.parse(raw) as { items?: Array<{ quantity?: unknown }> };
    if (!Array.isArray(parsed.items)) return 0;
    return parsed.items.reduce((sum, item) => {
      const quantity = typeof item?.quantity === 'number' && Number.isFinite(item.quantity) ? item.quantity : 0;
      return sum + Math.max(0, Math.floor(quantity));
    }, 0);
  } catch {
    return 0;
  }
}
