import { configureStore } from '@reduxjs/toolkit';
import { eventBus, sessionStore } from 'shared-contracts';
import type { Promotion } from 'shared-contracts/schemas';
import { storefrontApi, type StorefrontApi } from '../../api/storefrontApi';
import { errorMessage } from '../../hooks/useAsync';
import { promoReducer, savePromo, setSavedPromotions, unsavePromo } from './promoSlice';

export function createPromoStore() {
  return configureStore({ reducer: { promo: promoReducer } });
}

export type PromoStore = ReturnType<typeof createPromoStore>;
export type PromoRootState = ReturnType<PromoStore['getState']>;

/** The storefront's one promo store (it lives in the promotions chunk; nothing on the home page loads Redux). */
export const promoStore: PromoStore = createPromoStore();

export interface PromoDeps {
  api: Pick<StorefrontApi, 'savedPromotions' | 'savePromotion' | 'unsavePromotion'>;
  isLoggedIn: () => boolean;
  notifyError: (message: string) => void;
}

const defaultDeps: PromoDeps = {
  api: storefrontApi,
  isLoggedIn: () => sessionStore.token !== null,
  notifyError: (message) => eventBus.publish('toast/show', { type: 'error', message }),
};

/** The login page that comes back here: /auth/login?redirect=/promotions (query kept, encoded). */
export function loginRedirectFor(pathWithQuery: string): string {
  return `/auth/login?redirect=${encodeURIComponent(pathWithQuery).replace(/%2F/g, '/')}`;
}

/** Loads the saved promotions of the logged-in user (a guest has none). */
export async function loadSavedPromotions(store: PromoStore, deps: PromoDeps = defaultDeps, signal?: AbortSignal): Promise<void> {
  if (!deps.isLoggedIn()) {
    store.dispatch(setSavedPromotions([]));
    return;
  }
  const saved = await deps.api.savedPromotions(signal);
  if (!signal?.aborted) store.dispatch(setSavedPromotions(saved));
}

/**
 * Saves a promotion: at once in the store (if not saved yet), then on the server; a failure undoes it and
 * shows the server's message. Returns 'login' for a guest (the caller sends them to the login page).
 */
export async function savePromotion(store: PromoStore, promotion: Promotion, deps: PromoDeps = defaultDeps): Promise<'saved' | 'login' | 'failed'> {
  if (!deps.isLoggedIn()) return 'login';
  if (store.getState().promo.savedPromotions.some((saved) => saved.id === promotion.id)) return 'saved';
  store.dispatch(savePromo(promotion));
  try {
    const list = await deps.api.savePromotion(promotion.id);
    // the server answers the whole saved list: keep the store equal to it
    if (Array.isArray(list)) store.dispatch(setSavedPromotions(list));
    return 'saved';
  } catch (error) {
    store.dispatch(unsavePromo(promotion.id));
    deps.notifyError(errorMessage(error));
    return 'failed';
  }
}

/** Unsaves a promotion: at once in the store, then on the server; a failure puts it back. */
export async function unsavePromotion(store: PromoStore, promotion: Promotion, deps: PromoDeps = defaultDeps): Promise<'unsaved' | 'failed'> {
  store.dispatch(unsavePromo(promotion.id));
  try {
    const list = await deps.api.unsavePromotion(promotion.id);
    if (Array.isArray(list)) store.dispatch(setSavedPromotions(list));
    return 'unsaved';
  } catch (error) {
    store.dispatch(savePromo(promotion));
    deps.notifyError(errorMessage(error));
    return 'failed';
  }
}
