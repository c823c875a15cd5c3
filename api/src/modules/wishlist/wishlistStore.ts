import type { Kysely } from 'kysely';
import { ERROR_CODES, WISHLIST_MAX_ITEMS, type Wishlist, type WishlistItem, type WishlistItemInput } from 'shared-contracts/schemas';
import { toIsoUtc, toNumber } from '../../db/portable';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/appError';
import type { Clock } from '../../security/clock';
import { effectivePrice, firstImageFromColumn } from '../catalogue';
import { onlineStock } from '../stockLocations';
import { wishlistMessages } from './wishlistMessages';

/** A product as the wishlist reads it now: its price at `at` and its online stock. */
interface ProductNow {
  price: number;
  originalPrice: number | null;
  stock: number;
  active: boolean;
}

const PRODUCT_COLUMNS = [
  'products.id',
  'products.slug',
  'products.name',
  'products.images',
  'products.price',
  'products.original_price',
  'products.sale_price',
  'products.sale_starts_at',
  'products.sale_ends_at',
  'products.is_active',
  onlineStock('products.id').as('stock'),
] as const;

type ProductRow = {
  price: number;
  original_price: number | null;
  sale_price: number | null;
  sale_starts_at: Date | string | null;
  sale_ends_at: Date | string | null;
  is_active: number;
  stock: number | string;
};

function productNow(row: ProductRow, at: Date): ProductNow {
  const { price, originalPrice } = effectivePrice(row, at);
  return { price, originalPrice, stock: Math.max(0, toNumber(row.stock)), active: toNumber(row.is_active) === 1 };
}

function listQuery(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('wishlist_items')
    .innerJoin('products', 'products.id', 'wishlist_items.product_id')
    .select([
      ...PRODUCT_COLUMNS,
      'wishlist_items.price_when_added',
      'wishlist_items.notify_price_drop',
      'wishlist_items.notify_back_in_stock',
      'wishlist_items.added_at',
    ])
    .where('wishlist_items.user_id', '=', userId);
}

type ListRow = Awaited<ReturnType<ReturnType<typeof listQuery>['execute']>>[number];

function toItem(row: ListRow, at: Date): WishlistItem {
  const now = productNow(row, at);
  return {
    productId: row.id,
    slug: row.slug,
    name: row.name,
    image: firstImageFromColumn(row.images)?.url ?? null,
    price: now.price,
    originalPrice: now.originalPrice,
    priceWhenAdded: toNumber(row.price_when_added),
    stock: now.stock,
    available: now.active && now.stock > 0,
    notifyPriceDrop: toNumber(row.notify_price_drop) === 1,
    notifyBackInStock: toNumber(row.notify_back_in_stock) === 1,
    addedAt: toIsoUtc(row.added_at),
  };
}

/** The customer's wishlist, newest first (products no longer on sale are listed, not available). */
export async function readWishlist(db: Kysely<Database>, userId: number, at: Date): Promise<Wishlist> {
  const rows = await listQuery(db, userId).orderBy('wishlist_items.added_at', 'desc').orderBy('wishlist_items.product_id', 'desc').execute();
  const items = rows.map((row) => toItem(row, at));
  return { items, count: items.length };
}

async function readItem(db: Kysely<Database>, userId: number, productId: number, at: Date): Promise<WishlistItem> {
  const row = await listQuery(db, userId).where('wishlist_items.product_id', '=', productId).executeTakeFirstOrThrow();
  return toItem(row, at);
}

/** The published products among `ids`, as they are at `at`. */
async function publishedProducts(db: Kysely<Database>, ids: readonly number[], at: Date): Promise<Map<number, ProductNow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('products').select(PRODUCT_COLUMNS).where('products.id', 'in', [...ids]).where('products.is_active', '=', 1).execute();
  return new Map(rows.map((row) => [row.id, productNow(row, at)]));
}

async function countItems(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db.selectFrom('wishlist_items').select((eb) => eb.fn.countAll().as('count')).where('user_id', '=', userId).executeTakeFirst();
  return toNumber(row?.count as number | string | undefined);
}

