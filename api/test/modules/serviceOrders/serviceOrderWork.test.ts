import { alreadyClockedInDataSchema, checklistIncompleteDataSchema, serviceOrderDetailSchema } from 'shared-contracts/schemas';
import type { TestUser } from '../../support/serviceTestKit';
import { testDatabases, useFloor, type FloorRole } from '../../support/floorTestKit';

type Caller = FloorRole | 'anonymous' | 'technicianOther';

describe.each(testDatabases())('service order work on $label', (target) => {
  const floor = useFloor(target);

  /** A technician of centre A of their own (no clock running elsewhere). */
  const freshTechnician = () => floor.addMember('technician');
  const userOf = async (caller: Caller, assigned: TestUser): Promise<TestUser | null> => {
    if (caller === 'anonymous') return null;
    if (caller === 'technicianOther') return freshTechnician();
    if (caller === 'technician') return assigned;
    return floor.users[caller];
  };
  const running = (technicianId: number) =>
    floor.db.selectFrom('work_time_entries').select(['service_order_id', 'ended_at']).where('technician_id', '=', technicianId).where('ended_at', 'is', null).execute();
  const appointmentStatus = async (appointmentId: number) =>
    (await floor.db.selectFrom('appointments').select('status').where('id', '=', appointmentId).executeTakeFirstOrThrow()).status;

  describe('start', () => {
    it.each<[Caller, number, string | null]>([
      ['anonymous', 401, 'UNAUTHENTICATED'],
      ['customer', 403, 'FORBIDDEN'],
      ['staff', 403, 'FORBIDDEN'],
      ['manager', 403, 'FORBIDDEN'],
      ['admin', 403, 'ADMIN_READ_ONLY'],
      ['technicianB', 404, 'NOT_FOUND'],
      ['technicianOther', 403, 'NOT_ASSIGNED'],
      ['technician', 200, null],
    ])('answers %s with %i', async (caller, status, code) => {
      const technician = await freshTechnician();
      const order = await floor.openOrder({ checkIn: { technicianId: technician.id } });
      const response = await floor.act(order.id, 'start', (await userOf(caller, technician)) as TestUser);
      expect(response.statusCode).toBe(status);
      if (code) expect(response.json()).toMatchObject({ success: false, code });
      expect((await floor.orderRow(order.id)).status).toBe(status === 200 ? 'IN_PROGRESS' : 'OPEN');
    });

    it('moves the appointment to IN_PROGRESS and starts the clock of the technician', async () => {
      const technician = await freshTechnician();
      const order = await floor.openOrder({ checkIn: { technicianId: technician.id, bayNo: 1 } });
      floor.service.clock.advance(10 * 60_000);
      const response = await floor.act(order.id, 'start', technician);
      expect(response.json()).toMatchObject({ success: true, message: 'Đã bắt đầu làm.' });
      const detail = serviceOrderDetailSchema.parse(response.json().data);
      expect(detail).toMatchObject({ status: 'IN_PROGRESS', statusLabel: 'Đang làm', version: 2, clockRunning: true, availableActions: ['finish'] });
      expect(detail.startedAt).toBe(floor.service.clock.now().toISOString());
      expect(await appointmentStatus(order.appointmentId)).toBe('IN_PROGRESS');
      expect(await running(technician.id)).toEqual([{ service_order_id: order.id, ended_at: null }]);
      floor.service.clock.advance(25 * 60_000);
      expect((await floor.detail(order.id)).workedMinutes).toBe(25);
      expect((await floor.detail(order.id)).timeline.map((entry) => entry.label).slice(-2)).toEqual(['Lịch hẹn: Đang thực hiện', 'Phiếu dịch vụ: Đang làm']);
    });

    it('lets a technician of the centre take an unassigned order by starting it', async () => {
      const technician = await freshTechnician();
      const order = await floor.openOrder();
      expect((await floor.detail(order.id, technician)).availableActions).toEqual(['start']);
      const response = await floor.act(order.id, 'start', technician);
      expect(response.statusCode).toBe(200);
      expect(response.json().data.technician).toEqual({ id: technician.id, fullName: expect.any(String) });
      expect((await floor.orderRow(order.id)).technician_id).toBe(technician.id);
    });

    it('refuses a stale version, a started order and a technician whose clock runs elsewhere (nothing changes)', async () => {
      const technician = await freshTechnician();
      const order = await floor.openOrder({ checkIn: { technicianId: technician.id } });
      const stale = await floor.request(technician, 'POST', `/api/service-orders/${order.id}/start`, { version: order.version + 1 });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toEqual({ success: false, code: 'SERVICE_ORDER_CHANGED', message: 'Phiếu dịch vụ vừa được người khác cập nhật, vui lòng tải lại.' });
      expect((await floor.act(order.id, 'start', technician)).statusCode).toBe(200);
      const twice = await floor.act(order.id, 'start', technician);
      expect(twice.statusCode).toBe(409);
      expect(twice.json()).toMatchObject({ code: 'INVALID_STATUS_TRANSITION', message: 'Không thể chuyển phiếu dịch vụ từ "Đang làm" sang "Đang làm".' });

      const second = await floor.openOrder({ checkIn: { technicianId: technician.id } });
      const clocked = await floor.act(second.id, 'start', technician);
      expect(clocked.statusCode).toBe(409);
      expect(clocked.json()).toMatchObject({ code: 'ALREADY_CLOCKED_IN', data: { activeServiceOrderId: order.id, activeServiceOrderCode: order.code } });
      alreadyClockedInDataSchema.parse(clocked.json().data);
      expect(await floor.orderRow(second.id)).toMatchObject({ status: 'OPEN', version: 1 });
      expect(await appointmentStatus(second.appointmentId)).toBe('CHECKED_IN');
      const missingVersion = await floor.request(technician, 'POST', `/api/service-orders/${second.id}/start`, {});
      expect(missingVersion.statusCode).toBe(400);
      expect(missingVersion.json().errors).toEqual([{ field: 'version', message: 'Thiếu phiên bản của phiếu, vui lòng tải lại.' }]);
      expect((await floor.request(technician, 'POST', '/api/service-orders/999999/start', { version: 1 })).statusCode).toBe(404);
    });
  });

  describe('finish', () => {
    it.each<[Caller, number, string | null]>([
      ['anonymous', 401, 'UNAUTHENTICATED'],
      ['customer', 403, 'FORBIDDEN'],
      ['staff', 403, 'FORBIDDEN'],
      ['manager', 403, 'FORBIDDEN'],
      ['admin', 403, 'ADMIN_READ_ONLY'],
      ['technicianB', 404, 'NOT_FOUND'],
      ['technicianOther', 403, 'NOT_ASSIGNED'],
      ['technician', 200, null],
    ])('answers %s with %i', async (caller, status, code) => {
      const technician = await freshTechnician();
      const order = await floor.startedOrder({ technician });
      await floor.db.updateTable('service_order_checklist_items').set({ result: 'PASS' }).where('service_order_id', '=', order.id).execute();
      const response = await floor.act(order.id, 'finish', (await userOf(caller, technician)) as TestUser);
      expect(response.statusCode).toBe(status);
      if (code) expect(response.json()).toMatchObject({ success: false, code });
      expect((await floor.orderRow(order.id)).status).toBe(status === 200 ? 'WORK_DONE' : 'IN_PROGRESS');
    });

    it('needs every item answered and every FAIL explained; then stops the clock and releases the bay', async () => {
      const technician = await freshTechnician();
      const order = await floor.startedOrder({ technician, checkIn: { bayNo: 3 } });
      const items = order.checklistItems;
      await floor.db.updateTable('service_order_checklist_items').set({ result: 'PASS' }).where('id', 'in', items.slice(2).map((item) => item.id)).execute();
      await floor.db.updateTable('service_order_checklist_items').set({ result: 'FAIL', note: 'mòn' }).where('id', '=', items[1]!.id).execute();
      const incomplete = await floor.act(order.id, 'finish', technician);
      expect(incomplete.statusCode).toBe(409);
      const body = incomplete.json();
      expect(body).toMatchObject({ success: false, code: 'CHECKLIST_INCOMPLETE', message: 'Còn 2 mục kiểm tra chưa hoàn tất (mục không đạt cần ghi rõ lý do).' });
      expect(checklistIncompleteDataSchema.parse(body.data).pendingItems).toEqual([
        { id: items[0]!.id, code: items[0]!.code, label: items[0]!.label, result: null },
        { id: items[1]!.id, code: items[1]!.code, label: items[1]!.label, result: 'FAIL' },
      ]);
      expect(await floor.orderRow(order.id)).toMatchObject({ status: 'IN_PROGRESS', version: 2, bay_no: 3 });
      expect(await running(technician.id)).toHaveLength(1);

      await floor.db.updateTable('service_order_checklist_items').set({ result: 'NA' }).where('id', '=', items[0]!.id).execute();
      await floor.db.updateTable('service_order_checklist_items').set({ note: 'Má phanh mòn quá giới hạn' }).where('id', '=', items[1]!.id).execute();
      floor.service.clock.advance(40 * 60_000);
      const finished = await floor.act(order.id, 'finish', technician);
      expect(finished.statusCode).toBe(200);
      expect(finished.json().data).toMatchObject({ status: 'WORK_DONE', bayNo: null, clockRunning: false, workedMinutes: 40, availableActions: [] });
      expect(await running(technician.id)).toEqual([]);
      const bay = await floor.db.selectFrom('bay_occupancy').select(['bay_no', 'to_at']).where('service_order_id', '=', order.id).execute();
      expect(bay).toHaveLength(1);
      expect(bay[0]!.to_at).not.toBeNull();
      // The bay takes another vehicle now.
      expect((await floor.openOrder({ checkIn: { bayNo: 3 } })).bayNo).toBe(3);
      expect(await appointmentStatus(order.appointmentId)).toBe('IN_PROGRESS');
    });

    it('refuses an OPEN order and a stale version', async () => {
      const technician = await freshTechnician();
      const order = await floor.openOrder({ checkIn: { technicianId: technician.id } });
      expect((await floor.act(order.id, 'finish', technician)).json()).toMatchObject({ code: 'INVALID_STATUS_TRANSITION' });
      await floor.act(order.id, 'start', technician);
      const stale = await floor.request(technician, 'POST', `/api/service-orders/${order.id}/finish`, { version: 1 });
      expect(stale.json()).toMatchObject({ code: 'SERVICE_ORDER_CHANGED' });
    });
  });

  describe('reopen', () => {
    it.each<[Caller, number, string | null]>([
      ['anonymous', 401, 'UNAUTHENTICATED'],
      ['customer', 403, 'FORBIDDEN'],
      ['technician', 403, 'FORBIDDEN'],
      ['admin', 403, 'ADMIN_READ_ONLY'],
      ['staffB', 404, 'NOT_FOUND'],
      ['staff', 200, null],
      ['manager', 200, null],
    ])('answers %s with %i', async (caller, status, code) => {
      const technician = await freshTechnician();
      const order = await floor.finishedOrder({ technician });
      const response = await floor.act(order.id, 'reopen', (await userOf(caller, technician)) as TestUser, { reason: 'Khách báo còn tiếng kêu' });
      expect(response.statusCode).toBe(status);
      if (code) expect(response.json()).toMatchObject({ success: false, code });
      expect((await floor.orderRow(order.id)).status).toBe(status === 200 ? 'IN_PROGRESS' : 'WORK_DONE');
    });

    it('keeps the first start, records the reason, and lets the technician clock in again', async () => {
      const technician = await freshTechnician();
      const order = await floor.finishedOrder({ technician });
      floor.service.clock.advance(60 * 60_000);
      const short = await floor.act(order.id, 'reopen', floor.users.staff, { reason: 'sai' });
      expect(short.statusCode).toBe(400);
      expect(short.json().errors).toEqual([{ field: 'reason', message: 'Lý do cần ít nhất 5 ký tự.' }]);
      const reopened = await floor.act(order.id, 'reopen', floor.users.staff, { reason: '  Khách báo còn tiếng kêu  ' });
      expect(reopened.json()).toMatchObject({ message: 'Đã mở lại phiếu.', data: { status: 'IN_PROGRESS', startedAt: order.startedAt } });
      const last = reopened.json().data.timeline.at(-1);
      expect(last).toMatchObject({ label: 'Phiếu dịch vụ: Đang làm', by: 'Trần Nhân Viên', note: 'Khách báo còn tiếng kêu' });
      const clockIn = await floor.request(technician, 'POST', '/api/technician/clock/in', { serviceOrderId: order.id });
      expect(clockIn.statusCode).toBe(200);
      expect((await floor.act(order.id, 'reopen', floor.users.staff, { reason: 'Lần nữa cho chắc' })).json()).toMatchObject({ code: 'INVALID_STATUS_TRANSITION' });
    });
  });

  describe('cancel', () => {
    it.each<[Caller, number, string | null]>([
      ['anonymous', 401, 'UNAUTHENTICATED'],
      ['customer', 403, 'FORBIDDEN'],
      ['technician', 403, 'FORBIDDEN'],
      ['admin', 403, 'ADMIN_READ_ONLY'],
      ['staffB', 404, 'NOT_FOUND'],
      ['staff', 200, null],
      ['manager', 200, null],
    ])('answers %s with %i', async (caller, status, code) => {
      const technician = await freshTechnician();
      const order = await floor.openOrder({ checkIn: { technicianId: technician.id } });
      const response = await floor.act(order.id, 'cancel', (await userOf(caller, technician)) as TestUser, { reason: 'Khách đổi ý, lấy xe về' });
      expect(response.statusCode).toBe(status);
      if (code) expect(response.json()).toMatchObject({ success: false, code });
      expect((await floor.orderRow(order.id)).status).toBe(status === 200 ? 'CANCELLED' : 'OPEN');
    });

    it('cancels running work: clock stopped, bay released, appointment CANCELLED with its steps and package credit given back', async () => {
      const technician = await freshTechnician();
      const creditId = await floor.addPackageCredit(floor.users.customer, 'bao-duong-co-ban');
      const order = await floor.startedOrder({ technician, checkIn: { bayNo: 6 }, packageCreditId: creditId, time: '15:00' });
      const steps = async () =>
        (await floor.db.selectFrom('slot_occupancy').select(['slot_start', 'booked']).where('centre_id', '=', floor.centreA.id).execute())
          .filter((row) => new Date(row.slot_start).toISOString() >= '2026-11-19T08:00:00.000Z' && new Date(row.slot_start).toISOString() < '2026-11-19T09:00:00.000Z')
          .reduce((sum, row) => sum + row.booked, 0);
      const bookedBefore = await steps();
      const used = async () => (await floor.db.selectFrom('package_credits').select('quantity_used').where('id', '=', creditId).executeTakeFirstOrThrow()).quantity_used;
      expect(await used()).toBe(1);
      floor.service.clock.advance(5 * 60_000);
      const response = await floor.act(order.id, 'cancel', floor.users.manager, { reason: 'Thiếu phụ tùng, hẹn lại' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ message: 'Đã hủy phiếu dịch vụ.', data: { status: 'CANCELLED', cancelReason: 'Thiếu phụ tùng, hẹn lại', bayNo: null, clockRunning: false } });
      expect(await appointmentStatus(order.appointmentId)).toBe('CANCELLED');
      expect(await running(technician.id)).toEqual([]);
      expect(await floor.db.selectFrom('bay_occupancy').select('id').where('service_order_id', '=', order.id).where('to_at', 'is', null).execute()).toEqual([]);
      expect(await used()).toBe(0);
      expect(await steps()).toBe(bookedBefore - 2);
      const cancelledAgain = await floor.act(order.id, 'cancel', floor.users.manager, { reason: 'Thiếu phụ tùng, hẹn lại' });
      expect(cancelledAgain.json()).toMatchObject({ code: 'INVALID_STATUS_TRANSITION', message: 'Không thể chuyển phiếu dịch vụ từ "Đã hủy" sang "Đã hủy".' });
      const finished = await floor.finishedOrder({ technician });
      expect((await floor.act(finished.id, 'cancel', floor.users.staff, { reason: 'Không cần nữa' })).json()).toMatchObject({ code: 'INVALID_STATUS_TRANSITION' });
    });
  });

  describe('assignment', () => {
    it.each<[Caller, number, string | null]>([
      ['anonymous', 401, 'UNAUTHENTICATED'],
      ['customer', 403, 'FORBIDDEN'],
      ['technician', 403, 'FORBIDDEN'],
      ['admin', 403, 'ADMIN_READ_ONLY'],
      ['staffB', 404, 'NOT_FOUND'],
      ['staff', 200, null],
      ['manager', 200, null],
    ])('answers %s with %i', async (caller, status, code) => {
      const technician = await freshTechnician();
      const order = await floor.openOrder();
      const response = await floor.assign(order.id, { technicianId: technician.id }, (await userOf(caller, technician)) as TestUser);
      expect(response.statusCode).toBe(status);
      if (code) expect(response.json()).toMatchObject({ success: false, code });
      expect((await floor.orderRow(order.id)).technician_id).toBe(status === 200 ? technician.id : null);
    });

    it('moves the order between bays (the old row closed, a new one open) and refuses an occupied or unknown bay', async () => {
      const holder = await floor.openOrder({ checkIn: { bayNo: 5 } });
      const order = await floor.openOrder();
      const toTwo = await floor.assign(order.id, { bayNo: 2 });
      expect(toTwo.json()).toMatchObject({ message: 'Đã cập nhật phân công.', data: { bayNo: 2, version: 2 } });
      const toFive = await floor.assign(order.id, { bayNo: 5 });
      expect(toFive.statusCode).toBe(409);
      expect(toFive.json()).toMatchObject({ code: 'BAY_OCCUPIED', message: `Khoang 5 đang có xe ${holder.licensePlate}.` });
      expect(await floor.orderRow(order.id)).toMatchObject({ bay_no: 2, version: 2 });
      expect((await floor.assign(order.id, { bayNo: 9 })).json()).toMatchObject({ code: 'BAY_INVALID' });
      const toFour = await floor.assign(order.id, { bayNo: 4 });
      expect(toFour.statusCode).toBe(200);
      const rows = await floor.db.selectFrom('bay_occupancy').select(['bay_no', 'to_at']).where('service_order_id', '=', order.id).orderBy('id').execute();
      expect(rows.map((row) => [row.bay_no, row.to_at === null])).toEqual([
        [2, false],
        [4, true],
      ]);
      const cleared = await floor.assign(order.id, { bayNo: null });
      expect(cleared.json().data.bayNo).toBeNull();
      expect(await floor.db.selectFrom('bay_occupancy').select('id').where('service_order_id', '=', order.id).where('to_at', 'is', null).execute()).toEqual([]);
    });

    it('refuses a stale version, another centre\'s technician, an empty change and a finished order', async () => {
      const order = await floor.openOrder();
      const stale = await floor.request(floor.users.staff, 'PATCH', `/api/service-orders/${order.id}/assignment`, { version: 7, bayNo: 3 });
      expect(stale.json()).toMatchObject({ code: 'SERVICE_ORDER_CHANGED' });
      expect((await floor.assign(order.id, { technicianId: floor.users.technicianB.id })).json()).toMatchObject({ code: 'TECHNICIAN_INVALID' });
      const empty = await floor.assign(order.id, {});
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Vui lòng chọn kỹ thuật viên hoặc khoang.' });
      const finished = await floor.finishedOrder({ technician: await freshTechnician() });
      const late = await floor.assign(finished.id, { bayNo: 2 });
      expect(late.statusCode).toBe(409);
      expect(late.json()).toMatchObject({ code: 'INVALID_STATUS_TRANSITION', message: 'Phiếu dịch vụ đang ở trạng thái "Xong việc – chờ hoá đơn", không thể thay đổi.' });
    });

    it('hands running work to another technician (the first one\'s clock on it stops) but never to nobody', async () => {
      const first = await freshTechnician();
      const second = await freshTechnician();
      const order = await floor.startedOrder({ technician: first });
      floor.service.clock.advance(15 * 60_000);
      const cleared = await floor.assign(order.id, { technicianId: null });
      expect(cleared.statusCode).toBe(422);
      expect(cleared.json()).toMatchObject({ code: 'TECHNICIAN_REQUIRED', message: 'Phiếu đang làm cần có kỹ thuật viên.' });
      const handed = await floor.assign(order.id, { technicianId: second.id });
      expect(handed.json().data).toMatchObject({ technician: { id: second.id }, clockRunning: false, workedMinutes: 15 });
      expect(await running(first.id)).toEqual([]);
      expect((await floor.act(order.id, 'finish', first)).json()).toMatchObject({ code: 'NOT_ASSIGNED' });
      expect((await floor.request(second, 'POST', '/api/technician/clock/in', { serviceOrderId: order.id })).statusCode).toBe(200);
    });
  });

  it('rule 7: reassigning while the technician presses Start (same version): exactly one wins, the rest 409 SERVICE_ORDER_CHANGED', async () => {
    for (let round = 0; round < 2; round += 1) {
      const technician = await freshTechnician();
      const other = await freshTechnician();
      const order = await floor.openOrder({ checkIn: { technicianId: technician.id } });
      const version = order.version;
      const requests = Array.from({ length: 12 }, (_, index) =>
        index % 2 === round
          ? floor.request(technician, 'POST', `/api/service-orders/${order.id}/start`, { version })
          : floor.request(floor.users.staff, 'PATCH', `/api/service-orders/${order.id}/assignment`, { version, technicianId: other.id, bayNo: null }),
      );
      const responses = await Promise.all(requests);
      expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(1);
      const losers = responses.filter((response) => response.statusCode !== 200);
      expect(losers).toHaveLength(11);
      for (const response of losers) expect(response.json()).toMatchObject({ code: 'SERVICE_ORDER_CHANGED' });
      const row = await floor.orderRow(order.id);
      expect(row.version).toBe(version + 1);
      if (row.status === 'IN_PROGRESS') {
        expect(row.technician_id).toBe(technician.id);
        expect(await running(technician.id)).toHaveLength(1);
      } else {
        expect(row).toMatchObject({ status: 'OPEN', technician_id: other.id });
        expect(await running(technician.id)).toHaveLength(0);
      }
    }
  });
});
