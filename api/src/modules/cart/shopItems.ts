import type { ExpressionBuilder, Kysely } from 'kysely';
import { cartLineId, type CartLine, type CartLineIssue, type CartLineKind, type PromotionCategory } from 'shared-contracts/schemas';
import { toNumber } from '../../db/portable';
import { preparedQuery } from '../../db/preparedQuery';
import type { Database } from '../../db/schema';
import { imageFromColumn, imagesFromColumn, effectivePrice, type SaleColumns } from '../catalogue';
import { onlineStock } from '../stockLocations';

/** Something that can be bought: a product (with stock) or a service package (no stock). */
export interface ShopItem {
  kind: CartLineKind;
  refId: number;
  slug: string;
  name: string;
  image: string | null;
  /** Unit price now: the sale price within its window (integer VND). */
  price: number;
  /** null for packages. */
  stock: number | null;
  promoGroup: PromotionCategory | null;
  /** On sale (is_active). */
  available: boolean;
  /** Packages: months the credits stay valid. */
  validityMonths: number | null;
}

export interface ItemRef {
  kind: CartLineKind;
  refId: number;
}

export const itemKey = (ref: ItemRef): string => cartLineId(ref.kind, ref.refId);

/** A product row as the shop reads it (products joined to their category). */
export interface ProductItemRow extends SaleColumns {
  id: number;
  slug: string;
  name: string;
  images: string;
  price: number;
  stock: number;
  is_active: number;
  promo_group: string;
}

/** A service package row as the shop reads it. */
export interface PackageItemRow {
  id: number;
  slug: string;
  name: string;
  image: string | null;
  price: number;
  is_active: number;
  validity_months: number;
}

/** The product as the shop sells it at `at` (its price then: effectivePrice.ts). */
export function productItem(row: ProductItemRow, at: Date): ShopItem {
  return {
    kind: 'product',
    refId: row.id,
    slug: row.slug,
    name: row.name,
    image: imagesFromColumn(row.images)[0]?.url ?? null,
    price: effectivePrice(row, at).price,
    stock: toNumber(row.stock),
    promoGroup: row.promo_group as PromotionCategory,
    available: toNumber(row.is_active) === 1,
    validityMonths: null,
  };
}

export function packageItem(row: PackageItemRow): ShopItem {
  return {
    kind: 'package',
    refId: row.id,
    slug: row.slug,
    name: row.name,
    image: imageFromColumn(row.image)?.url ?? null,
    price: toNumber(row.price),
    stock: null,
    promoGroup: null,
    available: toNumber(row.is_active) === 1,
    validityMonths: toNumber(row.validity_months),
  };
}

/** The customer's line of an item, as the cart keeps it. */
export interface CartLineRow {
  id: number;
  quantity: number;
}

/** What the shop reads of a product (products joined to their category): a ProductItemRow. */
const PRODUCT_ITEM_COLUMNS = [
  'products.id',
  'products.slug',
  'products.name',
  'products.images',
  'products.price',
  'products.original_price',
  'products.sale_price',
  'products.sale_starts_at',
  'products.sale_ends_at',
  // Online availability (the shipping locations' on_hand − reserved), read as `stock`.
  onlineStock('products.id').as('stock'),
  'products.is_active',
  'catalogue_categories.promo_group',
] as const;

/** What the shop reads of a service package: a PackageItemRow. */
const PACKAGE_ITEM_COLUMNS = [
  'service_packages.id',
  'service_packages.slug',
  'service_packages.name',
  'service_packages.image',
  'service_packages.price',
  'service_packages.is_active',
  'service_packages.validity_months',
] as const;

/** The quantities of the cart's lines whose item still exists (what readCart counts): the cart's itemCount. */
function cartItemCount(eb: ExpressionBuilder<Database, 'carts'>) {
  return eb
    .selectFrom('cart_lines as counted')
    .select((inner) => inner.fn.coalesce(inner.fn.sum<number>('counted.quantity'), inner.lit(0)).as('item_count'))
    .whereRef('counted.cart_id', '=', 'carts.id')
    .where((inner) =>
      inner.or([
        inner.and([
          inner('counted.kind', '=', 'product'),
          inner.exists(inner.selectFrom('products as counted_product').select('counted_product.id').whereRef('counted_product.id', '=', 'counted.ref_id')),
        ]),
        inner.and([
          inner('counted.kind', '=', 'package'),
          inner.exists(inner.selectFrom('service_packages as counted_package').select('counted_package.id').whereRef('counted_package.id', '=', 'counted.ref_id')),
        ]),
      ]),
    );
}

/** A product with the customer's line of it (and its price at add) and the cart's item count, in one statement. */
const productInCart = preparedQuery<{ id: number; userId: number }>()((db, param) =>
  db
    .selectFrom('products')
    .innerJoin('catalogue_categories', 'catalogue_categories.id', 'products.category_id')
    .leftJoin('carts', (join) => join.on('carts.user_id', '=', param('userId')))
    .leftJoin('cart_lines', (join) =>
      join.onRef('cart_lines.cart_id', '=', 'carts.id').on('cart_lines.kind', '=', 'product').onRef('cart_lines.ref_id', '=', 'products.id'),
    )
    .select((eb) => [
      ...PRODUCT_ITEM_COLUMNS,
      'cart_lines.id as line_id',
      'cart_lines.quantity as line_quantity',
      'cart_lines.price_at_add as line_price',
      cartItemCount(eb).as('item_count'),
    ])
    .where('products.id', '=', param('id')),
);

