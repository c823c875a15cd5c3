import { sql, type Kysely } from 'kysely';
import { addIdColumn, addTimestampColumn, dialectOf } from '../portable';

/**
 * The admin's catalogue of products (issue 34, shop-operations.md §2): what a product needs besides the seed's
 * columns, its old slugs, and the history of every change.
 *
 * - `products.status` draft / published / archived; `is_active` stays the shop's switch every public read uses
 *   (1 exactly when published), so the list's read model, search, cart and checkout keep their queries.
 * - `products.version`: a save carries the version it was edited from (a stale one changes nothing).
 * - VAT rate, unit, weight, a sale price with its window (compare-at is the existing `original_price`).
 * - `product_slug_redirects`: a renamed product's old slugs, answered with a permanent redirect.
 * - `catalogue_changes`: who changed which field of which item, when, before → after (JSON text).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  const timestampType = dialect === 'postgres' ? 'timestamptz' : 'text';
  const columns: [string, string, (col: any) => any][] = [
    ['status', 'varchar(20)', (col) => col.notNull().defaultTo('published')],
    ['version', 'integer', (col) => col.notNull().defaultTo(1)],
    ['vat_rate', 'integer', (col) => col.notNull().defaultTo(10)],
    ['unit', 'varchar(20)', (col) => col.notNull().defaultTo('cái')],
    ['weight_grams', 'integer', (col) => col],
    ['sale_price', 'integer', (col) => col],
    ['sale_starts_at', timestampType, (col) => col],
    ['sale_ends_at', timestampType, (col) => col],
  ];
  for (const [name, type, build] of columns) {
    await db.schema.alterTable('products').addColumn(name, sql.raw(type), build).execute();
  }
  await db.updateTable('products').set({ status: 'archived' }).where('is_active', '=', 0).execute();
  await db.schema.createIndex('products_status_idx').on('products').columns(['status', 'id']).execute();

  await db.schema
    .createTable('product_slug_redirects')
    .addColumn('slug', 'varchar(160)', (col) => col.primaryKey())
    .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id').onDelete('cascade'))
    .execute();

  let changes = addIdColumn(db.schema.createTable('catalogue_changes'), dialect)
    .addColumn('entity', 'varchar(20)', (col) => col.notNull())
    .addColumn('entity_id', 'integer', (col) => col.notNull())
    // The item's version this change made.
    .addColumn('version', 'integer', (col) => col.notNull())
    .addColumn('field', 'varchar(40)', (col) => col.notNull())
    .addColumn('before_value', 'text')
    .addColumn('after_value', 'text')
    .addColumn('actor_id', 'integer', (col) => col.references('users.id').onDelete('set null'));
  changes = addTimestampColumn(changes, 'changed_at', dialect, { defaultNow: true });
  await changes.execute();
  await db.schema.createIndex('catalogue_changes_entity_idx').on('catalogue_changes').columns(['entity', 'entity_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('catalogue_changes').ifExists().execute();
  await db.schema.dropTable('product_slug_redirects').ifExists().execute();
  await db.schema.dropIndex('products_status_idx').ifExists().execute();
  for (const name of ['sale_ends_at', 'sale_starts_at', 'sale_price', 'weight_grams', 'unit', 'vat_rate', 'version', 'status']) {
    await db.schema.alterTable('products').dropColumn(name).execute();
  }
}