async function hasItem(db: Kysely<Database>, userId: number, productId: number): Promise<boolean> {
  const row = await db.selectFrom('wishlist_items').select('product_id').where('user_id', '=', userId).where('product_id', '=', productId).executeTakeFirst();
  return row !== undefined;
}

/**
 * Saves a product (PUT: idempotent). A new row takes the price now and the time; an existing one keeps both and
 * takes the opt-ins given. Concurrent saves of one product make one row (the primary key, ON CONFLICT).
 */
export async function saveItem(db: Kysely<Database>, clock: Clock, userId: number, productId: number, input: WishlistItemInput): Promise<WishlistItem> {
  const at = clock.now();
  const product = (await publishedProducts(db, [productId], at)).get(productId);
  if (!product) throw AppError.notFound(wishlistMessages.productNotFound, ERROR_CODES.PRODUCT_NOT_FOUND);
  if (!(await hasItem(db, userId, productId)) && (await countItems(db, userId)) >= WISHLIST_MAX_ITEMS) {
    throw AppError.conflict(wishlistMessages.full);
  }
  // Out of stock now: its return is news for "báo khi có hàng".
  const outOfStock = product.stock === 0 ? 1 : 0;
  const changes: { notify_price_drop?: number; notify_back_in_stock?: number; seen_out_of_stock?: number } = {};
  if (input.notifyPriceDrop !== undefined) changes.notify_price_drop = input.notifyPriceDrop ? 1 : 0;
  if (input.notifyBackInStock !== undefined) changes.notify_back_in_stock = input.notifyBackInStock ? 1 : 0;
  // Turning "báo khi có hàng" on starts from the stock now; otherwise an out-of-stock product is only marked.
  if (input.notifyBackInStock === true) changes.seen_out_of_stock = outOfStock;
  else if (outOfStock) changes.seen_out_of_stock = 1;
  await db
    .insertInto('wishlist_items')
    .values({
      user_id: userId,
      product_id: productId,
      price_when_added: product.price,
      notify_price_drop: changes.notify_price_drop ?? 0,
      notify_back_in_stock: changes.notify_back_in_stock ?? 0,
      seen_out_of_stock: outOfStock,
      added_at: at.toISOString(),
    })
    .onConflict((conflict) => {
      const target = conflict.columns(['user_id', 'product_id']);
      return Object.keys(changes).length === 0 ? target.doNothing() : target.doUpdateSet(changes);
    })
    .execute();
  return readItem(db, userId, productId, at);
}

/** Removes a product from the wishlist (one that is not there: nothing changes). */
export async function removeItem(db: Kysely<Database>, clock: Clock, userId: number, productId: number): Promise<Wishlist> {
  await db.deleteFrom('wishlist_items').where('user_id', '=', userId).where('product_id', '=', productId).execute();
  return readWishlist(db, userId, clock.now());
}

/**
 * The guest's hearts merged at login: both sides kept, unknown or unpublished products dropped, the new ones
 * added in the order given while the wishlist has room (WISHLIST_MAX_ITEMS).
 */
export async function mergeItems(db: Kysely<Database>, clock: Clock, userId: number, productIds: readonly number[]): Promise<Wishlist> {
  const at = clock.now();
  const products = await publishedProducts(db, productIds, at);
  const saved = new Set(
    (await db.selectFrom('wishlist_items').select('product_id').where('user_id', '=', userId).execute()).map((row) => row.product_id),
  );
  const room = Math.max(0, WISHLIST_MAX_ITEMS - saved.size);
  const added = productIds.filter((id) => products.has(id) && !saved.has(id)).slice(0, room);
  if (added.length > 0) {
    await db
      .insertInto('wishlist_items')
      .values(
        added.map((id) => {
          const product = products.get(id)!;
          return { user_id: userId, product_id: id, price_when_added: product.price, seen_out_of_stock: product.stock === 0 ? 1 : 0, added_at: at.toISOString() };
        }),
      )
      .onConflict((conflict) => conflict.columns(['user_id', 'product_id']).doNothing())
      .execute();
  }
  return readWishlist(db, userId, at);
}
