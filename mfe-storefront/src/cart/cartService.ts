import { ApiError, messages, type CartItemAdded, type EventBus, type Session } from 'shared-contracts';
import type { Cart, CartItemRef } from 'shared-contracts/schemas';
import type { UnknownAction } from '@reduxjs/toolkit';
import { removePromo, setSavedPromotions } from '../pages/promotions/promoSlice';
import type { CartApi } from './cartApi';
import { addItem, applyChange, clearCart, removeItem, setItems, updateQuantity, type CartItem } from './cartSlice';
import { clearStoredCart, readStoredCart, writeStoredCart } from './cartStorage';
import type { ShopStore } from './shopStore';

export const cartMessages = {
  added: 'Đã thêm vào giỏ hàng',
  outOfStock: 'Sản phẩm đã hết hàng',
  onlyLeft: (stock: number) => `Chỉ còn ${stock} sản phẩm trong kho`,
  merged: 'Các sản phẩm trong giỏ của bạn đã được thêm vào tài khoản.',
  mergeFailed: 'Chưa gộp được giỏ hàng vào tài khoản của bạn. Vui lòng thử lại.',
  loadFailed: 'Không tải được giỏ hàng. Vui lòng thử lại.',
} as const;

export interface CartDeps {
  api: CartApi;
  /** the page's session now (null: a guest) */
  session: () => Session | null;
  bus: EventBus;
  storage: Storage | null;
}

/** The stock refusal of the contract, worked out locally for a guest (the server says the same to a customer). */
export function stockRefusal(stock: number | null, wanted: number): string | null {
  if (stock === null || wanted <= stock) return null;
  return stock <= 0 ? cartMessages.outOfStock : cartMessages.onlyLeft(stock);
}

function errorText(error: unknown, fallback: string = messages.errors.generic): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}

const refOf = (item: CartItem): CartItemRef => ({ kind: item.kind, refId: item.refId, quantity: item.quantity });

/**
 * The cart's owner: every change to the cart goes through here, one at a time.
 * - A guest's cart lives in the store and in localStorage ('cart' = { items }), checked against the stock the
 *   storefront saw; `refresh` asks the server (POST /cart/validate) for current prices, stock and issues.
 * - A logged-in customer's cart lives on the server (/api/cart): each change is a call whose answer (the whole
 *   cart) replaces the store's items — an add answers only its line and the item count, which are put in place;
 *   localStorage keeps a mirror ({ items, userId }) for the header badge.
 * - On login the guest cart is merged into the server's (POST /cart/merge) and cleared; on logout the view goes
 *   back to the (empty) guest cart.
 * After each change the header hears `cart/changed` {itemCount, total}; refusals are toasts ('toast/show').
 */
