import { serviceOrderBoardSchema, technicianQueueSchema } from 'shared-contracts/schemas';
import type { TestUser } from '../../support/serviceTestKit';
import { testDatabases, useFloor, type FloorRole } from '../../support/floorTestKit';

const CLAIM_NOTE = 'Kỹ thuật viên tự nhận phiếu chưa được phân công (Bắt đầu).';

/**
 * Issue 21 §4. The board (GET /service-orders/board: today's waiting appointments with the customers' phone and
 * email) is the front desk's: staff and managers of the centre, admins read-only; technicians get 403 and keep
 * their work queue. A technician's Bắt đầu on an unassigned OPEN order of their centre claims it, and the claim
 * is in the order's status history (the detail's timeline); another centre's order stays 404; of ≥ 10
 * technicians claiming the same order at once exactly one wins and the others get 409.
 */
describe.each(testDatabases())('the board and claiming an order on $label', (target) => {
  const floor = useFloor(target);

  it.each<[FloorRole, number, string | null]>([
    ['technician', 403, 'FORBIDDEN'],
    ['technician2', 403, 'FORBIDDEN'],
    ['technicianB', 403, 'FORBIDDEN'],
    ['customer', 403, 'FORBIDDEN'],
    ['staff', 200, null],
    ['manager', 200, null],
    ['staffB', 200, null],
    ['managerB', 200, null],
    ['admin', 200, null],
  ])('GET /service-orders/board as %s answers %i', async (caller, status, code) => {
    await floor.bookToday({ time: '15:00' });
    const response = await floor.request(floor.users[caller], 'GET', '/api/service-orders/board');
    expect(response.statusCode).toBe(status);
    if (code) {
      expect(response.json()).toEqual({ success: false, code, message: 'Bạn không có quyền truy cập chức năng này.' });
      // Nothing of the day leaks into the refusal.
      expect(response.body).not.toContain('@example.vn');
    } else {
      serviceOrderBoardSchema.parse(response.json().data);
    }
  });

  it('keeps the technician their work queue, with the unassigned orders they may claim', async () => {
    const technician = await floor.addMember('technician');
    const order = await floor.openOrder({ time: '16:30' });
    const response = await floor.request(technician, 'GET', '/api/technician/queue');
    expect(response.statusCode).toBe(200);
    const queue = technicianQueueSchema.parse(response.json().data);
    expect(queue.unassigned.map((card) => card.id)).toContain(order.id);
  });

  it("records a claim (Bắt đầu on an unassigned order) in the order's history, shown in the detail's timeline", async () => {
    const technician = await floor.addMember('technician', floor.centreA.id, 'Lý Kỹ Thuật Nhận');
    const order = await floor.openOrder({ time: '17:00' });
    expect(order.technician).toBeNull();
    const response = await floor.act(order.id, 'start', technician);
    expect(response.statusCode).toBe(200);
    expect(await floor.orderRow(order.id)).toMatchObject({ status: 'IN_PROGRESS', technician_id: technician.id });

    for (const reader of [floor.users.staff, technician]) {
      const timeline = (await floor.detail(order.id, reader)).timeline;
      expect(timeline.at(-1)).toEqual({ at: expect.any(String), label: 'Phiếu dịch vụ: Đang làm', by: 'Lý Kỹ Thuật Nhận', note: CLAIM_NOTE });
    }
    const history = await floor.db
      .selectFrom('service_order_status_history')
      .select(['from_status', 'to_status', 'changed_by', 'note'])
      .where('service_order_id', '=', order.id)
      .where('to_status', '=', 'IN_PROGRESS')
      .execute();
    expect(history).toEqual([{ from_status: 'OPEN', to_status: 'IN_PROGRESS', changed_by: technician.id, note: CLAIM_NOTE }]);

    // Starting an order given to you is no claim.
    const assignedTo = await floor.addMember('technician');
    const assigned = await floor.openOrder({ time: '17:30', checkIn: { technicianId: assignedTo.id } });
    expect((await floor.act(assigned.id, 'start', assignedTo)).statusCode).toBe(200);
    expect((await floor.detail(assigned.id)).timeline.at(-1)).toMatchObject({ label: 'Phiếu dịch vụ: Đang làm', note: null });
  });

  it("leaves another centre's unassigned order alone: 404, nothing claimed", async () => {
    const order = await floor.openOrder({ time: '18:00' });
    const response = await floor.act(order.id, 'start', floor.users.technicianB);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect((await floor.request(floor.users.technicianB, 'GET', `/api/service-orders/${order.id}`)).statusCode).toBe(404);
    expect(await floor.orderRow(order.id)).toMatchObject({ status: 'OPEN', technician_id: null, version: order.version });
    const history = await floor.db.selectFrom('service_order_status_history').select('to_status').where('service_order_id', '=', order.id).execute();
    expect(history.map((row) => row.to_status)).toEqual(['OPEN']);
  });

  it('lets exactly one of 12 technicians claiming the same unassigned order at once win; the others get 409', async () => {
    for (let round = 0; round < 2; round += 1) {
      const technicians: TestUser[] = [];
      for (let index = 0; index < 12; index += 1) technicians.push(await floor.addMember('technician'));
      const order = await floor.openOrder({ time: round === 0 ? '18:30' : '19:00' });
      const responses = await Promise.all(
        technicians.map((technician) => floor.request(technician, 'POST', `/api/service-orders/${order.id}/start`, { version: order.version })),
      );
      const winners = responses.flatMap((response, index) => (response.statusCode === 200 ? [technicians[index]!] : []));
      expect(winners).toHaveLength(1);
      const losers = responses.filter((response) => response.statusCode !== 200);
      expect(losers).toHaveLength(11);
      for (const response of losers) {
        expect(response.statusCode).toBe(409);
        expect(response.json()).toMatchObject({ success: false, code: 'SERVICE_ORDER_CHANGED' });
      }
      const winner = winners[0]!;
      expect(await floor.orderRow(order.id)).toMatchObject({ status: 'IN_PROGRESS', technician_id: winner.id, version: order.version + 1 });
      const clocks = await floor.db
        .selectFrom('work_time_entries')
        .select(['technician_id'])
        .where('service_order_id', '=', order.id)
        .where('ended_at', 'is', null)
        .execute();
      expect(clocks).toEqual([{ technician_id: winner.id }]);
      const claims = await floor.db
        .selectFrom('service_order_status_history')
        .select(['changed_by', 'note'])
        .where('service_order_id', '=', order.id)
        .where('to_status', '=', 'IN_PROGRESS')
        .execute();
      expect(claims).toEqual([{ changed_by: winner.id, note: CLAIM_NOTE }]);
    }
  });
});
