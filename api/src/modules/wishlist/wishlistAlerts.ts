import { sql, type Kysely } from 'kysely';
import { formatVndPlain } from 'shared-contracts/schemas';
import { toNumber } from '../../db/portable';
import type { Database } from '../../db/schema';
import type { Clock } from '../../security/clock';
import { effectivePrice } from '../catalogue';
import { enqueueEmail, type NotifyInput } from '../notifications';
import { onlineStock } from '../stockLocations';
import { backInStockEmail, priceDropEmail } from './wishlistEmails';

/** The most wishlist rows one run of the alert job looks at. */
export const WISHLIST_ALERT_BATCH = 500;
/** When the alert job runs: every 10 minutes (Vietnam's wall clock; once across instances). */
export const WISHLIST_ALERT_SCHEDULE = '*/10 * * * *';

export interface WishlistAlertOptions {
  /** The site's public origin: the emails link to `${publicUrl}/products/<slug>` and `${publicUrl}/wishlist`. */
  publicUrl: string;
  batch?: number;
  /** Also puts each alert under the customer's bell (after its email was enqueued); never throws. */
  notify?: (input: NotifyInput) => Promise<void>;
}

/**
 * One run of "báo khi giảm giá" / "báo khi có hàng": the opted-in rows whose product is on sale and
 * - costs less now than the last price the customer was told (or the price when saved) → one email, and the
 *   price recorded as told;
 * - is back online after it was seen out of stock → one email, and the time recorded;
 * - is out of stock online and not yet marked so → marked (no email): its return will be news.
 * Each email is enqueued in the transaction that records it, guarded by the value read (compare-and-set), so two
 * runs (or two instances) never send one change twice. At most `batch` rows per run. Resolves to the emails sent.
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
      'users.email',
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
        await enqueueEmail(trx, clock, row.email, priceDropEmail({ ...facts, oldPrice: told, newPrice: price }));
        return 1;
      });
      if (dropped === 1) {
        sent += 1;
        await options.notify?.({
          userId: key.user,
          kind: 'price_drop',
          title: `Giảm giá: ${row.name}`,
          body: `Sản phẩm trong danh sách yêu thích của bạn còn ${formatVndPlain(price)} (trước ${formatVndPlain(told)}).`,
          link: `/products/${encodeURIComponent(row.slug)}`,
          eventKey: `wishlist:${key.product}:price:${price}`,
        });
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
        await enqueueEmail(trx, clock, row.email, backInStockEmail({ ...facts, price }));
        return 1;
      });
      if (back === 1) {
        sent += 1;
        await options.notify?.({
          userId: key.user,
          kind: 'back_in_stock',
          title: `Đã có hàng: ${row.name}`,
          body: `Sản phẩm trong danh sách yêu thích của bạn đã có hàng trở lại, giá ${formatVndPlain(price)}.`,
          link: `/products/${encodeURIComponent(row.slug)}`,
          eventKey: `wishlist:${key.product}:in-stock:${now}`,
        });
      }
    }
  }
  return sent;
}
