import { sql } from 'kysely';
import { productCardOf, productListQuerySchema, type ProductPage } from 'shared-contracts/schemas';
import type { App } from '../../../src/app';
import { ok } from '../../../src/http/envelope';
import { catalogueAssetsFingerprint, listProductPageReady, refreshProductListItems } from '../../../src/modules/catalogue/catalogueReadModel';
import { createProductListRefresher } from '../../../src/modules/catalogue/productListRefresher';
import { listProducts } from '../../../src/modules/catalogue/catalogueQueries';
import { setProductPrice, setProductStock } from '../../../src/modules/catalogueAdmin/catalogueWrites';
import { buildTestApp } from '../../support/testApp';
import { testDatabases, useScratchDatabase } from '../../support/testDatabases';

/**
 * GET /api/products past its cache reads the list's read model (migration 0017, catalogueReadModel.ts): the same
 * bytes as the catalogue's tables give, and never stale after a write, whoever writes.
 */
describe.each(testDatabases())('the product list read model on $label', (target) => {
  const scratch = useScratchDatabase(target, { seed: true });
  let app: App;
  // Every request of these tests misses the answer cache: a minPrice no request used before (all prices are above).
  let fresh = 0;

  beforeAll(async () => {
    app = buildTestApp(scratch.db);
    await app.ready();
  });
  afterAll(() => app.close());

  const parse = (query: string) => productListQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));

  /** The answer's body to GET /api/products?<query>, past the cache. */
  async function listed(query: string): Promise<string> {
    fresh += 1;
    const response = await app.inject({ method: 'GET', url: `/api/products?minPrice=${fresh}${query ? `&${query}` : ''}` });
    expect(response.statusCode).toBe(200);
    return response.body;
  }

  /** What the catalogue's tables give for the same query (its items made cards for view=card). */
  async function fromTables(query: string): Promise<string> {
    const filters = parse(`minPrice=${fresh}${query ? `&${query}` : ''}`);
    const page = await listProducts(scratch.db, filters);
    return JSON.stringify(ok(filters.view === 'card' ? { ...page, items: page.items.map((item) => productCardOf(item)) } : page));
  }

  const page = async (query: string): Promise<ProductPage> => (JSON.parse(await listed(query)) as { data: ProductPage }).data;
  const pendingCount = async () => Number((await sql<{ n: number | string }>`select count(*) as n from product_list_pending`.execute(scratch.db)).rows[0]!.n);
  const itemCount = async () => Number((await sql<{ n: number | string }>`select count(*) as n from product_list_items`.execute(scratch.db)).rows[0]!.n);

  it.each([
    '',
    'sort=price_asc',
    'sort=price_desc&pageSize=48',
    'sort=newest&page=2&pageSize=10',
    'inStock=true',
    'inStock=false',
    'category=pin-bo-sac',
    'brand=vinfast&sort=price_asc',
    'category=pin-bo-sac&brand=vinfast',
    'model=evo',
    'model=dat%20bike%20weaver&sort=newest',
    'maxPrice=1000000&page=3&pageSize=5',
    'category=khong-co',
    'page=99',
    'view=card',
    'view=full&sort=price_asc',
    'view=card&sort=newest&page=2&pageSize=10',
    'view=card&category=pin-bo-sac&brand=vinfast',
    'view=card&inStock=false',
    'view=card&page=99',
  ])('answers ?%s byte for byte as the tables do', async (query) => {
    const body = await listed(query);
    expect(body).toBe(await fromTables(query));
  });

  it('answers any mix of filters, sort and page byte for byte as the tables do', async () => {
    const categories = (await scratch.db.selectFrom('catalogue_categories').select('slug').execute()).map((row) => row.slug);
    const brands = (await scratch.db.selectFrom('catalogue_brands').select('slug').execute()).map((row) => row.slug);
    // A fixed generator: the same 40 queries on every run.
    let state = 47;
    const next = (n: number) => {
      state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
      return state % n;
    };
    for (let i = 0; i < 40; i += 1) {
      const query = new URLSearchParams();
      query.set('sort', ['popular', 'price_asc', 'price_desc', 'newest'][next(4)]!);
      if (next(3) === 0) query.set('category', categories[next(categories.length)]!);
      if (next(3) === 0) query.set('brand', brands[next(brands.length)]!);
      if (next(2) === 0) query.set('maxPrice', String((1 + next(20)) * 500_000));
      if (next(4) === 0) query.set('inStock', next(2) === 0 ? 'true' : 'false');
      if (next(5) === 0) query.set('model', ['evo', 'VF 8', 'klara', 'feliz'][next(4)]!);
      query.set('pageSize', String([5, 12, 24, 48][next(4)]));
      query.set('page', String(1 + next(3)));
      const body = await listed(query.toString());
      expect(body).toBe(await fromTables(query.toString()));
    }
  });

  it('keeps another process’s copy current: a change, a removal and a new product written by this one', async () => {
    // A new Kysely instance stands for another process of the API, with its own copy of the list.
    const other = scratch.connect();
    const listedBy = async (db: typeof other, query: string) => (await listProductPageReady(db, parse(query))).body.toString('utf8');
    try {
      const before = JSON.parse(await listedBy(other, 'sort=price_desc&pageSize=48')) as ProductPage;
      const [first, second] = before.items;
      // The dearest made the cheapest (a lower price keeps any original price above it).
      await scratch.db.updateTable('products').set({ price: 1 }).where('id', '=', first!.id).execute();
      await listedBy(scratch.db, ''); // this process writes the rows; the other only sees the version move
      const changed = JSON.parse(await listedBy(other, 'sort=price_desc&pageSize=48')) as ProductPage;
      expect(changed.items[0]!.id).toBe(second!.id);
      const cheapest = JSON.parse(await listedBy(other, 'sort=price_asc&pageSize=1')) as ProductPage;
      expect(cheapest.items[0]).toMatchObject({ id: first!.id, price: 1 });

      await scratch.db.updateTable('products').set({ is_active: 0 }).where('id', '=', first!.id).execute();
      await listedBy(scratch.db, '');
      const removed = JSON.parse(await listedBy(other, 'sort=price_desc&pageSize=48')) as ProductPage;
      expect(removed.total).toBe(before.total - 1);
      expect(removed.items.some((item) => item.id === first!.id)).toBe(false);
      await scratch.db.updateTable('products').set({ is_active: 1, price: first!.price }).where('id', '=', first!.id).execute();
      expect(await listedBy(other, 'sort=price_desc&pageSize=48')).toBe(JSON.stringify(await listProducts(other, parse('sort=price_desc&pageSize=48'))));
    } finally {
      await other.destroy();
    }
  });

  it('builds its rows from the seed and leaves nothing pending', async () => {
    await listed('');
    expect(await pendingCount()).toBe(0);
    const active = await scratch.db.selectFrom('products').select((eb) => eb.fn.countAll<number | string>().as('n')).where('is_active', '=', 1).executeTakeFirstOrThrow();
    expect(await itemCount()).toBe(Number(active.n));
  });

  it('shows a price, stock or sales change in the next list, from the back office or straight SQL', async () => {
    const cheapest = (await page('sort=price_asc&pageSize=1')).items[0]!;
    await setProductPrice(scratch.db, cheapest.slug, 1_000, null);
    await setProductStock(scratch.db, cheapest.slug, 0);
    expect((await page('sort=price_asc&pageSize=1')).items[0]).toMatchObject({ slug: cheapest.slug, price: 1_000, stock: 0, inStock: false, originalPrice: null });
    expect((await page('inStock=true&pageSize=48')).items.some((item) => item.slug === cheapest.slug)).toBe(false);

    // What an order and the warehouse do (placeOrder.ts, the stock primitives): sales up and the warehouse's stock
    // changed, in SQL, without the catalogue's writes.
    await scratch.db.updateTable('products').set({ sales_count: 1_000_000 }).where('slug', '=', cheapest.slug).execute();
    const warehouse = (await scratch.db.selectFrom('service_centres').select('id').where('ships_online', '=', 1).executeTakeFirstOrThrow()).id;
    const cheapestId = (await scratch.db.selectFrom('products').select('id').where('slug', '=', cheapest.slug).executeTakeFirstOrThrow()).id;
    await scratch.db.updateTable('centre_stock').set((eb) => ({ on_hand: eb('reserved', '+', 7) })).where('centre_id', '=', warehouse).where('product_id', '=', cheapestId).execute();
    // First by popularity: its new sales count is what the list sorts on.
    expect((await page('pageSize=1')).items[0]).toMatchObject({ slug: cheapest.slug, stock: 7, inStock: true });
    expect(await listed('')).toBe(await fromTables(''));
  });

  it('shows a renamed category or brand on its products, and drops a deactivated or deleted product', async () => {
    await scratch.db.updateTable('catalogue_categories').set({ name: 'Pin & bộ sạc (mới)' }).where('slug', '=', 'pin-bo-sac').execute();
    await scratch.db.updateTable('catalogue_brands').set({ name: 'VinFast Việt Nam' }).where('slug', '=', 'vinfast').execute();
    const batteries = await page('category=pin-bo-sac&pageSize=48');
    expect(batteries.items.length).toBeGreaterThan(0);
    expect(batteries.items.every((item) => item.category.name === 'Pin & bộ sạc (mới)')).toBe(true);
    expect((await page('brand=vinfast&pageSize=48')).items.every((item) => item.brand.name === 'VinFast Việt Nam')).toBe(true);

    const [first, second] = (await page('sort=price_desc&pageSize=2')).items;
    await scratch.db.updateTable('products').set({ is_active: 0 }).where('id', '=', first!.id).execute();
    const after = await page('sort=price_desc&pageSize=48');
    expect(after.items[0]!.id).toBe(second!.id);
    expect(after.items.some((item) => item.id === first!.id)).toBe(false);
    await scratch.db.updateTable('products').set({ is_active: 1 }).where('id', '=', first!.id).execute();
    expect((await page('sort=price_desc&pageSize=1')).items[0]!.id).toBe(first!.id);

    expect(await listed('sort=price_desc')).toBe(await fromTables('sort=price_desc'));
  });

  it('shows a new product in the next list, and drops it once deleted', async () => {
    const template = await scratch.db.selectFrom('products').selectAll().orderBy('id').executeTakeFirstOrThrow();
    await scratch.db
      .insertInto('products')
      .values({
        ...template,
        id: undefined,
        sku: 'RM-TEST-1',
        slug: 'san-pham-mo-hinh-doc',
        name: 'Sản phẩm của mô hình đọc',
        sales_count: 2_000_000,
        created_at: undefined,
        updated_at: undefined,
      })
      .execute();
    const total = (await page('')).total;
    expect((await page('pageSize=1')).items[0]).toMatchObject({ slug: 'san-pham-mo-hinh-doc', name: 'Sản phẩm của mô hình đọc' });
    expect(await listed('sort=newest')).toBe(await fromTables('sort=newest'));

    await scratch.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('products').where('sku', '=', 'RM-TEST-1').execute();
    });
    const after = await page('pageSize=48');
    expect(after.total).toBe(total - 1);
    expect(after.items.some((item) => item.slug === 'san-pham-mo-hinh-doc')).toBe(false);
  });

  it('marks a product pending in the writer’s transaction: nothing when it rolls back', async () => {
    await listed('');
    expect(await pendingCount()).toBe(0);
    const product = (await page('pageSize=1')).items[0]!;
    await expect(
      scratch.db.transaction().execute(async (trx) => {
        await trx.updateTable('products').set({ price: 2_000 }).where('id', '=', product.id).execute();
        expect(Number((await sql<{ n: number | string }>`select count(*) as n from product_list_pending`.execute(trx)).rows[0]!.n)).toBe(1);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await pendingCount()).toBe(0);
    expect((await page('pageSize=1')).items[0]!.price).toBe(product.price);
  });

  it('rewrites the rows written with other catalogue images, once per process and database', async () => {
    await listed('');
    await scratch.db.updateTable('product_list_items').set({ assets: 'other-build' }).execute();
    await sql`update product_list_items set item = replace(item, '?v=', '?old=')`.execute(scratch.db);
    // A new Kysely instance stands for a newly started process.
    const other = scratch.connect();
    try {
      const filters = parse('pageSize=48');
      const body = (await listProductPageReady(other, filters)).body.toString('utf8');
      expect(body).toBe(JSON.stringify(await listProducts(other, filters)));
      expect(body).not.toContain('?old=');
      const stamps = await other.selectFrom('product_list_items').select('assets').distinct().execute();
      expect(stamps).toEqual([{ assets: catalogueAssetsFingerprint() }]);
    } finally {
      await other.destroy();
    }
  });

  it('tags a list by its items: the same ETag from another process for the same bytes, a new one when an item changes', async () => {
    const filters = parse('sort=price_asc&pageSize=5');
    const cardFilters = parse('sort=price_asc&pageSize=5&view=card');
    const first = await listProductPageReady(scratch.db, filters);
    const firstCards = await listProductPageReady(scratch.db, cardFilters);
    // The card form is other bytes: another tag.
    expect(firstCards.etag).not.toBe(first.etag);
    // A new Kysely instance stands for another process of the API.
    const other = scratch.connect();
    try {
      const fromOther = await listProductPageReady(other, filters);
      expect(fromOther.body.equals(first.body)).toBe(true);
      expect(fromOther.etag).toBe(first.etag);
      const cardsFromOther = await listProductPageReady(other, cardFilters);
      expect(cardsFromOther.body.equals(firstCards.body)).toBe(true);
      expect(cardsFromOther.etag).toBe(firstCards.etag);
    } finally {
      await other.destroy();
    }
    const cheapest = (JSON.parse(first.body.toString('utf8')) as ProductPage).items[0]!;
    // A change that keeps the page's products and order: only that item's bytes change.
    await scratch.db.updateTable('products').set({ name: `${cheapest.name} (mới)` }).where('id', '=', cheapest.id).execute();
    const changed = await listProductPageReady(scratch.db, filters);
    expect(changed.body.equals(first.body)).toBe(false);
    expect(changed.etag).not.toBe(first.etag);
    const changedCards = await listProductPageReady(scratch.db, cardFilters);
    expect(changedCards.body.toString('utf8')).toContain(`${cheapest.name} (mới)`);
    expect(changedCards.etag).not.toBe(firstCards.etag);
    await scratch.db.updateTable('products').set({ name: cheapest.name }).where('id', '=', cheapest.id).execute();
    const back = await listProductPageReady(scratch.db, filters);
    expect(back.body.equals(first.body)).toBe(true);
    expect(back.etag).toBe(first.etag);
    const backCards = await listProductPageReady(scratch.db, cardFilters);
    expect(backCards.body.equals(firstCards.body)).toBe(true);
    expect(backCards.etag).toBe(firstCards.etag);
    // Another page of the same items (pageSize) is other bytes: another tag.
    expect((await listProductPageReady(scratch.db, parse('sort=price_asc&pageSize=6'))).etag).not.toBe(first.etag);
  });

  it('has its rows written in the background after a write, a few products a turn, before any list asks', async () => {
    const products = await scratch.db.selectFrom('products').select(['id', 'slug']).where('is_active', '=', 1).orderBy('id').limit(7).execute();
    const ids = products.map((row) => row.id);
    for (const product of products) await setProductPrice(scratch.db, product.slug, 1_111_000 + product.id, null);
    expect(await pendingCount()).toBe(ids.length);
    const refresher = createProductListRefresher(scratch.db, { error: () => undefined }, 3);
    refresher.soon();
    refresher.soon();
    const startedAt = Date.now();
    while ((await pendingCount()) > 0 && Date.now() - startedAt < 5_000) await new Promise((resolve) => setTimeout(resolve, 5));
    await refresher.close();
    expect(await pendingCount()).toBe(0);
    const rows = await scratch.db.selectFrom('product_list_items').select(['product_id', 'price']).where('product_id', 'in', ids).execute();
    expect(rows.map((row) => Number(row.price) - row.product_id).sort()).toEqual(ids.map(() => 1_111_000));
    expect(await listed('')).toBe(await fromTables(''));
  });

  it('takes at most the asked number of pending products, the lowest ids first', async () => {
    const products = await scratch.db.selectFrom('products').select(['id', 'slug']).where('is_active', '=', 1).orderBy('id').limit(4).execute();
    const ids = products.map((row) => row.id);
    for (const product of products.toReversed()) await setProductPrice(scratch.db, product.slug, 1_222_000 + product.id, null);
    expect(await refreshProductListItems(scratch.db, new Date(), 3)).toBe(3);
    expect((await scratch.db.selectFrom('product_list_pending').select('product_id').execute()).map((row) => row.product_id)).toEqual([ids[3]]);
    expect(await refreshProductListItems(scratch.db, new Date(), 3)).toBe(1);
  });

  it('refreshes nothing when nothing is pending', async () => {
    await listed('');
    expect(await refreshProductListItems(scratch.db)).toBe(0);
  });

  if (target.dialect === 'postgres') {
    it('sorts the newest first to the microsecond, as the database does', async () => {
      const [a, b] = await scratch.db.selectFrom('products').select('id').where('is_active', '=', 1).orderBy('id').limit(2).execute();
      // The same millisecond, b a few microseconds later: a Date would make them equal and put a (the lower id) first.
      await sql`update products set created_at = '2031-01-01T00:00:00.000100Z' where id = ${a!.id}`.execute(scratch.db);
      await sql`update products set created_at = '2031-01-01T00:00:00.000900Z' where id = ${b!.id}`.execute(scratch.db);
      const newest = await page('sort=newest&pageSize=2');
      expect(newest.items.map((item) => item.id)).toEqual([b!.id, a!.id]);
      expect(await listed('sort=newest&pageSize=48')).toBe(await fromTables('sort=newest&pageSize=48'));
    });

    it('answers from the tables while a writer in flight holds a pending product, then from the rows once it commits', async () => {
      const product = (await page('sort=price_asc&pageSize=1')).items[0]!;
      // A committed change not listed yet (its product pending), then a writer in flight on the same product.
      await scratch.db.updateTable('products').set({ price: 600 }).where('id', '=', product.id).execute();
      const writer = scratch.connect();
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let updated!: () => void;
      const hasUpdated = new Promise<void>((resolve) => (updated = resolve));
      const writing = writer.transaction().execute(async (trx) => {
        await trx.updateTable('products').set({ price: 500 }).where('id', '=', product.id).execute();
        updated();
        await released;
      });
      try {
        await hasUpdated;
        // The refresh skips the mark the writer holds: the answer comes from the tables (the committed price).
        const during = await listed('sort=price_asc');
        expect(during).toBe(await fromTables('sort=price_asc'));
        expect(await listed('sort=price_asc&view=card')).toBe(await fromTables('sort=price_asc&view=card'));
        expect((JSON.parse(during) as { data: ProductPage }).data.items[0]).toMatchObject({ id: product.id, price: 600 });
        expect(await pendingCount()).toBe(1);
      } finally {
        release();
        await writing;
        await writer.destroy();
      }
      expect((await page('sort=price_asc&pageSize=1')).items[0]).toMatchObject({ id: product.id, price: 500 });
      expect(await pendingCount()).toBe(0);
    });
  }
});
