import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../portable';
import { rebuildSqliteTable } from '../sqliteRebuild';

/**
 * Parcels priced by the carriers (issue 65 §3): every product's shipping weight and box size, and the carrier and
 * service the customer chose on the order (the desk pre-selects them for the waybill; null: the flat fee).
 * Existing products get their category's typical parcel (a battery is heavy, a cable light); the seed and the
 * admin set real values. weight_grams (0026, nullable) becomes NOT NULL: on SQLite the products table is rebuilt.
 */
export const PARCEL_DEFAULTS = { weightGrams: 1000, lengthCm: 30, widthCm: 20, heightCm: 15 } as const;

/** [weight g, length, width, height cm] of a category's typical boxed part (the demo catalogue's categories). */
const CATEGORY_PARCELS: Record<string, [number, number, number, number]> = {
  'pin-bo-sac': [8000, 40, 25, 20],
  'dong-co-dien': [12000, 40, 35, 30],
  'cap-sac': [2500, 35, 25, 12],
  'dung-cu': [1500, 30, 20, 10],
  'phanh-lop': [2500, 55, 55, 12],
  'den-linh-kien-dien': [600, 25, 18, 10],
  'phu-kien': [500, 25, 20, 8],
};

export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  const sizes: [string, number][] = [
    ['length_cm', PARCEL_DEFAULTS.lengthCm],
    ['width_cm', PARCEL_DEFAULTS.widthCm],
    ['height_cm', PARCEL_DEFAULTS.heightCm],
  ];
  for (const [name, value] of sizes) {
    await db.schema
      .alterTable('products')
      .addColumn(name, 'integer', (col) => col.notNull().defaultTo(value).check(sql`${sql.ref(name)} between 1 and 300`))
      .execute();
  }
  for (const [slug, [weight, length, width, height]] of Object.entries(CATEGORY_PARCELS)) {
    const inCategory = db.selectFrom('catalogue_categories').select('id').where('slug', '=', slug);
    await db.updateTable('products').set({ length_cm: length, width_cm: width, height_cm: height }).where('category_id', 'in', inCategory).execute();
    await db.updateTable('products').set({ weight_grams: weight }).where('category_id', 'in', inCategory).where('weight_grams', 'is', null).execute();
  }
  await db.updateTable('products').set({ weight_grams: PARCEL_DEFAULTS.weightGrams }).where('weight_grams', 'is', null).execute();
  await db.updateTable('products').set({ weight_grams: 100_000 }).where('weight_grams', '>', 100_000).execute();

  if (dialect === 'postgres') {
    await sql.raw(`alter table products alter column weight_grams set default ${PARCEL_DEFAULTS.weightGrams}`).execute(db);
    await sql`alter table products alter column weight_grams set not null`.execute(db);
    await sql`alter table products add constraint products_weight_grams check (weight_grams between 1 and 100000)`.execute(db);
  } else {
    await rebuildSqliteTable(db, 'products', (definition) => {
      // Quoted or not, any case (the table may have been rebuilt by an earlier migration); already NOT NULL: kept.
      if (/["`]?weight_grams["`]?\s+integer\s+not null/i.test(definition)) return definition;
      const next = definition.replace(
        /["`]?weight_grams["`]?\s+integer(?=\s*[,)])/i,
        `"weight_grams" integer not null default ${PARCEL_DEFAULTS.weightGrams} check ("weight_grams" between 1 and 100000)`,
      );
      if (next === definition) throw new Error('0066: products.weight_grams was not found');
      return next;
    });
  }

  await db.schema.alterTable('orders').addColumn('shipping_carrier', 'varchar(20)').execute();
  await db.schema.alterTable('orders').addColumn('shipping_service', 'varchar(40)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('shipping_service').execute();
  await db.schema.alterTable('orders').dropColumn('shipping_carrier').execute();
  for (const name of ['height_cm', 'width_cm', 'length_cm']) await db.schema.alterTable('products').dropColumn(name).execute();
  if (dialectOf(db) === 'postgres') {
    await sql`alter table products drop constraint if exists products_weight_grams`.execute(db);
    await sql`alter table products alter column weight_grams drop not null`.execute(db);
    await sql`alter table products alter column weight_grams drop default`.execute(db);
  }
}
