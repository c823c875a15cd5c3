import type { ColumnType, Generated, Selectable } from 'kysely';
import type { Instant, NullableInstant } from './instants';

type Counter = ColumnType<number, number | undefined, number>;

/**
 * A product's rating, kept on its row (migration 0042) in the transaction of every review change, over its
 * visible reviews only: the list reads count and sum with the product, nothing more.
 */
export interface ProductRatingColumns {
  rating_count: Counter;
  rating_sum: Counter;
  rating_1: Counter;
  rating_2: Counter;
  rating_3: Counter;
  rating_4: Counter;
  rating_5: Counter;
  /** Visible reviews with at least one photo. */
  rating_with_photos: Counter;
}

/** A verified buyer's review of one order line (one per line), with the shop's reply and its moderation. */
export interface ProductReviewsTable {
  id: Generated<number>;
  order_line_id: number;
  product_id: number;
  user_id: number;
  rating: number;
  text: string;
  photo_count: Counter;
  helpful_count: Counter;
  report_count: Counter;
  hidden: Counter;
  hidden_reason: string | null;
  hidden_by: number | null;
  hidden_at: NullableInstant;
  reply_text: string | null;
  reply_by: number | null;
  reply_created_at: NullableInstant;
  reply_updated_at: NullableInstant;
  created_at: Instant;
  updated_at: Instant;
  edited_at: NullableInstant;
}

export interface ProductReviewPhotosTable {
  id: Generated<number>;
  review_id: number;
  /** The stored WebP's name in the uploaded product images' folder. */
  file: string;
  width: number;
  height: number;
  created_at: Instant;
}

export interface ProductReviewVotesTable {
  review_id: number;
  user_id: number;
  created_at: Instant;
}

export interface ProductReviewReportsTable {
  review_id: number;
  user_id: number;
  reason: string;
  note: string | null;
  created_at: Instant;
}

/** The moderation's audit: who hid, unhid or replied to which review, when and why (kept after a deletion). */
export interface ProductReviewModerationEventsTable {
  id: Generated<number>;
  review_id: number;
  product_id: number;
  action: 'hide' | 'unhide' | 'reply';
  actor_user_id: number;
  reason: string | null;
  created_at: Instant;
}

/** The tables of the product reviews (issue 48); filled in by migration 0042_product_reviews. */
export interface ProductReviewTables {
  product_reviews: ProductReviewsTable;
  product_review_photos: ProductReviewPhotosTable;
  product_review_votes: ProductReviewVotesTable;
  product_review_reports: ProductReviewReportsTable;
  product_review_moderation_events: ProductReviewModerationEventsTable;
}

export type ProductReviewRow = Selectable<ProductReviewsTable>;
