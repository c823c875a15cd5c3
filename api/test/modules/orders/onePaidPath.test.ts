import type { OrderPaymentChannel } from 'shared-contracts/schemas';
import type { App } from '../../../src/app';
import { DEMO_PAYMENT_KEYS } from '../../../src/config';
import { memoryEventBus, type OrderStatusMessage } from '../../../src/events/eventBus';
import { payOsSignature } from '../../../src/modules/payments/providers/payos/payOsSignature';
import { startAuthApp, type AuthTestApp } from '../../support/authTestKit';
import { insertOrder } from '../../support/paymentTestKit';
import { createUser, deskAction, recordTransferFor, type TestUser } from '../../support/shopTestKit';
import { productionDatabase, useScratchDatabase } from '../../support/testDatabases';

let providerIds = 9_800_000;

/**
 * Every channel that reports money for an order ends in the orders module's markOrderPaid: one payment record
 * (amount, method, channel, reference, who), the package's credits given once, one order-status event to the
 * owner. A channel that wrote its own copy of "mark paid" would miss one of these.
 */
describe.each(productionDatabase())('one paid path on $label', (target) => {
  const scratch = useScratchDatabase(target, { seed: true });
  const events = memoryEventBus();
  const announced: OrderStatusMessage[] = [];
  let shop: AuthTestApp;
  let app: App;
  let customer: TestUser;
  let desk: TestUser;

  beforeAll(async () => {
    const publish = events.publishOrderStatus.bind(events);
    events.publishOrderStatus = async (message) => {
      announced.push(message);
      await publish(message);
    };
    shop = await startAuthApp(scratch.db, { events });
    app = shop.app;
    customer = await createUser(app, scratch.db);
    // The desk of every centre: an admin (centre scope is the scope suite's).
    desk = await createUser(app, scratch.db, { role: 'admin' });
  });
  afterAll(() => shop.close());

  const sepay = (code: string, amount: number) => {
    providerIds += 1;
    return app.inject({
      method: 'POST',
      url: '/api/payments/sepay/webhook',
      headers: { authorization: `Apikey ${DEMO_PAYMENT_KEYS.sepayWebhookKey}` },
      payload: {
        id: providerIds,
        gateway: 'Vietcombank',
        transactionDate: '2026-11-26 10:15:00',
        accountNumber: '1023456789',
        code: null,
        content: `TT ${code}`,
        transferType: 'in',
        transferAmount: amount,
        accumulated: 19_077_000,
        subAccount: null,
        referenceCode: `MBVCB.${providerIds}`,
        description: 'BankAPINotify',
      },
    });
  };
  const payOs = async (orderId: number, amount: number) => {
    providerIds += 1;
    await scratch.db
      .insertInto('payos_payment_links')
      .values({ order_id: orderId, payos_order_code: providerIds, payment_link_id: `link-${providerIds}`, checkout_url: 'https://pay.payos.vn/web/x', amount })
      .execute();
    const data = {
      orderCode: providerIds,
      amount,
      description: 'EV thanh toan',
      accountNumber: '12345678',
      reference: `FT${providerIds}`,
      transactionDateTime: '2026-11-26 10:20:00',
      currency: 'VND',
      paymentLinkId: `link-${providerIds}`,
      code: '00',
      desc: 'Thành công',
      counterAccountBankId: '',
      counterAccountBankName: '',
      counterAccountName: null,
      counterAccountNumber: '',
      virtualAccountName: '',
      virtualAccountNumber: '',
    };
    const signature = payOsSignature(DEMO_PAYMENT_KEYS.payOsChecksumKey, data);
    return app.inject({ method: 'POST', url: '/api/payments/payos/webhook', payload: { code: '00', desc: 'success', success: true, data, signature } });
  };

  type Order = { id: number; code: string; total: number };
  /** Each channel: how it pays the order, and the record it leaves. */
  const channels: Array<{ channel: OrderPaymentChannel; method: 'BANK_TRANSFER' | 'CASH'; cod?: boolean; pay: (order: Order) => Promise<unknown>; byStaff: boolean }> = [
    { channel: 'SEPAY', method: 'BANK_TRANSFER', byStaff: false, pay: (order) => sepay(order.code, order.total) },
    { channel: 'PAYOS', method: 'BANK_TRANSFER', byStaff: false, pay: (order) => payOs(order.id, order.total) },
    { channel: 'RECORDED_TRANSFER', method: 'BANK_TRANSFER', byStaff: true, pay: (order) => recordTransferFor(app, desk, order.code, order.total, shop.clock.now()) },
    {
      channel: 'EXCEPTION_MATCH',
      method: 'BANK_TRANSFER',
      byStaff: true,
      pay: async (order) => {
        // The transfer names no order: it waits in the queue until the desk matches it.
        await sepay('KHONG CO MA', order.total);
        const queued = await scratch.db.selectFrom('payment_transactions').select(['id', 'version']).where('provider_ref', '=', String(providerIds)).executeTakeFirstOrThrow();
        const matched = await app.inject({ method: 'POST', url: `/api/payment-exceptions/${queued.id}/match`, headers: desk.headers, payload: { orderCode: order.code, version: Number(queued.version) } });
        expect(matched.statusCode).toBe(200);
      },
    },
    {
      channel: 'DESK',
      method: 'CASH',
      cod: true,
      byStaff: true,
      pay: async (order) => {
        // A pay-at-pick-up order of packages only: confirmed, then completed at the counter, collecting its total.
        expect((await deskAction(app, desk, order.code, 'confirm')).statusCode).toBe(200);
        expect((await deskAction(app, desk, order.code, 'complete')).statusCode).toBe(200);
      },
    },
  ];

  it.each(channels)('$channel: one payment record, the credits once, one order-status event', async ({ channel, method, cod, pay, byStaff }) => {
    const order = await insertOrder(scratch.db, customer.id, { total: 1_590_000, createdAt: shop.clock.now(), ...(cod ? { paymentMethod: 'COD' as const } : {}) });
    const packageLines = await scratch.db.selectFrom('order_lines').select('ref_id').where('order_id', '=', order.id).execute();
    const expectedCredits = Number(
      (
        await scratch.db
          .selectFrom('service_package_credits')
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .where('package_id', '=', packageLines[0]!.ref_id)
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(expectedCredits).toBeGreaterThan(0);
    announced.length = 0;

    await pay(order);

    const payments = await scratch.db.selectFrom('sale_payments').selectAll().where('order_id', '=', order.id).execute();
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ amount: order.total, method, channel, actor_id: byStaff ? desk.id : null });
    if (method === 'BANK_TRANSFER') expect(payments[0]!.reference).toEqual(expect.any(String));
    const row = await scratch.db.selectFrom('orders').select(['payment_status', 'paid_at']).where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(row.payment_status).toBe('PAID');
    const credits = await scratch.db.selectFrom('package_credits').select('id').where('order_id', '=', order.id).execute();
    expect(credits).toHaveLength(expectedCredits);
    const paidEvents = announced.filter((message) => message.event.code === order.code && message.event.paymentStatus === 'PAID');
    expect(paidEvents.map((message) => message.userId)).toEqual([customer.id]);
    // The timeline's payment step names the amount (the customer's page and the desk read it).
    const steps = await scratch.db.selectFrom('order_status_history').select('payment_status').where('order_id', '=', order.id).where('payment_status', '=', 'PAID').execute();
    expect(steps.length).toBeGreaterThanOrEqual(1);

    // The same money reported again (a second webhook, a second click) writes nothing more.
    await sepay(order.code, order.total);
    expect(await scratch.db.selectFrom('sale_payments').select('id').where('order_id', '=', order.id).execute()).toHaveLength(1);
    expect(await scratch.db.selectFrom('package_credits').select('id').where('order_id', '=', order.id).execute()).toHaveLength(expectedCredits);
  });
});
