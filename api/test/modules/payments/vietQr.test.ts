import { customerPackageCreditListResponseSchema } from 'shared-contracts/schemas';
import type { App } from '../../../src/app';
import { buildVietQrPayload, crc16CcittFalse, qrSvgDataUrl } from '../../../src/lib/vietQr';
import type { AuthTestApp } from '../../support/authTestKit';
import { productionDatabase, useScratchDatabase } from '../../support/testDatabases';
import { createProduct, createUser, deskAction, firstCentreId, orderOf, pickupAt, postOrder, recordTransferFor, startShopApp, type TestUser } from '../../support/shopTestKit';
import { emailOutbox } from '../../support/emailOutbox';

/**
 * Known-good sample: the README of github.com/subiz/vietqr (Go, "Sinh mã VietQR cho giao dịch chuyển khoản"):
 * vietqr.Generate(120000, "970415", "0011001932418", "ủng hộ lũ lụt") prints
 * 00020101021238570010A00000072701270006970415011300110019324180208QRIBFTTA530370454061200005802VN62170813ung ho lu lut6304C15C
 * (VietinBank BIN 970415, 120.000 ₫, content "ung ho lu lut" without diacritics).
 */
const SUBIZ_SAMPLE =
  '00020101021238570010A00000072701270006970415011300110019324180208QRIBFTTA530370454061200005802VN62170813ung ho lu lut6304C15C';

describe('the VietQR payload', () => {
  it('matches the published sample byte for byte, CRC included', () => {
    expect(buildVietQrPayload({ bankBin: '970415', accountNumber: '0011001932418' }, { amount: 120_000, purpose: 'ủng hộ lũ lụt' })).toBe(SUBIZ_SAMPLE);
  });

  it('computes CRC-16/CCITT-FALSE over everything up to and including 6304 (upper-case hex)', () => {
    expect(crc16CcittFalse(SUBIZ_SAMPLE.slice(0, -4))).toBe('C15C');
    expect(crc16CcittFalse('123456789')).toBe('29B1'); // the algorithm's check value
  });

  it('puts the order code in 62/08 and the amount in 54', () => {
    const payload = buildVietQrPayload({ bankBin: '970436', accountNumber: '1023456789' }, { amount: 2_530_000, purpose: 'EV2611220007' });
    expect(payload).toBe(
      `00020101021238540010A00000072701240006970436011010234567890208QRIBFTTA5303704540725300005802VN62160812EV26112200076304${crc16CcittFalse(
        '00020101021238540010A00000072701240006970436011010234567890208QRIBFTTA5303704540725300005802VN62160812EV26112200076304',
      )}`,
    );
  });

  it('refuses what a bank app could not pay', () => {
    expect(() => buildVietQrPayload({ bankBin: '97043', accountNumber: '1' }, { amount: 1, purpose: 'x' })).toThrow();
    expect(() => buildVietQrPayload({ bankBin: '970436', accountNumber: '1' }, { amount: 0, purpose: 'x' })).toThrow();
  });

  it('renders the QR as an SVG data URL', async () => {
    const url = await qrSvgDataUrl(SUBIZ_SAMPLE);
    expect(url.startsWith('data:image/svg+xml;base64,')).toBe(true);
    expect(Buffer.from(url.slice('data:image/svg+xml;base64,'.length), 'base64').toString('utf8')).toContain('<svg');
  });
});

