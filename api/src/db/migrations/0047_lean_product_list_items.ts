import { sql, type Kysely } from 'kysely';

/**
 * The list's items carry what a product card shows (issue 47 §2): the SKU, units sold, compatible models and the
 * creation instant moved to the product's detail. Every row is marked pending: the next list rewrites it lean.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // (`where true`: SQLite's parser needs a WHERE before an upsert's ON CONFLICT after a SELECT.)
  await sql`insert into product_list_pending (product_id) select product_id from product_list_items where true on conflict (product_id) do nothing`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`insert into product_list_pending (product_id) select product_id from product_list_items where true on conflict (product_id) do nothing`.execute(db);
}
