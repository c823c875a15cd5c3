import { eventBus, sessionStore, type EventBus, type Session } from 'shared-contracts';
import { mergeGuestWishlist, readGuestWishlist, type WishlistApi } from 'shared-contracts/wishlist';
import { wishlistApi } from './wishlistApi';
import { wishlistStore, type WishlistStore } from './wishlistStore';

/**
 * Like the guest cart: a guest's hearts are merged into the customer's wishlist at login (or at start, when a
 * session is there with hearts not merged yet); the hearts shown are loaded again after a login or logout.
 */
export function watchWishlistSession(
  bus: EventBus = eventBus,
  session: () => Session | null = () => sessionStore.current,
  api: Pick<WishlistApi, 'merge'> = wishlistApi,
  store: Pick<WishlistStore, 'afterMerge' | 'reset'> = wishlistStore,
  storage?: Storage | null,
): void {
  const merge = () => {
    if (readGuestWishlist(storage).length === 0) return;
    store.afterMerge(mergeGuestWishlist(api, storage).catch(() => null));
  };
  if (session()) merge();
  bus.on('auth/login').subscribe(() => {
    store.reset();
    merge();
  });
  bus.on('auth/logout').subscribe(() => store.reset());
}
