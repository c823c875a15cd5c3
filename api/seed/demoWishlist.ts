import type { Kysely } from 'kysely';
import type { Database } from '../src/db/schema';
import { setWarehouseStock } from '../src/modules/stockLocations';

const DAY_MS = 86_400_000;

/** The demo customer's wishlist ("Yêu thích"): parts of the seeded catalogue, by SKU. */
export const DEMO_WISHLIST = [
  // Saved when it cost 300.000 ₫ more, "báo khi giảm giá" on: the wishlist job emails the drop once.
  { sku: 'BAT-LI-6030', daysAgo: 2, notifyPriceDrop: true, notifyBackInStock: false, priceAbove: 300_000, soldOut: false },
  // Sold out online, "báo khi có hàng" on: the job emails when the warehouse has it again.
  { sku: 'MOT-DB-MIDDRIVE', daysAgo: 5, notifyPriceDrop: false, notifyBackInStock: true, priceAbove: 0, soldOut: true },
  { sku: 'CHG-VF-WALL-74', daysAgo: 9, notifyPriceDrop: false, notifyBackInStock: false, priceAbove: 0, soldOut: false },
  { sku: 'TL-FLUKE-117', daysAgo: 14, notifyPriceDrop: true, notifyBackInStock: false, priceAbove: 0, soldOut: false },
] as const;

/**
 * Seeds the demo customer's wishlist (insert-only, idempotent: a saved row is left as it is). A sold-out item's
 * online stock is set to 0 (a stock count, through the ledger) only when its row is first written, so a restart
 * never takes stock the operator has since put back. Resolves to the customer's wishlist rows.
 */
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
    const inserted = await db
      .insertInto('wishlist_items')
      .values({
        user_id: customer.id,
        product_id: product.id,
        price_when_added: Number(product.price) + entry.priceAbove,
        notify_price_drop: entry.notifyPriceDrop ? 1 : 0,
        notify_back_in_stock: entry.notifyBackInStock ? 1 : 0,
        seen_out_of_stock: entry.soldOut ? 1 : 0,
        added_at: new Date(now.getTime() - entry.daysAgo * DAY_MS).toISOString(),
      })
      .onConflict((conflict) => conflict.columns(['user_id', 'product_id']).doNothing())
      .returning('product_id')
      .executeTakeFirst();
    if (inserted && entry.soldOut) await setWarehouseStock(db, product.id, 0);
  }
  const row = await db.selectFrom('wishlist_items').select((eb) => eb.fn.countAll<string | number>().as('count')).where('user_id', '=', customer.id).executeTakeFirstOrThrow();
  return Number(row.count);
}
