import type { Kysely } from 'kysely';
import type { Database } from '../src/db/schema';

const DAY_MS = 86_400_000;

/** The demo customer's wishlist ("Yêu thích"): parts of the seeded catalogue, by SKU. */
export const DEMO_WISHLIST = [
  // Saved when it cost 300.000 ₫ more, "báo khi giảm giá" on: the wishlist job emails the drop once.
  { sku: 'BAT-LI-6030', daysAgo: 2, notifyPriceDrop: true, notifyBackInStock: false, priceAbove: 300_000 },
  // "báo khi có hàng" on: the job emails if it sells out online and comes back. The demo takes no stock away (the
  // shop's other demo journeys buy from the whole catalogue).
  { sku: 'MOT-DB-MIDDRIVE', daysAgo: 5, notifyPriceDrop: false, notifyBackInStock: true, priceAbove: 0 },
  { sku: 'CHG-VF-WALL-74', daysAgo: 9, notifyPriceDrop: false, notifyBackInStock: false, priceAbove: 0 },
  { sku: 'TL-FLUKE-117', daysAgo: 14, notifyPriceDrop: true, notifyBackInStock: false, priceAbove: 0 },
] as const;

/** Seeds the demo customer's wishlist (insert-only, idempotent: a saved row is left as it is); resolves to its row count. */
export async function seedDemoWishlist(db: Kysely<Database>, customerEmail: string, now: Date = new Date()): Promise<number> {
  const customer = await db.selectFrom('users').select('id').where('email', '=', customerEmail).executeTakeFirst();
  if (!customer) return 0;
  const products = await db
    .selectFrom('products')
    .select(['id', 'sku', 'price'])
    .where('sku', 'in', DEMO_WISHLIST.map((entry) => entry.sku))
    .where('is_active', '=', 1)
    .execute();
  const bySku = new Map(products.map((product) => [product.sku, product]));
  for (const entry of DEMO_WISHLIST) {
    const product = bySku.get(entry.sku);
    if (!product) continue;
    await db
      .insertInto('wishlist_items')
      .values({
        user_id: customer.id,
        product_id: product.id,
        price_when_added: Number(product.price) + entry.priceAbove,
        notify_price_drop: entry.notifyPriceDrop ? 1 : 0,
        notify_back_in_stock: entry.notifyBackInStock ? 1 : 0,
        seen_out_of_stock: 0,
        added_at: new Date(now.getTime() - entry.daysAgo * DAY_MS).toISOString(),
      })
      .onConflict((conflict) => conflict.columns(['user_id', 'product_id']).doNothing())
      .execute();
  }
  const row = await db.selectFrom('wishlist_items').select((eb) => eb.fn.countAll<string | number>().as('count')).where('user_id', '=', customer.id).executeTakeFirstOrThrow();
  return Number(row.count);
}
