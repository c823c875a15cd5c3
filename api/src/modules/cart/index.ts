/**
 * The cart module's front door — the customer's server cart and its merge at login. Nothing else of the module is
 * imported from outside.
 */
export { cartRoutes } from './cartRoutes';
export { removeOrderedItems } from './cartStore';
export { itemKey, loadShopItems, mergeRepeatedItems, toCartLine, type ShopItem } from './shopItems';
