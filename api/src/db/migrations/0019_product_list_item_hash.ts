import { sql, type Kysely } from 'kysely';

/**
 * product_list_items.item_hash: a hash of each item's JSON (catalogueReadModel.ts), so that a cache-missed list's
 * ETag is a hash of its items' hashes (a few hundred bytes) instead of its 17 KB body. Rows written before this
 * column are marked pending: the next list rewrites them with their hash.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('product_list_items')
    .addColumn('item_hash', 'varchar(16)', (column) => column.notNull().defaultTo(sql`''`))
    .execute();
  // (`where true`: SQLite's parser needs a WHERE before an upsert's ON CONFLICT after a SELECT.)
  await sql`insert into product_list_pending (product_id) select product_id from product_list_items where true on conflict (product_id) do nothing`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('product_list_items').dropColumn('item_hash').execute();
}