const packageInCart = preparedQuery<{ id: number; userId: number }>()((db, param) =>
  db
    .selectFrom('service_packages')
    .leftJoin('carts', (join) => join.on('carts.user_id', '=', param('userId')))
    .leftJoin('cart_lines', (join) =>
      join.onRef('cart_lines.cart_id', '=', 'carts.id').on('cart_lines.kind', '=', 'package').onRef('cart_lines.ref_id', '=', 'service_packages.id'),
    )
    .select((eb) => [
      ...PACKAGE_ITEM_COLUMNS,
      'cart_lines.id as line_id',
      'cart_lines.quantity as line_quantity',
      'cart_lines.price_at_add as line_price',
      cartItemCount(eb).as('item_count'),
    ])
    .where('service_packages.id', '=', param('id')),
);

/** An item to add, with the customer's line of it (and the price the line keeps) and the cart's item count. */
export interface ItemInCart {
  item: ShopItem | undefined;
  line: (CartLineRow & { priceAtAdd: number }) | undefined;
  /** The cart's itemCount before the add (0 without a cart). */
  itemCount: number;
}

function inCart(item: ShopItem, row: { line_id: number | null; line_quantity: number | null; line_price: number | null; item_count: number | string | null }): ItemInCart {
  const line = row.line_id === null ? undefined : { id: row.line_id, quantity: toNumber(row.line_quantity), priceAtAdd: toNumber(row.line_price) };
  return { item, line, itemCount: toNumber(row.item_count ?? 0) };
}

/** What changing `ref` in `userId`'s cart needs to know, read in one statement (the item as it is at `at`). */
export async function loadItemInCart(db: Kysely<Database>, userId: number, ref: ItemRef, at: Date): Promise<ItemInCart> {
  if (ref.kind === 'product') {
    const row = await productInCart.first(db, { id: ref.refId, userId });
    return row ? inCart(productItem(row, at), row) : { item: undefined, line: undefined, itemCount: 0 };
  }
  const row = await packageInCart.first(db, { id: ref.refId, userId });
  return row ? inCart(packageItem(row), row) : { item: undefined, line: undefined, itemCount: 0 };
}

/** The products and packages of `refs` as they are at `at` (missing ids are absent from the map). */
export async function loadShopItems(db: Kysely<Database>, refs: readonly ItemRef[], at: Date): Promise<Map<string, ShopItem>> {
  const productIds = [...new Set(refs.filter((ref) => ref.kind === 'product').map((ref) => ref.refId))];
  const packageIds = [...new Set(refs.filter((ref) => ref.kind === 'package').map((ref) => ref.refId))];
  const items = new Map<string, ShopItem>();
  if (productIds.length > 0) {
    const rows = await db
      .selectFrom('products')
      .innerJoin('catalogue_categories', 'catalogue_categories.id', 'products.category_id')
      .select(PRODUCT_ITEM_COLUMNS)
      .where('products.id', 'in', productIds)
      .execute();
    for (const row of rows) items.set(cartLineId('product', row.id), productItem(row, at));
  }
  if (packageIds.length > 0) {
    const rows = await db
      .selectFrom('service_packages')
      .select(PACKAGE_ITEM_COLUMNS)
      .where('service_packages.id', 'in', packageIds)
      .execute();
    for (const row of rows) items.set(cartLineId('package', row.id), packageItem(row));
  }
  return items;
}

/** What is wrong with buying `quantity` of `item` now, given the price the customer saw (null: not checked). */
export function lineIssues(item: ShopItem, quantity: number, referencePrice: number | null): CartLineIssue[] {
  const issues: CartLineIssue[] = [];
  if (!item.available) issues.push('unavailable');
  else if (item.stock !== null && item.stock === 0) issues.push('out_of_stock');
  else if (item.stock !== null && quantity > item.stock) issues.push('insufficient_stock');
  if (referencePrice !== null && referencePrice !== item.price) issues.push('price_changed');
  return issues;
}

export function toCartLine(item: ShopItem, quantity: number, referencePrice: number | null): CartLine {
  return {
    id: itemKey(item),
    kind: item.kind,
    refId: item.refId,
    slug: item.slug,
    name: item.name,
    image: item.image,
    price: item.price,
    // The price the customer saw, for the line's "price changed" notice (old price struck through).
    ...(referencePrice !== null && referencePrice !== item.price ? { previousPrice: referencePrice } : {}),
    quantity,
    stock: item.stock,
    promoGroup: item.promoGroup,
    issues: lineIssues(item, quantity, referencePrice),
  };
}

/** Adds up quantities of repeated items (first occurrence keeps its place). */
export function mergeRepeatedItems<T extends ItemRef & { quantity: number }>(items: readonly T[]): T[] {
  const merged = new Map<string, T>();
  for (const item of items) {
    const key = itemKey(item);
    const existing = merged.get(key);
    merged.set(key, existing ? { ...existing, quantity: existing.quantity + item.quantity } : { ...item });
  }
  return [...merged.values()];
}
