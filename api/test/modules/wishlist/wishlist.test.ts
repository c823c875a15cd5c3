import { errorEnvelopeSchema, wishlistItemSchema, wishlistSchema, WISHLIST_MAX_ITEMS, type Wishlist } from 'shared-contracts/schemas';
import { z } from 'zod';
import type { App } from '../../../src/app';
import { sendWishlistAlerts } from '../../../src/modules/wishlist';
import { outboxCount, type AuthTestApp } from '../../support/authTestKit';
import { createProduct, createUser, setOnlineStock, startShopApp, type TestUser } from '../../support/shopTestKit';
import { testDatabases, useScratchDatabase } from '../../support/testDatabases';
import { emailOutbox } from '../../support/emailOutbox';

const itemAnswer = z.object({ data: z.object({ item: wishlistItemSchema }) });
const listAnswer = z.object({ data: wishlistSchema });

describe.each(testDatabases())('the wishlist API on $label', (target) => {
  const scratch = useScratchDatabase(target, { seed: true });
  let shop: AuthTestApp;
  let app: App;

  beforeAll(async () => {
    shop = await startShopApp(scratch.db);
    app = shop.app;
  });
  afterAll(() => shop.close());

  const put = (user: TestUser, productId: number | string, payload: Record<string, unknown> = {}) =>
    app.inject({ method: 'PUT', url: `/api/wishlist/items/${productId}`, headers: user.headers, payload });
  const remove = (user: TestUser, productId: number) => app.inject({ method: 'DELETE', url: `/api/wishlist/items/${productId}`, headers: user.headers });
  const merge = (user: TestUser, productIds: unknown[]) => app.inject({ method: 'POST', url: '/api/wishlist/merge', headers: user.headers, payload: { productIds } });
  const list = async (user: TestUser): Promise<Wishlist> => {
    const response = await app.inject({ method: 'GET', url: '/api/wishlist', headers: user.headers });
    expect(response.statusCode).toBe(200);
    return listAnswer.parse(response.json()).data;
  };
  const rows = async (user: TestUser) => scratch.db.selectFrom('wishlist_items').selectAll().where('user_id', '=', user.id).execute();
  const runAlerts = () => sendWishlistAlerts(scratch.db, shop.clock, { publicUrl: 'https://evshop.test' });
  /** What the notification centre told the user of a kind: the bell's titles and the channels of its deliveries. */
  const toldOf = async (user: TestUser, kind: 'price_drop' | 'back_in_stock') => ({
    titles: (await scratch.db.selectFrom('notifications').select('title').where('user_id', '=', user.id).where('kind', '=', kind).orderBy('id').execute()).map((row) => row.title),
    channels: (await scratch.db.selectFrom('notification_deliveries').select('channel').where('user_id', '=', user.id).where('kind', '=', kind).orderBy('id').execute()).map((row) => row.channel),
  });
  const setPrice = (productId: number, price: number) => scratch.db.updateTable('products').set({ price }).where('id', '=', productId).execute();

  it('answers 401 without a login and 403 to staff, with Vietnamese messages', async () => {
    for (const [method, url] of [
      ['GET', '/api/wishlist'],
      ['PUT', '/api/wishlist/items/1'],
      ['DELETE', '/api/wishlist/items/1'],
      ['POST', '/api/wishlist/merge'],
    ] as const) {
      const anonymous = await app.inject({ method, url, payload: method === 'POST' ? { productIds: [] } : method === 'PUT' ? {} : undefined });
      expect(anonymous.statusCode).toBe(401);
      expect(errorEnvelopeSchema.parse(anonymous.json()).message).toBe('Vui lòng đăng nhập để tiếp tục.');
    }
    for (const role of ['staff', 'manager', 'admin'] as const) {
      const staff = await createUser(app, scratch.db, { role });
      const refused = await app.inject({ method: 'GET', url: '/api/wishlist', headers: staff.headers });
      expect(refused.statusCode).toBe(403);
      expect(errorEnvelopeSchema.parse(refused.json()).message).toBe('Bạn không có quyền truy cập chức năng này.');
    }
  });

  it('adds, lists newest first, keeps the first save on a repeat, updates the opt-ins and removes', async () => {
    const user = await createUser(app, scratch.db);
    const battery = await createProduct(scratch.db, { price: 1_200_000, stock: 4 });
    const charger = await createProduct(scratch.db, { price: 450_000, stock: 0 });

    const first = await put(user, battery.id);
    expect(first.statusCode).toBe(200);
    expect(itemAnswer.parse(first.json()).data.item).toMatchObject({
      productId: battery.id,
      price: 1_200_000,
      priceWhenAdded: 1_200_000,
      stock: 4,
      available: true,
      notifyPriceDrop: false,
      notifyBackInStock: false,
    });
    shop.clock.advance(60_000);
    await put(user, charger.id, { notifyBackInStock: true });

    // A repeat after the price changed keeps addedAt and priceWhenAdded, and sets the opt-in given.
    await setPrice(battery.id, 1_100_000);
    shop.clock.advance(60_000);
    const again = itemAnswer.parse((await put(user, battery.id, { notifyPriceDrop: true })).json()).data.item;
    expect(again).toMatchObject({ price: 1_100_000, priceWhenAdded: 1_200_000, notifyPriceDrop: true, addedAt: itemAnswer.parse(first.json()).data.item.addedAt });

    const wishlist = await list(user);
    expect(wishlist.count).toBe(2);
    expect(wishlist.items.map((item) => [item.productId, item.available, item.notifyBackInStock])).toEqual([
      [charger.id, false, true],
      [battery.id, true, false],
    ]);

    const afterRemove = listAnswer.parse((await remove(user, charger.id)).json()).data;
    expect(afterRemove.items.map((item) => item.productId)).toEqual([battery.id]);
    const removeMissing = await remove(user, charger.id);
    expect(removeMissing.statusCode).toBe(200);
    expect(listAnswer.parse(removeMissing.json()).data.count).toBe(1);
  });

  it('refuses an unknown or unpublished product with 404 and a bad id or field with 400', async () => {
    const user = await createUser(app, scratch.db);
    const hidden = await createProduct(scratch.db, { price: 100_000, stock: 5, active: false });
    for (const id of [hidden.id, 2_000_000_000]) {
      const refused = await put(user, id);
      expect(refused.statusCode).toBe(404);
      expect(errorEnvelopeSchema.parse(refused.json()).message).toBe('Không tìm thấy sản phẩm hoặc sản phẩm đã ngừng kinh doanh.');
    }
    expect((await put(user, 'abc')).statusCode).toBe(400);
    const product = await createProduct(scratch.db, { price: 100_000, stock: 5 });
    expect((await put(user, product.id, { notifyPriceDrop: 'yes' })).statusCode).toBe(400);
    expect((await put(user, product.id, { quantity: 2 })).statusCode).toBe(400);
    expect(await rows(user)).toHaveLength(0);
  });

  it('saves on a PUT without a body (a heart sends none) and leaves the opt-ins as they were', async () => {
    const user = await createUser(app, scratch.db);
    const product = await createProduct(scratch.db, { price: 150_000, stock: 1 });
    await put(user, product.id, { notifyPriceDrop: true });
    const bare = await app.inject({ method: 'PUT', url: `/api/wishlist/items/${product.id}`, headers: user.headers });
    expect(bare.statusCode).toBe(200);
    expect(itemAnswer.parse(bare.json()).data.item.notifyPriceDrop).toBe(true);
  });

  it('keeps one row for 12 saves of one product at the same moment', async () => {
    const user = await createUser(app, scratch.db);
    const product = await createProduct(scratch.db, { price: 300_000, stock: 2 });
    const answers = await Promise.all(Array.from({ length: 12 }, (_, index) => put(user, product.id, { notifyPriceDrop: index % 2 === 0 })));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(12).fill(200));
    expect(await rows(user)).toHaveLength(1);
  });

  it(`refuses the ${WISHLIST_MAX_ITEMS + 1}th product with 409 and still updates a saved one`, async () => {
    const user = await createUser(app, scratch.db);
    const products = [];
    for (let index = 0; index <= WISHLIST_MAX_ITEMS; index += 1) products.push(await createProduct(scratch.db, { price: 10_000 + index, stock: 1 }));
    await scratch.db
      .insertInto('wishlist_items')
      .values(products.slice(0, WISHLIST_MAX_ITEMS).map((product) => ({ user_id: user.id, product_id: product.id, price_when_added: product.price, added_at: shop.clock.now().toISOString() })))
      .execute();
    const refused = await put(user, products[WISHLIST_MAX_ITEMS]!.id);
    expect(refused.statusCode).toBe(409);
    expect(errorEnvelopeSchema.parse(refused.json()).message).toMatch(/^Danh sách yêu thích đã đủ 200 sản phẩm/);
    expect((await put(user, products[0]!.id, { notifyPriceDrop: true })).statusCode).toBe(200);
    // A merge adds nothing beyond the cap either.
    expect(listAnswer.parse((await merge(user, [products[WISHLIST_MAX_ITEMS]!.id])).json()).data.count).toBe(WISHLIST_MAX_ITEMS);
  });

  it('merges the guest hearts into the account: both sides kept, unknown and unpublished ids dropped', async () => {
    const user = await createUser(app, scratch.db);
    const saved = await createProduct(scratch.db, { price: 200_000, stock: 3 });
    const guest = await createProduct(scratch.db, { price: 250_000, stock: 3 });
    const hidden = await createProduct(scratch.db, { price: 250_000, stock: 3, active: false });
    await put(user, saved.id, { notifyPriceDrop: true });
    const answer = await merge(user, [guest.id, saved.id, 2_000_000_000, hidden.id, guest.id]);
    expect(answer.statusCode).toBe(200);
    const merged = listAnswer.parse(answer.json()).data;
    expect(merged.items.map((item) => item.productId).sort((a, b) => a - b)).toEqual([saved.id, guest.id].sort((a, b) => a - b));
    expect(merged.items.find((item) => item.productId === saved.id)!.notifyPriceDrop).toBe(true);
    expect((await merge(user, Array.from({ length: 101 }, (_, index) => index + 1))).statusCode).toBe(400);
  });

  it('tells one price drop per opted-in customer on their channel, not one per save or run, and none to the others', async () => {
    const product = await createProduct(scratch.db, { price: 1_000_000, stock: 5, name: 'Má phanh đĩa trước thử nghiệm' });
    // Verified, no phone: told by email (the "order" topic's default channels; the customer asked by ticking it).
    const watchers = [await createUser(app, scratch.db), await createUser(app, scratch.db)];
    // With a phone: Zalo, not email. Unverified, no phone: the bell only, never an email.
    const onZalo = await createUser(app, scratch.db);
    await scratch.db.updateTable('users').set({ phone_number: '0912345001' }).where('id', '=', onZalo.id).execute();
    const unverified = await createUser(app, scratch.db);
    await scratch.db.updateTable('users').set({ email_verified_at: null }).where('id', '=', unverified.id).execute();
    const quiet = await createUser(app, scratch.db);
    for (const user of [...watchers, onZalo, unverified]) await put(user, product.id, { notifyPriceDrop: true });
    await put(quiet, product.id);

    await runAlerts(); // what the tests before left to tell
    expect(await runAlerts()).toBe(0);
    await setPrice(product.id, 850_000);
    await setPrice(product.id, 850_000);
    expect(await Promise.all([runAlerts(), runAlerts()]).then(([a, b]) => a + b)).toBe(4);
    expect(await runAlerts()).toBe(0);
    for (const user of watchers) expect(await outboxCount(scratch.db, user.email, 'wishlist_price_drop')).toBe(1);
    expect(await outboxCount(scratch.db, quiet.email, 'wishlist_price_drop')).toBe(0);
    const title = 'Giảm giá: Má phanh đĩa trước thử nghiệm';
    expect(await toldOf(watchers[0]!, 'price_drop')).toEqual({ titles: [title], channels: ['email'] });
    expect(await toldOf(onZalo, 'price_drop')).toEqual({ titles: [title], channels: ['zalo'] });
    expect(await toldOf(unverified, 'price_drop')).toEqual({ titles: [title], channels: [] });
    expect(await toldOf(quiet, 'price_drop')).toEqual({ titles: [], channels: [] });
    for (const user of [onZalo, unverified]) expect(await outboxCount(scratch.db, user.email)).toBe(0);

    const email = await emailOutbox(scratch.db).selectAll().where('to_address', '=', watchers[0]!.email).executeTakeFirstOrThrow();
    expect(email.subject).toContain('Má phanh đĩa trước thử nghiệm');
    expect(email.text_body).toContain('1.000.000 ₫ → 850.000 ₫');
    expect(email.text_body).toContain('https://evshop.test/products/');

    // A rise and a fall back to the price told: no news; a lower price: one more each.
    await setPrice(product.id, 900_000);
    expect(await runAlerts()).toBe(0);
    await setPrice(product.id, 850_000);
    expect(await runAlerts()).toBe(0);
    await setPrice(product.id, 800_000);
    expect(await runAlerts()).toBe(4);
    for (const user of watchers) expect(await outboxCount(scratch.db, user.email, 'wishlist_price_drop')).toBe(2);
  });

  it('tells one back-in-stock per opted-in customer when the product returns online, by email to one who chose it', async () => {
    const product = await createProduct(scratch.db, { price: 500_000, stock: 0, name: 'Bộ sạc nhanh thử nghiệm' });
    const watcher = await createUser(app, scratch.db);
    const quiet = await createUser(app, scratch.db);
    await put(watcher, product.id, { notifyBackInStock: true });
    await put(quiet, product.id);

    await runAlerts(); // what the tests before left to tell
    expect(await runAlerts()).toBe(0);
    await setOnlineStock(scratch.db, product.id, 3);
    await setOnlineStock(scratch.db, product.id, 4);
    expect(await runAlerts()).toBe(1);
    expect(await runAlerts()).toBe(0);
    expect(await outboxCount(scratch.db, watcher.email, 'wishlist_back_in_stock')).toBe(1);
    expect(await outboxCount(scratch.db, quiet.email, 'wishlist_back_in_stock')).toBe(0);
    expect(await toldOf(watcher, 'back_in_stock')).toEqual({ titles: ['Đã có hàng: Bộ sạc nhanh thử nghiệm'], channels: ['email'] });

    // Sold out again, seen by a run, then back: news again.
    await setOnlineStock(scratch.db, product.id, 0);
    expect(await runAlerts()).toBe(0);
    await setOnlineStock(scratch.db, product.id, 2);
    // The job's next run, 10 minutes on: each return is its own notification (its event key names when it was seen).
    shop.clock.advance(10 * 60_000);
    expect(await runAlerts()).toBe(1);
    expect(await outboxCount(scratch.db, watcher.email, 'wishlist_back_in_stock')).toBe(2);
    expect((await toldOf(watcher, 'back_in_stock')).channels).toEqual(['email', 'email']);
  });
});
