import { sql } from 'kysely';
import { productListQuerySchema, type Cart, type ProductDetail, type ProductPage, type SearchResult } from 'shared-contracts/schemas';
import type { App } from '../../../src/app';
import { listProducts } from '../../../src/modules/catalogue/catalogueQueries';
import { effectivePrice, nextPriceChange } from '../../../src/modules/catalogue/effectivePrice';
import type { AuthTestApp } from '../../support/authTestKit';
import { testDatabases, useScratchDatabase } from '../../support/testDatabases';
import { bearer, createProduct, createUser, orderOf, postOrder, startShopApp, type TestUser } from '../../support/shopTestKit';

const HOUR_MS = 3_600_000;
const PRICE = 987_653;
const SALE = 765_431;

describe('effectivePrice', () => {
  const row = { price: 1_000, original_price: null, sale_price: 800, sale_starts_at: '2026-12-01T00:00:00.000Z', sale_ends_at: '2026-12-02T00:00:00.000Z' };

  it('gives the sale price from its start (included) to its end (excluded), the price struck through', () => {
    expect(effectivePrice(row, new Date('2026-11-30T23:59:59.999Z'))).toEqual({ price: 1_000, originalPrice: null });
    expect(effectivePrice(row, new Date('2026-12-01T00:00:00.000Z'))).toEqual({ price: 800, originalPrice: 1_000 });
    expect(effectivePrice(row, new Date('2026-12-01T23:59:59.999Z'))).toEqual({ price: 800, originalPrice: 1_000 });
    expect(effectivePrice(row, new Date('2026-12-02T00:00:00.000Z'))).toEqual({ price: 1_000, originalPrice: null });
  });

  it('takes an open bound as no limit, a larger original price as the one struck through, no sale price as no sale', () => {
    const open = { ...row, original_price: 1_200, sale_starts_at: null, sale_ends_at: null };
    expect(effectivePrice(open, new Date('2000-01-01T00:00:00.000Z'))).toEqual({ price: 800, originalPrice: 1_200 });
    expect(effectivePrice({ ...open, sale_price: null }, new Date('2000-01-01T00:00:00.000Z'))).toEqual({ price: 1_000, originalPrice: 1_200 });
  });

  it('names the next bound to come', () => {
    expect(nextPriceChange(row, new Date('2026-11-01T00:00:00.000Z'))?.toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(nextPriceChange(row, new Date('2026-12-01T00:00:00.000Z'))?.toISOString()).toBe('2026-12-02T00:00:00.000Z');
    expect(nextPriceChange(row, new Date('2026-12-02T00:00:00.000Z'))).toBeNull();
  });
});

describe.each(testDatabases())('a product sale window in the shop on $label', (target) => {
  const scratch = useScratchDatabase(target, { seed: true });
  let shop: AuthTestApp;
  let app: App;
  let user: TestUser;
  let product: { id: number; slug: string; name: string };
  let startsAt: Date;
  let endsAt: Date;

  beforeAll(async () => {
    shop = await startShopApp(scratch.db);
    app = shop.app;
    user = await createUser(app, scratch.db);
    const created = await createProduct(scratch.db, { price: PRICE, stock: 50, name: 'Má phanh Zebrano cửa sổ giảm giá' });
    startsAt = new Date(shop.clock.now().getTime() + HOUR_MS);
    endsAt = new Date(startsAt.getTime() + 2 * HOUR_MS);
    // As the admin's form stores them (productAdminWork.ts): ISO instants.
    await scratch.db
      .updateTable('products')
      .set({ sale_price: SALE, sale_starts_at: startsAt.toISOString(), sale_ends_at: endsAt.toISOString() })
      .where('id', '=', created.id)
      .execute();
    const row = await scratch.db.selectFrom('products').select('slug').where('id', '=', created.id).executeTakeFirstOrThrow();
    product = { id: created.id, slug: row.slug, name: created.name };
  });
  afterAll(() => shop.close());

  /** Moves the clock, and signs the customer in again (an access token lives less than the jump). */
  async function moveTo(instant: Date) {
    shop.clock.set(instant);
    const { token } = await app.accessTokens.issue({ userId: user.id, role: 'customer' });
    user = { ...user, token, headers: bearer(token) };
  }

  const get = async <T>(url: string, headers: Record<string, string> = {}): Promise<T> => {
    const response = await app.inject({ method: 'GET', url, headers });
    expect(response.statusCode).toBe(200);
    return (response.json() as { data: T }).data;
  };
  /** The list's ids with a price in [price - 1, price + 1] (through the read model). */
  const listedAt = async (price: number) =>
    (await get<ProductPage>(`/api/products?minPrice=${price - 1}&maxPrice=${price + 1}&sort=price_asc`)).items.filter((item) => item.id === product.id);
  const detail = () => get<ProductDetail>(`/api/products/${product.slug}`);
  const searched = async () => (await get<SearchResult>(`/api/search?q=${encodeURIComponent('zebrano cửa sổ')}`)).hits.find((hit) => hit.id === product.id && hit.type === 'product');
  const cart = () => get<Cart>('/api/cart', user.headers);
  const readModelPrice = async () =>
    Number((await sql<{ price: number | string }>`select price from product_list_items where product_id = ${product.id}`.execute(scratch.db)).rows[0]?.price);

  /** What every shop read shows now: the list (read model), detail, search and cart agree on `price`. */
  async function expectShown(price: number, originalPrice: number | null) {
    const other = price === SALE ? PRICE : SALE;
    const listed = await listedAt(price);
    expect(listed.map((item) => [item.price, item.originalPrice])).toEqual([[price, originalPrice]]);
    expect(await listedAt(other)).toEqual([]);
    expect(await readModelPrice()).toBe(price);
    // The list's fallback on the tables filters on the same price.
    const filters = productListQuerySchema.parse({ minPrice: String(price - 1), maxPrice: String(price + 1), sort: 'price_asc' });
    expect((await listProducts(scratch.db, filters, shop.clock.now())).items.filter((item) => item.id === product.id).map((item) => item.price)).toEqual([price]);
    const shown = await detail();
    expect([shown.price, shown.originalPrice, shown.discountPercent]).toEqual([price, originalPrice, originalPrice === null ? null : 23]);
    expect((await searched())?.price).toBe(price);
    const line = (await cart()).items.find((entry) => entry.refId === product.id);
    expect(line?.price).toBe(price);
  }

  it('shows the price before, the sale price during and the price after the window, everywhere, and checkout charges it', async () => {
    const added = await app.inject({ method: 'POST', url: '/api/cart/items', headers: user.headers, payload: { kind: 'product', refId: product.id, quantity: 1 } });
    expect(added.statusCode).toBe(200);
    await expectShown(PRICE, null);

    // The window opens: the read model's row is refreshed (its bound passed), the cached answers expire.
    await moveTo(startsAt);
    await expectShown(SALE, PRICE);
    // The cart line was added at the price: its new price is flagged.
    expect((await cart()).items.find((entry) => entry.refId === product.id)?.issues).toContain('price_changed');

    // An order with the price shown before the window is refused; at the sale price it is charged the sale price.
    const stale = await postOrder(app, user, { items: [{ kind: 'product', refId: product.id, quantity: 1, price: PRICE }] });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'PRICE_CHANGED' });
    const placed = await postOrder(app, user, { items: [{ kind: 'product', refId: product.id, quantity: 2, price: SALE }] });
    expect(placed.statusCode).toBe(201);
    const order = orderOf(placed);
    expect(order.lines.map((line) => [line.unitPrice, line.lineTotal])).toEqual([[SALE, 2 * SALE]]);
    // The order took the line out of the cart: put back at the sale price.
    const again = await app.inject({ method: 'POST', url: '/api/cart/items', headers: user.headers, payload: { kind: 'product', refId: product.id, quantity: 1 } });
    expect(again.statusCode).toBe(200);

    // One millisecond before the end it is still on sale; at the end it is not.
    await moveTo(new Date(endsAt.getTime() - 1));
    expect((await detail()).price).toBe(SALE);
    await moveTo(endsAt);
    await expectShown(PRICE, null);
    const afterSale = await postOrder(app, user, { items: [{ kind: 'product', refId: product.id, quantity: 1, price: SALE }] });
    expect(afterSale.statusCode).toBe(409);
  });
});
