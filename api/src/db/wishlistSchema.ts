import type { ColumnType, Selectable } from 'kysely';
import type { Instant, NullableInstant } from './instants';

/**
 * A product a customer keeps for later (migration 0041), one row per (user, product), with the opt-ins of
 * "báo khi giảm giá" / "báo khi có hàng" and what the wishlist job last told the customer about it.
 */
export interface WishlistItemsTable {
  user_id: number;
  product_id: number;
  /** The selling price (integer VND) when the customer first saved it. */
  price_when_added: number;
  notify_price_drop: ColumnType<number, number | undefined, number>;
  notify_back_in_stock: ColumnType<number, number | undefined, number>;
  added_at: Instant;
  /** The price of the last "giảm giá" email (null: none yet, the reference is price_when_added). */
  last_notified_price: ColumnType<number | null, number | null | undefined, number | null>;
  last_notified_in_stock_at: NullableInstant;
  /** 1 when the product was seen out of stock online since the last "có hàng" email: its return is news. */
  seen_out_of_stock: ColumnType<number, number | undefined, number>;
}

export interface WishlistTables {
  wishlist_items: WishlistItemsTable;
}

export type WishlistItemRow = Selectable<WishlistItemsTable>;
