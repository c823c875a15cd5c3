/**
 * The wishlist module's front door — the customer's saved products ("Yêu thích"), the guest's hearts merged at login,
 * price-drop and back-in-stock alerts (told by the notification centre, topic "Đơn hàng"). Nothing else of the module
 * is imported from outside.
 */
export { WISHLIST_ALERT_BATCH, WISHLIST_ALERT_SCHEDULE, sendWishlistAlerts } from './wishlistAlerts';
export { wishlistModule } from './wishlistModule';
export { readWishlist, saveItem as saveWishlistItem } from './wishlistStore';
