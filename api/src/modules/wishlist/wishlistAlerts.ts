import { sql, type Kysely } from 'kysely';
import { toNumber } from '../../db/portable';
import type { Database } from '../../db/schema';
import type { Clock } from '../../security/clock';
import { effectivePrice } from '../catalogue';
import { backInStockEmail, priceDropEmail, tellWishlistAlert } from '../notifications';
import { onlineStock } from '../stockLocations';

/** The most wishlist rows one run of the alert job looks at. */
export const WISHLIST_ALERT_BATCH = 500;
/** When the alert job runs: every 10 minutes (Vietnam's wall clock; once across instances). */
export const WISHLIST_ALERT_SCHEDULE = '*/10 * * * *';

export interface WishlistAlertOptions {
  /** The site's public origin: the emails link to `${publicUrl}/products/<slug>` and `${publicUrl}/wishlist`. */
  publicUrl: string;
  batch?: number;
  /** After each alert's commit: tells the customer's open pages (announcePending); never throws. */
  announce?: (userId: number) => Promise<void>;
}

/**
 * One run of "báo khi giảm giá" / "báo khi có hàng": the opted-in rows whose product is on sale and
 * - costs less now than the last price the customer was told (or the price when saved) → one alert, and the
 *   price recorded as told;
 * - is back online after it was seen out of stock → one alert, and the time recorded;
 * - is out of stock online and not yet marked so → marked (nothing told): its return will be news.
 * Each alert is told through the notification centre (under the bell, and on the channel the customer chose: the
 * wishlist email when that is email) in the transaction that records it, guarded by the value read
 * (compare-and-set), and its event key names the price (or the return), so two runs (or two instances) never tell
 * one change twice. At most `batch` rows per run. Resolves to the alerts told.
 */
export async function sendWishlistAlerts(db: Kysely<Database>, clock: Clock, options: WishlistAlertOptions): Promise<number> {
  const at = clock.now();
  const now = at.toISOString();
  const stock = onlineStock('products.id');
  // The selling price at `now` (effectivePrice in SQL; the row is checked again with effectivePrice below).
  const priceNow = sql<number>`case when products.sale_price is not null
      and (products.sale_starts_at is null or products.sale_starts_at <= ${now})
      and (products.sale_ends_at is null or products.sale_ends_at > ${now})
    then products.sale_price else products.price end`;
  const rows = await db
    .selectFrom('wishlist_items')
    .innerJoin('products', 'products.id', 'wishlist_items.product_id')
    .innerJoin('users', 'users.id', 'wishlist_items.user_id')
    .select([
      'wishlist_items.user_id',
      'wishlist_items.product_id',
      'wishlist_items.price_when_added',
      'wishlist_items.last_notified_price',
      'wishlist_items.notify_price_drop',
      'wishlist_items.notify_back_in_stock',
      'wishlist_items.seen_out_of_stock',
      'users.full_name',
      'products.slug',
      'products.name',
      'products.price',
      'products.original_price',
      'products.sale_price',
      'products.sale_starts_at',
      'products.sale_ends_at',
      stock.as('stock'),
    ])
    .where('products.is_active', '=', 1)
    .where((eb) =>
      eb.or([
        eb.and([eb('wishlist_items.notify_price_drop', '=', 1), eb(priceNow, '<', sql<number>`coalesce(wishlist_items.last_notified_price, wishlist_items.price_when_added)`)]),
        eb.and([eb('wishlist_items.notify_back_in_stock', '=', 1), eb('wishlist_items.seen_out_of_stock', '=', 0), eb(stock, '<=', 0)]),
        eb.and([eb('wishlist_items.notify_back_in_stock', '=', 1), eb('wishlist_items.seen_out_of_stock', '=', 1), eb(stock, '>', 0)]),
      ]),
    )
    .orderBy('wishlist_items.product_id')
    .orderBy('wishlist_items.user_id')
    .limit(options.batch ?? WISHLIST_ALERT_BATCH)
    .execute();

  let sent = 0;
  const wishlistLink = `${options.publicUrl}/wishlist`;
  for (const row of rows) {
    const key = { user: row.user_id, product: row.product_id };
    const productLink = `${options.publicUrl}/products/${encodeURIComponent(row.slug)}`;
    const facts = { fullName: row.full_name, productName: row.name, productLink, wishlistLink };
    const product = { productId: row.product_id, productName: row.name, slug: row.slug };
    const price = effectivePrice(row, at).price;
    const told = row.last_notified_price === null ? toNumber(row.price_when_added) : toNumber(row.last_notified_price);
    const units = toNumber(row.stock);

    if (toNumber(row.notify_price_drop) === 1 && price < told) {
      const dropped = await db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable('wishlist_items')
          .set({ last_notified_price: price })
          .where('user_id', '=', key.user)
          .where('product_id', '=', key.product)
          .where('notify_price_drop', '=', 1)
          .where(sql<number>`coalesce(last_notified_price, price_when_added)`, '=', told)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1) return 0;
        const subject = { ...product, alert: 'price_drop' as const, oldPrice: told, newPrice: price };
        await tellWishlistAlert(trx, at, key.user, subject, priceDropEmail({ ...facts, oldPrice: told, newPrice: price }));
        return 1;
      });
      if (dropped === 1) {
        sent += 1;
        await options.announce?.(key.user);
      }
    }

    if (toNumber(row.notify_back_in_stock) !== 1) continue;
    const seenOut = toNumber(row.seen_out_of_stock) === 1;
    if (!seenOut && units <= 0) {
      await db.updateTable('wishlist_items').set({ seen_out_of_stock: 1 }).where('user_id', '=', key.user).where('product_id', '=', key.product).execute();
    } else if (seenOut && units > 0) {
      const back = await db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable('wishlist_items')
          .set({ seen_out_of_stock: 0, last_notified_in_stock_at: now })
          .where('user_id', '=', key.user)
          .where('product_id', '=', key.product)
          .where('notify_back_in_stock', '=', 1)
          .where('seen_out_of_stock', '=', 1)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1) return 0;
        await tellWishlistAlert(trx, at, key.user, { ...product, alert: 'back_in_stock', price, at: now }, backInStockEmail({ ...facts, price }));
        return 1;
      });
      if (back === 1) {
        sent += 1;
        await options.announce?.(key.user);
      }
    }
  }
  return sent;
}
