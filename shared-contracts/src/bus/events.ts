import type { User } from '../user/user';

export type ToastType = 'success' | 'error' | 'info' | 'warning';

export interface ToastRequest {
  type: ToastType;
  message: string;
  /** Milliseconds; the shell uses 3000 for success and 4000 otherwise when absent. */
  duration?: number;
}

/** Every event on the bus and its payload. Remotes talk to each other only through these. */
export interface BusEvents {
  'auth/login': { user: User; token: string };
  'auth/logout': { reason: 'user' | 'unauthorized' };
  'auth/user-updated': { user: User };
  'auth/unauthorized': { url: string; status: number };
  'toast/show': ToastRequest;
  'cart/changed': { itemCount: number; total: number };
  /** Ask the host to show the email-verification modal (banner or any remote). */
  'auth/verify-email-requested': { email: string };
  /** A visitor clicked 'Thêm vào giỏ' in the storefront (the cart owner adds the item). */
  'cart/item-added': { item: CartItemAdded; quantity: number };
  /** The signed-in user's unread notifications changed (a remote read some): the shell's bell shows the count. */
  'notifications/unread-changed': { unreadCount: number };
}

/** What a cart line holds: a product (parts, accessories, equipment) or a service package. */
export type CartItemKind = 'product' | 'package';

/**
 * The product or package a visitor put in the cart, as the storefront publishes it (price in integer VND).
 * `id` is the cart line id, 'product-<refId>' or 'package-<refId>'.
 */
export interface CartItemAdded {
  id: string;
  kind: CartItemKind;
  refId: number;
  slug: string;
  name: string;
  price: number;
  image: string | null;
  /** units in stock; null for a package (no stock) */
  stock: number | null;
}

export type BusEventType = keyof BusEvents;

export const BUS_EVENT_TYPES: readonly BusEventType[] = [
  'auth/login',
  'auth/logout',
  'auth/user-updated',
  'auth/unauthorized',
  'toast/show',
  'cart/changed',
  'auth/verify-email-requested',
  'cart/item-added',
  'notifications/unread-changed',
];

export interface BusMessage<T extends BusEventType = BusEventType> {
  type: T;
  payload: BusEvents[T];
}
