import { sql, type Kysely } from 'kysely';

/**
 * The product list's version (catalogueReadModel.ts, docs/decisions/0058-product-list-mirrored-in-each-process.md):
 * `product_list_version` holds one counter that every refresh of `product_list_items` moves in its own transaction,
 * and each row keeps the version that wrote it (`written_version`), so that a process's copy of the list reads only
 * the rows written since its own version.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('product_list_version')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('version', 'bigint', (col) => col.notNull())
    .execute();
  await sql`insert into product_list_version (id, version) values (1, 1)`.execute(db);
  await db.schema.alterTable('product_list_items').addColumn('written_version', 'bigint', (col) => col.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('product_list_items').dropColumn('written_version').execute();
  await db.schema.dropTable('product_list_version').execute();
}
