import { eventBus, sessionStore, type EventBus, type Session } from 'shared-contracts';
import { readGuestWishlist, setGuestWishlisted, type WishlistApi } from 'shared-contracts/wishlist';
import { wishlistApi } from './wishlistApi';
import { wishlistText } from './wishlistText';

export interface WishlistStoreDeps {
  api: Pick<WishlistApi, 'get' | 'save' | 'remove'>;
  session: () => Session | null;
  bus: EventBus;
  storage?: Storage | null;
}

/**
 * Which products the visitor has hearted, shared by every heart on the page: a guest's from this browser, a
 * customer's from one GET /api/wishlist per page view, however many cards.
 */
export function createWishlistStore(deps: WishlistStoreDeps) {
  let ids = new Set<number>();
  let loadedFor: { user: string | null; view: unknown } | null = null;
  let merge: Promise<unknown> = Promise.resolve();
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((listener) => listener());
  const set = (next: Set<number>) => {
    ids = next;
    emit();
  };

  return {
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    has: (productId: number) => ids.has(productId),
    /** Loads the hearts for this page view (the router's location object: once, whatever the number of callers). */
    load(view: unknown): void {
      const user = deps.session()?.user.id ?? null;
      if (loadedFor && loadedFor.user === user && loadedFor.view === view) return;
      const key = { user, view };
      loadedFor = key;
      if (!user) {
        set(new Set(readGuestWishlist(deps.storage)));
        return;
      }
      // after a login the guest's hearts are merged first, so they are in the answer
      void merge
        .catch(() => undefined)
        .then(() => deps.api.get())
        .then((wishlist) => {
          if (loadedFor === key) set(new Set(wishlist.items.map((item) => item.productId)));
        })
        .catch(() => undefined);
    },
    /** Runs the next loads after this merge of the guest's hearts. */
    afterMerge(running: Promise<unknown>): void {
      merge = running;
      loadedFor = null;
    },
    /** Hearts or un-hearts a product: at once on the page, then in the browser (guest) or the account. */
    async toggle(productId: number): Promise<void> {
      const wishlisted = !ids.has(productId);
      const next = new Set(ids);
      if (wishlisted) next.add(productId);
      else next.delete(productId);
      set(next);
      if (!deps.session()) {
        set(new Set(setGuestWishlisted(productId, wishlisted, deps.storage)));
        return;
      }
      try {
        if (wishlisted) await deps.api.save(productId);
        else await deps.api.remove(productId);
      } catch (error) {
        const back = new Set(ids);
        if (wishlisted) back.delete(productId);
        else back.add(productId);
        set(back);
        const message = error instanceof Error && error.message ? error.message : wishlistText.failed;
        deps.bus.publish('toast/show', { type: 'error', message });
      }
    },
    /** Forgets what was loaded (a login or logout): the next page view loads again. */
    reset(): void {
      loadedFor = null;
      set(new Set());
    },
  };
}

export type WishlistStore = ReturnType<typeof createWishlistStore>;

/** The page's one wishlist store. */
export const wishlistStore: WishlistStore = createWishlistStore({
  api: wishlistApi,
  session: () => sessionStore.current,
  bus: eventBus,
});
