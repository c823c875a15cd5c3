import { errorEnvelopeSchema, orderResponseSchema, orderSummaryPageResponseSchema, quoteResponseSchema } from 'shared-contracts/schemas';
import type { App } from '../../../src/app';
import * as deliveries from '../../../src/modules/notifications/channels/scheduleDeliveries';
import * as webOrderChanges from '../../../src/modules/orders/webOrderChanges';

// The two steps a test makes fail, as mocks that call through (a module's exports cannot be redefined by spyOn).
jest.mock('../../../src/modules/notifications/channels/scheduleDeliveries', () => {
  const actual = jest.requireActual<typeof deliveries>('../../../src/modules/notifications/channels/scheduleDeliveries');
  return { ...actual, scheduleDeliveriesOf: jest.fn(actual.scheduleDeliveriesOf) };
});
jest.mock('../../../src/modules/orders/webOrderChanges', () => {
  const actual = jest.requireActual<typeof webOrderChanges>('../../../src/modules/orders/webOrderChanges');
  return { ...actual, announceWebOrderChange: jest.fn(actual.announceWebOrderChange) };
});
import type { AuthTestApp } from '../../support/authTestKit';
import { testDatabases, useScratchDatabase } from '../../support/testDatabases';
import {
  cartOf,
  createProduct,
  stockCentre,
  createPromotion,
  createUser,
  deliveryTo,
  firstCentreId,
  newIdempotencyKey,
  orderBody,
  orderOf,
  pickupAt,
  postOrder,
  promotionUsage,
  deskAction,
  startShopApp,
  stockOf,
  type TestUser,
} from '../../support/shopTestKit';
import { emailOutbox } from '../../support/emailOutbox';

