import { productPageResponseSchema } from 'shared-contracts/schemas';
import { loadConfig, type Config } from '../../src/config';
import { countRows } from '../../src/db/portable';
import { seed } from '../../seed';
import { PRODUCTS } from '../../seed/catalogue';
import { buildTestApp } from '../support/testApp';
import { testDatabases, useScratchDatabase } from '../support/testDatabases';

/**
 * `npm start` with a shop's real catalogue (SEED_PRODUCTS=10000): the demo seed writes in bounded statements, so
 * neither SQLite's limit of bound values nor PostgreSQL's 16-bit parameter count stops it, and the shop's list and
 * search answer over all of them. A second seed (the next start) adds nothing.
 */

const PRODUCT_COUNT = 10_000;

jest.setTimeout(120_000);

describe.each(testDatabases())('the demo seed with 10,000 products on $label', (target) => {
  const scratch = useScratchDatabase(target, { migrate: true });

  it('seeds them all, with stock at every centre, and the catalogue list and search answer', async () => {
    const db = scratch.db;
    const report = await seed(db, { products: PRODUCT_COUNT, demoHistory: true });
    expect(report.catalogue.products).toBe(PRODUCT_COUNT);
    expect(await countRows(db, 'products')).toBe(PRODUCT_COUNT);
    // Each service centre holds every active parts product (centreInventory.ts): thousands of rows, in chunks.
    expect(report.centreInventory.stockRows).toBeGreaterThan(5 * (PRODUCT_COUNT - PRODUCTS.length) * 0.5);

    const config: Config = {
      ...loadConfig(scratch.config.databaseUrl ? { DATABASE_URL: scratch.config.databaseUrl } : { SQLITE_FILE: scratch.config.sqliteFile }),
      jwtSecret: 'test-secret-test-secret-test-secret-0123456789',
    };
    const app = buildTestApp(db, { context: { config } });
    try {
      await app.ready();
      const published = Number(
        (await db.selectFrom('products').select((eb) => eb.fn.countAll<string | number>().as('n')).where('is_active', '=', 1).executeTakeFirstOrThrow()).n,
      );
      const list = await app.inject({ method: 'GET', url: '/api/products?pageSize=24&sort=newest' });
      expect(list.statusCode).toBe(200);
      const page = productPageResponseSchema.parse(list.json()).data;
      expect(page.total).toBe(published);
      expect(page.total).toBeGreaterThan(PRODUCT_COUNT * 0.9);
      expect(page.items).toHaveLength(24);
      const last = await app.inject({ method: 'GET', url: `/api/products?pageSize=24&page=${page.totalPages}` });
      expect(productPageResponseSchema.parse(last.json()).data.items.length).toBe(published - 24 * (page.totalPages - 1));

      const search = await app.inject({ method: 'GET', url: '/api/search?q=PT-09000' });
      expect(search.statusCode).toBe(200);
      expect((search.json().data.hits as { title: string }[]).map((hit) => hit.title)).toContainEqual(expect.stringContaining('mã 09000'));
    } finally {
      await app.close();
    }

    // The next start seeds again: nothing is added, nothing fails.
    const again = await seed(db, { products: PRODUCT_COUNT });
    expect(again.catalogue.products).toBe(PRODUCT_COUNT);
    expect(again.centreInventory.stockRows).toBe(report.centreInventory.stockRows);
  });
});
