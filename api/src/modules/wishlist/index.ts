/** The wishlist module's front door: what other modules, the app and the seed may use. Nothing else of it is imported from outside. */
export { WISHLIST_ALERT_BATCH, WISHLIST_ALERT_SCHEDULE, sendWishlistAlerts } from './wishlistAlerts';
export { wishlistModule } from './wishlistModule';
export { readWishlist, saveItem as saveWishlistItem } from './wishlistStore';
