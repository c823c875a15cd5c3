import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { App } from '../../../src/app';
import { DEMO_PAYMENT_KEYS } from '../../../src/config';
import type { Database } from '../../../src/db/schema';
import { expireUnpaidOrders } from '../../../src/modules/orders/orderLifecycle';
import { payOsSignature } from '../../../src/modules/payments/providers/payos/payOsSignature';
import type { AuthTestApp } from '../../support/authTestKit';
import { insertOrder } from '../../support/paymentTestKit';
import { createUser, orderOf, startShopApp, type TestUser } from '../../support/shopTestKit';
import { buildTestApp } from '../../support/testApp';
import { testDatabases, useScratchDatabase } from '../../support/testDatabases';
import { emailOutbox } from '../../support/emailOutbox';

const HOUR_MS = 3_600_000;
const SEPAY_KEY = DEMO_PAYMENT_KEYS.sepayWebhookKey;
const CHECKSUM_KEY = DEMO_PAYMENT_KEYS.payOsChecksumKey;
let transferIds = 9_000_000;

/** A SePay webhook body (https://developer.sepay.vn/vi/sepay-webhooks/tich-hop-webhook). */
function sepayBody(overrides: Record<string, unknown> = {}) {
  transferIds += 1;
  return {
    id: transferIds,
    gateway: 'Vietcombank',
    transactionDate: '2026-11-26 10:15:00',
    accountNumber: '1023456789',
    code: null,
    content: 'chuyen tien',
    transferType: 'in',
    transferAmount: 100_000,
    accumulated: 19_077_000,
    subAccount: null,
    referenceCode: `MBVCB.${transferIds}`,
    description: 'BankAPINotify',
    ...overrides,
  };
}

