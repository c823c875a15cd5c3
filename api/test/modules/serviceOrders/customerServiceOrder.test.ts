import { customerServiceOrderSchema, envelopeSchema } from 'shared-contracts/schemas';
import { createUser, type TestUser } from '../../support/serviceTestKit';
import { productionDatabase, useFloor } from '../../support/floorTestKit';

const viewResponse = envelopeSchema(customerServiceOrderSchema);

/**
 * GET /api/appointments/:id/service-order: the customer follows their car's work — status with the customer's
 * labels, the billable lines, then the invoice (with its VietQR picture while unpaid) and the paid state. Only the
 * appointment's owner sees it; before check-in, for another customer or a made-up id the answer is 404.
 */
describe.each(productionDatabase())('the customer’s view of the service order on $label', (target) => {
  const floor = useFloor(target);

  const view = (user: TestUser | null, appointmentId: number) => floor.request(user, 'GET', `/api/appointments/${appointmentId}/service-order`);

  it('follows the order from check-in to payment', async () => {
    const customer = floor.users.customer;
    const technician = await floor.addMember('technician');
    const booked = await floor.bookToday({ time: '14:00' });
    const before = await view(customer, booked.appointmentId);
    expect(before.statusCode).toBe(404);
    expect(before.json()).toMatchObject({ success: false, code: 'SERVICE_ORDER_NOT_FOUND' });

    const checkIn = await floor.checkIn(booked.appointmentId, { technicianId: technician.id });
    expect(checkIn.statusCode).toBe(201);
    const orderId = checkIn.json().data.id as number;
    const opened = viewResponse.parse((await view(customer, booked.appointmentId)).json()).data;
    expect(opened).toMatchObject({ appointmentId: booked.appointmentId, status: 'OPEN', statusLabel: 'Đã tiếp nhận', pendingApprovals: 0, invoice: null });
    expect(opened.code).toMatch(/^PDV261119/);
    expect(opened.lines).toEqual([expect.objectContaining({ kind: 'service', name: 'Bảo dưỡng cơ bản', quantity: 1, source: 'booked' })]);

    expect((await floor.act(orderId, 'start', technician)).statusCode).toBe(200);
    expect(viewResponse.parse((await view(customer, booked.appointmentId)).json()).data).toMatchObject({ status: 'IN_PROGRESS', statusLabel: 'Đang thực hiện' });

    await floor.db.updateTable('service_order_checklist_items').set({ result: 'PASS', checked_by: technician.id, checked_at: floor.service.clock.now().toISOString() }).where('service_order_id', '=', orderId).execute();
    expect((await floor.act(orderId, 'finish', technician)).statusCode).toBe(200);
    expect(viewResponse.parse((await view(customer, booked.appointmentId)).json()).data).toMatchObject({ status: 'WORK_DONE', statusLabel: 'Xe đã xong – chờ thanh toán', invoice: null });

    const issued = await floor.request(floor.users.staff, 'POST', `/api/service-orders/${orderId}/invoice`);
    expect(issued.statusCode).toBe(201);
    const invoiced = viewResponse.parse((await view(customer, booked.appointmentId)).json()).data;
    expect(invoiced).toMatchObject({ status: 'INVOICED', statusLabel: 'Xe đã xong – chờ thanh toán' });
    expect(invoiced.invoice).toEqual(issued.json().data);
    expect(invoiced.invoice!.total).toBe(opened.lines[0]!.lineTotal);
    expect(invoiced.invoice!.vietQr!.content).toBe(invoiced.invoice!.code);

    expect((await floor.request(floor.users.staff, 'POST', `/api/service-orders/${orderId}/payment/confirm`, { method: 'CASH' })).statusCode).toBe(200);
    const paid = viewResponse.parse((await view(customer, booked.appointmentId)).json()).data;
    expect(paid).toMatchObject({ status: 'CLOSED', statusLabel: 'Đã thanh toán' });
    expect(paid.invoice).toMatchObject({ paymentStatus: 'PAID', paymentMethod: 'CASH', vietQr: null });
  });

  it('shows nothing to anyone but the appointment’s customer', async () => {
    const order = await floor.openOrder({ time: '15:00' });
    expect((await view(floor.users.customer, order.appointmentId)).statusCode).toBe(200);

    const stranger = await createUser(floor.db, 'customer', 'Người Lạ');
    for (const user of [stranger, floor.users.staff, floor.users.admin]) {
      const response = await view(user, order.appointmentId);
      expect({ role: user.role, status: response.statusCode }).toEqual({ role: user.role, status: 404 });
    }
    expect((await view(null, order.appointmentId)).statusCode).toBe(401);
    expect((await view(floor.users.customer, 999_999)).statusCode).toBe(404);
    expect((await floor.request(floor.users.customer, 'GET', '/api/appointments/abc/service-order')).statusCode).toBe(400);
  });
});
