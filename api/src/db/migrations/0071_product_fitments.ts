import { sql, type Kysely } from 'kysely';
import { foldVietnamese } from 'shared-contracts/schemas';
import { addIdColumn, addTimestampColumn, dialectOf } from '../portable';

/**
 * Fitment (issue 66 §2): which vehicle models a product fits.
 * - product_fitments: product × vehicle model (0070), an optional year range (null bounds open), position
 *   (FRONT | REAR | LEFT | RIGHT | null) and the quantity a vehicle takes; one row per (product, model, position)
 *   (a unique index over coalesce(position, ''), since NULLs are distinct in a plain UNIQUE);
 * - product_list_items.fitments: the product's rows as the list's read model carries them ('modelId:from:to;…'),
 *   so each process's copy of the list (productListMirror.ts) tells fit without a query; a write to a product's
 *   rows marks the product pending by trigger, as a write to the product does (0017);
 * - products.compatible_models (free-text names) is migrated: every name that is a model's label (brand model
 *   variant; accents, case and spaces ignored) becomes a row with open years, and only the names no model matched
 *   stay in the column, for the admin to map (the back office shows them). models_search keeps every name.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  let table = addIdColumn(db.schema.createTable('product_fitments'), dialect)
    .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id').onDelete('cascade'))
    .addColumn('model_id', 'integer', (col) => col.notNull().references('vehicle_models.id'))
    .addColumn('year_from', 'integer')
    .addColumn('year_to', 'integer')
    .addColumn('position', 'varchar(10)')
    .addColumn('quantity_per_vehicle', 'integer', (col) => col.notNull().defaultTo(1));
  table = addTimestampColumn(table, 'created_at', dialect, { defaultNow: true })
    .addCheckConstraint('product_fitments_position_known', sql`position is null or position in ('FRONT', 'REAR', 'LEFT', 'RIGHT')`)
    .addCheckConstraint('product_fitments_years', sql`year_from is null or year_to is null or year_from <= year_to`)
    .addCheckConstraint('product_fitments_quantity_positive', sql`quantity_per_vehicle between 1 and 99`);
  await table.execute();
  await sql`create unique index product_fitments_key on product_fitments (product_id, model_id, coalesce(position, ''))`.execute(db);
  await db.schema.createIndex('product_fitments_model_idx').on('product_fitments').columns(['model_id', 'product_id']).execute();

  await db.schema.alterTable('product_list_items').addColumn('fitments', 'text', (col) => col.notNull().defaultTo('')).execute();

  if (dialect === 'postgres') {
    await sql`
      create function product_list_mark_fitment() returns trigger language plpgsql as $$
      begin
        if tg_op = 'DELETE' or tg_op = 'UPDATE' then
          insert into product_list_pending (product_id) select old.product_id where exists (select 1 from products where id = old.product_id)
            on conflict (product_id) do update set product_id = excluded.product_id;
        end if;
        if tg_op = 'INSERT' or tg_op = 'UPDATE' then
          insert into product_list_pending (product_id) values (new.product_id)
            on conflict (product_id) do update set product_id = excluded.product_id;
        end if;
        return null;
      end
      $$`.execute(db);
    await sql`create trigger product_fitments_list_pending after insert or update or delete on product_fitments for each row execute function product_list_mark_fitment()`.execute(db);
  } else {
    const mark = (id: string) =>
      sql.raw(`insert into product_list_pending (product_id) select ${id} where not exists (select 1 from product_list_pending where product_id = ${id});`);
    await sql`create trigger product_fitments_list_pending_insert after insert on product_fitments begin ${mark('new.product_id')} end`.execute(db);
    await sql`create trigger product_fitments_list_pending_update after update on product_fitments begin ${mark('old.product_id')} ${mark('new.product_id')} end`.execute(db);
    await sql`create trigger product_fitments_list_pending_delete after delete on product_fitments begin ${mark('old.product_id')} end`.execute(db);
  }

  // The free-text names → rows, by the models' labels as they are now.
  const models = (await db.selectFrom('vehicle_models').select(['id', 'brand', 'model', 'variant']).execute()) as Array<{
    id: number;
    brand: string;
    model: string;
    variant: string;
  }>;
  const byLabel = new Map<string, number>();
  for (const model of models) byLabel.set(labelKey([model.brand, model.model, model.variant].filter(Boolean).join(' ')), model.id);
  const products = (await db.selectFrom('products').select(['id', 'compatible_models']).where('compatible_models', '<>', '[]').execute()) as Array<{
    id: number;
    compatible_models: string;
  }>;
  for (const product of products) {
    const names = parseNames(product.compatible_models);
    const matched = new Set<number>();
    const unmatched: string[] = [];
    for (const name of names) {
      const id = byLabel.get(labelKey(name));
      if (id === undefined) unmatched.push(name);
      else matched.add(id);
    }
    if (matched.size === 0) continue;
    await db
      .insertInto('product_fitments')
      .values([...matched].map((modelId) => ({ product_id: product.id, model_id: modelId })))
      .execute();
    await db.updateTable('products').set({ compatible_models: JSON.stringify(unmatched) }).where('id', '=', product.id).execute();
  }
}

/** A label compared without accents, case or spaces ('VinFast VF8' is 'VinFast VF 8'). */
function labelKey(label: string): string {
  return foldVietnamese(label).replace(/\s+/g, '');
}

function parseNames(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((name): name is string => typeof name === 'string' && name.trim() !== '') : [];
  } catch {
    return [];
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  // The rows' names go back into the free-text list.
  const rows = (await db
    .selectFrom('product_fitments')
    .innerJoin('vehicle_models', 'vehicle_models.id', 'product_fitments.model_id')
    .select(['product_fitments.product_id', 'vehicle_models.brand', 'vehicle_models.model', 'vehicle_models.variant'])
    .orderBy('product_fitments.id')
    .execute()) as Array<{ product_id: number; brand: string; model: string; variant: string }>;
  const names = new Map<number, string[]>();
  for (const row of rows) {
    const label = [row.brand, row.model, row.variant].filter(Boolean).join(' ');
    const list = names.get(row.product_id) ?? [];
    if (!list.includes(label)) list.push(label);
    names.set(row.product_id, list);
  }
  for (const [productId, labels] of names) {
    const product = (await db.selectFrom('products').select('compatible_models').where('id', '=', productId).executeTakeFirst()) as { compatible_models: string } | undefined;
    if (!product) continue;
    await db
      .updateTable('products')
      .set({ compatible_models: JSON.stringify([...labels, ...parseNames(product.compatible_models)]) })
      .where('id', '=', productId)
      .execute();
  }
  if (dialectOf(db) === 'postgres') {
    await sql`drop trigger if exists product_fitments_list_pending on product_fitments`.execute(db);
    await sql`drop function if exists product_list_mark_fitment()`.execute(db);
  }
  await db.schema.dropTable('product_fitments').ifExists().execute();
  await db.schema.alterTable('product_list_items').dropColumn('fitments').execute();
}
