import type { WebOrderDetail } from 'shared-contracts/schemas';
import type { App } from '../../../src/app';
import { DEMO_PAYMENT_KEYS } from '../../../src/config';
import { startAuthApp, type AuthTestApp } from '../../support/authTestKit';
import { insertOrder } from '../../support/paymentTestKit';
import { createUser, deskAction, recordTransferFor, type TestUser } from '../../support/shopTestKit';
import { productionDatabase, useScratchDatabase } from '../../support/testDatabases';

let providerIds = 9_700_000;

/**
 * The desk's payment block reads the money records (order_payments, payment_refunds), not the order's flags: the
 * amount, how it came, the bank's reference ("Mã giao dịch"), when and who — a bank's callback is automatic, a
 * recorded transfer or a cash collection names the clerk; a refund names its method, reference and clerk.
 */
describe.each(productionDatabase())('web-order desk payment block on $label', (target) => {
  const scratch = useScratchDatabase(target, { seed: true });
  let shop: AuthTestApp;
  let app: App;
  let customer: TestUser;
  let desk: TestUser;

  beforeAll(async () => {
    shop = await startAuthApp(scratch.db);
    app = shop.app;
    customer = await createUser(app, scratch.db);
    desk = await createUser(app, scratch.db, { role: 'admin' });
    await scratch.db.updateTable('users').set({ full_name: 'Phạm Thu Ngân' }).where('id', '=', desk.id).execute();
  });
  afterAll(() => shop.close());

  const detailOf = async (code: string): Promise<WebOrderDetail> => {
    const response = await app.inject({ method: 'GET', url: `/api/staff/web-orders/${code}`, headers: desk.headers });
    expect(response.statusCode).toBe(200);
    return (response.json() as { data: WebOrderDetail }).data;
  };
  const sepay = (code: string, amount: number, referenceCode: string) => {
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
        referenceCode,
        description: 'BankAPINotify',
      },
    });
  };
  const newOrder = (paymentMethod: 'VIETQR' | 'COD' = 'VIETQR') => insertOrder(scratch.db, customer.id, { total: 1_590_000, createdAt: shop.clock.now(), paymentMethod });

  it('shows a SePay transfer with its bank reference, paid automatically', async () => {
    const order = await newOrder();
    const reference = `MBVCB.${process.pid}01`;
    expect((await sepay(order.code, order.total, reference)).statusCode).toBe(200);
    const { payment } = await detailOf(order.code);
    expect(payment).toMatchObject({ amountReceived: order.total, bankReference: reference, paidAt: expect.any(String), refunds: [] });
    expect(payment.records).toEqual([
      {
        amount: order.total,
        method: 'BANK_TRANSFER',
        channel: 'SEPAY',
        methodLabel: 'Chuyển khoản VietQR (ngân hàng báo qua SePay)',
        reference,
        by: null,
        automatic: true,
        at: payment.paidAt,
      },
    ]);
  });

  it('shows a transfer recorded at the desk with the clerk who recorded it', async () => {
    const order = await newOrder();
    const reference = `FT${process.pid}0002`;
    expect((await recordTransferFor(app, desk, order.code, order.total, shop.clock.now(), reference)).statusCode).toBe(200);
    const { payment } = await detailOf(order.code);
    expect(payment.bankReference).toBe(reference);
    expect(payment.records).toEqual([
      expect.objectContaining({ channel: 'RECORDED_TRANSFER', methodLabel: 'Chuyển khoản – ghi nhận thủ công', reference, by: 'Phạm Thu Ngân', automatic: false }),
    ]);
  });

  it('shows a cash collection at hand-over as cash, collected by the clerk, with no reference', async () => {
    const order = await newOrder('COD');
    expect((await detailOf(order.code)).payment).toMatchObject({ amountReceived: 0, paidAt: null, bankReference: null, records: [], refunds: [] });
    expect((await deskAction(app, desk, order.code, 'confirm')).statusCode).toBe(200);
    expect((await deskAction(app, desk, order.code, 'complete')).statusCode).toBe(200);
    const { payment } = await detailOf(order.code);
    expect(payment.records).toEqual([
      expect.objectContaining({ amount: order.total, method: 'CASH', channel: 'DESK', methodLabel: 'Tiền mặt khi nhận hàng', reference: null, by: 'Phạm Thu Ngân', automatic: false }),
    ]);
    expect(payment.bankReference).toBeNull();
  });

  it('shows the refund of a cancelled paid order: amount, method, reference, who and when', async () => {
    const order = await newOrder();
    expect((await sepay(order.code, order.total, `MBVCB.${process.pid}04`)).statusCode).toBe(200);
    expect((await deskAction(app, desk, order.code, 'cancel', { reason: 'Khách đổi ý, hoàn tiền' })).statusCode).toBe(200);
    const refunded = await deskAction(app, desk, order.code, 'refund', { amount: 1_000_000, method: 'BANK_TRANSFER', reference: 'FTHOAN2611' });
    expect(refunded.statusCode).toBe(200);
    const { payment } = await detailOf(order.code);
    expect(payment.records).toHaveLength(1);
    expect(payment.refunds).toEqual([
      { amount: 1_000_000, method: 'BANK_TRANSFER', methodLabel: 'Chuyển khoản ngân hàng', reference: 'FTHOAN2611', reason: expect.any(String), by: 'Phạm Thu Ngân', at: expect.any(String) },
    ]);
  });
});
