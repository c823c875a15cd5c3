import type { Kysely } from 'kysely';
import { ERROR_CODES, CART_LINE_MAX_QUANTITY, type Cart, type CartChange, type CartItemRef, type CartLine } from 'shared-contracts/schemas';
import { toNumber } from '../../db/portable';
import { preparedQuery } from '../../db/preparedQuery';
import { lockForUpdate } from '../../db/sqlDialect';
import type { Database } from '../../db/schema';
import type { Clock } from '../../security/clock';
import { AppError } from '../../http/appError';
import { cartMessages } from './cartMessages';
import { itemKey, loadItemInCart, loadShopItems, mergeRepeatedItems, packageItem, productItem, toCartLine, type ItemRef, type ShopItem } from './shopItems';
import { onlineStock } from '../stockLocations';

/**
 * The server cart of a logged-in customer (tables carts / cart_lines): one cart per user, one line per item,
 * the unit price kept from when the line was added (price changes are flagged against it; setting the
 * quantity takes the current price). Stock is checked on every change; the order checks it again atomically.
 */
type Db = Kysely<Database>;

export function cartOf(lines: CartLine[]): Cart {
  return {
    items: lines,
    itemCount: lines.reduce((sum, line) => sum + line.quantity, 0),
    total: lines.reduce((sum, line) => sum + line.price * line.quantity, 0),
  };
}

/** The user's cart, found and locked in one statement (FOR UPDATE where transactions run side by side). */
const lockedCartOfUser = preparedQuery<{ userId: number }>()((db, param) =>
  lockForUpdate(db, db.selectFrom('carts').select('id').where('user_id', '=', param('userId'))),
);

/**
 * The user's cart (created on first use), held until the transaction ends: changes of one cart at the same moment
 * (a double click, two tabs) run one after the other, so none inserts a line twice or loses another's quantity.
 */
