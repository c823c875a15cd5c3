import { sql, type Kysely } from 'kysely';

/**
 * product_list_items.price_changes_at: the next sale-window bound of the product after its row was written (epoch
 * milliseconds; null: none to come). A list treats a row whose bound has passed as pending (catalogueReadModel.ts),
 * so the list never serves a price the window no longer gives. Every row is marked pending: rewritten with it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('product_list_items').addColumn('price_changes_at', 'bigint').execute();
  await db.schema.createIndex('product_list_items_price_changes_at_idx').on('product_list_items').column('price_changes_at').execute();
  // (`where true`: SQLite's parser needs a WHERE before an upsert's ON CONFLICT after a SELECT.)
  await sql`insert into product_list_pending (product_id) select product_id from product_list_items where true on conflict (product_id) do nothing`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('product_list_items_price_changes_at_idx').execute();
  await db.schema.alterTable('product_list_items').dropColumn('price_changes_at').execute();
}
