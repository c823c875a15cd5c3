import { sql, type Kysely } from 'kysely';
import { setProductRatings } from '../../catalogueAdmin';
import type { ProductRatingSummary } from 'shared-contracts/schemas';
import { toNumber } from '../../../db/portable';
import type { Database } from '../../../db/schema';
import { lockForUpdate } from '../../../db/sqlDialect';

/** The product's rating columns as the products row keeps them. */
export interface RatingColumns {
  rating_count: number | string;
  rating_sum: number | string;
  rating_1: number | string;
  rating_2: number | string;
  rating_3: number | string;
  rating_4: number | string;
  rating_5: number | string;
  rating_with_photos: number | string;
}

export const RATING_COLUMNS = [
  'products.rating_count',
  'products.rating_sum',
  'products.rating_1',
  'products.rating_2',
  'products.rating_3',
  'products.rating_4',
  'products.rating_5',
  'products.rating_with_photos',
] as const;

/** An average to one decimal (the catalogue's card rounds the same way), null with nothing to average. */
export function averageOf(count: number, sum: number): number | null {
  return count > 0 ? Math.round((sum * 10) / count) / 10 : null;
}

export function toRatingSummary(row: RatingColumns): ProductRatingSummary {
  const count = toNumber(row.rating_count);
  return {
    average: averageOf(count, toNumber(row.rating_sum)),
    count,
    distribution: [toNumber(row.rating_1), toNumber(row.rating_2), toNumber(row.rating_3), toNumber(row.rating_4), toNumber(row.rating_5)],
    withPhotos: toNumber(row.rating_with_photos),
  };
}

/**
 * Takes the product's row lock (PostgreSQL; SQLite runs one transaction at a time): every review change of a
 * product runs after the previous one committed, so `refreshProductRating` counts what the others wrote.
 */
export async function lockProduct(trx: Kysely<Database>, productId: number): Promise<void> {
  await lockForUpdate(trx, trx.selectFrom('products').select('id').where('id', '=', productId)).execute();
}

/**
 * Counts the product's visible reviews again and writes the figures on its row, in the caller's transaction
 * (after lockProduct): exact by construction, whatever changed. The row's update marks the product for the
 * catalogue list's read model (its trigger).
 */
export async function refreshProductRating(trx: Kysely<Database>, productId: number): Promise<void> {
  const star = (n: number) => sql<number>`sum(case when rating = ${sql.lit(n)} then 1 else 0 end)`;
  const row = await trx
    .selectFrom('product_reviews')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('count'),
      eb.fn.sum<number | string | null>('rating').as('sum'),
      star(1).as('s1'),
      star(2).as('s2'),
      star(3).as('s3'),
      star(4).as('s4'),
      star(5).as('s5'),
      sql<number>`sum(case when photo_count > 0 then 1 else 0 end)`.as('photos'),
    ])
    .where('product_id', '=', productId)
    .where('hidden', '=', 0)
    .executeTakeFirstOrThrow();
  await setProductRatings(trx, productId, {
    count: toNumber(row.count),
    sum: toNumber(row.sum),
    byStars: [toNumber(row.s1), toNumber(row.s2), toNumber(row.s3), toNumber(row.s4), toNumber(row.s5)],
    withPhotos: toNumber(row.photos),
  });
}

/** The public name of an author: given name (the last word of a Vietnamese full name) and the family name's initial. */
export function authorNameOf(fullName: string): string {
  const words = fullName.trim().split(/\s+/u).filter(Boolean);
  if (words.length === 0) return 'Khách hàng';
  if (words.length === 1) return words[0]!;
  return `${words[words.length - 1]} ${Array.from(words[0]!)[0]!.toLocaleUpperCase('vi-VN')}.`;
}
