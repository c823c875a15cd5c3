import type { App } from '../../../src/app';
import type { AuthTestApp } from '../../support/authTestKit';
import { testDatabases, useScratchDatabase } from '../../support/testDatabases';
import { createProduct, createPromotion, createUser, postOrder, promotionUsage, startShopApp, stockOf, type TestUser } from '../../support/shopTestKit';

/**
 * Real concurrent checkouts (Promise.all of requests through the app): on PostgreSQL they run in parallel on
 * the pool and meet on row locks; on SQLite the transactions are serialised. Either way nothing is oversold
 * and no limit is exceeded.
 */
describe.each(testDatabases())('concurrent checkouts on $label', (target) => {
  const scratch = useScratchDatabase(target, { seed: true });
  let shop: AuthTestApp;
  let app: App;

  beforeAll(async () => {
    shop = await startShopApp(scratch.db);
    app = shop.app;
  });
  afterAll(() => shop.close());

  const customers = (count: number): Promise<TestUser[]> => Promise.all(Array.from({ length: count }, () => createUser(app, scratch.db)));
  const count = async (table: 'orders' | 'promotion_redemptions', column: 'promotion_id' | null = null, value: number | null = null) => {
    let query = scratch.db.selectFrom(table).select((eb) => eb.fn.countAll<string | number>().as('n'));
    if (column && value !== null) query = query.where(column, '=', value);
    return Number((await query.executeTakeFirstOrThrow()).n);
  };

  it('sells the last 5 units to exactly 5 of 50 concurrent orders; stock ends at 0', async () => {
    const product = await createProduct(scratch.db, { price: 990_000, stock: 5, name: 'Bộ sạc nhanh 10A' });
    const buyers = await customers(50);
    const ordersBefore = await count('orders');
    const responses = await Promise.all(buyers.map((buyer) => postOrder(app, buyer, { items: [{ kind: 'product', refId: product.id, quantity: 1 }] })));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 409)).toHaveLength(45);
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(response.json()).toMatchObject({ code: 'OUT_OF_STOCK', message: 'Sản phẩm "Bộ sạc nhanh 10A" đã hết hàng.' });
    }
    expect(await stockOf(scratch.db, product.id)).toBe(0);
    expect((await count('orders')) - ordersBefore).toBe(5);
    const sold = await scratch.db.selectFrom('products').select('sales_count').where('id', '=', product.id).executeTakeFirstOrThrow();
    expect(Number(sold.sales_count)).toBe(5);
  });

  it('redeems a usageLimit-1 code exactly once under 20 concurrent checkouts', async () => {
    const code = await createPromotion(scratch.db, { type: 'fixed', value: 200_000, usageLimit: 1, perCustomerLimit: 1 });
    const promotion = await scratch.db.selectFrom('promotions').select('id').where('code', '=', code).executeTakeFirstOrThrow();
    const product = await createProduct(scratch.db, { price: 1_500_000, stock: 100 });
    const buyers = await customers(20);
    const responses = await Promise.all(
      buyers.map((buyer) => postOrder(app, buyer, { items: [{ kind: 'product', refId: product.id, quantity: 1 }], promoCode: code })),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 422)).toHaveLength(19);
    for (const response of responses.filter((r) => r.statusCode === 422)) {
      expect(response.json()).toMatchObject({ code: 'PROMOTION_REFUSED', message: 'Mã đã hết lượt sử dụng' });
    }
    expect(await promotionUsage(scratch.db, code)).toBe(1);
    expect(await count('promotion_redemptions', 'promotion_id', promotion.id)).toBe(1);
    expect(await stockOf(scratch.db, product.id)).toBe(99);
  });

  it("never lets one customer's concurrent orders exceed the per-customer limit", async () => {
    const code = await createPromotion(scratch.db, { type: 'fixed', value: 50_000, usageLimit: 100, perCustomerLimit: 2 });
    const product = await createProduct(scratch.db, { price: 500_000, stock: 100 });
    const [buyer] = await customers(1);
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => postOrder(app, buyer!, { items: [{ kind: 'product', refId: product.id, quantity: 1 }], promoCode: code })),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(2);
    expect(statuses.filter((status) => status === 422)).toHaveLength(6);
    expect(await promotionUsage(scratch.db, code)).toBe(2);
    expect(await stockOf(scratch.db, product.id)).toBe(98);
  });

  it('keeps stock exact when concurrent orders and cancellations mix', async () => {
    const product = await createProduct(scratch.db, { price: 300_000, stock: 10 });
    const buyers = await customers(10);
    const placed = await Promise.all(buyers.map((buyer) => postOrder(app, buyer, { items: [{ kind: 'product', refId: product.id, quantity: 1 }] })));
    expect(placed.every((response) => response.statusCode === 201)).toBe(true);
    expect(await stockOf(scratch.db, product.id)).toBe(0);
    const late = await customers(5);
    const mixed = await Promise.all([
      ...buyers.slice(0, 5).map((buyer, index) =>
        app.inject({ method: 'POST', url: `/api/orders/${(placed[index]!.json() as { data: { code: string } }).data.code}/cancel`, headers: buyer.headers, payload: {} }),
      ),
      ...late.map((buyer) => postOrder(app, buyer, { items: [{ kind: 'product', refId: product.id, quantity: 1 }] })),
    ]);
    const cancelled = mixed.slice(0, 5).filter((response) => response.statusCode === 200).length;
    const bought = mixed.slice(5).filter((response) => response.statusCode === 201).length;
    expect(cancelled).toBe(5);
    expect(await stockOf(scratch.db, product.id)).toBe(5 - bought);
  });
});