/** Payments that confirm themselves (shop-operations §5): SePay and payOS webhooks, their matching and the queue. */
describe.each(testDatabases())('payment webhooks on $label', (target) => {
  const scratch = useScratchDatabase(target, { seed: true });
  let shop: AuthTestApp;
  let app: App;
  let customer: TestUser;

  beforeAll(async () => {
    shop = await startShopApp(scratch.db);
    app = shop.app;
    customer = await createUser(app, scratch.db);
  });
  afterAll(() => shop.close());

  const sepay = (body: unknown, key: string | null = SEPAY_KEY, via: App = app) =>
    via.inject({ method: 'POST', url: '/api/payments/sepay/webhook', headers: key === null ? {} : { authorization: `Apikey ${key}` }, payload: body as object });
  const placeVietQr = (total = 450_000, user = customer) => insertOrder(scratch.db, user.id, { total, createdAt: shop.clock.now() });
  const orderRow = (code: string) => scratch.db.selectFrom('orders').select(['id', 'status', 'payment_status', 'version']).where('code', '=', code).executeTakeFirstOrThrow();
  const transactionsOf = (db: Kysely<Database>, providerRef: string) => db.selectFrom('payment_transactions').selectAll().where('provider_ref', '=', providerRef).execute();
  const paymentSteps = async (orderId: number) =>
    scratch.db.selectFrom('web_order_events').select(['note', 'amount', 'reference', 'actor_kind']).where('order_id', '=', orderId).where('action', '=', 'payment').execute();
  const paidEmails = async (code: string) =>
    (await emailOutbox(scratch.db).select('subject').where('to_address', '=', customer.email).execute()).filter((row) => row.subject === `Đã nhận thanh toán đơn hàng ${code} – EV Service`);

  describe('SePay', () => {
    it('refuses a wrong or missing API key with 401, records nothing, and logs the refusal without any key', async () => {
      const lines: string[] = [];
      const stream = new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(chunk.toString('utf8'));
          done();
        },
      });
      const logged = buildTestApp(scratch.db, { logger: { level: 'info', stream }, context: { config: shop.config, clock: shop.clock } });
      await logged.ready();
      try {
        const order = await placeVietQr();
        const body = sepayBody({ content: order.code, transferAmount: order.total });
        for (const key of ['wrong-key-123', null, `${SEPAY_KEY}x`]) {
          const response = await sepay(body, key, logged);
          expect(response.statusCode).toBe(401);
          expect(response.json().message).toBe('Khóa xác thực webhook không hợp lệ.');
        }
        const bearerInstead = await logged.inject({ method: 'POST', url: '/api/payments/sepay/webhook', headers: { authorization: `Bearer ${SEPAY_KEY}` }, payload: body });
        expect(bearerInstead.statusCode).toBe(401);
        expect(await transactionsOf(scratch.db, String(body.id))).toHaveLength(0);
        expect((await orderRow(order.code)).payment_status).toBe('UNPAID');
        const refusals = lines.filter((line) => line.includes('payment webhook refused'));
        expect(refusals).toHaveLength(4);
        expect(refusals[0]).toContain('"provider":"SEPAY"');
        expect(lines.join('\n')).not.toContain(SEPAY_KEY);
        expect(lines.join('\n')).not.toContain('wrong-key-123');
      } finally {
        await logged.close();
      }
    });

    it('pays the order whose code the content holds (diacritics, case, spaces), once, with the amount and bank reference on the timeline', async () => {
      const order = await placeVietQr(450_000);
      const spaced = `Thanh toán đơn hàng ${order.code.slice(0, 6).toLowerCase()} ${order.code.slice(6, 10)}-${order.code.slice(10)} – cảm ơn`;
      const body = sepayBody({ content: spaced, transferAmount: 450_000 });
      const response = await sepay(body);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ success: true, data: { outcome: 'MATCHED' } });

      const row = await orderRow(order.code);
      expect(row).toMatchObject({ status: 'PLACED', payment_status: 'PAID' });
      expect(await paymentSteps(row.id)).toEqual([{ note: 'Đã nhận chuyển khoản 450.000 ₫ (SePay)', amount: 450_000, reference: body.referenceCode, actor_kind: 'system' }]);
      const [recorded] = await transactionsOf(scratch.db, String(body.id));
      expect(recorded).toMatchObject({ provider: 'SEPAY', outcome: 'MATCHED', exception_reason: null, order_id: row.id, order_code_found: order.code, amount: 450_000, bank_reference: body.referenceCode });
      expect(JSON.parse(recorded!.raw_payload)).toEqual(body);
      expect(await paidEmails(order.code)).toHaveLength(1);

      // SePay retries (our answer was lost): success, nothing changes.
      const replay = await sepay(body);
      expect(replay.statusCode).toBe(200);
      expect(replay.json().data).toEqual({ outcome: 'REPLAYED' });
      expect(await transactionsOf(scratch.db, String(body.id))).toHaveLength(1);
      expect((await orderRow(order.code)).version).toBe(row.version);
      expect(await paidEmails(order.code)).toHaveLength(1);

      // The customer sees it paid, no QR any more.
      const seen = orderOf(await app.inject({ method: 'GET', url: `/api/orders/${order.code}`, headers: customer.headers }));
      expect(seen).toMatchObject({ paymentStatus: 'PAID', vietQr: null });
    });

    it('finds the code embedded in a longer bank text, glued to a phone number', async () => {
      const order = await placeVietQr(120_000);
      const response = await sepay(sepayBody({ content: `MBVCB.3278907687.NGUYEN VAN A CK ${order.code}0912345678 FT26330`, transferAmount: 120_000 }));
      expect(response.json().data).toEqual({ outcome: 'MATCHED' });
      expect((await orderRow(order.code)).payment_status).toBe('PAID');
    });

    it('puts a partial payment, an over-payment and an unknown code in the exceptions queue, the order unpaid', async () => {
      const order = await placeVietQr(300_000);
      const partial = sepayBody({ content: order.code, transferAmount: 299_000 });
      const over = sepayBody({ content: order.code, transferAmount: 300_500 });
      const typo = sepayBody({ content: `CK ${order.code.slice(0, -1)}O`, transferAmount: 300_000 });
      for (const body of [partial, over, typo]) expect((await sepay(body)).json().data).toEqual({ outcome: 'EXCEPTION' });
      const reasons = await Promise.all([partial, over, typo].map(async (body) => (await transactionsOf(scratch.db, String(body.id)))[0]));
      expect(reasons.map((row) => [row?.outcome, row?.exception_reason, row?.resolution])).toEqual([
        ['EXCEPTION', 'PARTIAL', null],
        ['EXCEPTION', 'OVERPAID', null],
        ['EXCEPTION', 'UNKNOWN_CODE', null],
      ]);
      expect(reasons[0]!.order_id).toBe((await orderRow(order.code)).id);
      expect(reasons[2]!.order_id).toBeNull();
      expect((await orderRow(order.code)).payment_status).toBe('UNPAID');
    });

    it('records a transfer for a paid or cancelled order as ALREADY_PAID / ORDER_CANCELLED', async () => {
      const paid = await placeVietQr(200_000);
      expect((await sepay(sepayBody({ content: paid.code, transferAmount: 200_000 }))).json().data.outcome).toBe('MATCHED');
      const twice = sepayBody({ content: paid.code, transferAmount: 200_000 });
      await sepay(twice);
      expect((await transactionsOf(scratch.db, String(twice.id)))[0]?.exception_reason).toBe('ALREADY_PAID');

      const cancelled = await placeVietQr(200_000);
      expect((await app.inject({ method: 'POST', url: `/api/orders/${cancelled.code}/cancel`, headers: customer.headers, payload: {} })).statusCode).toBe(200);
      const late = sepayBody({ content: cancelled.code, transferAmount: 200_000 });
      await sepay(late);
      expect((await transactionsOf(scratch.db, String(late.id)))[0]?.exception_reason).toBe('ORDER_CANCELLED');
      expect((await orderRow(cancelled.code)).status).toBe('CANCELLED');
    });

    it('ignores money going out, and refuses bad bodies with a 4xx, never a 500', async () => {
      const order = await placeVietQr(100_000);
      const out = sepayBody({ content: order.code, transferAmount: 100_000, transferType: 'out' });
      expect((await sepay(out)).json().data).toEqual({ outcome: 'IGNORED' });
      expect(await transactionsOf(scratch.db, String(out.id))).toHaveLength(0);

      const huge = sepayBody({ content: order.code, description: 'x'.repeat(70 * 1024) });
      expect((await sepay(huge)).statusCode).toBe(413);
      const notJson = await app.inject({ method: 'POST', url: '/api/payments/sepay/webhook', headers: { authorization: `Apikey ${SEPAY_KEY}`, 'content-type': 'application/json' }, payload: '{"id": 1,' });
      expect(notJson.statusCode).toBe(400);
      for (const body of [{}, sepayBody({ transferAmount: 'một trăm' }), sepayBody({ transferType: 'sideways' }), sepayBody({ transferAmount: 1.5 }), [1, 2]]) {
        const response = await sepay(body);
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toEqual(expect.any(String));
      }
      expect((await orderRow(order.code)).payment_status).toBe('UNPAID');
    });

    it('pays once and keeps one row when the same transfer reaches two API instances at once', async () => {
      const other = target.dialect === 'postgres' ? scratch.connect() : scratch.db;
      const second = await startShopApp(other);
      try {
        for (let round = 0; round < 3; round += 1) {
          const order = await placeVietQr(150_000);
          const body = sepayBody({ content: order.code, transferAmount: 150_000 });
          const responses = await Promise.all([sepay(body), sepay(body, SEPAY_KEY, second.app), sepay(body), sepay(body, SEPAY_KEY, second.app)]);
          expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200]);
          expect(responses.map((response) => response.json().data.outcome).sort()).toEqual(['MATCHED', 'REPLAYED', 'REPLAYED', 'REPLAYED']);
          expect(await transactionsOf(scratch.db, String(body.id))).toHaveLength(1);
          const row = await orderRow(order.code);
          expect(row.payment_status).toBe('PAID');
          expect(await paymentSteps(row.id)).toHaveLength(1);
          expect(await paidEmails(order.code)).toHaveLength(1);
        }
      } finally {
        await second.close();
        if (other !== scratch.db) await other.destroy();
      }
    });
  });

  describe('payOS', () => {
    let port: number;
    beforeAll(async () => {
      // The stand-in is served by the app itself: payOS's API is this app, over real HTTP.
      await app.listen({ host: '127.0.0.1', port: 0 });
      port = (app.server.address() as AddressInfo).port;
      shop.config.payOs = { ...shop.config.payOs!, apiUrl: `http://127.0.0.1:${port}/api/dev/payos` };
    });

    const link = (code: string, user: TestUser | null = customer) =>
      app.inject({ method: 'POST', url: `/api/orders/${code}/payos-link`, headers: user ? user.headers : {} });
    const linkRow = (orderId: number) => scratch.db.selectFrom('payos_payment_links').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow();
    const webhook = (data: Record<string, unknown>, key: string = CHECKSUM_KEY, tamper?: (data: Record<string, unknown>) => Record<string, unknown>) => {
      const signature = payOsSignature(key, data);
      return app.inject({ method: 'POST', url: '/api/payments/payos/webhook', payload: { code: '00', desc: 'success', success: true, data: tamper ? tamper(data) : data, signature } });
    };
    const paidData = (orderCode: number, amount: number, reference = `FT${(transferIds += 1)}`) => ({
      orderCode,
      amount,
      description: 'EV thanh toan',
      accountNumber: '12345678',
      reference,
      transactionDateTime: '2026-11-26 10:20:00',
      currency: 'VND',
      paymentLinkId: 'abc',
      code: '00',
      desc: 'Thành công',
      counterAccountBankId: '',
      counterAccountBankName: '',
      counterAccountName: null,
      counterAccountNumber: '',
      virtualAccountName: '',
      virtualAccountNumber: '',
    });

    it('gives the owner a checkout link (reused while pending), 401 anonymous, 404 to anyone else, 409 when nothing is due', async () => {
      const order = await placeVietQr(500_000);
      const staff = await createUser(app, scratch.db, { role: 'staff' });
      const stranger = await createUser(app, scratch.db);
      expect((await link(order.code, null)).statusCode).toBe(401);
      expect((await link(order.code, stranger)).statusCode).toBe(404);
      expect((await link(order.code, staff)).statusCode).toBe(404);
      expect((await link('EV2611269999999')).statusCode).toBe(404);

      const first = await link(order.code);
      expect(first.statusCode).toBe(200);
      const { checkoutUrl } = first.json().data as { checkoutUrl: string };
      expect(checkoutUrl).toMatch(/\/api\/dev\/payos\/checkout\/[0-9a-f]{32}$/);
      expect((await link(order.code)).json().data.checkoutUrl).toBe(checkoutUrl);
      const row = await orderRow(order.code);
      expect(await linkRow(row.id)).toMatchObject({ amount: 500_000, status: 'PENDING' });

      const cod = await insertOrder(scratch.db, customer.id, { total: 90_000, createdAt: shop.clock.now(), paymentMethod: 'COD' });
      expect((await link(cod.code)).statusCode).toBe(409);
      expect((await link(cod.code)).json().message).toBe('Đơn hàng này không còn chờ thanh toán chuyển khoản.');
    });

    it('says 502 in Vietnamese when payOS cannot be reached, 503 when payOS is off', async () => {
      const order = await placeVietQr(80_000);
      const saved = shop.config.payOs!;
      try {
        shop.config.payOs = { ...saved, apiUrl: 'http://127.0.0.1:9' };
        const down = await link(order.code);
        expect(down.statusCode).toBe(502);
        expect(down.json().message).toMatch(/Không kết nối được cổng thanh toán payOS/);
        shop.config.payOs = { ...saved, apiKey: 'not-the-key' };
        expect((await link(order.code)).statusCode).toBe(502);
        shop.config.payOs = null;
        expect((await link(order.code)).statusCode).toBe(503);
      } finally {
        shop.config.payOs = saved;
      }
    });

    it("pays through the stand-in's checkout page: a signed webhook, then back to the order", async () => {
      const order = await placeVietQr(350_000);
      const { checkoutUrl } = (await link(order.code)).json().data as { checkoutUrl: string };
      const path = new URL(checkoutUrl).pathname;
      const page = await app.inject({ method: 'GET', url: path });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Cổng thanh toán payOS (giả lập)');
      expect(page.body).toContain('350.000');
      const paid = await app.inject({ method: 'POST', url: `${path}/pay`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
      expect(paid.statusCode).toBe(303);
      const back = new URL(paid.headers.location as string);
      expect(back.pathname).toBe(`/orders/${order.code}`);
      expect(Object.fromEntries(back.searchParams)).toMatchObject({ payos: 'return', code: '00', status: 'PAID', cancel: 'false' });
      const row = await orderRow(order.code);
      expect(row).toMatchObject({ status: 'PLACED', payment_status: 'PAID' });
      expect((await paymentSteps(row.id))[0]?.note).toBe('Đã nhận chuyển khoản 350.000 ₫ (payOS)');
      expect((await linkRow(row.id)).status).toBe('PAID');
    });

    it('makes a new link after the customer cancelled the last one; a late payment of the old one still finds the order', async () => {
      const order = await placeVietQr(60_000);
      const { checkoutUrl } = (await link(order.code)).json().data as { checkoutUrl: string };
      const row = await orderRow(order.code);
      const oldCode = Number((await linkRow(row.id)).payos_order_code);
      const cancelled = await app.inject({ method: 'POST', url: `${new URL(checkoutUrl).pathname}/cancel`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
      expect(new URL(cancelled.headers.location as string).searchParams.get('payos')).toBe('cancel');
      const renewed = (await link(order.code)).json().data.checkoutUrl as string;
      expect(renewed).not.toBe(checkoutUrl);
      expect(Number((await linkRow(row.id)).payos_order_code)).toBe(oldCode + 1);

      // Out of order: the old link's payment arrives after the new link was made.
      const response = await webhook(paidData(oldCode, 60_000));
      expect(response.json().data).toEqual({ outcome: 'MATCHED' });
      expect((await orderRow(order.code)).payment_status).toBe('PAID');
    });

    it('refuses a wrong key or a changed field with 401 and records nothing; a replay changes nothing', async () => {
      const order = await placeVietQr(70_000);
      await link(order.code);
      const row = await orderRow(order.code);
      const orderCode = Number((await linkRow(row.id)).payos_order_code);
      const data = paidData(orderCode, 70_000);

      const wrongKey = await webhook(data, 'another-checksum-key');
      expect(wrongKey.statusCode).toBe(401);
      expect(wrongKey.json().message).toBe('Chữ ký webhook không hợp lệ.');
      expect((await webhook(data, CHECKSUM_KEY, (signed) => ({ ...signed, amount: 7_000_000 }))).statusCode).toBe(401);
      expect((await webhook(data, CHECKSUM_KEY, (signed) => ({ ...signed, extra: 'added' }))).statusCode).toBe(401);
      expect(await scratch.db.selectFrom('payment_transactions').select('id').where('order_id', '=', row.id).execute()).toHaveLength(0);

      expect((await webhook(data)).json().data).toEqual({ outcome: 'MATCHED' });
      expect((await webhook(data)).json().data).toEqual({ outcome: 'REPLAYED' });
      expect(await scratch.db.selectFrom('payment_transactions').select('id').where('order_id', '=', row.id).execute()).toHaveLength(1);
      expect(await paymentSteps(row.id)).toHaveLength(1);

      // A second, different payment of the paid link waits in the queue.
      expect((await webhook(paidData(orderCode, 70_000))).json().data).toEqual({ outcome: 'EXCEPTION' });
      const failed = { ...paidData(orderCode, 70_000), code: '01', desc: 'Thất bại' };
      expect((await webhook(failed)).json().data).toEqual({ outcome: 'IGNORED' });
    });

    it('refuses a body over 64 KB with 413', async () => {
      const data = { ...paidData(1, 1000), description: 'x'.repeat(70 * 1024) };
      expect((await webhook(data)).statusCode).toBe(413);
    });
  });

  describe('a transfer racing the payment-expiry job', () => {
    it('either pays the order or leaves it cancelled with the transfer an ORDER_EXPIRED exception, never both', async () => {
      const other = target.dialect === 'postgres' ? scratch.connect() : scratch.db;
      const second = await startShopApp(other);
      try {
        const orders = [];
        for (let index = 0; index < 6; index += 1) orders.push(await placeVietQr(110_000));
        const transfers = orders.map((order) => sepayBody({ content: order.code, transferAmount: order.total }));
        // Past the window on both instances' clocks.
        shop.clock.advance(25 * HOUR_MS);
        second.clock.set(shop.clock.now());
        await Promise.all([
          expireUnpaidOrders({ db: other, clock: second.clock, config: second.config, events: second.app.events }, second.clock.now()),
          ...transfers.map((body) => sepay(body)),
        ]);
        const outcomes = new Set<string>();
        for (const [index, order] of orders.entries()) {
          const row = await orderRow(order.code);
          const [transaction] = await transactionsOf(scratch.db, String(transfers[index]!.id));
          if (row.status === 'CANCELLED') {
            expect(row.payment_status).toBe('UNPAID');
            expect(transaction).toMatchObject({ outcome: 'EXCEPTION', exception_reason: 'ORDER_EXPIRED' });
          } else {
            expect(row).toMatchObject({ status: 'PLACED', payment_status: 'PAID' });
            expect(transaction).toMatchObject({ outcome: 'MATCHED' });
          }
          outcomes.add(row.status);
        }
        expect(outcomes.size).toBeGreaterThan(0);

        // After the job, a late transfer meets the expired order: ORDER_EXPIRED, the order stays cancelled.
        const late = await placeVietQr(90_000);
        shop.clock.advance(25 * HOUR_MS);
        await expireUnpaidOrders({ db: scratch.db, clock: shop.clock, config: shop.config, events: shop.app.events }, shop.clock.now());
        const body = sepayBody({ content: late.code, transferAmount: 90_000 });
        expect((await sepay(body)).json().data).toEqual({ outcome: 'EXCEPTION' });
        expect((await transactionsOf(scratch.db, String(body.id)))[0]?.exception_reason).toBe('ORDER_EXPIRED');
        expect(await orderRow(late.code)).toMatchObject({ status: 'CANCELLED', payment_status: 'UNPAID' });
      } finally {
        await second.close();
        if (other !== scratch.db) await other.destroy();
      }
    });
  });
});
