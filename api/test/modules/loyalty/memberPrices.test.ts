import type { MemberPrice, MemberPricePage, Order, ProductDetail, Quote } from 'shared-contracts/schemas';
import { reviewTiers, seedDemoMemberPrices } from '../../../src/modules/loyalty';
import { useServiceAppWithAdmin } from '../../support/adminServiceKit';
import { createProduct, createUser, orderOf, postOrder, type TestUser } from '../../support/shopTestKit';
import { productionDatabase, useScratchDatabase } from '../../support/testDatabases';

type Tier = 'MEMBER' | 'SILVER' | 'GOLD' | 'DIAMOND';

/**
 * Member prices (issue 67 §3): a tier's price of a product for members of that tier or higher, the lowest of the
 * price now and the member prices of their tier and below; a placed order keeps its unit prices whatever changes
 * after; the admin sets (below the normal price) and ends them; the product page shows them.
 */
describe.each(productionDatabase())('member prices on $label', (target) => {
  const scratch = useScratchDatabase(target, { seed: true });
  const shop = useServiceAppWithAdmin(scratch);

  /** A customer of `tier` as the review left them (no row: Thành viên). */
  async function memberOf(tier: Tier): Promise<TestUser> {
    const user = await createUser(shop.service.app, scratch.db);
    await setTier(user, tier);
    return user;
  }
  async function setTier(user: TestUser, tier: Tier): Promise<void> {
    const at = shop.service.clock.now().toISOString();
    await scratch.db.deleteFrom('member_tiers').where('user_id', '=', user.id).execute();
    if (tier !== 'MEMBER') await scratch.db.insertInto('member_tiers').values({ user_id: user.id, tier, spend_12m: 0, reviewed_at: at, tier_since: at }).execute();
  }
  const setPrice = (productId: number, minTier: string, price: number, user: TestUser = shop.admin) =>
    shop.service.app.inject({ method: 'POST', url: '/api/admin/loyalty/member-prices', headers: user.headers, payload: { productId, minTier, price } });
  async function setPriceOk(productId: number, minTier: string, price: number): Promise<MemberPrice> {
    const answer = await setPrice(productId, minTier, price);
    expect(answer.statusCode).toBe(201);
    return (answer.json() as { data: MemberPrice }).data;
  }
  const endPrice = (id: number, user: TestUser = shop.admin) => shop.service.app.inject({ method: 'DELETE', url: `/api/admin/loyalty/member-prices/${id}`, headers: user.headers });
  async function quote(user: TestUser, productId: number, quantity = 1): Promise<Quote> {
    const answer = await shop.service.app.inject({
      method: 'POST',
      url: '/api/checkout/quote',
      headers: user.headers,
      payload: { items: [{ kind: 'product', refId: productId, quantity }], fulfilment: { method: 'delivery', province: 'Hà Nội' } },
    });
    expect(answer.statusCode).toBe(200);
    return (answer.json() as { data: Quote }).data;
  }
  async function readOrder(user: TestUser, code: string): Promise<Order> {
    const answer = await shop.service.app.inject({ method: 'GET', url: `/api/orders/${code}`, headers: user.headers });
    expect(answer.statusCode).toBe(200);
    return (answer.json() as { data: Order }).data;
  }

  it('prices a Vàng member’s quote at the Vàng price and a Bạc member’s at the normal price', async () => {
    const product = await createProduct(scratch.db, { price: 1_000_000, stock: 50 });
    await setPriceOk(product.id, 'GOLD', 800_000);
    const gold = await quote(await memberOf('GOLD'), product.id, 2);
    expect(gold.lines[0]).toMatchObject({ price: 800_000, memberTier: 'GOLD', listPrice: 1_000_000 });
    expect(gold.subtotal).toBe(1_600_000);
    const diamond = await quote(await memberOf('DIAMOND'), product.id);
    expect(diamond.lines[0]).toMatchObject({ price: 800_000, memberTier: 'GOLD' });
    const silver = await quote(await memberOf('SILVER'), product.id);
    expect(silver.lines[0]!.price).toBe(1_000_000);
    expect(silver.lines[0]!.memberTier).toBeUndefined();
    expect(silver.lines[0]!.listPrice).toBeUndefined();
    expect((await quote(await memberOf('MEMBER'), product.id)).lines[0]!.price).toBe(1_000_000);

    // A Bạc price below the Vàng one: a Vàng member gets the lowest of theirs and the lower tiers'.
    await setPriceOk(product.id, 'SILVER', 750_000);
    expect((await quote(await memberOf('GOLD'), product.id)).lines[0]).toMatchObject({ price: 750_000, memberTier: 'SILVER', listPrice: 1_000_000 });
  });

  it('applies a tier change to the next quote, never to an order placed before', async () => {
    const product = await createProduct(scratch.db, { price: 500_000, stock: 50 });
    await setPriceOk(product.id, 'GOLD', 400_000);
    const customer = await memberOf('SILVER');
    const placed = await postOrder(shop.service.app, customer, { items: [{ kind: 'product', refId: product.id, quantity: 1, price: 500_000 }] });
    expect(placed.statusCode).toBe(201);
    const before = orderOf(placed);
    expect(before.lines[0]).toMatchObject({ unitPrice: 500_000, lineTotal: 500_000 });

    // The review ranks them Vàng (a year's spending of 25.000.000 ₫).
    const order = await scratch.db.selectFrom('orders').select('id').where('code', '=', before.code).executeTakeFirstOrThrow();
    await scratch.db
      .insertInto('loyalty_sales')
      .values({ user_id: customer.id, order_id: order.id, service_invoice_id: null, amount: 25_000_000, status: 'EARNED', points: 0, paid_at: new Date(shop.service.clock.now().getTime() - 86_400_000).toISOString() })
      .execute();
    await reviewTiers(scratch.db, shop.service.clock.now());
    expect((await quote(customer, product.id)).lines[0]).toMatchObject({ price: 400_000, memberTier: 'GOLD' });

    const after = await readOrder(customer, before.code);
    expect(after.lines).toEqual(before.lines);
    expect(after.total).toBe(before.total);
    expect(after.subtotal).toBe(500_000);
  });

  it('never rewrites a placed order when its member price changes or ends', async () => {
    const product = await createProduct(scratch.db, { price: 300_000, stock: 50 });
    const first = await setPriceOk(product.id, 'GOLD', 250_000);
    const customer = await memberOf('GOLD');
    const placed = await postOrder(shop.service.app, customer, { items: [{ kind: 'product', refId: product.id, quantity: 2, price: 250_000 }] });
    expect(placed.statusCode).toBe(201);
    const before = orderOf(placed);
    expect(before.lines[0]).toMatchObject({ unitPrice: 250_000, lineTotal: 500_000 });
    expect(before.subtotal).toBe(500_000);

    // A change is a new row, the old one ended (the history stays).
    const second = await setPriceOk(product.id, 'GOLD', 200_000);
    expect(second.id).not.toBe(first.id);
    const rows = await scratch.db.selectFrom('loyalty_member_prices').select(['id', 'price', 'ended_at', 'ended_by']).where('product_id', '=', product.id).orderBy('id').execute();
    expect(rows.map((row) => [Number(row.price), row.ended_at === null, row.ended_by])).toEqual([
      [250_000, false, shop.admin.id],
      [200_000, true, null],
    ]);
    expect((await quote(customer, product.id)).lines[0]!.price).toBe(200_000);
    expect(await readOrder(customer, before.code)).toMatchObject({ lines: before.lines, subtotal: before.subtotal, total: before.total });

    const ended = await endPrice(second.id);
    expect(ended.statusCode).toBe(200);
    expect((await endPrice(second.id)).statusCode).toBe(404);
    const plain = (await quote(customer, product.id)).lines[0]!;
    expect(plain.price).toBe(300_000);
    expect(plain.memberTier).toBeUndefined();
    expect(await readOrder(customer, before.code)).toMatchObject({ lines: before.lines, subtotal: before.subtotal, total: before.total });
  });

  it('checks the shown price against the member price', async () => {
    const product = await createProduct(scratch.db, { price: 200_000, stock: 50 });
    await setPriceOk(product.id, 'GOLD', 150_000);
    const customer = await memberOf('GOLD');
    const atList = await postOrder(shop.service.app, customer, { items: [{ kind: 'product', refId: product.id, quantity: 1, price: 200_000 }] });
    expect(atList.statusCode).toBe(409);
    expect(atList.json()).toMatchObject({ code: 'PRICE_CHANGED' });
    const atMember = await postOrder(shop.service.app, customer, { items: [{ kind: 'product', refId: product.id, quantity: 1, price: 150_000 }] });
    expect(atMember.statusCode).toBe(201);
    expect(orderOf(atMember).lines[0]!.unitPrice).toBe(150_000);
    // A Bạc member shown the Vàng price: it is not theirs.
    const silver = await memberOf('SILVER');
    const notTheirs = await postOrder(shop.service.app, silver, { items: [{ kind: 'product', refId: product.id, quantity: 1, price: 150_000 }] });
    expect(notTheirs.statusCode).toBe(409);
    expect(notTheirs.json()).toMatchObject({ code: 'PRICE_CHANGED' });
  });

  it('refuses a member price not below the normal price (422), and anyone but an admin (403)', async () => {
    const product = await createProduct(scratch.db, { price: 1_200_000, stock: 5 });
    const same = await setPrice(product.id, 'GOLD', 1_200_000);
    expect(same.statusCode).toBe(422);
    expect(same.json()).toMatchObject({ message: 'Giá thành viên phải thấp hơn giá bán thường của sản phẩm (1.200.000 ₫).', errors: [{ field: 'price' }] });
    expect((await setPrice(product.id, 'GOLD', 1_300_000)).statusCode).toBe(422);
    const zero = await setPrice(product.id, 'GOLD', 0);
    expect(zero.statusCode).toBe(422);
    expect(zero.json()).toMatchObject({ errors: [{ field: 'price', message: 'Giá thành viên phải là số nguyên dương (₫).' }] });
    // A malformed body (no such tier) is the schema's 400.
    const tier = await setPrice(product.id, 'MEMBER', 1_000);
    expect(tier.statusCode).toBe(400);
    expect(tier.json()).toMatchObject({ errors: [{ field: 'minTier', message: 'Hạng áp dụng phải là Bạc, Vàng hoặc Kim cương.' }] });
    expect((await setPrice(999_999_999, 'GOLD', 1_000)).statusCode).toBe(422);

    const manager = await createUser(shop.service.app, scratch.db, { role: 'manager' });
    const customer = await memberOf('GOLD');
    for (const user of [manager, customer]) {
      expect((await setPrice(product.id, 'GOLD', 1_000_000, user)).statusCode).toBe(403);
      expect((await shop.service.app.inject({ method: 'GET', url: '/api/admin/loyalty/member-prices', headers: user.headers })).statusCode).toBe(403);
    }
    const set = await setPriceOk(product.id, 'DIAMOND', 1_000_000);
    expect((await endPrice(set.id, manager)).statusCode).toBe(403);

    const list = await shop.service.app.inject({ method: 'GET', url: '/api/admin/loyalty/member-prices', headers: shop.admin.headers });
    expect(list.statusCode).toBe(200);
    const page = (list.json() as { data: MemberPricePage }).data;
    expect(page.items[0]).toMatchObject({ id: set.id, productId: product.id, productName: product.name, normalPrice: 1_200_000, minTier: 'DIAMOND', tierLabel: 'Kim cương', price: 1_000_000, createdBy: { id: shop.admin.id } });
    expect(page.items.every((item) => item.price < item.normalPrice)).toBe(true);
  });

  it('seeds the demo’s member prices once, below the products’ prices, and never brings back one the admin ended', async () => {
    // The scratch database's seed may have written them already: seeding again writes nothing.
    await seedDemoMemberPrices(scratch.db, { now: shop.service.clock.now() });
    expect(await seedDemoMemberPrices(scratch.db, { now: shop.service.clock.now() })).toBe(0);
    const charger = await scratch.db
      .selectFrom('loyalty_member_prices')
      .innerJoin('products', 'products.id', 'loyalty_member_prices.product_id')
      .select(['loyalty_member_prices.id', 'loyalty_member_prices.min_tier', 'loyalty_member_prices.price', 'products.price as normal'])
      .where('products.sku', '=', 'CHG-48V-3A')
      .executeTakeFirstOrThrow();
    expect(charger.min_tier).toBe('GOLD');
    expect(Number(charger.price)).toBeLessThan(Number(charger.normal));
    expect((await endPrice(charger.id)).statusCode).toBe(200);
    expect(await seedDemoMemberPrices(scratch.db, { now: shop.service.clock.now() })).toBe(0);
  });

  it('shows the member prices on the product page, and a change changes the answer and its ETag', async () => {
    const product = await createProduct(scratch.db, { price: 1_500_000, stock: 5 });
    const { slug } = await scratch.db.selectFrom('products').select('slug').where('id', '=', product.id).executeTakeFirstOrThrow();
    const read = () => shop.service.app.inject({ method: 'GET', url: `/api/products/${slug}` });
    const first = await read();
    expect((first.json() as { data: ProductDetail }).data.memberPrices).toEqual([]);
    await setPriceOk(product.id, 'GOLD', 1_200_000);
    await setPriceOk(product.id, 'DIAMOND', 1_300_000);
    await setPriceOk(product.id, 'SILVER', 1_400_000);
    const second = await read();
    expect(second.headers.etag).not.toBe(first.headers.etag);
    // Kim cương's 1.300.000 ₫ is above Vàng's, which Kim cương gets too: not shown.
    expect((second.json() as { data: ProductDetail }).data.memberPrices).toEqual([
      { tier: 'SILVER', tierLabel: 'Bạc', price: 1_400_000 },
      { tier: 'GOLD', tierLabel: 'Vàng', price: 1_200_000 },
    ]);
    const revalidated = await shop.service.app.inject({ method: 'GET', url: `/api/products/${slug}`, headers: { 'if-none-match': second.headers.etag as string } });
    expect(revalidated.statusCode).toBe(304);
  });
});
