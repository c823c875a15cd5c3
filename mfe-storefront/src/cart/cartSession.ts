import { CART_STORAGE_KEY, eventBus, sessionStore, type EventBus, type Session } from 'shared-contracts';
import { dropCheckoutAttempt } from './checkoutAttempt';
import { loadCartOwner } from './loadCartOwner';

function browserStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/**
 * Runs with the storefront's routes module, so it is on the first load of '/': kept tiny, the cart itself stays
 * in its own chunk. It loads the cart owner when there is cart work without a cart page: after a login (the owner
 * merges the guest cart and shows the customer's cart), or at start with a session and a guest cart not merged
 * yet (or another customer's mirror). Without a session (at start, after a logout) a customer's mirror is
 * forgotten and the header told. The customer's own logout also forgets an unanswered order attempt (its
 * recipient, phone and address stay off a shared browser); an expired session keeps it for the next login.
 */
export function watchCartSession(
  bus: EventBus = eventBus,
  session: () => Session | null = () => sessionStore.current,
  load: () => Promise<unknown> = loadCartOwner,
  storage: Storage | null = browserStorage(),
): void {
  const stored = (): { userId?: unknown; items?: unknown[] } | null => {
    try {
      return JSON.parse(storage?.getItem(CART_STORAGE_KEY) ?? 'null');
    } catch {
      return null;
    }
  };
  const forgetMirror = () => {
    if (stored()?.userId == null) return;
    storage?.removeItem(CART_STORAGE_KEY);
    bus.publish('cart/changed', { itemCount: 0, total: 0 });
  };
  const start = () => void load().catch(() => undefined);

  const user = session()?.user.id;
  const cart = stored();
  if (!user) forgetMirror();
  else if (cart && (cart.userId == null ? cart.items?.length : String(cart.userId) !== user)) start();
  bus.on('auth/login').subscribe(start);
  bus.on('auth/logout').subscribe(({ reason }) => {
    forgetMirror();
    if (reason === 'user') dropCheckoutAttempt(null, storage);
  });
}
