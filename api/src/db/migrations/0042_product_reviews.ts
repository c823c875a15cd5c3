import { sql, type Kysely } from 'kysely';
import { addIdColumn, addTimestampColumn, dialectOf } from '../portable';

const RATING_COLUMNS = ['rating_count', 'rating_sum', 'rating_1', 'rating_2', 'rating_3', 'rating_4', 'rating_5', 'rating_with_photos'] as const;

/**
 * The product reviews (issue 48 §1, §3): product_reviews (one per order line: the unique order_line_id is what
 * makes concurrent posts of one line give one review), their photos, "Hữu ích" votes and reports (one per account
 * and review: primary keys), the moderation's audit, and each product's rating kept on its row (visible reviews).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  for (const column of RATING_COLUMNS) {
    await db.schema.alterTable('products').addColumn(column, 'integer', (col) => col.notNull().defaultTo(0)).execute();
  }

  let reviews = addIdColumn(db.schema.createTable('product_reviews'), dialect)
    .addColumn('order_line_id', 'integer', (col) => col.notNull().unique().references('order_lines.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('rating', 'integer', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('photo_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('helpful_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('report_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('hidden', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('hidden_reason', 'text')
    .addColumn('hidden_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('reply_text', 'text')
    .addColumn('reply_by', 'integer', (col) => col.references('users.id').onDelete('set null'));
  reviews = addTimestampColumn(reviews, 'hidden_at', dialect, { nullable: true });
  reviews = addTimestampColumn(reviews, 'reply_created_at', dialect, { nullable: true });
  reviews = addTimestampColumn(reviews, 'reply_updated_at', dialect, { nullable: true });
  reviews = addTimestampColumn(reviews, 'created_at', dialect);
  reviews = addTimestampColumn(reviews, 'updated_at', dialect);
  reviews = addTimestampColumn(reviews, 'edited_at', dialect, { nullable: true });
  await reviews
    .addCheckConstraint('product_reviews_rating', sql`rating between 1 and 5`)
    .addCheckConstraint('product_reviews_counts', sql`photo_count between 0 and 4 and helpful_count >= 0 and report_count >= 0 and hidden in (0, 1)`)
    .execute();
  // A product's page (newest first; the other sorts read the product's few hundred rows), the queue, "mine".
  await db.schema.createIndex('product_reviews_product_idx').on('product_reviews').columns(['product_id', 'hidden', 'created_at', 'id']).execute();
  await db.schema.createIndex('product_reviews_user_idx').on('product_reviews').columns(['user_id']).execute();
  await db.schema.createIndex('product_reviews_queue_idx').on('product_reviews').columns(['hidden', 'report_count', 'created_at']).execute();

  let photos = addIdColumn(db.schema.createTable('product_review_photos'), dialect)
    .addColumn('review_id', 'integer', (col) => col.notNull().references('product_reviews.id').onDelete('cascade'))
    .addColumn('file', 'text', (col) => col.notNull())
    .addColumn('width', 'integer', (col) => col.notNull())
    .addColumn('height', 'integer', (col) => col.notNull());
  photos = addTimestampColumn(photos, 'created_at', dialect);
  await photos.execute();
  await db.schema.createIndex('product_review_photos_review_idx').on('product_review_photos').columns(['review_id', 'id']).execute();

  let votes = db.schema
    .createTable('product_review_votes')
    .addColumn('review_id', 'integer', (col) => col.notNull().references('product_reviews.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'));
  votes = addTimestampColumn(votes, 'created_at', dialect);
  await votes.addPrimaryKeyConstraint('product_review_votes_pk', ['review_id', 'user_id']).execute();
  await db.schema.createIndex('product_review_votes_user_idx').on('product_review_votes').columns(['user_id']).execute();

  let reports = db.schema
    .createTable('product_review_reports')
    .addColumn('review_id', 'integer', (col) => col.notNull().references('product_reviews.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('note', 'text');
  reports = addTimestampColumn(reports, 'created_at', dialect);
  await reports.addPrimaryKeyConstraint('product_review_reports_pk', ['review_id', 'user_id']).execute();
  await db.schema.createIndex('product_review_reports_user_idx').on('product_review_reports').columns(['user_id']).execute();

  // The audit outlives the review (no foreign key to it): who hid what, and why, stays on record.
  let events = addIdColumn(db.schema.createTable('product_review_moderation_events'), dialect)
    .addColumn('review_id', 'integer', (col) => col.notNull())
    .addColumn('product_id', 'integer', (col) => col.notNull())
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('actor_user_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('reason', 'text');
  events = addTimestampColumn(events, 'created_at', dialect);
  await events.addCheckConstraint('product_review_moderation_events_action', sql`action in ('hide', 'unhide', 'reply')`).execute();
  await db.schema.createIndex('product_review_moderation_events_review_idx').on('product_review_moderation_events').columns(['review_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['product_review_moderation_events', 'product_review_reports', 'product_review_votes', 'product_review_photos', 'product_reviews']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  for (const column of RATING_COLUMNS) await db.schema.alterTable('products').dropColumn(column).execute();
}
