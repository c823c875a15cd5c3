import { eventBus, sessionStore } from 'shared-contracts';
import { cartApi } from './cartApi';
import { createCartService } from './cartService';
import { createShopStore } from './shopStore';

/**
 * The page's one cart owner: the shop store and the cart service, started when this module is first loaded
 * (the first 'Thêm vào giỏ', the /cart or /checkout page, a login). The home page never loads it.
 */
export const shopStore = createShopStore();

export const cartService = createCartService(shopStore, {
  api: cartApi,
  session: () => sessionStore.current,
  bus: eventBus,
  storage: typeof localStorage === 'undefined' ? null : localStorage,
});

/** Resolves when the cart of whoever is there has been loaded (and a guest cart merged after a login). */
export const cartReady: Promise<void> = cartService.start();
