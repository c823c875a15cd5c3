import { sql, type Kysely } from 'kysely';
import { addTimestampColumn, dialectOf } from '../portable';

/**
 * The catalogue list's read model (issue 23 §3): GET /api/products past its cache is one indexed query over
 * `product_list_items` (one row per active product: the ProductSummary as ready JSON text, and the keys the list
 * filters and sorts on), the page's items concatenated by the database itself.
 *
 * It is never read stale: every insert, update or delete of a product, and every update of a category or brand,
 * marks the products concerned in `product_list_pending` by trigger, in the writer's own transaction (whichever
 * code writes: the catalogue, orders, stock movements, the seed, a script). A list that finds a product pending
 * first brings its rows up to date (catalogueReadModel.ts, which writes the JSON with the list's own mapping), so
 * the next list after a change shows it. On PostgreSQL the trigger's insert takes the pending row's lock (ON
 * CONFLICT DO UPDATE), so a refresh that skips locked rows never clears the mark of a write still in flight.
 *
 * No foreign key to products: a refresh never waits on a product's row lock. The rows start pending here (an
 * existing database's first list builds them).
 */
/** The tables whose update marks their products, and the products' column that names them. */
const NAMING_TABLES = [
  ['catalogue_categories', 'category_id'],
  ['catalogue_brands', 'brand_id'],
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);

  let items = db.schema
    .createTable('product_list_items')
    .addColumn('product_id', 'integer', (col) => col.primaryKey())
    .addColumn('category_slug', 'varchar(80)', (col) => col.notNull())
    .addColumn('brand_slug', 'varchar(80)', (col) => col.notNull())
    .addColumn('price', 'integer', (col) => col.notNull())
    .addColumn('stock', 'integer', (col) => col.notNull())
    .addColumn('sales_count', 'integer', (col) => col.notNull())
    .addColumn('models_search', 'text', (col) => col.notNull());
  items = addTimestampColumn(items, 'created_at', dialect)
    // The ProductSummary JSON, exactly as the list answers it.
    .addColumn('item', 'text', (col) => col.notNull())
    // The catalogue images' versions the item's image URL was written with (catalogueReadModel.ts).
    .addColumn('assets', 'varchar(32)', (col) => col.notNull());
  await items.execute();
  // The list's orders (popular, price, newest, each ending on the id) and its category and brand filters.
  const indexes: [string, string[]][] = [
    ['product_list_items_sales_idx', ['sales_count desc', 'product_id']],
    ['product_list_items_price_idx', ['price', 'sales_count desc', 'product_id']],
    ['product_list_items_created_idx', ['created_at desc', 'product_id']],
    ['product_list_items_category_idx', ['category_slug', 'sales_count desc', 'product_id']],
    ['product_list_items_brand_idx', ['brand_slug', 'sales_count desc', 'product_id']],
  ];
  for (const [name, columns] of indexes) await db.schema.createIndex(name).on('product_list_items').columns(columns).execute();

  await db.schema.createTable('product_list_pending').addColumn('product_id', 'integer', (col) => col.primaryKey()).execute();

  if (dialect === 'postgres') {
    await sql`
      create function product_list_mark_product() returns trigger language plpgsql as $$
      begin
        if tg_op = 'DELETE' then
          insert into product_list_pending (product_id) values (old.id)
            on conflict (product_id) do update set product_id = excluded.product_id;
          return old;
        end if;
        insert into product_list_pending (product_id) values (new.id)
          on conflict (product_id) do update set product_id = excluded.product_id;
        return new;
      end
      $$`.execute(db);
    // A category's or brand's products, by the column that names it (the trigger's argument).
    await sql`
      create function product_list_mark_products_of() returns trigger language plpgsql as $$
      begin
        execute format('insert into product_list_pending (product_id) select id from products where %I = $1 order by id
          on conflict (product_id) do update set product_id = excluded.product_id', tg_argv[0]) using new.id;
        return new;
      end
      $$`.execute(db);
    await sql`create trigger products_list_pending after insert or update or delete on products for each row execute function product_list_mark_product()`.execute(db);
    for (const [table, column] of NAMING_TABLES) {
      await sql`create trigger ${sql.raw(`${table}_list_pending`)} after update on ${sql.table(table)}
        for each row execute function product_list_mark_products_of(${sql.raw(column)})`.execute(db);
    }
  } else {
    // `where not exists` rather than INSERT OR IGNORE: the statement that fires a trigger imposes its own conflict
    // policy on the trigger's statements.
    const mark = (id: string) =>
      sql.raw(`insert into product_list_pending (product_id) select ${id} where not exists (select 1 from product_list_pending where product_id = ${id});`);
    await sql`create trigger products_list_pending_insert after insert on products begin ${mark('new.id')} end`.execute(db);
    await sql`create trigger products_list_pending_update after update on products begin ${mark('new.id')} end`.execute(db);
    await sql`create trigger products_list_pending_delete after delete on products begin ${mark('old.id')} end`.execute(db);
    for (const [table, column] of NAMING_TABLES) {
      await sql`create trigger ${sql.raw(`${table}_list_pending`)} after update on ${sql.table(table)} begin
        insert into product_list_pending (product_id) select id from products
          where ${sql.ref(column)} = new.id and not exists (select 1 from product_list_pending where product_id = products.id);
      end`.execute(db);
    }
  }

  await db.insertInto('product_list_pending').columns(['product_id']).expression(db.selectFrom('products').select('id')).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`drop trigger if exists products_list_pending on products`.execute(db);
    await sql`drop trigger if exists catalogue_categories_list_pending on catalogue_categories`.execute(db);
    await sql`drop trigger if exists catalogue_brands_list_pending on catalogue_brands`.execute(db);
    await sql`drop function if exists product_list_mark_product()`.execute(db);
    await sql`drop function if exists product_list_mark_products_of()`.execute(db);
  } else {
    for (const name of [
      'products_list_pending_insert',
      'products_list_pending_update',
      'products_list_pending_delete',
      'catalogue_categories_list_pending',
      'catalogue_brands_list_pending',
    ]) {
      await sql`drop trigger if exists ${sql.raw(name)}`.execute(db);
    }
  }
  await db.schema.dropTable('product_list_pending').ifExists().execute();
  await db.schema.dropTable('product_list_items').ifExists().execute();
}
