import { sql, type Kysely } from 'kysely';
import { preparedQuery } from '../../db/preparedQuery';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/** Counts a sale on the product if it is still on sale: 1 row changed, else 0. */
const countSaleOnSale = preparedQuery<{ id: number; quantity: number; now: string }>()((db, param) =>
  db
    .updateTable('products')
    .set((eb) => ({ sales_count: eb('sales_count', '+', param('quantity')), updated_at: param('now') }))
    .where('id', '=', param('id'))
    .where('is_active', '=', 1),
);

/** Counts `quantity` sold of a product still on sale, in the checkout's transaction; false when it is off sale now. */
export async function countProductSale(trx: Db, productId: number, quantity: number, nowIso: string): Promise<boolean> {
  const counted = await countSaleOnSale.execute(trx, { id: productId, quantity, now: nowIso });
  return Number(counted.numAffectedRows) > 0;
}

/** Counts again the sale of a reopened order (the product may be off sale since: its sale happened). */
export async function recountProductSale(trx: Db, productId: number, quantity: number, nowIso: string): Promise<void> {
  await trx
    .updateTable('products')
    .set({ sales_count: sql<number>`sales_count + ${quantity}`, updated_at: nowIso })
    .where('id', '=', productId)
    .execute();
}

/** Takes back the sale of a cancelled order (never below 0). */
export async function uncountProductSale(trx: Db, productId: number, quantity: number, nowIso: string): Promise<void> {
  await trx
    .updateTable('products')
    .set({ sales_count: sql<number>`case when sales_count >= ${quantity} then sales_count - ${quantity} else 0 end`, updated_at: nowIso })
    .where('id', '=', productId)
    .execute();
}

/** A product's ratings as its visible reviews add up (reviews' recount). */
export interface ProductRatings {
  count: number;
  sum: number;
  byStars: readonly [number, number, number, number, number];
  withPhotos: number;
}

/** Writes the product's rating columns from its reviews' recount. */
export async function setProductRatings(trx: Db, productId: number, ratings: ProductRatings): Promise<void> {
  const [one, two, three, four, five] = ratings.byStars;
  await trx
    .updateTable('products')
    .set({ rating_count: ratings.count, rating_sum: ratings.sum, rating_1: one, rating_2: two, rating_3: three, rating_4: four, rating_5: five, rating_with_photos: ratings.withPhotos })
    .where('id', '=', productId)
    .execute();
}