async function lockCartOf(trx: Db, userId: number, clock: Clock): Promise<number> {
  const existing = await lockedCartOfUser.first(trx, { userId });
  if (existing) return existing.id;
  const now = clock.now().toISOString();
  await trx
    .insertInto('carts')
    .values({ user_id: userId, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  const created = await lockedCartOfUser.first(trx, { userId });
  if (!created) throw new Error(`The cart of user ${userId} was neither found nor created`);
  return created.id;
}

const cartLinesOfUser = preparedQuery<{ userId: number }>()((db, param) =>
  db
    .selectFrom('cart_lines')
    .innerJoin('carts', 'carts.id', 'cart_lines.cart_id')
    .leftJoin('products', (join) => join.onRef('products.id', '=', 'cart_lines.ref_id').on('cart_lines.kind', '=', 'product'))
    .leftJoin('catalogue_categories', 'catalogue_categories.id', 'products.category_id')
    .leftJoin('service_packages', (join) => join.onRef('service_packages.id', '=', 'cart_lines.ref_id').on('cart_lines.kind', '=', 'package'))
    // One column per field whichever the item is (a line joins a product or a package, never both).
    .select((eb) => [
      'cart_lines.kind',
      'cart_lines.ref_id',
      'cart_lines.quantity',
      'cart_lines.price_at_add',
      eb.fn.coalesce('products.id', 'service_packages.id').as('item_id'),
      eb.fn.coalesce('products.slug', 'service_packages.slug').as('slug'),
      eb.fn.coalesce('products.name', 'service_packages.name').as('name'),
      eb.fn.coalesce('products.price', 'service_packages.price').as('price'),
      eb.fn.coalesce('products.is_active', 'service_packages.is_active').as('is_active'),
      'products.images as product_images',
      'products.original_price',
      'products.sale_price',
      'products.sale_starts_at',
      'products.sale_ends_at',
      onlineStock('products.id').as('product_stock'),
      'catalogue_categories.promo_group',
      'service_packages.image as package_image',
      'service_packages.validity_months',
    ])
    .where('carts.user_id', '=', param('userId'))
    .orderBy('cart_lines.id'),
);

/**
 * The user's cart with current prices and stock, in ONE query (lines joined to their product and category or
 * package); lines whose item was deleted are dropped.
 */
export async function readCart(db: Db, userId: number, at: Date): Promise<Cart> {
  const rows = await cartLinesOfUser.rows(db, { userId });
  const lines: CartLine[] = [];
  for (const row of rows) {
    if (row.item_id === null || row.slug === null || row.name === null) continue; // the item was deleted
    const fields = { id: row.item_id, slug: row.slug, name: row.name, price: toNumber(row.price), is_active: toNumber(row.is_active) };
    let item: ShopItem | null = null;
    if (row.kind === 'product' && row.promo_group !== null) {
      const sale = { original_price: row.original_price, sale_price: row.sale_price, sale_starts_at: row.sale_starts_at, sale_ends_at: row.sale_ends_at };
      item = productItem({ ...fields, ...sale, images: row.product_images ?? '[]', stock: toNumber(row.product_stock), promo_group: row.promo_group }, at);
    } else if (row.kind === 'package') {
      item = packageItem({ ...fields, image: row.package_image, validity_months: toNumber(row.validity_months) });
    }
    if (item) lines.push(toCartLine(item, toNumber(row.quantity), toNumber(row.price_at_add)));
  }
  return cartOf(lines);
}

/** Throws the 404/409 of an item that cannot be put in the cart `quantity` times. */
export function assertPurchasable(item: ShopItem | undefined, quantity: number): ShopItem {
  if (!item) throw AppError.notFound(cartMessages.itemNotFound, ERROR_CODES.ITEM_NOT_FOUND);
  if (!item.available) throw new AppError(409, ERROR_CODES.ITEM_UNAVAILABLE, cartMessages.unavailable);
  if (item.stock !== null) {
    if (item.stock === 0) throw new AppError(409, ERROR_CODES.OUT_OF_STOCK, cartMessages.outOfStock);
    if (quantity > item.stock) throw new AppError(409, ERROR_CODES.INSUFFICIENT_STOCK, cartMessages.onlyLeft(item.stock));
  }
  if (quantity > CART_LINE_MAX_QUANTITY) throw new AppError(409, ERROR_CODES.QUANTITY_TOO_LARGE, cartMessages.tooMany(CART_LINE_MAX_QUANTITY));
  return item;
}

/** The user's line of this item, found through the user's cart. */
const cartLineOfItem = preparedQuery<{ userId: number; kind: ItemRef['kind']; refId: number }>()((db, param) =>
  db
    .selectFrom('cart_lines')
    .innerJoin('carts', 'carts.id', 'cart_lines.cart_id')
    .select(['cart_lines.id', 'cart_lines.quantity'])
    .where('carts.user_id', '=', param('userId'))
    .where('cart_lines.kind', '=', param('kind'))
    .where('cart_lines.ref_id', '=', param('refId')),
);

async function findLine(db: Db, userId: number, ref: ItemRef) {
  return cartLineOfItem.first(db, { userId, kind: ref.kind, refId: ref.refId });
}

const setLineQuantity = preparedQuery<{ id: number; quantity: number; now: string }>()((db, param) =>
  db.updateTable('cart_lines').set({ quantity: param('quantity'), updated_at: param('now') }).where('id', '=', param('id')),
);

const setLineQuantityAndPrice = preparedQuery<{ id: number; quantity: number; price: number; now: string }>()((db, param) =>
  db
    .updateTable('cart_lines')
    .set({ quantity: param('quantity'), price_at_add: param('price'), updated_at: param('now') })
    .where('id', '=', param('id')),
);

const insertLine = preparedQuery<{ cartId: number; kind: ItemRef['kind']; refId: number; quantity: number; price: number; now: string }>()(
  (db, param) =>
    db.insertInto('cart_lines').values({
      cart_id: param('cartId'),
      kind: param('kind'),
      ref_id: param('refId'),
      quantity: param('quantity'),
      price_at_add: param('price'),
      added_at: param('now'),
      updated_at: param('now'),
    }),
);

const deleteLineOfItem = preparedQuery<{ userId: number; kind: ItemRef['kind']; refId: number }>()((db, param) =>
  db
    .deleteFrom('cart_lines')
    .where('cart_id', 'in', (eb) => eb.selectFrom('carts').select('id').where('user_id', '=', param('userId')))
    .where('kind', '=', param('kind'))
    .where('ref_id', '=', param('refId')),
);

/**
 * Adds `quantity` of an item (to its line if there is one). Over the stock → 409, the cart unchanged. Answers the
 * line and the cart's item count after the add, from what the add read (lock, one read, one write: no cart re-read).
 */
export async function addToCart(db: Db, clock: Clock, userId: number, input: CartItemRef): Promise<CartChange> {
  return db.transaction().execute(async (trx) => {
    const cartId = await lockCartOf(trx, userId, clock);
    const at = clock.now();
    const { item, line, itemCount } = await loadItemInCart(trx, userId, input, at);
    const quantity = (line ? line.quantity : 0) + input.quantity;
    const checked = assertPurchasable(item, quantity);
    const now = at.toISOString();
    if (line) {
      await setLineQuantity.execute(trx, { id: line.id, quantity, now });
    } else {
      await insertLine.execute(trx, { cartId, kind: input.kind, refId: input.refId, quantity, price: checked.price, now });
    }
    // The line keeps the price it was added at (a new line: the price now), as readCart shows it.
    return { line: toCartLine(checked, quantity, line ? line.priceAtAdd : checked.price), itemCount: itemCount + input.quantity };
  });
}

/** Sets a line's quantity (≤ 0 removes it); the line takes the current price. */
export async function setCartQuantity(db: Db, clock: Clock, userId: number, ref: ItemRef, quantity: number): Promise<Cart> {
  return db.transaction().execute(async (trx) => {
    await lockCartOf(trx, userId, clock);
    const found = await loadItemInCart(trx, userId, ref, clock.now());
    // A line whose item no longer exists is not found by the join above: look for the line alone.
    const line = found.item ? found.line : await findLine(trx, userId, ref);
    if (!line) throw AppError.notFound(cartMessages.lineNotFound, ERROR_CODES.CART_LINE_NOT_FOUND);
    if (quantity <= 0) {
      await trx.deleteFrom('cart_lines').where('id', '=', line.id).execute();
    } else {
      const item = assertPurchasable(found.item, quantity);
      await setLineQuantityAndPrice.execute(trx, { id: line.id, quantity, price: item.price, now: clock.now().toISOString() });
    }
    return readCart(trx, userId, clock.now());
  });
}

/**
 * Removes a line (removing a line that is not there changes nothing). One statement needs no transaction: the
 * answer is the cart as read just after, like a GET.
 */
export async function removeFromCart(db: Db, clock: Clock, userId: number, ref: ItemRef): Promise<Cart> {
  await deleteLineOfItem.execute(db, { userId, kind: ref.kind, refId: ref.refId });
  return readCart(db, userId, clock.now());
}

export async function clearCart(db: Db, userId: number): Promise<Cart> {
  const cart = await db.selectFrom('carts').select('id').where('user_id', '=', userId).executeTakeFirst();
  if (cart) await db.deleteFrom('cart_lines').where('cart_id', '=', cart.id).execute();
  return cartOf([]);
}

/** Removes the lines of these items (what an order bought) inside the order's transaction. */
export async function removeOrderedItems(db: Db, userId: number, refs: readonly ItemRef[]): Promise<void> {
  const productIds = refs.filter((ref) => ref.kind === 'product').map((ref) => ref.refId);
  const packageIds = refs.filter((ref) => ref.kind === 'package').map((ref) => ref.refId);
  await db
    .deleteFrom('cart_lines')
    .where('cart_id', 'in', (eb) => eb.selectFrom('carts').select('id').where('user_id', '=', userId))
    .where((eb) =>
      eb.or([
        ...(productIds.length > 0 ? [eb.and([eb('kind', '=', 'product'), eb('ref_id', 'in', productIds)])] : []),
        ...(packageIds.length > 0 ? [eb.and([eb('kind', '=', 'package'), eb('ref_id', 'in', packageIds)])] : []),
      ]),
    )
    .execute();
}

/**
 * Merges a guest cart into the user's: quantities added, capped by the stock (and the line maximum); unknown,
 * inactive and out-of-stock items are dropped.
 */
export async function mergeIntoCart(db: Db, clock: Clock, userId: number, guestItems: readonly CartItemRef[]): Promise<Cart> {
  const merged = mergeRepeatedItems(guestItems);
  if (merged.length > 0) {
    return db.transaction().execute(async (trx) => {
      const cartId = await lockCartOf(trx, userId, clock);
      const items = await loadShopItems(trx, merged, clock.now());
      const now = clock.now().toISOString();
      for (const guest of merged) {
        const item = items.get(itemKey(guest));
        if (!item || !item.available) continue;
        const line = await findLine(trx, userId, guest);
        const current = line ? toNumber(line.quantity) : 0;
        const cap = Math.min(CART_LINE_MAX_QUANTITY, item.stock ?? CART_LINE_MAX_QUANTITY);
        const quantity = Math.min(current + guest.quantity, Math.max(cap, current));
        if (quantity <= 0 || quantity === current) continue;
        if (line) {
          await trx.updateTable('cart_lines').set({ quantity, updated_at: now }).where('id', '=', line.id).execute();
        } else {
          await trx
            .insertInto('cart_lines')
            .values({ cart_id: cartId, kind: guest.kind, ref_id: guest.refId, quantity, price_at_add: item.price, added_at: now, updated_at: now })
            .execute();
        }
      }
      await trx.updateTable('carts').set({ updated_at: now }).where('id', '=', cartId).execute();
      return readCart(trx, userId, clock.now());
    });
  }
  return readCart(db, userId, clock.now());
}

/** A guest cart checked against the catalogue: current prices and stock, issues flagged (unknown items dropped). */
export async function validateGuestCart(db: Db, clock: Clock, guestItems: ReadonlyArray<CartItemRef & { price: number }>): Promise<Cart> {
  const merged = mergeRepeatedItems(guestItems);
  const items = await loadShopItems(db, merged, clock.now());
  const lines: CartLine[] = [];
  for (const guest of merged) {
    const item = items.get(itemKey(guest));
    if (item) lines.push(toCartLine(item, guest.quantity, guest.price));
  }
  return cartOf(lines);
}
