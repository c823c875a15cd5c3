import { DEMO_PAYMENT_KEYS } from '../../../src/config';
import { payOsSignature } from '../../../src/modules/payments/providers/payos/payOsSignature';
import { testDatabases, useFloor } from '../../support/floorTestKit';

const SEPAY_KEY = DEMO_PAYMENT_KEYS.sepayWebhookKey;
let transferIds = 7_100_000;

/**
 * A service invoice is a sale of the ledger (issue 62): the counter's cash or VietQR confirmation and a bank's
 * notification of a transfer naming the invoice code (the code its VietQR writes) each pay it through the one
 * command: one payment record, one sale.paid, the order CLOSED; anything but the exact total is an exception.
 */
describe.each(testDatabases())('service invoices through the ledger on $label', (target) => {
  const floor = useFloor(target);
  let slot = 0;

  /** An INVOICED order of centre A, each on its own technician and time: its id, invoice code and total. */
  async function invoiced() {
    slot += 1;
    const technician = await floor.addMember('technician');
    const order = await floor.finishedOrder({ time: `${String(7 + (slot % 11)).padStart(2, '0')}:${slot > 11 ? '30' : '00'}`, technician });
    const issued = await floor.request(floor.users.staff, 'POST', `/api/service-orders/${order.id}/invoice`);
    expect(issued.statusCode).toBe(201);
    const invoice = issued.json().data as { id: number; code: string; total: number; vietQr: { content: string } | null };
    expect(invoice.vietQr?.content).toBe(invoice.code);
    return { orderId: order.id, invoiceId: invoice.id, code: invoice.code, total: invoice.total };
  }
  const sepay = (body: Record<string, unknown>) =>
    floor.app.inject({ method: 'POST', url: '/api/payments/sepay/webhook', headers: { authorization: `Apikey ${SEPAY_KEY}` }, payload: body });
  const sepayBody = (content: string, amount: number, id = (transferIds += 1)) => ({
    id,
    gateway: 'Vietcombank',
    transactionDate: '2026-11-26 10:15:00',
    accountNumber: '1023456789',
    code: null,
    content,
    transferType: 'in',
    transferAmount: amount,
    accumulated: 19_077_000,
    subAccount: null,
    referenceCode: `FT${id}`,
    description: 'BankAPINotify',
  });
  const ledgerOf = async (invoiceId: number) => ({
    payments: await floor.db.selectFrom('sale_payments').selectAll().where('service_invoice_id', '=', invoiceId).execute(),
    events: await floor.db.selectFrom('sale_events').selectAll().where('service_invoice_id', '=', invoiceId).execute(),
  });
  const invoiceRow = (invoiceId: number) => floor.db.selectFrom('service_invoices').selectAll().where('id', '=', invoiceId).executeTakeFirstOrThrow();

  it('pays an invoice at the counter with one payment record and one sale.paid', async () => {
    const sale = await invoiced();
    const paid = await floor.request(floor.users.staff, 'POST', `/api/service-orders/${sale.orderId}/payment/confirm`, { method: 'CASH' });
    expect(paid.statusCode).toBe(200);
    // A double click answers the paid invoice and writes nothing more.
    expect((await floor.request(floor.users.staff, 'POST', `/api/service-orders/${sale.orderId}/payment/confirm`, { method: 'CASH' })).statusCode).toBe(200);
    const { payments, events } = await ledgerOf(sale.invoiceId);
    expect(payments).toEqual([expect.objectContaining({ amount: sale.total, method: 'CASH', channel: 'DESK', actor_id: floor.users.staff.id, order_id: null })]);
    expect(events).toEqual([expect.objectContaining({ kind: 'sale.paid', amount: sale.total, payment_id: payments[0]!.id })]);
  });

  it('turns an invoice PAID by itself when the bank reports the QR transfer, the counter seeing the order CLOSED', async () => {
    const sale = await invoiced();
    // The customer's bank app writes the QR's content, sometimes decorated: the code is read in it.
    const body = sepayBody(`${sale.code.toLowerCase().replace(/^hd/, 'hd ')} thanh toan dich vu`, sale.total);
    const answer = await sepay(body);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toEqual({ outcome: 'MATCHED' });
    expect(await invoiceRow(sale.invoiceId)).toMatchObject({ payment_status: 'PAID', payment_method: 'VIETQR', confirmed_by: null });
    const detail = await floor.detail(sale.orderId);
    expect(detail.status).toBe('CLOSED');
    const transfer = await floor.db.selectFrom('payment_transactions').selectAll().where('provider_ref', '=', String(body.id)).executeTakeFirstOrThrow();
    expect(transfer).toMatchObject({ outcome: 'MATCHED', service_invoice_id: sale.invoiceId, order_id: null, order_code_found: sale.code });
    const { payments, events } = await ledgerOf(sale.invoiceId);
    expect(payments).toEqual([expect.objectContaining({ amount: sale.total, method: 'BANK_TRANSFER', channel: 'SEPAY', transaction_id: transfer.id, actor_id: null, reference: body.referenceCode })]);
    expect(events).toHaveLength(1);
    // The counter confirming after the bank did is told how it was paid, and nothing is written twice.
    const late = await floor.request(floor.users.staff, 'POST', `/api/service-orders/${sale.orderId}/payment/confirm`, { method: 'CASH' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('Hoá đơn đã được thanh toán bằng chuyển khoản vietqr.');
    expect((await ledgerOf(sale.invoiceId)).payments).toHaveLength(1);
  });

  it('puts a transfer of another amount in the centre’s exceptions queue and leaves the invoice unpaid', async () => {
    const sale = await invoiced();
    const body = sepayBody(sale.code, sale.total - 10_000);
    expect((await sepay(body)).json().data).toEqual({ outcome: 'EXCEPTION' });
    expect(await floor.db.selectFrom('payment_transactions').selectAll().where('provider_ref', '=', String(body.id)).executeTakeFirstOrThrow()).toMatchObject({
      exception_reason: 'PARTIAL',
      service_invoice_id: sale.invoiceId,
    });
    expect(await invoiceRow(sale.invoiceId)).toMatchObject({ payment_status: 'UNPAID' });
    expect((await ledgerOf(sale.invoiceId)).payments).toHaveLength(0);
    const queue = await floor.request(floor.users.staff, 'GET', '/api/payment-exceptions');
    expect(queue.statusCode).toBe(200);
    expect(JSON.stringify(queue.json())).toContain(sale.code);
  });

  it('pays once for 50 identical webhooks at once, and once for 10 different transfers of the same invoice', async () => {
    const sale = await invoiced();
    const body = sepayBody(sale.code, sale.total);
    const answers = await Promise.all(Array.from({ length: 50 }, () => sepay(body)));
    expect(answers.map((answer) => answer.statusCode).every((status) => status === 200)).toBe(true);
    const outcomes = answers.map((answer) => answer.json().data.outcome as string);
    expect(outcomes.filter((outcome) => outcome === 'MATCHED')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome !== 'MATCHED').every((outcome) => outcome === 'REPLAYED')).toBe(true);
    expect(await floor.db.selectFrom('payment_transactions').select('id').where('provider_ref', '=', String(body.id)).execute()).toHaveLength(1);

    const other = await invoiced();
    const transfers = await Promise.all(Array.from({ length: 10 }, () => sepay(sepayBody(other.code, other.total))));
    expect(transfers.filter((answer) => answer.json().data.outcome === 'MATCHED')).toHaveLength(1);
    const recorded = await floor.db.selectFrom('payment_transactions').select(['outcome', 'exception_reason']).where('service_invoice_id', '=', other.invoiceId).execute();
    expect(recorded.filter((row) => row.outcome === 'MATCHED')).toHaveLength(1);
    expect(recorded.filter((row) => row.exception_reason === 'ALREADY_PAID')).toHaveLength(9);
    for (const id of [sale.invoiceId, other.invoiceId]) {
      const { payments, events } = await ledgerOf(id);
      expect(payments).toHaveLength(1);
      expect(events).toHaveLength(1);
    }
  });

  it('pays an invoice whose code a payOS transfer names, with no payment link of ours', async () => {
    const sale = await invoiced();
    const data = {
      orderCode: 990_000 + slot,
      amount: sale.total,
      description: `CSD ${sale.code}`,
      accountNumber: '12345678',
      reference: `FT${(transferIds += 1)}`,
      transactionDateTime: '2026-11-26 10:20:00',
      currency: 'VND',
      paymentLinkId: 'none',
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
    const answer = await floor.app.inject({ method: 'POST', url: '/api/payments/payos/webhook', payload: { code: '00', desc: 'success', success: true, data, signature } });
    expect(answer.statusCode).toBe(200);
    expect(await invoiceRow(sale.invoiceId)).toMatchObject({ payment_status: 'PAID' });
    expect((await ledgerOf(sale.invoiceId)).payments).toEqual([expect.objectContaining({ channel: 'PAYOS', amount: sale.total })]);
  });
  it('matches a transfer with a mistyped invoice code to that invoice by hand, once, checking its amount', async () => {
    const sale = await invoiced();
    const other = await invoiced();
    // The customer typed the code wrong: no sale is named, and the transfer waits for the desk of unnamed transfers.
    const typo = (amount: number) => sepayBody(`${sale.code.slice(0, 2)}${sale.code.slice(3)} chuyen khoan`, amount);
    const unnamed = async (amount: number) => {
      const body = typo(amount);
      expect((await sepay(body)).json().data).toEqual({ outcome: 'EXCEPTION' });
      const row = await floor.db.selectFrom('payment_transactions').selectAll().where('provider_ref', '=', String(body.id)).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ exception_reason: 'UNKNOWN_CODE', service_invoice_id: null });
      return row;
    };
    const match = (user: typeof floor.users.admin, transfer: { id: number; version: number | string }, code: string) =>
      floor.request(user, 'POST', `/api/payment-exceptions/${transfer.id}/match`, { orderCode: code, version: Number(transfer.version) });

    const transfer = await unnamed(sale.total);
    // Centre A's clerk does not see another desk's transfer.
    expect((await match(floor.users.staff, transfer, sale.code)).statusCode).toBe(404);
    const matched = await match(floor.users.admin, transfer, sale.code.toLowerCase());
    expect(matched.statusCode).toBe(200);
    expect(matched.json().message).toBe('Đã ghép giao dịch vào hoá đơn dịch vụ, hoá đơn đã được thanh toán.');
    expect(await invoiceRow(sale.invoiceId)).toMatchObject({ payment_status: 'PAID', payment_method: 'VIETQR' });
    expect((await floor.detail(sale.orderId)).status).toBe('CLOSED');
    const { payments, events } = await ledgerOf(sale.invoiceId);
    expect(payments).toEqual([expect.objectContaining({ channel: 'EXCEPTION_MATCH', transaction_id: transfer.id, actor_id: floor.users.admin.id })]);
    expect(events).toHaveLength(1);
    expect(await floor.db.selectFrom('payment_transactions').selectAll().where('id', '=', transfer.id).executeTakeFirstOrThrow()).toMatchObject({
      resolution: 'MATCHED',
      service_invoice_id: sale.invoiceId,
    });
    // The same match again is stale; the paid invoice takes no second transfer; another amount is refused by name.
    expect((await match(floor.users.admin, transfer, sale.code)).statusCode).toBe(409);
    const second = await unnamed(sale.total - 1_000);
    const paidAlready = await match(floor.users.admin, second, sale.code);
    expect(paidAlready.statusCode).toBe(409);
    expect(paidAlready.json().message).toBe(`Hoá đơn ${sale.code} đã được thanh toán.`);
    const wrongAmount = await match(floor.users.admin, second, other.code);
    expect(wrongAmount.statusCode).toBe(422);
    expect(wrongAmount.json().message).toMatch(/^Số tiền chuyển khoản \(.+\) khác tổng tiền hoá đơn \(.+\)\.$/);
    expect(await invoiceRow(other.invoiceId)).toMatchObject({ payment_status: 'UNPAID' });
  });
});
