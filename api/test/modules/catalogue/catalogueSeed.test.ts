import { countRows } from '../../../src/db/portable';
import { listProducts } from '../../../src/modules/catalogue/catalogueQueries';
import { seed } from '../../../seed';
import { BRANDS, CATEGORIES, PACKAGES, PRODUCTS, PROMOTIONS, SERVICES } from '../../../seed/catalogue';
import { productSlug } from '../../../seed/catalogue/illustrations';
import { setProductStock } from '../../../src/modules/catalogueAdmin/catalogueWrites';
import { onlineStock } from '../../../src/modules/stockLocations/onlineStock';
import { testDatabases, useScratchDatabase } from '../../support/testDatabases';

describe('catalogue seed data', () => {
  it('has at least 60 products, at least 5 in each category, unique SKUs and slugs', () => {
    expect(PRODUCTS.length).toBeGreaterThanOrEqual(60);
    for (const category of CATEGORIES) expect(PRODUCTS.filter((p) => p.category === category.slug).length).toBeGreaterThanOrEqual(5);
    expect(new Set(PRODUCTS.map((p) => p.sku)).size).toBe(PRODUCTS.length);
    expect(new Set(PRODUCTS.map(productSlug)).size).toBe(PRODUCTS.length);
    for (const product of PRODUCTS) {
      expect(productSlug(product)).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(BRANDS.map((b) => b.slug)).toContain(product.brand);
    }
  });

  it('covers the EVs common in Vietnam', () => {
    const models = PRODUCTS.flatMap((p) => p.models).join(' ');
    for (const make of ['VinFast Evo200', 'VinFast Klara S', 'VinFast VF 8', 'Dat Bike Weaver', 'Yadea', 'Pega']) expect(models).toContain(make);
  });

  it('has realistic integer VND prices (e-scooter batteries a few million đồng)', () => {
    for (const product of PRODUCTS) {
      expect(Number.isInteger(product.price)).toBe(true);
      expect(product.price % 1000).toBe(0);
      expect(product.price).toBeGreaterThanOrEqual(50_000);
      expect(product.price).toBeLessThanOrEqual(30_000_000);
      if (product.originalPrice !== undefined) expect(product.originalPrice).toBeGreaterThan(product.price);
    }
    const scooterBatteries = PRODUCTS.filter((p) => p.category === 'pin-bo-sac' && p.sku.startsWith('BAT-') && p.vehicleTypes.includes('scooter'));
    expect(scooterBatteries.length).toBeGreaterThanOrEqual(3);
    for (const battery of scooterBatteries) {
      expect(battery.price).toBeGreaterThanOrEqual(1_000_000);
      expect(battery.price).toBeLessThanOrEqual(15_000_000);
    }
  });

  it('has the maintenance tiers, at least 10 services and the three packages', () => {
    expect(SERVICES.length).toBeGreaterThanOrEqual(10);
    expect(SERVICES.filter((s) => s.tier !== null).map((s) => s.name)).toEqual(['Bảo dưỡng cơ bản', 'Bảo dưỡng nâng cao', 'Bảo dưỡng cao cấp']);
    expect(PACKAGES.map((p) => p.name)).toEqual(['Gói cơ bản', 'Gói tiêu chuẩn', 'Gói cao cấp']);
    expect(PROMOTIONS.slice(0, 5).map((p) => p.code)).toEqual(['NEWUSER20', 'FREESHIP', 'SAVE500K', 'BIRTHDAY15', 'MEMBER10']);
  });
});

describe.each(testDatabases())('catalogue seed on $label', (target) => {
  const scratch = useScratchDatabase(target);

  it('loads everything, and a second run changes no count, id, counter or edited field', async () => {
    const first = await seed(scratch.db);
    expect(first.catalogue).toEqual({
      categories: CATEGORIES.length,
      brands: BRANDS.length,
      products: PRODUCTS.length,
      services: SERVICES.length,
      servicePackages: PACKAGES.length,
      promotions: PROMOTIONS.length,
    });
    const before = await scratch.db.selectFrom('products').select(['id', 'sku']).orderBy('id').execute();
    await scratch.db.updateTable('products').set({ sales_count: 7777 }).where('sku', '=', 'BAT-LFP-4820').execute();
    await setProductStock(scratch.db, (await scratch.db.selectFrom('products').select('slug').where('sku', '=', 'BAT-LFP-4820').executeTakeFirstOrThrow()).slug, 1);
    await scratch.db.updateTable('promotions').set({ used_count: 3 }).where('code', '=', 'SAVE500K').execute();
    await scratch.db.updateTable('products').set({ name: 'tên sai' }).where('sku', '=', 'CHG-48V-3A').execute();

    const second = await seed(scratch.db);
    expect(second).toEqual(first);
    expect(await scratch.db.selectFrom('products').select(['id', 'sku']).orderBy('id').execute()).toEqual(before);
    const battery = await scratch.db.selectFrom('products').select([onlineStock('products.id').as('stock'), 'sales_count']).where('sku', '=', 'BAT-LFP-4820').executeTakeFirstOrThrow();
    expect({ stock: Number(battery.stock), sales_count: battery.sales_count }).toEqual({ stock: 1, sales_count: 7777 });
    const promotion = await scratch.db.selectFrom('promotions').select('used_count').where('code', '=', 'SAVE500K').executeTakeFirstOrThrow();
    expect(promotion.used_count).toBe(3);
    // An edited product is not written back to the seed values (npm start seeds on every start).
    const charger = await scratch.db.selectFrom('products').select('name').where('sku', '=', 'CHG-48V-3A').executeTakeFirstOrThrow();
    expect(charger.name).toBe('tên sai');
    await scratch.db.updateTable('products').set({ name: 'Bộ sạc pin lithium 48V 3A' }).where('sku', '=', 'CHG-48V-3A').execute();
    expect(await countRows(scratch.db, 'service_package_credits')).toBe(PACKAGES.reduce((sum, p) => sum + p.credits.length, 0));
  });

  it('writes the folded search text (no diacritics, đ → d, lower case)', async () => {
    const row = await scratch.db.selectFrom('products').select(['search_text', 'models_search']).where('sku', '=', 'MOT-HUB-1200').executeTakeFirstOrThrow();
    expect(row.search_text).toContain('dong co banh trung tam 1200w');
    expect(row.search_text).toContain('dong co dien');
    expect(row.search_text).not.toMatch(/[^a-z0-9 ]/);
    expect(row.models_search).toContain('yadea xmen neo');
    const page = await listProducts(scratch.db, { sort: 'popular', page: 1, pageSize: 48 });
    expect(page.total).toBe(PRODUCTS.length);
  });
});
