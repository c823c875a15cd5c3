import { testDatabases, useFloor } from '../../support/floorTestKit';

/**
 * A paid service invoice is refunded through the ledger (recordRefund only): POST /service-orders/:id/invoice/refunds
 * writes one payment_refunds row, one sale.refunded, and the customer's one notification (one delivery per channel);
 * never more than was paid, even for refunds sent at once; only the desk's roles of the invoice's centre.
 */
describe.each(testDatabases())('service invoice refunds through the ledger on $label', (target) => {
  const floor = useFloor(target);

  const refund = (user: typeof floor.users.staff, orderId: number, body: Record<string, unknown>) =>
    floor.request(user, 'POST', `/api/service-orders/${orderId}/invoice/refunds`, body);
  const ledgerOf = async (invoiceId: number) => ({
    refunds: await floor.db.selectFrom('payment_refunds').selectAll().where('service_invoice_id', '=', invoiceId).orderBy('id').execute(),
    events: await floor.db.selectFrom('sale_events').selectAll().where('service_invoice_id', '=', invoiceId).where('kind', '=', 'sale.refunded').orderBy('id').execute(),
  });
  const toldOf = async (code: string) => {
    const notifications = await floor.db
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', floor.users.customer.id)
      .where('kind', '=', 'invoice_refunded')
      .where('title', 'like', `%${code}%`)
      .orderBy('id')
      .execute();
    const ids = notifications.map((row) => row.id);
    const deliveries = ids.length === 0 ? [] : await floor.db.selectFrom('notification_deliveries').select(['notification_id', 'channel']).where('notification_id', 'in', ids).execute();
    return { notifications, deliveries };
  };

  it('refunds the whole invoice once: one refund row, one sale.refunded, one notification, one delivery per channel', async () => {
    const sale = await floor.paidServiceInvoice();
    const answer = await refund(floor.users.manager, sale.orderId, { amount: sale.total, method: 'CASH', reason: 'Khách không hài lòng dịch vụ' });
    expect(answer.statusCode).toBe(201);
    const body = answer.json();
    expect(body.data).toMatchObject({ invoiceId: sale.invoiceId, paid: sale.total, refunded: sale.total, refundable: 0, refundState: 'FULL', canRefund: false });
    expect(body.data.refunds).toEqual([expect.objectContaining({ amount: sale.total, method: 'CASH', reference: null, reason: 'Khách không hài lòng dịch vụ', by: 'Hoàng Quản Lý' })]);
    expect(body.message).toMatch(new RegExp(`^Đã hoàn .+ cho hoá đơn ${sale.code}\\.$`));

    const { refunds, events } = await ledgerOf(sale.invoiceId);
    expect(refunds).toEqual([expect.objectContaining({ amount: sale.total, method: 'CASH', order_id: null, transaction_id: null, actor_id: floor.users.manager.id })]);
    expect(events).toEqual([expect.objectContaining({ kind: 'sale.refunded', amount: sale.total, refund_id: refunds[0]!.id, order_id: null })]);
    const { notifications, deliveries } = await toldOf(sale.code);
    expect(notifications).toHaveLength(1);
    expect(notifications[0]!.title).toMatch(new RegExp(`^Đã hoàn .+ ₫ cho hoá đơn ${sale.code}$`));
    expect(deliveries.length).toBeGreaterThan(0);
    const channels = deliveries.map((row) => row.channel);
    expect(new Set(channels).size).toBe(channels.length);

    // The invoice stays paid, the order closed: a refund moves money only (parts installed stay installed).
    expect(await floor.db.selectFrom('service_invoices').select('payment_status').where('id', '=', sale.invoiceId).executeTakeFirstOrThrow()).toEqual({ payment_status: 'PAID' });
    expect((await floor.detail(sale.orderId)).status).toBe('CLOSED');

    // Nothing is left to give back: 409, in Vietnamese, nothing written.
    const again = await refund(floor.users.manager, sale.orderId, { amount: 1_000, method: 'CASH', reason: 'Hoàn thêm lần nữa' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'INVOICE_FULLY_REFUNDED', message: 'Hoá đơn đã được hoàn toàn bộ số tiền.' });
    expect((await ledgerOf(sale.invoiceId)).refunds).toHaveLength(1);
  });

  it('refunds part, then the rest, refusing more than is left in Vietnamese', async () => {
    const sale = await floor.paidServiceInvoice();
    const part = Math.floor(sale.total / 3);
    const first = await refund(floor.users.staff, sale.orderId, { amount: part, method: 'BANK_TRANSFER', reference: 'FT26112900001', reason: 'Bớt phí công do chờ lâu' });
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toMatchObject({ refunded: part, refundable: sale.total - part, refundState: 'PARTIAL', canRefund: true });

    const tooMuch = await refund(floor.users.staff, sale.orderId, { amount: sale.total - part + 1, method: 'CASH', reason: 'Hoàn phần còn lại' });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json()).toMatchObject({ code: 'REFUND_TOO_LARGE' });
    expect(tooMuch.json().message).toMatch(/^Số tiền hoàn không được lớn hơn số tiền còn có thể hoàn \(.+\)\.$/);
    // A transfer needs its bank reference; a reason is required; whole VND only.
    const noReference = await refund(floor.users.staff, sale.orderId, { amount: 1_000, method: 'BANK_TRANSFER', reason: 'Hoàn phần còn lại' });
    expect(noReference.statusCode).toBe(422);
    expect(noReference.json().message).toBe('Vui lòng nhập mã giao dịch ngân hàng của khoản hoàn tiền.');
    const noReason = await refund(floor.users.staff, sale.orderId, { amount: 1_000, method: 'CASH', reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().code).toBe('VALIDATION_ERROR');
    expect(noReason.json().errors).toEqual([expect.objectContaining({ field: 'reason', message: expect.stringMatching(/lý do hoàn tiền/i) })]);
    const fraction = await refund(floor.users.staff, sale.orderId, { amount: 1_000.5, method: 'CASH', reason: 'Hoàn phần còn lại' });
    expect(fraction.statusCode).toBe(400);
    expect((await ledgerOf(sale.invoiceId)).refunds).toHaveLength(1);

    const rest = await refund(floor.users.staff, sale.orderId, { amount: sale.total - part, method: 'CASH', reason: 'Hoàn phần còn lại' });
    expect(rest.statusCode).toBe(201);
    expect(rest.json().data).toMatchObject({ refunded: sale.total, refundable: 0, refundState: 'FULL' });
    const { refunds, events } = await ledgerOf(sale.invoiceId);
    expect(refunds.map((row) => Number(row.amount))).toEqual([part, sale.total - part]);
    expect(events).toHaveLength(2);
    expect((await toldOf(sale.code)).notifications).toHaveLength(2);

    const listed = await floor.request(floor.users.staff, 'GET', `/api/service-orders/${sale.orderId}/invoice/refunds`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.refunds.map((row: { amount: number; reference: string | null }) => [row.amount, row.reference])).toEqual([
      [part, 'FT26112900001'],
      [sale.total - part, null],
    ]);
  });

  it('lets only the desk of the invoice’s centre (or an admin) refund', async () => {
    const sale = await floor.paidServiceInvoice();
    const body = { amount: 1_000, method: 'CASH', reason: 'Hoàn thử quyền' };
    const technician = await refund(floor.users.technician, sale.orderId, body);
    expect(technician.statusCode).toBe(403);
    expect(technician.json().message).toMatch(/quyền/);
    expect((await refund(floor.users.customer, sale.orderId, body)).statusCode).toBe(403);
    // Another centre's invoice is not told to exist (centre scope: 404, as every invoice route).
    const otherCentre = await refund(floor.users.managerB, sale.orderId, body);
    expect(otherCentre.statusCode).toBe(404);
    expect(otherCentre.json().message).toMatch(/Không tìm thấy/);
    expect((await ledgerOf(sale.invoiceId)).refunds).toHaveLength(0);
    // An admin of every centre may.
    expect((await refund(floor.users.admin, sale.orderId, body)).statusCode).toBe(201);
  });

  it('refuses to refund an invoice not paid yet', async () => {
    const order = await floor.invoicedServiceOrder();
    const answer = await refund(floor.users.manager, order.orderId, { amount: 1_000, method: 'CASH', reason: 'Chưa trả mà hoàn' });
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({ code: 'INVOICE_NOT_PAID', message: 'Hoá đơn chưa được thanh toán nên chưa thể hoàn tiền.' });
  });

  it('gives the whole amount back once when two refunds of it are sent at once', async () => {
    const sale = await floor.paidServiceInvoice();
    const answers = await Promise.all([
      refund(floor.users.manager, sale.orderId, { amount: sale.total, method: 'CASH', reason: 'Hoàn toàn bộ lần một' }),
      refund(floor.users.staff, sale.orderId, { amount: sale.total, method: 'CASH', reason: 'Hoàn toàn bộ lần hai' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const { refunds, events } = await ledgerOf(sale.invoiceId);
    expect(refunds).toHaveLength(1);
    expect(events).toHaveLength(1);
    expect((await toldOf(sale.code)).notifications).toHaveLength(1);

    // Five partial refunds at once that together exceed what was paid: never more than the total.
    const other = await floor.paidServiceInvoice();
    const share = Math.floor(other.total / 3);
    const many = await Promise.all(Array.from({ length: 5 }, (_, index) => refund(floor.users.manager, other.orderId, { amount: share, method: 'CASH', reason: `Hoàn một phần ${index}` })));
    expect(many.every((answer) => [201, 409, 422].includes(answer.statusCode))).toBe(true);
    const given = (await ledgerOf(other.invoiceId)).refunds.reduce((sum, row) => sum + Number(row.amount), 0);
    expect(given).toBe(share * 3);
    expect(many.filter((answer) => answer.statusCode === 201)).toHaveLength(3);
  });

  it('counts a service-invoice refund in the day’s reconciliation', async () => {
    const before = await floor.request(floor.users.admin, 'GET', '/api/reconciliation?from=2026-11-01&to=2026-12-31');
    expect(before.statusCode).toBe(200);
    const sale = await floor.paidServiceInvoice();
    expect((await refund(floor.users.manager, sale.orderId, { amount: 5_000, method: 'CASH', reason: 'Hoàn để đối soát' })).statusCode).toBe(201);
    const after = await floor.request(floor.users.admin, 'GET', '/api/reconciliation?from=2026-11-01&to=2026-12-31');
    expect(after.json().data.totals.refundsSum - before.json().data.totals.refundsSum).toBe(5_000);
  });
});