describe.each(testDatabases())('checkout and orders on $label', (target) => {
  const scratch = useScratchDatabase(target, { seed: true });
  let shop: AuthTestApp;
  let app: App;
  let staff: TestUser;

  beforeAll(async () => {
    shop = await startShopApp(scratch.db);
    app = shop.app;
    // The desk of every centre: staff act on web orders through the desk (webOrders), within their centre.
    staff = await createUser(app, scratch.db, { role: 'admin' });
  });
  afterAll(() => shop.close());

  const cancel = (user: TestUser, code: string, reason?: string) =>
    app.inject({ method: 'POST', url: `/api/orders/${code}/cancel`, headers: user.headers, payload: reason ? { reason } : {} });
  const ordersCount = async (userId: number) =>
    Number((await scratch.db.selectFrom('orders').select((eb) => eb.fn.countAll<string | number>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow()).n);

  describe('POST /api/orders', () => {
    it('prices the order on the server: a tampered subtotal and total are ignored (a unit price not shown now is refused: catalogueAdmin tests)', async () => {
      const user = await createUser(app, scratch.db);
      const product = await createProduct(scratch.db, { price: 1_250_000, stock: 10 });
      const response = await postOrder(app, user, {
        items: [{ kind: 'product', refId: product.id, quantity: 2, price: 1_250_000 }],
        subtotal: 2,
        total: 2,
      });
      expect(response.statusCode).toBe(201);
      const order = orderResponseSchema.parse(response.json()).data;
      expect(order.lines).toEqual([expect.objectContaining({ refId: product.id, unitPrice: 1_250_000, quantity: 2, lineTotal: 2_500_000 })]);
      expect(order).toMatchObject({ subtotal: 2_500_000, discount: 0, shippingFee: 30_000, total: 2_530_000 });
      expect(order).toMatchObject({ status: 'PLACED', statusLabel: 'Đã đặt hàng', paymentMethod: 'COD', paymentStatus: 'UNPAID', paymentStatusLabel: 'Chưa thanh toán' });
      expect(order.code).toMatch(/^EV\d{10,}$/);
      expect(order.phone).toBe('0912345678');
      // The ward typed names one ward of Hà Nội: the order keeps its code (issue 65).
      expect(order.fulfilment).toEqual({ method: 'delivery', address: { province: 'Hà Nội', ward: 'Phường Cửa Nam', street: '12 Tràng Thi', wardCode: '00082' }, centre: null });
      expect(order.history).toEqual([expect.objectContaining({ status: 'PLACED', paymentStatus: 'UNPAID' })]);
      expect(order.canCancel).toBe(true);
      expect(order.vietQr).toBeNull();
      expect(await stockOf(scratch.db, product.id)).toBe(8);
    });

    it('charges shipping by region: 30.000 ₫ where we have a centre, 50.000 ₫ elsewhere, nothing for a pick-up', async () => {
      const user = await createUser(app, scratch.db);
      const product = await createProduct(scratch.db, { price: 400_000, stock: 10 });
      const items = [{ kind: 'product' as const, refId: product.id, quantity: 1 }];
      const far = orderOf(await postOrder(app, user, { items, fulfilment: deliveryTo('Lào Cai') }));
      expect([far.shippingFee, far.total]).toEqual([50_000, 450_000]);
      const centreId = await firstCentreId(scratch.db);
      await stockCentre(scratch.db, centreId, product.id, 1);
      const pickup = orderOf(await postOrder(app, user, { items, fulfilment: pickupAt(centreId), paymentMethod: 'PAY_AT_PICKUP' }));
      expect([pickup.shippingFee, pickup.total]).toEqual([0, 400_000]);
      expect(pickup.fulfilment).toEqual({ method: 'pickup', address: null, centre: expect.objectContaining({ id: centreId }) });
    });

    it('validates the request in Vietnamese: phone, province, pay-at-pick-up only with a pick-up, the Idempotency-Key', async () => {
      const user = await createUser(app, scratch.db);
      const product = await createProduct(scratch.db, { price: 400_000, stock: 10 });
      const items = [{ kind: 'product' as const, refId: product.id, quantity: 1 }];
      const badPhone = await postOrder(app, user, { items, phone: '12345' });
      expect(badPhone.statusCode).toBe(400);
      expect(errorEnvelopeSchema.parse(badPhone.json()).errors).toEqual(
        expect.arrayContaining([expect.objectContaining({ field: 'phone', message: 'Số điện thoại di động không hợp lệ (ví dụ 0912345678).' })]),
      );
      const badProvince = await postOrder(app, user, { items, fulfilment: { method: 'delivery', address: { province: 'Hà Tây', ward: 'Phường A', street: '1 Đường B' } } });
      expect(badProvince.statusCode).toBe(400);
      const payAtPickupDelivered = await postOrder(app, user, { items, paymentMethod: 'PAY_AT_PICKUP' });
      expect(payAtPickupDelivered.statusCode).toBe(400);
      expect(payAtPickupDelivered.json().errors[0].message).toBe('Thanh toán tại cửa hàng chỉ áp dụng khi nhận hàng tại trung tâm.');
      const noKey = await app.inject({ method: 'POST', url: '/api/orders', headers: user.headers, payload: orderBody({ items }) });
      expect(noKey.statusCode).toBe(400);
      expect(noKey.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Thiếu tiêu đề Idempotency-Key.' });
      const shortKey = await postOrder(app, user, { items }, 'abc');
      expect(shortKey.statusCode).toBe(400);
      const unknownCentre = await postOrder(app, user, { items, fulfilment: pickupAt(99_999) });
      expect(unknownCentre.statusCode).toBe(422);
      expect(unknownCentre.json().code).toBe('CENTRE_NOT_FOUND');
      expect(await ordersCount(user.id)).toBe(0);
      expect(await stockOf(scratch.db, product.id)).toBe(10);
    });

    it('refuses more than the stock with 409 OUT_OF_STOCK naming the product, and changes nothing', async () => {
      const user = await createUser(app, scratch.db);
      const plenty = await createProduct(scratch.db, { price: 100_000, stock: 10 });
      const scarce = await createProduct(scratch.db, { price: 200_000, stock: 2, name: 'Má phanh đĩa trước' });
      const response = await postOrder(app, user, {
        items: [
          { kind: 'product', refId: plenty.id, quantity: 3 },
          { kind: 'product', refId: scarce.id, quantity: 3 },
        ],
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'OUT_OF_STOCK', message: 'Sản phẩm "Má phanh đĩa trước" chỉ còn 2 sản phẩm trong kho.' });
      expect(await stockOf(scratch.db, plenty.id)).toBe(10);
      expect(await stockOf(scratch.db, scarce.id)).toBe(2);
      expect(await ordersCount(user.id)).toBe(0);
    });

    it('takes the ordered lines out of the server cart and emails a confirmation', async () => {
      const user = await createUser(app, scratch.db);
      const bought = await createProduct(scratch.db, { price: 100_000, stock: 10 });
      const kept = await createProduct(scratch.db, { price: 200_000, stock: 10 });
      for (const product of [bought, kept]) {
        await app.inject({ method: 'POST', url: '/api/cart/items', headers: user.headers, payload: { kind: 'product', refId: product.id } });
      }
      const order = orderOf(await postOrder(app, user, { items: [{ kind: 'product', refId: bought.id, quantity: 1 }] }));
      const cart = cartOf(await app.inject({ method: 'GET', url: '/api/cart', headers: user.headers }));
      expect(cart.items.map((line) => line.refId)).toEqual([kept.id]);
      const email = await emailOutbox(scratch.db).selectAll().where('to_address', '=', user.email).where('kind', '=', 'order_placed').executeTakeFirstOrThrow();
      expect(email.subject).toBe(`Xác nhận đơn hàng ${order.code} – EV Service`);
      expect(email.text_body).toContain('Tổng thanh toán: 130.000 ₫');
    });
  });

  describe('idempotency', () => {
    it('replays the same order for the same key and body (200), refuses another body with 409', async () => {
      const user = await createUser(app, scratch.db);
      const product = await createProduct(scratch.db, { price: 500_000, stock: 10 });
      const key = newIdempotencyKey();
      const body = { items: [{ kind: 'product' as const, refId: product.id, quantity: 2 }] };
      const first = await postOrder(app, user, body, key);
      expect(first.statusCode).toBe(201);
      const replay = await postOrder(app, user, { ...body, items: [{ ...body.items[0]!, price: 42 }] }, key);
      expect(replay.statusCode).toBe(200);
      expect(orderOf(replay).code).toBe(orderOf(first).code);
      expect(await stockOf(scratch.db, product.id)).toBe(8);

      const other = await postOrder(app, user, { items: [{ kind: 'product', refId: product.id, quantity: 3 }] }, key);
      expect(other.statusCode).toBe(409);
      expect(other.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
      expect(await ordersCount(user.id)).toBe(1);

      // The key belongs to its customer: another customer may use the same string.
      const stranger = await createUser(app, scratch.db);
      expect((await postOrder(app, stranger, body, key)).statusCode).toBe(201);
    });

    it('a retry after a 503 answers the order placed: rolled back, it is placed then; committed, it is replayed, never made twice', async () => {
      const user = await createUser(app, scratch.db);
      const product = await createProduct(scratch.db, { price: 500_000, stock: 10 });
      await app.inject({ method: 'POST', url: '/api/cart/items', headers: user.headers, payload: { kind: 'product', refId: product.id } });
      const cartRefs = async () => cartOf(await app.inject({ method: 'GET', url: '/api/cart', headers: user.headers })).items.map((line) => line.refId);
      const connectionLost = () => Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' });
      const key = newIdempotencyKey();
      const body = { items: [{ kind: 'product' as const, refId: product.id, quantity: 1, price: 500_000 }] };

      // The connection dies inside the transaction (the notification centre queuing the confirmation): nothing of the order stays, the key is free.
      jest.mocked(deliveries.scheduleDeliveriesOf).mockRejectedValueOnce(connectionLost());
      const rolledBack = await postOrder(app, user, body, key);
      expect(rolledBack.statusCode).toBe(503);
      expect(await ordersCount(user.id)).toBe(0);
      expect(await stockOf(scratch.db, product.id)).toBe(10);
      expect(await cartRefs()).toEqual([product.id]);

      // The retry places it, and the connection dies after the commit: the page is told 503, yet the order, its
      // key (a column of the order row, same transaction) and the cart line it took are all committed.
      jest.mocked(webOrderChanges.announceWebOrderChange).mockRejectedValueOnce(connectionLost());
      const committed = await postOrder(app, user, body, key);
      expect(committed.statusCode).toBe(503);
      expect(await ordersCount(user.id)).toBe(1);
      expect(await stockOf(scratch.db, product.id)).toBe(9);
      expect(await cartRefs()).toEqual([]);

      // The page's retry with the same key and body: that order (200), not a second one.
      const retry = await postOrder(app, user, body, key);
      expect(retry.statusCode).toBe(200);
      const order = orderOf(retry);
      const placed = await scratch.db.selectFrom('orders').select(['code', 'idempotency_key']).where('user_id', '=', user.id).executeTakeFirstOrThrow();
      expect(order.code).toBe(placed.code);
      expect(placed.idempotency_key).toBe(key);
      expect(order).toMatchObject({ status: 'PLACED', total: 530_000, lines: [expect.objectContaining({ refId: product.id, quantity: 1 })] });
      expect(await ordersCount(user.id)).toBe(1);
      expect(await stockOf(scratch.db, product.id)).toBe(9);
    });

    it('makes ONE order out of concurrent requests with the same key', async () => {
      const user = await createUser(app, scratch.db);
      const product = await createProduct(scratch.db, { price: 500_000, stock: 20 });
      const key = newIdempotencyKey();
      const body = { items: [{ kind: 'product' as const, refId: product.id, quantity: 1 }] };
      const responses = await Promise.all(Array.from({ length: 8 }, () => postOrder(app, user, body, key)));
      expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
      expect(new Set(responses.map((response) => orderOf(response).code)).size).toBe(1);
      expect(await ordersCount(user.id)).toBe(1);
      expect(await stockOf(scratch.db, product.id)).toBe(19);
    });

    it('answers concurrent requests with the same key for the last unit with that one order, never "sold out"', async () => {
      const user = await createUser(app, scratch.db);
      const product = await createProduct(scratch.db, { price: 500_000, stock: 1 });
      const key = newIdempotencyKey();
      const body = { items: [{ kind: 'product' as const, refId: product.id, quantity: 1 }] };
      const responses = await Promise.all(Array.from({ length: 4 }, () => postOrder(app, user, body, key)));
      expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 200, 200, 201]);
      expect(new Set(responses.map((response) => orderOf(response).code)).size).toBe(1);
      expect(await ordersCount(user.id)).toBe(1);
      expect(await stockOf(scratch.db, product.id)).toBe(0);
    });
  });

  describe('promotions at checkout', () => {
    it('takes a code typed in lower case, with spaces or diacritics, as the admin stores it (folded)', async () => {
      const user = await createUser(app, scratch.db);
      const part = await createProduct(scratch.db, { price: 2_600_000, stock: 10, group: 'parts' });
      const order = orderOf(await postOrder(app, user, { items: [{ kind: 'product', refId: part.id, quantity: 2 }], promoCode: 'sảve 500k' }));
      expect(order).toMatchObject({ promotionCode: 'SAVE500K', discount: 500_000 });
    });

    it('applies SAVE500K to parts worth 5.000.000 ₫ or more and counts the use', async () => {
      const user = await createUser(app, scratch.db);
      const part = await createProduct(scratch.db, { price: 2_600_000, stock: 10, group: 'parts' });
      const before = await promotionUsage(scratch.db, 'SAVE500K');
      const order = orderOf(await postOrder(app, user, { items: [{ kind: 'product', refId: part.id, quantity: 2 }], promoCode: 'save500k' }));
      expect(order).toMatchObject({ promotionCode: 'SAVE500K', subtotal: 5_200_000, discount: 500_000, shippingFee: 30_000, total: 4_730_000 });
      expect(await promotionUsage(scratch.db, 'SAVE500K')).toBe(before + 1);
    });

    it('refuses a code with 422 PROMOTION_REFUSED and its reason, placing nothing', async () => {
      const user = await createUser(app, scratch.db);
      const accessory = await createProduct(scratch.db, { price: 3_000_000, stock: 10, group: 'accessories' });
      const part = await createProduct(scratch.db, { price: 600_000, stock: 10, group: 'parts' });
      const onlyAccessories = await postOrder(app, user, { items: [{ kind: 'product', refId: accessory.id, quantity: 2 }], promoCode: 'SAVE500K' });
      expect(onlyAccessories.statusCode).toBe(422);
      expect(onlyAccessories.json()).toMatchObject({ code: 'PROMOTION_REFUSED', message: 'Mã chỉ áp dụng cho sản phẩm thuộc danh mục: Phụ tùng.' });
      const tooSmall = await postOrder(app, user, {
        items: [
          { kind: 'product', refId: accessory.id, quantity: 2 },
          { kind: 'product', refId: part.id, quantity: 1 },
        ],
        promoCode: 'SAVE500K',
      });
      expect(tooSmall.statusCode).toBe(422);
      expect(tooSmall.json().message).toBe('Đơn hàng tối thiểu 5.000.000 ₫');
      const unknown = await postOrder(app, user, { items: [{ kind: 'product', refId: part.id, quantity: 1 }], promoCode: 'KHONGCO' });
      expect(unknown.json()).toMatchObject({ code: 'PROMOTION_REFUSED', message: 'Mã khuyến mãi không tồn tại.' });
      const expired = await postOrder(app, user, { items: [{ kind: 'product', refId: part.id, quantity: 1 }], promoCode: 'HE2026' });
      expect(expired.json().message).toBe('Mã khuyến mãi đã hết hạn.');
      expect(await ordersCount(user.id)).toBe(0);
      expect(await stockOf(scratch.db, part.id)).toBe(10);
    });

    it('enforces the per-customer limit', async () => {
      const code = await createPromotion(scratch.db, { type: 'fixed', value: 50_000, perCustomerLimit: 2, usageLimit: 100 });
      const user = await createUser(app, scratch.db);
      const product = await createProduct(scratch.db, { price: 300_000, stock: 20 });
      const items = [{ kind: 'product' as const, refId: product.id, quantity: 1 }];
      expect((await postOrder(app, user, { items, promoCode: code })).statusCode).toBe(201);
      expect((await postOrder(app, user, { items, promoCode: code })).statusCode).toBe(201);
      const third = await postOrder(app, user, { items, promoCode: code });
      expect(third.statusCode).toBe(422);
      expect(third.json().message).toBe('Bạn đã dùng hết lượt của mã này.');
      // Another customer still can.
      const other = await createUser(app, scratch.db);
      expect((await postOrder(app, other, { items, promoCode: code })).statusCode).toBe(201);
      expect(await promotionUsage(scratch.db, code)).toBe(3);
    });

    it('gives a first-order code only on a first order', async () => {
      const code = await createPromotion(scratch.db, { type: 'percentage', value: 20, maxDiscount: 500_000, eligibility: 'new-customer', usageLimit: 100 });
      const user = await createUser(app, scratch.db);
      const product = await createProduct(scratch.db, { price: 1_000_000, stock: 20 });
      const items = [{ kind: 'product' as const, refId: product.id, quantity: 1 }];
      expect((await postOrder(app, user, { items })).statusCode).toBe(201);
      const second = await postOrder(app, user, { items, promoCode: code });
      expect(second.statusCode).toBe(422);
      expect(second.json().message).toBe('Mã chỉ áp dụng cho đơn hàng đầu tiên.');
      const newcomer = await createUser(app, scratch.db);
      const first = orderOf(await postOrder(app, newcomer, { items, promoCode: code }));
      expect(first.discount).toBe(200_000);
    });
  });

  describe('POST /api/checkout/quote', () => {
    it('prices a cart with a shipping code, and explains a refused code without failing', async () => {
      const user = await createUser(app, scratch.db);
      const product = await createProduct(scratch.db, { price: 800_000, stock: 5, group: 'accessories' });
      const quote = async (promoCode: string, province = 'Lào Cai') => {
        const response = await app.inject({
          method: 'POST',
          url: '/api/checkout/quote',
          headers: user.headers,
          payload: { items: [{ kind: 'product', refId: product.id, quantity: 1 }], promoCode, fulfilment: { method: 'delivery', province } },
        });
        expect(response.statusCode).toBe(200);
        return quoteResponseSchema.parse(response.json()).data;
      };
      const freeShip = await quote('FREESHIP');
      expect(freeShip).toMatchObject({ subtotal: 800_000, discount: 0, shippingFee: 50_000, shippingDiscount: 50_000, total: 800_000, promoError: null });
      expect(freeShip.promotion?.code).toBe('FREESHIP');
      const refused = await quote('SAVE500K');
      expect(refused).toMatchObject({ subtotal: 800_000, discount: 0, shippingFee: 50_000, total: 850_000, promotion: null });
      expect(refused.promoError).toEqual({ code: 'PROMO_CATEGORY', message: 'Mã chỉ áp dụng cho sản phẩm thuộc danh mục: Phụ tùng.' });
      expect(refused.lines[0]).toMatchObject({ refId: product.id, price: 800_000, issues: [] });
    });
  });

  describe('reading orders', () => {
    it('lists my orders newest first and shows one to its owner only (404 for another customer and for staff)', async () => {
      const user = await createUser(app, scratch.db);
      const product = await createProduct(scratch.db, { price: 100_000, stock: 10, name: 'Cầu chì 30A' });
      const first = orderOf(await postOrder(app, user, { items: [{ kind: 'product', refId: product.id, quantity: 1 }] }));
      shop.clock.advance(60_000);
      const second = orderOf(await postOrder(app, user, { items: [{ kind: 'product', refId: product.id, quantity: 3 }] }));
      const list = orderSummaryPageResponseSchema.parse((await app.inject({ method: 'GET', url: '/api/orders', headers: user.headers })).json()).data.items;
      expect(list.map((summary) => summary.code)).toEqual([second.code, first.code]);
      expect(list[0]).toMatchObject({ itemCount: 3, lineCount: 1, firstItemName: 'Cầu chì 30A', total: 330_000, statusLabel: 'Đã đặt hàng' });

      const mine = await app.inject({ method: 'GET', url: `/api/orders/${first.code}`, headers: user.headers });
      expect(orderResponseSchema.parse(mine.json()).data.code).toBe(first.code);
      const other = await createUser(app, scratch.db);
      const theirs = await app.inject({ method: 'GET', url: `/api/orders/${first.code}`, headers: other.headers });
      expect(theirs.statusCode).toBe(404);
      expect(theirs.json()).toMatchObject({ code: 'ORDER_NOT_FOUND', message: 'Không tìm thấy đơn hàng.' });
      expect((await cancel(other, first.code)).statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: '/api/orders', headers: other.headers })).json().data).toEqual({ items: [], hasMore: false });
      expect((await app.inject({ method: 'GET', url: `/api/orders/${first.code}`, headers: staff.headers })).statusCode).toBe(404);
    });

    it('pages my orders newest first, and lists only the open ones when asked', async () => {
      const user = await createUser(app, scratch.db);
      const product = await createProduct(scratch.db, { price: 100_000, stock: 20, name: 'Cầu chì 30A' });
      const codes: string[] = [];
      for (let index = 0; index < 5; index += 1) {
        codes.unshift(orderOf(await postOrder(app, user, { items: [{ kind: 'product', refId: product.id, quantity: 1 }] })).code);
        // Two of them in the same instant: the page's edge orders them by id.
        if (index !== 2) shop.clock.advance(60_000);
      }
      const page = async (query: string) => {
        const response = await app.inject({ method: 'GET', url: `/api/orders${query}`, headers: user.headers });
        return { status: response.statusCode, body: response.json() };
      };
      const pageOf = async (query: string) => orderSummaryPageResponseSchema.parse((await page(query)).body).data;
      const first = await pageOf('?limit=2');
      expect([first.items.map((order) => order.code), first.hasMore]).toEqual([codes.slice(0, 2), true]);
      const second = await pageOf(`?limit=2&before=${codes[1]!.toLowerCase()}`);
      expect([second.items.map((order) => order.code), second.hasMore]).toEqual([codes.slice(2, 4), true]);
      const last = await pageOf(`?limit=2&before=${codes[3]}`);
      expect([last.items.map((order) => order.code), last.hasMore]).toEqual([codes.slice(4), false]);
      expect((await pageOf('')).items.map((order) => order.code)).toEqual(codes);

      expect((await cancel(user, codes[0]!)).statusCode).toBe(200);
      const open = await pageOf('?open=true&limit=3');
      expect([open.items.map((order) => order.code), open.hasMore]).toEqual([codes.slice(1, 4), true]);
      // Another customer's code as the cursor: nothing of theirs, nothing of mine.
      const other = await createUser(app, scratch.db);
      const theirs = orderOf(await postOrder(app, other, { items: [{ kind: 'product', refId: product.id, quantity: 1 }] })).code;
      expect(await pageOf(`?before=${theirs}`)).toEqual({ items: [], hasMore: false });

      for (const query of ['?limit=0', '?limit=51', '?limit=abc', '?before=DH-1', '?open=maybe']) {
        const refused = await page(query);
        expect(refused.status).toBe(400);
        expect(refused.body.message).toMatch(/[À-ỹ]/);
      }
    });

    it('counts an order\'s items by quantity and its lines by product: one line × 4 is one line', async () => {
      const user = await createUser(app, scratch.db);
      const pads = await createProduct(scratch.db, { price: 150_000, stock: 10, name: 'Má phanh đĩa' });
      const fuse = await createProduct(scratch.db, { price: 30_000, stock: 10, name: 'Cầu chì 15A' });
      const single = orderOf(await postOrder(app, user, { items: [{ kind: 'product', refId: pads.id, quantity: 4 }] }));
      shop.clock.advance(60_000);
      const mixed = orderOf(await postOrder(app, user, { items: [{ kind: 'product', refId: pads.id, quantity: 1 }, { kind: 'product', refId: fuse.id, quantity: 2 }] }));
      const list = orderSummaryPageResponseSchema.parse((await app.inject({ method: 'GET', url: '/api/orders', headers: user.headers })).json()).data.items;
      expect(list.find((summary) => summary.code === single.code)).toMatchObject({ itemCount: 4, lineCount: 1, firstItemName: 'Má phanh đĩa' });
      expect(list.find((summary) => summary.code === mixed.code)).toMatchObject({ itemCount: 3, lineCount: 2 });
    });
  });

  describe('cancelling', () => {
    it('gives back the stock and the promotion use, so the customer may use the code again', async () => {
      const code = await createPromotion(scratch.db, { type: 'fixed', value: 100_000, perCustomerLimit: 1, usageLimit: 10 });
      const user = await createUser(app, scratch.db);
      const product = await createProduct(scratch.db, { price: 700_000, stock: 5 });
      const items = [{ kind: 'product' as const, refId: product.id, quantity: 2 }];
      const order = orderOf(await postOrder(app, user, { items, promoCode: code }));
      expect(await stockOf(scratch.db, product.id)).toBe(3);
      expect(await promotionUsage(scratch.db, code)).toBe(1);

      const response = await cancel(user, order.code, 'Đặt nhầm sản phẩm');
      expect(response.statusCode).toBe(200);
      const cancelled = orderOf(response);
      expect(cancelled).toMatchObject({ status: 'CANCELLED', statusLabel: 'Đã hủy', canCancel: false });
      expect(cancelled.history.map((entry) => entry.status)).toEqual(['PLACED', 'CANCELLED']);
      expect(cancelled.history[1]!.note).toBe('Đặt nhầm sản phẩm');
      expect(await stockOf(scratch.db, product.id)).toBe(5);
      expect(await promotionUsage(scratch.db, code)).toBe(0);
      const email = await emailOutbox(scratch.db).select('subject').where('to_address', '=', user.email).where('kind', '=', 'order_cancelled').executeTakeFirstOrThrow();
      expect(email.subject).toBe(`Đơn hàng ${order.code} đã được hủy – EV Service`);

      const again = await cancel(user, order.code);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('Đơn hàng không thể hủy ở trạng thái hiện tại');
      expect(await stockOf(scratch.db, product.id)).toBe(5);
      expect((await postOrder(app, user, { items, promoCode: code })).statusCode).toBe(201);
    });

    it('cannot be cancelled by the customer once shipping', async () => {
      const user = await createUser(app, scratch.db);
      const product = await createProduct(scratch.db, { price: 700_000, stock: 5 });
      const order = orderOf(await postOrder(app, user, { items: [{ kind: 'product', refId: product.id, quantity: 1 }] }));
      expect((await deskAction(app, staff, order.code, 'confirm')).statusCode).toBe(200);
      expect((await deskAction(app, staff, order.code, 'pack')).statusCode).toBe(200);
      expect((await deskAction(app, staff, order.code, 'ship', { carrier: 'GHN' })).statusCode).toBe(200);
      // (no body at all: the reason is optional)
      const refused = await app.inject({ method: 'POST', url: `/api/orders/${order.code}/cancel`, headers: user.headers });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'ORDER_NOT_CANCELLABLE', message: 'Đơn hàng không thể hủy ở trạng thái hiện tại' });
      expect(await stockOf(scratch.db, product.id)).toBe(4);
    });
  });

  describe('staff', () => {
    it('has no staff order routes: the desk is the staff way; the order routes are the customer\'s own', async () => {
      const user = await createUser(app, scratch.db);
      const product = await createProduct(scratch.db, { price: 100_000, stock: 5 });
      const order = orderOf(await postOrder(app, user, { items: [{ kind: 'product', refId: product.id, quantity: 1 }], paymentMethod: 'VIETQR' }));
      const removed = [
        { method: 'POST' as const, url: `/api/orders/${order.code}/status`, payload: { status: 'CONFIRMED' } },
        { method: 'POST' as const, url: `/api/orders/${order.code}/payment/confirm`, payload: {} },
        { method: 'GET' as const, url: '/api/staff/orders?limit=100' },
      ];
      for (const route of removed) expect((await app.inject({ ...route, headers: staff.headers })).statusCode).toBe(404);
      // Staff reading or cancelling a customer's order through the customer's routes: it is not theirs (404), nothing moves.
      expect((await app.inject({ method: 'GET', url: `/api/orders/${order.code}`, headers: staff.headers })).statusCode).toBe(404);
      expect((await cancel(staff, order.code)).statusCode).toBe(404);
      expect(orderOf(await app.inject({ method: 'GET', url: `/api/orders/${order.code}`, headers: user.headers })).status).toBe('PENDING_PAYMENT');
      expect((await app.inject({ method: 'GET', url: `/api/orders/${order.code}` })).statusCode).toBe(401);
    });
  });
});