export function createCartService(store: ShopStore, deps: CartDeps) {
  let queue: Promise<unknown> = Promise.resolve();
  /** a guest cart whose merge failed: shown and kept in storage until a merge succeeds */
  let unmergedGuestCart: CartItem[] | null = null;
  let persistedItems: CartItem[] | null = null;
  let published: { itemCount: number; total: number } | null = null;

  const userId = () => deps.session()?.user.id ?? null;
  const toast = (type: 'success' | 'error' | 'info', message: string) => deps.bus.publish('toast/show', { type, message });

  /** Runs cart work strictly one after the other (a merge finishes before the next add). */
  function serial<T>(work: () => Promise<T>): Promise<T> {
    const next = queue.then(work, work);
    queue = next.catch(() => undefined);
    return next;
  }

  /** true while one change takes several actions (publish once, at the end) */
  let batching = false;

  function persistAndPublish(): void {
    if (batching) return;
    const { items, itemCount, total } = store.getState().cart;
    if (items !== persistedItems && unmergedGuestCart === null) {
      persistedItems = items;
      writeStoredCart({ items, userId: userId() }, deps.storage);
    }
    if (!published || published.itemCount !== itemCount || published.total !== total) {
      published = { itemCount, total };
      deps.bus.publish('cart/changed', published);
    }
  }
  store.subscribe(persistAndPublish);

  /** The server's answer for `owner` (as a store action), unless somebody else is logged in by now. */
  function applyForOwner(action: UnknownAction, owner: string): void {
    if (userId() === owner) store.dispatch(action);
  }

  function applyServerCart(cart: Cart, owner: string): void {
    applyForOwner(setItems(cart.items), owner);
  }

  async function mergeGuestCart(owner: string, guest: CartItem[]): Promise<void> {
    unmergedGuestCart = guest;
    const cart = await deps.api.merge(guest.map(refOf));
    unmergedGuestCart = null;
    clearStoredCart(deps.storage);
    persistedItems = null;
    applyServerCart(cart, owner);
    persistAndPublish();
  }

  /** A customer's work waits for a guest cart that could not be merged yet (tried again first). */
  async function ensureMerged(owner: string): Promise<void> {
    if (unmergedGuestCart) await mergeGuestCart(owner, unmergedGuestCart);
  }

  /** Loads the cart of whoever is there now: the guest cart, or the customer's (merging a guest cart first). */
  async function load(): Promise<void> {
    const stored = readStoredCart(deps.storage);
    const owner = userId();
    if (owner === null) {
      unmergedGuestCart = null;
      if (stored.userId !== null) clearStoredCart(deps.storage);
      store.dispatch(setItems(stored.userId === null ? stored.items : []));
      persistAndPublish();
      return;
    }
    if (stored.userId === owner) store.dispatch(setItems(stored.items));
    if (stored.userId === null && stored.items.length > 0) {
      // shown at once, but kept in storage as the guest cart until the server has it
      unmergedGuestCart = stored.items;
      store.dispatch(setItems(stored.items));
      try {
        await mergeGuestCart(owner, stored.items);
        toast('info', cartMessages.merged);
      } catch (error) {
        toast('error', errorText(error, cartMessages.mergeFailed));
      }
      return;
    }
    try {
      applyServerCart(await deps.api.get(), owner);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 401)) toast('error', errorText(error, cartMessages.loadFailed));
    }
  }

  /** Logout: back to the guest cart, which the login emptied; the customer's promo choices go too. */
  function toGuest(): void {
    unmergedGuestCart = null;
    const stored = readStoredCart(deps.storage);
    if (stored.userId !== null) clearStoredCart(deps.storage);
    persistedItems = null;
    store.dispatch(setItems(stored.userId === null ? stored.items : []));
    store.dispatch(removePromo());
    store.dispatch(setSavedPromotions([]));
    persistAndPublish();
  }

  /** Runs a customer's cart call (answering the action its answer is); a refusal is a toast with the server's message. */
  async function customerCall(owner: string, call: () => Promise<UnknownAction>): Promise<boolean> {
    try {
      await ensureMerged(owner);
      applyForOwner(await call(), owner);
      return true;
    } catch (error) {
      toast('error', errorText(error));
      return false;
    }
  }

  let unsubscribe: () => void = () => undefined;

  const service = {
    /** Subscribes to the bus (items added, login, logout) and loads the cart. */
    start(): Promise<void> {
      const subscriptions = [
        deps.bus.on('cart/item-added').subscribe(({ item, quantity }) => void service.add(item, quantity)),
        deps.bus.on('auth/login').subscribe(() => void serial(load)),
        deps.bus.on('auth/logout').subscribe(() => void serial(async () => toGuest())),
      ];
      unsubscribe = () => subscriptions.forEach((subscription) => subscription.unsubscribe());
      return serial(load);
    },

    stop(): void {
      unsubscribe();
    },

    /** Resolves when the work asked for so far is done. */
    idle(): Promise<void> {
      return queue.then(() => undefined);
    },

    /** Adds `quantity` of an item (a new line starts at 1, then goes up); more than the stock is refused. */
    add(item: CartItemAdded, quantity = 1): Promise<boolean> {
      return serial(async () => {
        const owner = userId();
        if (owner !== null) {
          const done = await customerCall(owner, () => deps.api.add({ kind: item.kind, refId: item.refId, quantity }).then(applyChange));
          if (done) toast('success', cartMessages.added);
          return done;
        }
        const existing = store.getState().cart.items.find((line) => line.id === item.id);
        const wanted = (existing?.quantity ?? 0) + quantity;
        const refusal = stockRefusal(item.stock, wanted);
        if (refusal) {
          toast('error', refusal);
          return false;
        }
        batching = true;
        try {
          store.dispatch(addItem({ ...item, promoGroup: existing?.promoGroup ?? null }));
          if (wanted !== (existing?.quantity ?? 0) + 1) store.dispatch(updateQuantity({ id: item.id, quantity: wanted }));
        } finally {
          batching = false;
        }
        persistAndPublish();
        toast('success', cartMessages.added);
        return true;
      });
    },

    /** Sets a line's quantity (0 or less removes it); more than the stock is refused. */
    setQuantity(lineId: string, quantity: number): Promise<boolean> {
      return serial(async () => {
        const owner = userId();
        if (owner !== null) return customerCall(owner, async () => setItems((await deps.api.setQuantity(lineId, quantity)).items));
        const line = store.getState().cart.items.find((entry) => entry.id === lineId);
        const refusal = line ? stockRefusal(line.stock, quantity) : null;
        if (refusal) {
          toast('error', refusal);
          return false;
        }
        store.dispatch(updateQuantity({ id: lineId, quantity }));
        return true;
      });
    },

    remove(lineId: string): Promise<boolean> {
      return serial(async () => {
        const owner = userId();
        if (owner !== null) return customerCall(owner, async () => setItems((await deps.api.remove(lineId)).items));
        store.dispatch(removeItem(lineId));
        return true;
      });
    },

    clear(): Promise<boolean> {
      return serial(async () => {
        const owner = userId();
        if (owner !== null) return customerCall(owner, async () => setItems((await deps.api.clear()).items));
        store.dispatch(clearCart());
        return true;
      });
    },

    /**
     * The cart as the server sees it now: a customer's cart again (after an order took its lines), or a guest's
     * lines with current prices and stock and their issues flagged (POST /cart/validate).
     */
    refresh(signal?: AbortSignal): Promise<void> {
      return serial(async () => {
        const owner = userId();
        if (owner !== null) {
          await ensureMerged(owner);
          applyServerCart(await deps.api.get(signal), owner);
          return;
        }
        const items = store.getState().cart.items;
        if (items.length === 0) return;
        const cart = await deps.api.validate(items.map((item) => ({ ...refOf(item), price: item.price })), signal);
        if (userId() === null && !signal?.aborted) store.dispatch(setItems(cart.items));
      });
    },
  };
  return service;
}

export type CartService = ReturnType<typeof createCartService>;
