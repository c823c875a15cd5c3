import { configureStore } from '@reduxjs/toolkit';
import type { Promotion } from 'shared-contracts/schemas';
import { checkoutReducer, initialCheckoutState, type CheckoutState, type ShippingSelection } from './checkoutSlice';
import { initialPromoState, promoReducer } from '../pages/promotions/promoSlice';
import { cartReducer, initialCartState } from './cartSlice';

/** sessionStorage key of what the cart page chose for the checkout (shipping, applied code) in this tab. */
export const CHECKOUT_STORAGE_KEY = 'checkout';

interface StoredChoices {
  shipping?: ShippingSelection;
  appliedPromo?: Promotion | null;
}

function tabStorage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

function isShipping(value: unknown): value is ShippingSelection {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  if (entry.method === 'delivery') return typeof entry.province === 'string';
  if (entry.method === 'pickup') return entry.centreId === null || typeof entry.centreId === 'number';
  return false;
}

function readChoices(storage: Storage | null): StoredChoices {
  try {
    const parsed = JSON.parse(storage?.getItem(CHECKOUT_STORAGE_KEY) ?? 'null') as StoredChoices | null;
    if (!parsed || typeof parsed !== 'object') return {};
    return {
      shipping: isShipping(parsed.shipping) ? parsed.shipping : undefined,
      appliedPromo: parsed.appliedPromo && typeof parsed.appliedPromo.code === 'string' ? parsed.appliedPromo : null,
    };
  } catch {
    return {};
  }
}

/**
 * The shop's Redux store: the cart (spec §3), the promo state (spec §3, the same slice as the promotions page)
 * and the checkout choices. It lives in the cart owner's chunk: nothing on the home page loads it.
 */
export function createShopStore(storage: Storage | null = tabStorage()) {
  const choices = readChoices(storage);
  const store = configureStore({
    reducer: { cart: cartReducer, promo: promoReducer, checkout: checkoutReducer },
    preloadedState: {
      cart: initialCartState,
      promo: { ...initialPromoState, appliedPromo: choices.appliedPromo ?? null },
      checkout: { ...initialCheckoutState, shipping: choices.shipping ?? initialCheckoutState.shipping } satisfies CheckoutState,
    },
  });
  // keep the choices for a reload of /cart or /checkout in this tab
  let last: StoredChoices = {};
  store.subscribe(() => {
    const { checkout, promo } = store.getState();
    if (last.shipping === checkout.shipping && last.appliedPromo === promo.appliedPromo) return;
    last = { shipping: checkout.shipping, appliedPromo: promo.appliedPromo };
    try {
      storage?.setItem(CHECKOUT_STORAGE_KEY, JSON.stringify(last));
    } catch {
      // storage blocked: the choices last for this page only
    }
  });
  return store;
}

export type ShopStore = ReturnType<typeof createShopStore>;
export type ShopState = ReturnType<ShopStore['getState']>;
