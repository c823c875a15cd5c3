import type { Kysely } from 'kysely';
import { catalogueGeneration } from '../../src/modules/catalogue/catalogueCache';
import type { Database } from '../../src/db/schema';
import { search } from '../../src/modules/search/searchService';
import { DEMO_ACCOUNTS, seed } from '../../seed';
import { PRODUCTS, PROMOTIONS } from '../../seed/catalogue';
import { onlineStock } from '../../src/modules/stockLocations/onlineStock';
import { setProductStock } from '../../src/modules/catalogueAdmin/catalogueWrites';
import { testDatabases, useScratchDatabase } from '../support/testDatabases';

/**
 * `npm start` seeds on every start: a restart must only add what is missing, never write over what an operator
 * (or a customer) changed since.
 */

/** Every table the seed writes. */
const SEEDED_TABLES = [
  'service_centres',
  'users',
  'catalogue_categories',
  'catalogue_brands',
  'products',
  'services',
  'service_packages',
  'service_package_credits',
  'promotions',
  'vehicles',
  'vehicle_odometer_readings',
  'maintenance_records',
  'maintenance_record_parts',
  'maintenance_checklist_items',
  'orders',
  'order_lines',
  'order_status_history',
] as const;

type SeededTable = (typeof SEEDED_TABLES)[number];