describe.each(productionDatabase())('VietQR payment and package credits on $label', (target) => {
  const scratch = useScratchDatabase(target, { seed: true });
  let shop: AuthTestApp;
  let app: App;
  let staff: TestUser;

  beforeAll(async () => {
    shop = await startShopApp(scratch.db);
    app = shop.app;
    // The desk of every centre (an admin): a desk clerk is tied to one centre (webOrderDesk, scope tests).
    staff = await createUser(app, scratch.db, { role: 'admin' });
  });
  afterAll(() => shop.close());

  /** The desk records the order's whole total as received (the bank statement shows it). */
  const confirm = async (user: TestUser, code: string, reference?: string) => {
    const order = await scratch.db.selectFrom('orders').select('total').where('code', '=', code).executeTakeFirstOrThrow();
    return recordTransferFor(app, user, code, Number(order.total), shop.clock.now(), reference);
  };
  const orderAs = async (user: TestUser, code: string) => orderOf(await app.inject({ method: 'GET', url: `/api/orders/${code}`, headers: user.headers }));
  const credits = async (user: TestUser) => {
    const response = await app.inject({ method: 'GET', url: '/api/me/package-credits', headers: user.headers });
    expect(response.statusCode).toBe(200);
    return customerPackageCreditListResponseSchema.parse(response.json()).data;
  };
  const packageBySlug = (slug: string) =>
    scratch.db.selectFrom('service_packages').select(['id', 'name', 'price', 'validity_months']).where('slug', '=', slug).executeTakeFirstOrThrow();
  const packageServices = async (packageId: number) =>
    scratch.db
      .selectFrom('service_package_credits')
      .innerJoin('services', 'services.id', 'service_package_credits.service_id')
      .select(['services.id', 'services.name', 'service_package_credits.quantity'])
      .where('service_package_credits.package_id', '=', packageId)
      .orderBy('services.id')
      .execute();

  it('waits for the transfer with a QR of the order, then staff confirm it once', async () => {
    const user = await createUser(app, scratch.db);
    const product = await createProduct(scratch.db, { price: 1_000_000, stock: 5 });
    const order = orderOf(await postOrder(app, user, { items: [{ kind: 'product', refId: product.id, quantity: 1 }], paymentMethod: 'VIETQR' }));
    expect(order).toMatchObject({ status: 'PENDING_PAYMENT', statusLabel: 'Chờ thanh toán', paymentStatus: 'UNPAID', total: 1_030_000, canCancel: true });
    const qr = order.vietQr!;
    expect(qr).toMatchObject({ bankBin: '970436', accountNumber: '1023456789', accountName: 'CONG TY TNHH EV SERVICE', bankName: 'Vietcombank', amount: 1_030_000, transferContent: order.code });
    expect(qr.payload).toBe(buildVietQrPayload({ bankBin: '970436', accountNumber: '1023456789' }, { amount: 1_030_000, purpose: order.code }));
    expect(qr.payload).toContain(`5407${'1030000'}`);
    expect(qr.payload).toContain(`0812${order.code}`);
    expect(qr.imageDataUrl).toMatch(/^data:image\/svg\+xml;base64,/);
    // The detail page shows the same QR again while unpaid.
    expect(orderOf(await app.inject({ method: 'GET', url: `/api/orders/${order.code}`, headers: user.headers })).vietQr?.payload).toBe(qr.payload);

    expect((await confirm(user, order.code)).statusCode).toBe(403);
    const recorded = await confirm(staff, order.code, 'FT26112200001');
    expect(recorded.json()).toMatchObject({ data: { outcome: 'MATCHED', orderCode: order.code } });
    const paid = await orderAs(user, order.code);
    expect(paid).toMatchObject({ status: 'PLACED', paymentStatus: 'PAID', paymentStatusLabel: 'Đã thanh toán', vietQr: null });
    expect(paid.history.map((entry) => [entry.status, entry.paymentStatus])).toEqual([
      ['PENDING_PAYMENT', 'UNPAID'],
      ['PLACED', 'PAID'],
    ]);
    // The same bank reference twice is one transfer; another transfer for the paid order waits in the queue.
    const again = await confirm(staff, order.code, 'FT26112200001');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'TRANSFER_ALREADY_RECORDED', message: 'Mã giao dịch FT26112200001 đã được ghi nhận trước đó.' });
    expect((await confirm(staff, order.code, 'FT26112200002')).json()).toMatchObject({ data: { outcome: 'EXCEPTION' } });
    expect(await orderAs(user, order.code)).toMatchObject({ status: 'PLACED', paymentStatus: 'PAID' });
    const email = await emailOutbox(scratch.db).select('subject').where('to_address', '=', user.email).where('kind', '=', 'order_status').executeTakeFirstOrThrow();
    expect(email.subject).toBe(`Đã nhận thanh toán đơn hàng ${order.code} – EV Service`);

    const cod = orderOf(await postOrder(app, user, { items: [{ kind: 'product', refId: product.id, quantity: 1 }] }));
    expect((await confirm(staff, cod.code)).json().message).toBe('Đơn hàng này không thanh toán bằng chuyển khoản VietQR.');
  });

  it('gives the service credits of a package once its VietQR payment is confirmed', async () => {
    const realNow = shop.clock.now();
    shop.clock.set('2026-11-22T03:00:00.000Z');
    const user = await createUser(app, scratch.db);
    const cashier = staff;
    const pack = await packageBySlug('tieu-chuan');
    const services = await packageServices(pack.id);
    expect(services.length).toBeGreaterThan(0);
    const centreId = await firstCentreId(scratch.db);
    const order = orderOf(
      await postOrder(app, user, { items: [{ kind: 'package', refId: pack.id, quantity: 2 }], paymentMethod: 'VIETQR', fulfilment: pickupAt(centreId) }),
    );
    expect(order).toMatchObject({ shippingFee: 0, total: 2 * Number(pack.price), status: 'PENDING_PAYMENT' });
    expect(await credits(user)).toEqual([]);

    await confirm(cashier, order.code);
    const granted = await credits(user);
    expect(granted.map((credit) => [credit.serviceId, credit.serviceName, credit.total, credit.remaining])).toEqual(
      services.map((service) => [service.id, service.name, 2 * Number(service.quantity), 2 * Number(service.quantity)]),
    );
    for (const credit of granted) {
      expect(credit).toMatchObject({ packageId: pack.id, packageName: pack.name, expiresAt: '2027-11-22T03:00:00.000Z' });
      expect(Number(pack.validity_months)).toBe(12);
    }
    // Used up or expired credits are not listed.
    await scratch.db.updateTable('package_credits').set((eb) => ({ quantity_used: eb.ref('quantity_total') })).where('id', '=', granted[0]!.id).execute();
    expect((await credits(user)).map((credit) => credit.id)).not.toContain(granted[0]!.id);
    // A year later (validity 12 months) nothing is left: a fresh token at that time sees an empty list.
    shop.clock.set('2027-11-22T03:00:00.000Z');
    const { token } = await app.accessTokens.issue({ userId: user.id, role: 'customer' });
    expect(await credits({ ...user, headers: { authorization: `Bearer ${token}` } })).toEqual([]);
    shop.clock.set(realNow);
  });

  it('gives the credits of a pay-at-pick-up package when the order is completed; cancelling a paid order takes them back', async () => {
    const user = await createUser(app, scratch.db);
    const pack = await packageBySlug('co-ban');
    const centreId = await firstCentreId(scratch.db);
    const order = orderOf(
      await postOrder(app, user, { items: [{ kind: 'package', refId: pack.id, quantity: 1 }], paymentMethod: 'PAY_AT_PICKUP', fulfilment: pickupAt(centreId) }),
    );
    expect(order.status).toBe('PLACED');
    expect((await deskAction(app, staff, order.code, 'confirm')).statusCode).toBe(200);
    expect(await credits(user)).toEqual([]);
    // Nothing to ship: a packages-only order is completed straight from CONFIRMED.
    expect((await deskAction(app, staff, order.code, 'complete')).statusCode).toBe(200);
    const completed = await orderAs(user, order.code);
    expect(completed).toMatchObject({ status: 'COMPLETED', paymentStatus: 'PAID' });
    expect((await credits(user)).length).toBe((await packageServices(pack.id)).length);

    const vietQr = orderOf(
      await postOrder(app, user, { items: [{ kind: 'package', refId: pack.id, quantity: 1 }], paymentMethod: 'VIETQR', fulfilment: pickupAt(centreId) }),
    );
    await confirm(staff, vietQr.code);
    const before = (await credits(user)).length;
    const cancelled = orderOf(await app.inject({ method: 'POST', url: `/api/orders/${vietQr.code}/cancel`, headers: user.headers, payload: {} }));
    expect(cancelled).toMatchObject({ status: 'CANCELLED', paymentStatus: 'REFUND_DUE', paymentStatusLabel: 'Cần hoàn tiền' });
    expect((await credits(user)).length).toBe(before - (await packageServices(pack.id)).length);
  });

  it('refuses to cancel a package order whose credits were used', async () => {
    const user = await createUser(app, scratch.db);
    const pack = await packageBySlug('co-ban');
    const centreId = await firstCentreId(scratch.db);
    const order = orderOf(
      await postOrder(app, user, { items: [{ kind: 'package', refId: pack.id, quantity: 1 }], paymentMethod: 'VIETQR', fulfilment: pickupAt(centreId) }),
    );
    await confirm(staff, order.code);
    const [credit] = await credits(user);
    await scratch.db.updateTable('package_credits').set({ quantity_used: 1 }).where('id', '=', credit!.id).execute();
    const refused = await app.inject({ method: 'POST', url: `/api/orders/${order.code}/cancel`, headers: user.headers, payload: {} });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'PACKAGE_CREDITS_USED', message: 'Gói dịch vụ trong đơn đã được sử dụng, không thể hủy đơn hàng.' });
    expect(orderOf(await app.inject({ method: 'GET', url: `/api/orders/${order.code}`, headers: user.headers })).status).toBe('PLACED');
  });
});
