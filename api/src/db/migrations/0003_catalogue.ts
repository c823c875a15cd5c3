import { sql, type Kysely } from 'kysely';
import { addIdColumn, addTimestampColumn, dialectOf } from '../portable';

/**
 * The public catalogue: categories, brands, products, services (with their checklist templates), service
 * packages and their service credits, promotions, the promotions users save, and contact-form messages.
 *
 * Portable choices: money is integer VND; flags are integers 0/1; lists and objects (images, specifications,
 * compatible models, checklist items, perks) are JSON text; `search_text` holds the Vietnamese-folded text
 * (shared-contracts foldVietnamese) written at seed/insert time, so search is a plain LIKE on both dialects.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);

  let categories = addIdColumn(db.schema.createTable('catalogue_categories'), dialect)
    .addColumn('slug', 'varchar(80)', (col) => col.notNull().unique())
    .addColumn('name', 'varchar(120)', (col) => col.notNull())
    .addColumn('description', 'varchar(500)', (col) => col.notNull().defaultTo(''))
    .addColumn('promo_group', 'varchar(20)', (col) => col.notNull())
    .addColumn('image', 'text')
    .addColumn('sort_order', 'integer', (col) => col.notNull().defaultTo(0));
  categories = addTimestampColumn(categories, 'created_at', dialect, { defaultNow: true }).addCheckConstraint(
    'catalogue_categories_promo_group_known',
    sql`promo_group in ('parts', 'accessories', 'equipment')`,
  );
  await categories.execute();

  const brands = addTimestampColumn(
    addIdColumn(db.schema.createTable('catalogue_brands'), dialect)
      .addColumn('slug', 'varchar(80)', (col) => col.notNull().unique())
      .addColumn('name', 'varchar(120)', (col) => col.notNull())
      .addColumn('country', 'varchar(80)', (col) => col.notNull().defaultTo('')),
    'created_at',
    dialect,
    { defaultNow: true },
  );
  await brands.execute();

  let products = addIdColumn(db.schema.createTable('products'), dialect)
    .addColumn('sku', 'varchar(40)', (col) => col.notNull().unique())
    .addColumn('slug', 'varchar(160)', (col) => col.notNull().unique())
    .addColumn('name', 'varchar(200)', (col) => col.notNull())
    .addColumn('category_id', 'integer', (col) => col.notNull().references('catalogue_categories.id').onDelete('restrict'))
    .addColumn('brand_id', 'integer', (col) => col.notNull().references('catalogue_brands.id').onDelete('restrict'))
    .addColumn('price', 'integer', (col) => col.notNull())
    .addColumn('original_price', 'integer')
    .addColumn('stock', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('sales_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('warranty_months', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('compatible_models', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('vehicle_types', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('specifications', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('images', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('is_active', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('search_text', 'text', (col) => col.notNull())
    .addColumn('models_search', 'text', (col) => col.notNull().defaultTo(''));
  products = addTimestampColumn(products, 'created_at', dialect, { defaultNow: true });
  products = addTimestampColumn(products, 'updated_at', dialect, { defaultNow: true })
    .addCheckConstraint('products_price_non_negative', sql`price >= 0`)
    .addCheckConstraint('products_original_price_above_price', sql`original_price is null or original_price > price`)
    .addCheckConstraint('products_stock_non_negative', sql`stock >= 0`)
    .addCheckConstraint('products_sales_non_negative', sql`sales_count >= 0`)
    .addCheckConstraint('products_is_active_flag', sql`is_active in (0, 1)`);
  await products.execute();
  await db.schema.createIndex('products_category_price_idx').on('products').columns(['category_id', 'price']).execute();
  await db.schema.createIndex('products_brand_idx').on('products').column('brand_id').execute();
  await db.schema.createIndex('products_price_idx').on('products').column('price').execute();
  await db.schema.createIndex('products_sales_idx').on('products').column('sales_count').execute();
  await db.schema.createIndex('products_created_idx').on('products').column('created_at').execute();

  let services = addIdColumn(db.schema.createTable('services'), dialect)
    .addColumn('slug', 'varchar(80)', (col) => col.notNull().unique())
    .addColumn('name', 'varchar(160)', (col) => col.notNull())
    .addColumn('kind', 'varchar(20)', (col) => col.notNull())
    .addColumn('tier', 'varchar(20)')
    .addColumn('summary', 'varchar(400)', (col) => col.notNull())
    .addColumn('includes', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('price', 'integer', (col) => col.notNull())
    .addColumn('duration_minutes', 'integer', (col) => col.notNull())
    .addColumn('vehicle_types', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('checklist', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('image', 'text')
    .addColumn('sort_order', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('is_active', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('search_text', 'text', (col) => col.notNull());
  services = addTimestampColumn(services, 'created_at', dialect, { defaultNow: true })
    .addCheckConstraint('services_price_non_negative', sql`price >= 0`)
    .addCheckConstraint('services_duration_positive', sql`duration_minutes > 0`)
    .addCheckConstraint('services_tier_known', sql`tier is null or tier in ('co-ban', 'nang-cao', 'cao-cap')`)
    .addCheckConstraint('services_is_active_flag', sql`is_active in (0, 1)`);
  await services.execute();

  let packages = addIdColumn(db.schema.createTable('service_packages'), dialect)
    .addColumn('slug', 'varchar(80)', (col) => col.notNull().unique())
    .addColumn('tier', 'varchar(20)', (col) => col.notNull())
    .addColumn('name', 'varchar(160)', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('price', 'integer', (col) => col.notNull())
    .addColumn('original_price', 'integer')
    .addColumn('validity_months', 'integer', (col) => col.notNull())
    .addColumn('vehicle_types', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('perks', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('highlighted', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('image', 'text')
    .addColumn('sort_order', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('is_active', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('search_text', 'text', (col) => col.notNull());
  packages = addTimestampColumn(packages, 'created_at', dialect, { defaultNow: true })
    .addCheckConstraint('service_packages_price_non_negative', sql`price >= 0`)
    .addCheckConstraint('service_packages_validity_positive', sql`validity_months > 0`)
    .addCheckConstraint('service_packages_tier_known', sql`tier in ('co-ban', 'tieu-chuan', 'cao-cap')`);
  await packages.execute();

  await db.schema
    .createTable('service_package_credits')
    .addColumn('package_id', 'integer', (col) => col.notNull().references('service_packages.id').onDelete('cascade'))
    .addColumn('service_id', 'integer', (col) => col.notNull().references('services.id').onDelete('restrict'))
    .addColumn('quantity', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('service_package_credits_pk', ['package_id', 'service_id'])
    .addCheckConstraint('service_package_credits_quantity_positive', sql`quantity > 0`)
    .execute();

  let promotions = addIdColumn(db.schema.createTable('promotions'), dialect)
    .addColumn('code', 'varchar(30)', (col) => col.notNull().unique())
    .addColumn('title', 'varchar(200)', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('type', 'varchar(20)', (col) => col.notNull())
    .addColumn('value', 'integer', (col) => col.notNull())
    .addColumn('min_order', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('max_discount', 'integer')
    .addColumn('usage_limit', 'integer', (col) => col.notNull())
    .addColumn('used_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('per_customer_limit', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('categories', 'text')
    .addColumn('kind', 'varchar(20)', (col) => col.notNull().defaultTo('general'))
    .addColumn('eligibility', 'varchar(20)', (col) => col.notNull().defaultTo('everyone'))
    .addColumn('image', 'text', (col) => col.notNull())
    .addColumn('is_active', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('sort_order', 'integer', (col) => col.notNull().defaultTo(0));
  promotions = addTimestampColumn(promotions, 'valid_from', dialect);
  promotions = addTimestampColumn(promotions, 'valid_to', dialect);
  promotions = addTimestampColumn(promotions, 'created_at', dialect, { defaultNow: true })
    .addCheckConstraint('promotions_type_known', sql`type in ('percentage', 'shipping', 'fixed')`)
    .addCheckConstraint('promotions_percentage_range', sql`type <> 'percentage' or (value between 1 and 100)`)
    .addCheckConstraint('promotions_value_positive', sql`value > 0`)
    .addCheckConstraint('promotions_usage', sql`usage_limit > 0 and used_count >= 0`)
    .addCheckConstraint('promotions_kind_known', sql`kind in ('general', 'flash-sale', 'vip', 'seasonal')`)
    .addCheckConstraint('promotions_window_ordered', sql`valid_from < valid_to`)
    .addCheckConstraint('promotions_is_active_flag', sql`is_active in (0, 1)`);
  await promotions.execute();
  await db.schema.createIndex('promotions_window_idx').on('promotions').columns(['is_active', 'valid_to']).execute();

  let saved = db.schema
    .createTable('saved_promotions')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('promotion_id', 'integer', (col) => col.notNull().references('promotions.id').onDelete('cascade'));
  saved = addTimestampColumn(saved, 'saved_at', dialect, { defaultNow: true }).addPrimaryKeyConstraint('saved_promotions_pk', [
    'user_id',
    'promotion_id',
  ]);
  await saved.execute();

  let contact = addIdColumn(db.schema.createTable('contact_messages'), dialect)
    .addColumn('name', 'varchar(100)', (col) => col.notNull())
    .addColumn('email', 'varchar(254)')
    .addColumn('phone', 'varchar(20)')
    .addColumn('subject', 'varchar(150)', (col) => col.notNull())
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('client_ip', 'varchar(64)', (col) => col.notNull())
    .addColumn('status', 'varchar(20)', (col) => col.notNull().defaultTo('new'));
  contact = addTimestampColumn(contact, 'created_at', dialect, { defaultNow: true })
    .addCheckConstraint('contact_messages_reachable', sql`email is not null or phone is not null`)
    .addCheckConstraint('contact_messages_status_known', sql`status in ('new', 'in_progress', 'answered', 'spam')`);
  await contact.execute();
  await db.schema.createIndex('contact_messages_ip_time_idx').on('contact_messages').columns(['client_ip', 'created_at']).execute();
  await db.schema.createIndex('contact_messages_status_idx').on('contact_messages').columns(['status', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'contact_messages',
    'saved_promotions',
    'promotions',
    'service_package_credits',
    'service_packages',
    'services',
    'products',
    'catalogue_brands',
    'catalogue_categories',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
