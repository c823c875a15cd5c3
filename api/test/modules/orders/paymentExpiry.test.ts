import { formatVietnamDateTime } from 'shared-contracts/schemas';
import type { App } from '../../../src/app';
import { expireUnpaidOrders } from '../../../src/modules/orders/orderLifecycle';
import type { AuthTestApp } from '../../support/authTestKit';
import { productionDatabase, useScratchDatabase } from '../../support/testDatabases';
import { bearer, createProduct, createPromotion, createUser, orderOf, postOrder, promotionUsage, recordTransferFor, startShopApp, stockOf } from '../../support/shopTestKit';
import { emailOutbox } from '../../support/emailOutbox';

const HOUR_MS = 3_600_000;

describe.each(productionDatabase())('unpaid VietQR orders expire on $label', (target) => {
  const scratch = useScratchDatabase(target, { seed: true });
  let shop: AuthTestApp;
  let app: App;

  beforeAll(async () => {
    shop = await startShopApp(scratch.db);
    app = shop.app;
  });
  afterAll(() => shop.close());

  const expire = () => expireUnpaidOrders({ db: scratch.db, clock: shop.clock, config: shop.config, events: shop.app.events }, shop.clock.now());
  const statusOf = async (code: string) =>
    scratch.db.selectFrom('orders').select(['status', 'payment_status', 'cancel_reason']).where('code', '=', code).executeTakeFirstOrThrow();

  it('cancels a VietQR order not paid within VIETQR_PAYMENT_HOURS, giving back its stock and promotion use', async () => {
    expect(shop.config.vietQr.paymentHours).toBe(24);
    // The seed's demo VietQR order waiting for its transfer, placed as the seed ran (just before now): it expires too.
    const seededWaiting = await scratch.db.selectFrom('orders').select('id').where('status', '=', 'PENDING_PAYMENT').where('created_at', '<=', shop.clock.now().toISOString()).execute();
    const promoCode = await createPromotion(scratch.db, { type: 'fixed', value: 50_000, usageLimit: 5 });
    const user = await createUser(app, scratch.db);
    const product = await createProduct(scratch.db, { price: 400_000, stock: 4 });
    const items = [{ kind: 'product' as const, refId: product.id, quantity: 3 }];
    const placedAt = shop.clock.now();
    const unpaid = orderOf(await postOrder(app, user, { items, paymentMethod: 'VIETQR', promoCode }));
    // The customer is told the deadline: on the order (next to the QR) and in the confirmation email.
    const payBefore = new Date(placedAt.getTime() + 24 * HOUR_MS);
    expect(unpaid.vietQr?.payBefore).toBe(payBefore.toISOString());
    const placedEmail = await emailOutbox(scratch.db).select('text_body').where('to_address', '=', user.email).where('kind', '=', 'order_placed').executeTakeFirstOrThrow();
    expect(placedEmail.text_body).toContain(`trước ${formatVietnamDateTime(payBefore)}; quá hạn, đơn hàng sẽ tự động hủy`);
    const cod = orderOf(await postOrder(app, user, { items: [{ kind: 'product', refId: product.id, quantity: 1 }], paymentMethod: 'COD' }));
    expect(unpaid.status).toBe('PENDING_PAYMENT');
    expect(await stockOf(scratch.db, product.id)).toBe(0);
    expect(await promotionUsage(scratch.db, promoCode)).toBe(1);

    shop.clock.advance(23 * HOUR_MS);
    expect(await expire()).toBe(0);
    expect((await statusOf(unpaid.code)).status).toBe('PENDING_PAYMENT');

    shop.clock.advance(HOUR_MS + 60_000);
    expect(await expire()).toBe(1 + seededWaiting.length);
    expect(await statusOf(unpaid.code)).toEqual({
      status: 'CANCELLED',
      payment_status: 'UNPAID',
      cancel_reason: 'Quá hạn thanh toán: chưa nhận được chuyển khoản trong 24 giờ sau khi đặt hàng.',
    });
    expect((await statusOf(cod.code)).status).toBe('PLACED');
    expect(await stockOf(scratch.db, product.id)).toBe(3);
    expect(await promotionUsage(scratch.db, promoCode)).toBe(0);
    const email = await emailOutbox(scratch.db)
      .select(['subject', 'text_body'])
      .where('to_address', '=', user.email)
      .where('kind', '=', 'order_cancelled')
      .executeTakeFirstOrThrow();
    expect(email.subject).toBe(`Đơn hàng ${unpaid.code} đã được hủy – EV Service`);
    expect(email.text_body).toContain('bởi EV Service');
    expect(email.text_body).toContain('Quá hạn thanh toán');

    // The customer sees why, and the history records the system (no actor) cancelling it.
    const { token } = await app.accessTokens.issue({ userId: user.id, role: 'customer' }); // a day later: a new login
    const seen = orderOf(await app.inject({ method: 'GET', url: `/api/orders/${unpaid.code}`, headers: bearer(token) }));
    expect(seen).toMatchObject({ status: 'CANCELLED', vietQr: null });
    expect(seen.history.map((entry) => entry.status)).toEqual(['PENDING_PAYMENT', 'CANCELLED']);
    expect(await expire()).toBe(0);
  });

  it('leaves an order alone once staff have confirmed its payment', async () => {
    const staff = await createUser(app, scratch.db, { role: 'admin' });
    const user = await createUser(app, scratch.db);
    const product = await createProduct(scratch.db, { price: 250_000, stock: 2 });
    const order = orderOf(await postOrder(app, user, { items: [{ kind: 'product', refId: product.id, quantity: 2 }], paymentMethod: 'VIETQR' }));
    const confirmed = await recordTransferFor(app, staff, order.code, order.total, shop.clock.now());
    expect(confirmed.json()).toMatchObject({ data: { outcome: 'MATCHED' } });

    shop.clock.advance(48 * HOUR_MS);
    expect(await expire()).toBe(0);
    expect(await statusOf(order.code)).toMatchObject({ status: 'PLACED', payment_status: 'PAID' });
    expect(await stockOf(scratch.db, product.id)).toBe(0);
  });
});
