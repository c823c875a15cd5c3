import { productionDatabase, useFloor } from '../../support/floorTestKit';

/**
 * Cash at the counter: the amount the customer hands over is checked against the invoice's total and recorded with
 * the change in the payment's history row ("tiền thừa").
 */
describe.each(productionDatabase())('cash received and change on $label', (target) => {
  const floor = useFloor(target);
  let slot = 0;

  /** An INVOICED order, each on its own technician and time. */
  async function invoiced() {
    slot += 1;
    const technician = await floor.addMember('technician');
    const order = await floor.finishedOrder({ time: `${String(8 + slot).padStart(2, '0')}:00`, technician });
    const issued = await floor.request(floor.users.staff, 'POST', `/api/service-orders/${order.id}/invoice`);
    expect(issued.statusCode).toBe(201);
    return { id: order.id, total: issued.json().data.total as number };
  }
  const confirm = (orderId: number, body: Record<string, unknown>) => floor.request(floor.users.staff, 'POST', `/api/service-orders/${orderId}/payment/confirm`, body);
  const paymentNote = async (orderId: number) =>
    (
      await floor.db
        .selectFrom('service_order_status_history')
        .select('note')
        .where('service_order_id', '=', orderId)
        .where('to_status', '=', 'CLOSED')
        .executeTakeFirstOrThrow()
    ).note;
  const vnd = (amount: number) => `${new Intl.NumberFormat('vi-VN').format(amount)} ₫`;

  it('records the cash received and the change given back', async () => {
    const order = await invoiced();
    const received = Math.ceil(order.total / 100_000) * 100_000 + 100_000;
    const paid = await confirm(order.id, { method: 'CASH', amountReceived: received });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().data).toMatchObject({ paymentStatus: 'PAID', paymentMethod: 'CASH' });
    expect(await paymentNote(order.id)).toBe(`Tiền mặt · khách đưa ${vnd(received)}, tiền thừa ${vnd(received - order.total)}`);
  });

  it('refuses less than the total with a Vietnamese 422 and leaves the invoice unpaid', async () => {
    const order = await invoiced();
    const refused = await confirm(order.id, { method: 'CASH', amountReceived: order.total - 1_000 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'AMOUNT_RECEIVED_INVALID',
      message: `Số tiền khách đưa (${vnd(order.total - 1_000)}) ít hơn tổng hoá đơn (${vnd(order.total)}).`,
    });
    expect((await floor.db.selectFrom('service_invoices').select('payment_status').where('service_order_id', '=', order.id).executeTakeFirstOrThrow()).payment_status).toBe('UNPAID');

    const vietQr = await confirm(order.id, { method: 'VIETQR', amountReceived: order.total });
    expect(vietQr.statusCode).toBe(422);
    expect(vietQr.json().message).toBe('Chỉ nhập số tiền khách đưa khi thanh toán tiền mặt.');
    const notANumber = await confirm(order.id, { method: 'CASH', amountReceived: 'năm trăm' });
    expect(notANumber.statusCode).toBe(400);
    expect(JSON.stringify(notANumber.json())).toContain('Số tiền khách đưa không hợp lệ.');

    // The exact total is fine, and without an amount the note stays the method.
    expect((await confirm(order.id, { method: 'CASH', amountReceived: order.total })).statusCode).toBe(200);
    expect(await paymentNote(order.id)).toBe(`Tiền mặt · khách đưa ${vnd(order.total)}, tiền thừa ${vnd(0)}`);
    const plain = await invoiced();
    expect((await confirm(plain.id, { method: 'CASH' })).statusCode).toBe(200);
    expect(await paymentNote(plain.id)).toBe('Tiền mặt');
  });
});
