/** The cart module's front door: what other modules, the app and the seed may use. Nothing else of it is imported from outside. */
export { cartRoutes } from './cartRoutes';
export { removeOrderedItems } from './cartStore';
export { itemKey, loadShopItems, mergeRepeatedItems, toCartLine } from './shopItems';
