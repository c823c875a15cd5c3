import type { Kysely } from 'kysely';

/**
 * The admin's product list (newest change first, a page at a time): an index in its order, so a page is the
 * index's first rows past the filters instead of a sort of the whole catalogue.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('products_updated_idx').on('products').columns(['updated_at', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('products_updated_idx').ifExists().execute();
}
