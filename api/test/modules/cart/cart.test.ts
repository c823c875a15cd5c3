import { cartChangeResponseSchema, cartResponseSchema, errorEnvelopeSchema, type CartChange } from 'shared-contracts/schemas';
import type { App } from '../../../src/app';
import { addToCart } from '../../../src/modules/cart/cartStore';
import { systemClock } from '../../../src/security/clock';
import { countingDb } from '../../support/countingDb';
import type { AuthTestApp } from '../../support/authTestKit';
import { testDatabases, useScratchDatabase } from '../../support/testDatabases';
import { cartOf, createProduct, createUser, setOnlineStock, startShopApp, type TestUser } from '../../support/shopTestKit';

describe.each(testDatabases())('the cart API on $label', (target) => {
  const scratch = useScratchDatabase(target, { seed: true });
  let shop: AuthTestApp;
  let app: App;

  beforeAll(async () => {
    shop = await startShopApp(scratch.db);
    app = shop.app;
  });
  afterAll(() => shop.close());

  const add = (user: TestUser, payload: Record<string, unknown>) => app.inject({ method: 'POST', url: '/api/cart/items', headers: user.headers, payload });
  const setQuantity = (user: TestUser, lineId: string, quantity: number) =>
    app.inject({ method: 'PUT', url: `/api/cart/items/${lineId}`, headers: user.headers, payload: { quantity } });
  /** An add's answer (the line and the cart's item count), checked against the contract. */
  const changeOf = (response: { statusCode: number; json(): unknown }): CartChange => {
    expect(response.statusCode).toBe(200);
    return cartChangeResponseSchema.parse(response.json()).data;
  };
  const getCart = async (user: TestUser) => {
    const response = await app.inject({ method: 'GET', url: '/api/cart', headers: user.headers });
    expect(response.statusCode).toBe(200);
    return cartResponseSchema.parse(response.json()).data;
  };

  it('needs a login for the server cart', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/cart' });
    expect(response.statusCode).toBe(401);
    expect(errorEnvelopeSchema.parse(response.json()).message).toBe('Vui lòng đăng nhập để tiếp tục.');
  });

  it('starts a new item at 1, adds 1 to an existing one, and keeps itemCount and total right', async () => {
    const user = await createUser(app, scratch.db);
    const battery = await createProduct(scratch.db, { price: 1_200_000, stock: 10 });
    const charger = await createProduct(scratch.db, { price: 450_000, stock: 10, group: 'accessories' });

    let change = changeOf(await add(user, { kind: 'product', refId: battery.id }));
    expect(change).toEqual({
      line: { id: `product-${battery.id}`, kind: 'product', refId: battery.id, slug: expect.any(String), name: battery.name, image: null, quantity: 1, price: 1_200_000, stock: 10, promoGroup: 'parts', issues: [] },
      itemCount: 1,
    });
    change = changeOf(await add(user, { kind: 'product', refId: battery.id }));
    expect([change.line.id, change.line.quantity, change.itemCount]).toEqual([`product-${battery.id}`, 2, 2]);
    change = changeOf(await add(user, { kind: 'product', refId: charger.id, quantity: 3 }));
    expect([change.line.id, change.line.quantity, change.itemCount]).toEqual([`product-${charger.id}`, 3, 5]);
    const cart = await getCart(user);
    expect(cart.items.map((line) => [line.id, line.quantity])).toEqual([
      [`product-${battery.id}`, 2],
      [`product-${charger.id}`, 3],
    ]);
    expect(cart.itemCount).toBe(5);
    expect(cart.total).toBe(2 * 1_200_000 + 3 * 450_000);
    // The answered line is the line as the cart shows it.
    expect(cart.items[1]).toEqual(change.line);
  });

  it('counts every one of many adds of one item at the same moment (a double click, two tabs)', async () => {
    const user = await createUser(app, scratch.db);
    const battery = await createProduct(scratch.db, { price: 1_200_000, stock: 50 });
    // A new cart and a new line, then an existing line: none may fail or be lost.
    for (const expected of [8, 16]) {
      const answers = await Promise.all(Array.from({ length: 8 }, () => add(user, { kind: 'product', refId: battery.id })));
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(8).fill(200));
      // One after the other: each answer saw the adds before it.
      const counts = answers.map((answer) => changeOf(answer)).map((change) => [change.line.quantity, change.itemCount]);
      expect(counts.sort(([a], [b]) => a! - b!)).toEqual(Array.from({ length: 8 }, (_, index) => [expected - 7 + index, expected - 7 + index]));
      expect((await getCart(user)).items).toEqual([expect.objectContaining({ refId: battery.id, quantity: expected })]);
    }
  });

  it('adds a service package (no stock, no promotion group)', async () => {
    const user = await createUser(app, scratch.db);
    const pack = await scratch.db.selectFrom('service_packages').select(['id', 'price']).orderBy('id').executeTakeFirstOrThrow();
    const change = changeOf(await add(user, { kind: 'package', refId: pack.id }));
    expect(change.line).toMatchObject({ id: `package-${pack.id}`, kind: 'package', stock: null, promoGroup: null, price: Number(pack.price), quantity: 1 });
    expect(change.itemCount).toBe(1);
    expect((await getCart(user)).items).toEqual([change.line]);
  });

  it('answers an add with the line and the count from one read and one write, not a re-read of the cart', async () => {
    const user = await createUser(app, scratch.db);
    const products = [];
    for (let index = 0; index < 36; index += 1) products.push(await createProduct(scratch.db, { price: 100_000 + index, stock: 50 }));
    for (const product of products) changeOf(await add(user, { kind: 'product', refId: product.id }));
    // A line whose item is gone is not in the cart, nor in its count.
    const cartId = (await scratch.db.selectFrom('carts').select('id').where('user_id', '=', user.id).executeTakeFirstOrThrow()).id;
    const now = new Date().toISOString();
    await scratch.db.insertInto('cart_lines').values({ cart_id: cartId, kind: 'product', ref_id: 2_000_000_000, quantity: 4, price_at_add: 1, added_at: now, updated_at: now }).execute();
    const fresh = await createProduct(scratch.db, { price: 250_000, stock: 50 });

    for (const [ref, quantity] of [[fresh.id, 1], [products[7]!.id, 2]] as const) {
      const counted = countingDb(scratch.db);
      const change = await addToCart(counted.db, systemClock, user.id, { kind: 'product', refId: ref, quantity });
      // Lock the cart, read the item with its line and the cart's count, write the line.
      expect(counted.queries()).toBe(3);
      const cart = await getCart(user);
      expect(change.itemCount).toBe(cart.itemCount);
      expect(change.line).toEqual(cart.items.find((line) => line.refId === ref));
    }
    expect((await getCart(user)).itemCount).toBe(36 + 1 + 2);
  });

  it('refuses more than the stock with "Chỉ còn N sản phẩm trong kho" and leaves the cart unchanged', async () => {
    const user = await createUser(app, scratch.db);
    const product = await createProduct(scratch.db, { price: 300_000, stock: 3 });
    await add(user, { kind: 'product', refId: product.id, quantity: 2 });
    const refused = await add(user, { kind: 'product', refId: product.id, quantity: 2 });
    expect(refused.statusCode).toBe(409);
    expect(errorEnvelopeSchema.parse(refused.json())).toMatchObject({ code: 'INSUFFICIENT_STOCK', message: 'Chỉ còn 3 sản phẩm trong kho' });
    expect((await getCart(user)).items[0]!.quantity).toBe(2);

    const tooManyByPut = await setQuantity(user, `product-${product.id}`, 4);
    expect(tooManyByPut.statusCode).toBe(409);
    expect(tooManyByPut.json().message).toBe('Chỉ còn 3 sản phẩm trong kho');
    expect((await getCart(user)).items[0]!.quantity).toBe(2);
  });

  it('refuses an item out of stock with "Sản phẩm đã hết hàng", an inactive or unknown one too', async () => {
    const user = await createUser(app, scratch.db);
    const soldOut = await createProduct(scratch.db, { price: 300_000, stock: 0 });
    const response = await add(user, { kind: 'product', refId: soldOut.id });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ success: false, code: 'OUT_OF_STOCK', message: 'Sản phẩm đã hết hàng' });

    const retired = await createProduct(scratch.db, { price: 300_000, stock: 5, active: false });
    expect((await add(user, { kind: 'product', refId: retired.id })).statusCode).toBe(409);
    const unknown = await add(user, { kind: 'product', refId: 999_999 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('ITEM_NOT_FOUND');
    const invalid = await add(user, { kind: 'voucher', refId: 1 });
    expect(invalid.statusCode).toBe(400);
    expect((await getCart(user)).items).toEqual([]);
  });

  it('sets a quantity, removes the line when it is set to 0 or less, removes by id and clears', async () => {
    const user = await createUser(app, scratch.db);
    const a = await createProduct(scratch.db, { price: 100_000, stock: 20 });
    const b = await createProduct(scratch.db, { price: 200_000, stock: 20 });
    const c = await createProduct(scratch.db, { price: 300_000, stock: 20 });
    for (const product of [a, b, c]) await add(user, { kind: 'product', refId: product.id });

    let cart = cartOf(await setQuantity(user, `product-${a.id}`, 7));
    expect(cart.items.find((line) => line.refId === a.id)!.quantity).toBe(7);
    expect(cart.itemCount).toBe(9);
    cart = cartOf(await setQuantity(user, `product-${a.id}`, 0));
    expect(cart.items.map((line) => line.refId)).toEqual([b.id, c.id]);
    cart = cartOf(await setQuantity(user, `product-${b.id}`, -2));
    expect(cart.items.map((line) => line.refId)).toEqual([c.id]);

    const missing = await setQuantity(user, `product-${a.id}`, 2);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('CART_LINE_NOT_FOUND');

    await add(user, { kind: 'product', refId: a.id });
    cart = cartOf(await app.inject({ method: 'DELETE', url: `/api/cart/items/product-${c.id}`, headers: user.headers }));
    expect(cart.items.map((line) => line.refId)).toEqual([a.id]);
    expect(cart.total).toBe(100_000);

    cart = cartOf(await app.inject({ method: 'DELETE', url: '/api/cart', headers: user.headers }));
    expect(cart).toEqual({ items: [], itemCount: 0, total: 0 });
    expect(await getCart(user)).toEqual({ items: [], itemCount: 0, total: 0 });
  });

  it('keeps each customer their own cart', async () => {
    const first = await createUser(app, scratch.db);
    const second = await createUser(app, scratch.db);
    const product = await createProduct(scratch.db, { price: 100_000, stock: 20 });
    await add(first, { kind: 'product', refId: product.id, quantity: 2 });
    expect((await getCart(second)).items).toEqual([]);
    const removed = await app.inject({ method: 'DELETE', url: `/api/cart/items/product-${product.id}`, headers: second.headers });
    expect(cartOf(removed).items).toEqual([]);
    expect((await getCart(first)).itemCount).toBe(2);
  });

  it('flags a price change and stock running out since the line was added', async () => {
    const user = await createUser(app, scratch.db);
    const pricey = await createProduct(scratch.db, { price: 1_000_000, stock: 5 });
    const scarce = await createProduct(scratch.db, { price: 500_000, stock: 5 });
    const vanishing = await createProduct(scratch.db, { price: 500_000, stock: 5 });
    await add(user, { kind: 'product', refId: pricey.id });
    await add(user, { kind: 'product', refId: scarce.id, quantity: 4 });
    await add(user, { kind: 'product', refId: vanishing.id });

    await scratch.db.updateTable('products').set({ price: 1_100_000 }).where('id', '=', pricey.id).execute();
    await setOnlineStock(scratch.db, scarce.id, 2);
    await setOnlineStock(scratch.db, vanishing.id, 0);

    const cart = await getCart(user);
    const issues = Object.fromEntries(cart.items.map((line) => [line.refId, line.issues]));
    expect(issues[pricey.id]).toEqual(['price_changed']);
    expect(issues[scarce.id]).toEqual(['insufficient_stock']);
    expect(issues[vanishing.id]).toEqual(['out_of_stock']);
    expect(cart.items.find((line) => line.refId === pricey.id)).toMatchObject({ price: 1_100_000, previousPrice: 1_000_000 });
    expect(cart.items.find((line) => line.refId === scarce.id)!.previousPrice).toBeUndefined();
    expect(cart.total).toBe(1_100_000 + 4 * 500_000 + 500_000);

    // An add keeps the price the line was added at: the line it answers is flagged as the cart shows it.
    const added = changeOf(await add(user, { kind: 'product', refId: pricey.id }));
    expect(added.line).toMatchObject({ quantity: 2, price: 1_100_000, previousPrice: 1_000_000, issues: ['price_changed'] });
    expect(added.itemCount).toBe(1 + 4 + 1 + 1);

    // Setting the quantity takes the current price: the flag goes.
    const updated = cartOf(await setQuantity(user, `product-${pricey.id}`, 2));
    expect(updated.items.find((line) => line.refId === pricey.id)!.issues).toEqual([]);
  });

  it('merges a guest cart on login: quantities added, capped by the stock, unknown and inactive items dropped', async () => {
    const user = await createUser(app, scratch.db);
    const owned = await createProduct(scratch.db, { price: 100_000, stock: 5 });
    const fresh = await createProduct(scratch.db, { price: 200_000, stock: 10 });
    const scarce = await createProduct(scratch.db, { price: 300_000, stock: 2 });
    const retired = await createProduct(scratch.db, { price: 300_000, stock: 2, active: false });
    const soldOut = await createProduct(scratch.db, { price: 300_000, stock: 0 });
    await add(user, { kind: 'product', refId: owned.id, quantity: 3 });

    const response = await app.inject({
      method: 'POST',
      url: '/api/cart/merge',
      headers: user.headers,
      payload: {
        items: [
          { kind: 'product', refId: owned.id, quantity: 4 },
          { kind: 'product', refId: fresh.id, quantity: 2 },
          { kind: 'product', refId: scarce.id, quantity: 5 },
          { kind: 'product', refId: retired.id, quantity: 1 },
          { kind: 'product', refId: soldOut.id, quantity: 1 },
          { kind: 'product', refId: 987_654, quantity: 1 },
        ],
      },
    });
    expect(response.statusCode).toBe(200);
    const cart = cartOf(response);
    expect(cart.items.map((line) => [line.refId, line.quantity])).toEqual([
      [owned.id, 5],
      [fresh.id, 2],
      [scarce.id, 2],
    ]);
    expect(cart.itemCount).toBe(9);
    expect(cart.total).toBe(5 * 100_000 + 2 * 200_000 + 2 * 300_000);
  });

  it('validates a guest cart without a login: current prices, issues flagged, unknown items left out', async () => {
    const cheap = await createProduct(scratch.db, { price: 150_000, stock: 10 });
    const short = await createProduct(scratch.db, { price: 250_000, stock: 1 });
    const retired = await createProduct(scratch.db, { price: 250_000, stock: 4, active: false });
    const response = await app.inject({
      method: 'POST',
      url: '/api/cart/validate',
      payload: {
        items: [
          { kind: 'product', refId: cheap.id, quantity: 2, price: 120_000 },
          { kind: 'product', refId: short.id, quantity: 3, price: 250_000 },
          { kind: 'product', refId: retired.id, quantity: 1, price: 250_000 },
          { kind: 'product', refId: 987_655, quantity: 1, price: 1 },
        ],
      },
    });
    expect(response.statusCode).toBe(200);
    const cart = cartOf(response);
    expect(cart.items.map((line) => [line.refId, line.price, line.issues])).toEqual([
      [cheap.id, 150_000, ['price_changed']],
      [short.id, 250_000, ['insufficient_stock']],
      [retired.id, 250_000, ['unavailable']],
    ]);
    expect(cart.items.map((line) => line.previousPrice)).toEqual([120_000, undefined, undefined]);
    expect(cart.itemCount).toBe(6);
    expect(cart.total).toBe(2 * 150_000 + 3 * 250_000 + 250_000);
  });
});
