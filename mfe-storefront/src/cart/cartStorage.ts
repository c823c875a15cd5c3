import { CART_STORAGE_KEY } from 'shared-contracts';
import type { CartItem } from './cartSlice';

/**
 * The cart in localStorage under 'cart': `{ items }` is a guest's cart (it survives reloads), `{ items, userId }`
 * the mirror of a logged-in customer's server cart (so the header badge is right on reload; the server's cart
 * is the truth). The shell reads only the item count (shared-contracts' readStoredCartItemCount).
 */
export interface StoredCart {
  items: CartItem[];
  /** the customer whose server cart this mirrors; null for a guest's cart */
  userId: string | null;
}

const PROMO_GROUPS = new Set(['parts', 'accessories', 'equipment']);

/** The page's localStorage; null when there is none or it is blocked. */
export function browserStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function isPositiveInt(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0;
}

/** One stored line, or null when it is not a line this version understands (it is dropped). */
function readItem(raw: unknown): CartItem | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const entry = raw as Record<string, unknown>;
  const kind = entry.kind;
  if ((kind !== 'product' && kind !== 'package') || !isPositiveInt(entry.refId) || !isPositiveInt(entry.quantity)) return null;
  if (typeof entry.name !== 'string' || typeof entry.price !== 'number' || !Number.isInteger(entry.price) || entry.price < 0) return null;
  const stock = typeof entry.stock === 'number' && Number.isInteger(entry.stock) && entry.stock >= 0 ? entry.stock : null;
  return {
    id: `${kind}-${entry.refId}`,
    kind,
    refId: entry.refId,
    slug: typeof entry.slug === 'string' ? entry.slug : '',
    name: entry.name,
    image: typeof entry.image === 'string' ? entry.image : null,
    price: entry.price,
    quantity: entry.quantity,
    stock: kind === 'package' ? null : stock,
    promoGroup: typeof entry.promoGroup === 'string' && PROMO_GROUPS.has(entry.promoGroup) ? (entry.promoGroup as CartItem['promoGroup']) : null,
    issues: [],
  };
}

/** The stored cart; an empty guest cart when there is none or it cannot be read. */
export function readStoredCart(storage: Storage | null = browserStorage()): StoredCart {
  const empty: StoredCart = { items: [], userId: null };
  if (!storage) return empty;
  try {
    const raw = storage.getItem(CART_STORAGE_KEY);
    if (!raw) return empty;
    const parsed = JSON.parse(raw) as { items?: unknown; userId?: unknown };
    const items = Array.isArray(parsed.items) ? parsed.items.map(readItem).filter((item): item is CartItem => item !== null) : [];
    const userId = typeof parsed.userId === 'string' || typeof parsed.userId === 'number' ? String(parsed.userId) : null;
    return { items, userId };
  } catch {
    return empty;
  }
}

/** Writes the cart (issues are not kept: they are worked out again by the server). */
export function writeStoredCart(cart: StoredCart, storage: Storage | null = browserStorage()): void {
  if (!storage) return;
  const items = cart.items.map(({ issues: _issues, ...item }) => item);
  try {
    storage.setItem(CART_STORAGE_KEY, JSON.stringify(cart.userId === null ? { items } : { items, userId: cart.userId }));
  } catch {
    // storage full or blocked: the cart still works for this page
  }
}

export function clearStoredCart(storage: Storage | null = browserStorage()): void {
  try {
    storage?.removeItem(CART_STORAGE_KEY);
  } catch {
    // nothing to do
  }
}
