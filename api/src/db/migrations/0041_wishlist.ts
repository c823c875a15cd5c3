import { sql, type Kysely } from 'kysely';
import { addTimestampColumn, dialectOf } from '../portable';

/**
 * The wishlist (issue 48 §4): wishlist_items, one row per (customer, product); newest first per customer.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  let table = db.schema
    .createTable('wishlist_items')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id').onDelete('cascade'))
    .addColumn('price_when_added', 'integer', (col) => col.notNull())
    .addColumn('notify_price_drop', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('notify_back_in_stock', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('last_notified_price', 'integer')
    .addColumn('seen_out_of_stock', 'integer', (col) => col.notNull().defaultTo(0));
  table = addTimestampColumn(table, 'added_at', dialect, { defaultNow: true });
  table = addTimestampColumn(table, 'last_notified_in_stock_at', dialect, { nullable: true });
  await table
    .addPrimaryKeyConstraint('wishlist_items_pk', ['user_id', 'product_id'])
    .addCheckConstraint('wishlist_items_flags', sql`notify_price_drop in (0, 1) and notify_back_in_stock in (0, 1) and seen_out_of_stock in (0, 1)`)
    .execute();
  await db.schema.createIndex('wishlist_items_user_added_idx').on('wishlist_items').columns(['user_id', 'added_at']).execute();
  // The product's savers (its deletion's cascade; the notification job's join).
  await db.schema.createIndex('wishlist_items_product_idx').on('wishlist_items').columns(['product_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('wishlist_items').ifExists().execute();
}