async function snapshot(db: Kysely<Database>): Promise<Record<SeededTable, unknown[]>> {
  const tables = {} as Record<SeededTable, unknown[]>;
  for (const table of SEEDED_TABLES) {
    // In a stable order whatever the table's key (service_package_credits has no id).
    const rows = await db.selectFrom(table as 'users').selectAll().execute();
    tables[table] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return tables;
}

const customerEmail = DEMO_ACCOUNTS.find((account) => account.role === 'customer')!.email;

describe.each(testDatabases())('seeding again (a restart) on $label', (target) => {
  const scratch = useScratchDatabase(target, { seed: true });

  it('keeps what was changed since the first seed: promotions, products, centres, accounts, the rest', async () => {
    const db = scratch.db;
    await db.updateTable('promotions').set({ usage_limit: 7, used_count: 5, is_active: 0, title: 'Đã sửa' }).where('code', '=', 'SAVE500K').execute();
    await db.updateTable('products').set({ price: 1_234_000, original_price: null, sales_count: 9, name: 'Pin đã đổi tên' }).where('sku', '=', 'BAT-LFP-4820').execute();
    await setProductStock(db, (await db.selectFrom('products').select('slug').where('sku', '=', 'BAT-LFP-4820').executeTakeFirstOrThrow()).slug, 3);
    await db.updateTable('service_centres').set({ phone: '024 0000 0000', service_bays: 2, name: 'Cầu Giấy (đã sửa)' }).where('slug', '=', 'ha-noi-cau-giay').execute();
    await db.updateTable('users').set({ full_name: 'Nguyễn Văn Đổi Tên', phone_number: '0900000001' }).where('email', '=', customerEmail).execute();
    await db.updateTable('users').set({ password_hash: null, email_verified_at: null }).where('email', '=', 'nhanvien@evshop.vn').execute();
    await db.updateTable('catalogue_categories').set({ name: 'Cáp & dây sạc', sort_order: 99 }).where('slug', '=', 'cap-sac').execute();
    await db.updateTable('catalogue_brands').set({ name: 'VinFast Auto' }).where('slug', '=', 'vinfast').execute();
    await db.updateTable('services').set({ price: 123_000, name: 'Dịch vụ đã sửa' }).where('slug', '=', 'bao-duong-co-ban').execute();
    await db.updateTable('service_packages').set({ price: 999_000, original_price: null }).execute();
    await db.updateTable('vehicles').set({ nickname: 'Xe của tôi', odometer_km: 12_000 }).execute();
    await db.updateTable('maintenance_records').set({ notes: 'Ghi chú của kỹ thuật viên' }).execute();
    const before = await snapshot(db);

    await seed(db);

    expect(await snapshot(db)).toEqual(before);
    const promotion = await db.selectFrom('promotions').select(['usage_limit', 'used_count', 'is_active', 'title']).where('code', '=', 'SAVE500K').executeTakeFirstOrThrow();
    expect(promotion).toEqual({ usage_limit: 7, used_count: 5, is_active: 0, title: 'Đã sửa' });
    const product = await db.selectFrom('products').select(['price', onlineStock('products.id').as('stock'), 'name']).where('sku', '=', 'BAT-LFP-4820').executeTakeFirstOrThrow();
    expect({ ...product, stock: Number(product.stock) }).toEqual({ price: 1_234_000, stock: 3, name: 'Pin đã đổi tên' });
    const centre = await db.selectFrom('service_centres').select(['phone', 'service_bays', 'name']).where('slug', '=', 'ha-noi-cau-giay').executeTakeFirstOrThrow();
    expect(centre).toEqual({ phone: '024 0000 0000', service_bays: 2, name: 'Cầu Giấy (đã sửa)' });
    const customer = await db.selectFrom('users').select(['full_name', 'phone_number']).where('email', '=', customerEmail).executeTakeFirstOrThrow();
    expect(customer).toEqual({ full_name: 'Nguyễn Văn Đổi Tên', phone_number: '0900000001' });
  });

  it('inserts a missing row again, with its derived data, and marks the catalogue caches stale', async () => {
    const db = scratch.db;
    const seeded = PROMOTIONS.find((promotion) => promotion.code === 'TAMNGUNG')!;
    await db.deleteFrom('promotions').where('code', '=', 'TAMNGUNG').execute();
    const gone = await db.selectFrom('products').select('id').where('sku', '=', 'CBL-VF-SC').executeTakeFirstOrThrow();
    expect(await db.selectFrom('order_lines').select('id').where('kind', '=', 'product').where('ref_id', '=', gone.id).execute()).toEqual([]);
    await db.deleteFrom('products').where('id', '=', gone.id).execute();
    const generation = catalogueGeneration();

    await seed(db);

    expect(catalogueGeneration()).toBeGreaterThan(generation);
    const promotion = await db.selectFrom('promotions').select(['usage_limit', 'used_count', 'is_active', 'title']).where('code', '=', 'TAMNGUNG').executeTakeFirstOrThrow();
    expect(promotion).toEqual({ usage_limit: seeded.usageLimit, used_count: 0, is_active: 0, title: seeded.title });
    const product = await db.selectFrom('products').select(['slug', onlineStock('products.id').as('stock'), 'search_text', 'models_search']).where('sku', '=', 'CBL-VF-SC').executeTakeFirstOrThrow();
    expect(Number(product.stock)).toBe(PRODUCTS.find((entry) => entry.sku === 'CBL-VF-SC')!.stock);
    // Folded with the brand and category as they are named now (renamed by the previous test).
    expect(product.search_text).toContain('cap sac vinfast cho xe may dien 1 8 m');
    expect(product.search_text).toContain('vinfast auto');
    expect(product.search_text).toContain('cap day sac');
    expect(product.models_search).toContain('vinfast');
    const found = await search(db, 'cáp sạc vinfast xe máy', 20);
    expect(found.hits.map((hit) => hit.slug)).toContain(product.slug);
    // The rows changed by the previous test are still as they were left.
    expect((await db.selectFrom('promotions').select('used_count').where('code', '=', 'SAVE500K').executeTakeFirstOrThrow()).used_count).toBe(5);
  });

  it('respects a demo vehicle the customer removed (not brought back)', async () => {
    const db = scratch.db;
    const customer = await db.selectFrom('users').select('id').where('email', '=', customerEmail).executeTakeFirstOrThrow();
    const live = () => db.selectFrom('vehicles').select('license_plate').where('user_id', '=', customer.id).where('deleted_at', 'is', null).execute();
    expect(await live()).toHaveLength(2);
    await db.updateTable('vehicles').set({ deleted_at: new Date().toISOString() }).where('user_id', '=', customer.id).where('license_plate', '=', '30K-567.89').execute();
    const before = await snapshot(db);

    await seed(db);

    expect(await snapshot(db)).toEqual(before);
    expect((await live()).map((vehicle) => vehicle.license_plate)).toEqual(['29MĐ1-234.56']);
  });
});

describe.each(testDatabases())('seeding an empty database twice on $label', (target) => {
  const scratch = useScratchDatabase(target);

  it('gives the same rows as seeding it once', async () => {
    await seed(scratch.db);
    const once = await snapshot(scratch.db);
    await seed(scratch.db);
    expect(await snapshot(scratch.db)).toEqual(once);
  });
});
