import type { Kysely } from 'kysely';

/**
 * The admin's promotions, categories and brands (issue 34, shop-operations.md §2):
 *
 * - `promotions.version`: a save carries the version it was edited from (a stale one changes nothing). Pausing is
 *   the existing `is_active` switch, which checkout already refuses with its "tạm ngưng" message.
 * - `catalogue_categories.parent_id` (two levels: a parent and its children), `is_active` (a category with
 *   products is deactivated, never deleted) and `version`.
 * - `catalogue_brands.is_active` and `version`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('promotions').addColumn('version', 'integer', (col) => col.notNull().defaultTo(1)).execute();
  await db.schema
    .alterTable('catalogue_categories')
    .addColumn('parent_id', 'integer', (col) => col.references('catalogue_categories.id').onDelete('restrict'))
    .execute();
  for (const table of ['catalogue_categories', 'catalogue_brands']) {
    await db.schema.alterTable(table).addColumn('is_active', 'integer', (col) => col.notNull().defaultTo(1)).execute();
    await db.schema.alterTable(table).addColumn('version', 'integer', (col) => col.notNull().defaultTo(1)).execute();
  }
  await db.schema.createIndex('catalogue_categories_parent_idx').on('catalogue_categories').column('parent_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('catalogue_categories_parent_idx').ifExists().execute();
  for (const table of ['catalogue_brands', 'catalogue_categories']) {
    await db.schema.alterTable(table).dropColumn('version').execute();
    await db.schema.alterTable(table).dropColumn('is_active').execute();
  }
  await db.schema.alterTable('catalogue_categories').dropColumn('parent_id').execute();
  await db.schema.alterTable('promotions').dropColumn('version').execute();
}
