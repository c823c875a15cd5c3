/** Tables of the shop (migration 0004_shop): carts, orders, payments, package credits. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ShopTables {}
