import { checkInInputSchema, serviceOrderDetailSchema, serviceOrderEventSchema, type ServiceOrderDetail } from 'shared-contracts/schemas';
import { writesSeveralTablesInOneStatement } from '../../../src/db/sqlDialect';
import { checkInAppointment } from '../../../src/modules/serviceOrders/serviceOrderCheckIn';
import * as transition from '../../../src/modules/serviceOrders/serviceOrderTransition';
import { countingDb } from '../../support/countingDb';
import { listen, openEventStream, type SseEvent, type SseStream } from '../../support/sseClient';
import { START_ODOMETER_KM, TOMORROW, testDatabases, useFloor, type FloorRole } from '../../support/floorTestKit';

// The order's code drawn as a mock that calls through, so that a test may hand out a taken one (a module's exports
// cannot be redefined by spyOn).
jest.mock('../../../src/modules/serviceOrders/serviceOrderTransition', () => {
  const actual = jest.requireActual<typeof transition>('../../../src/modules/serviceOrders/serviceOrderTransition');
  return { ...actual, backOfficeCode: jest.fn(actual.backOfficeCode) };
});

describe.each(testDatabases())('check-in on $label', (target) => {
  const floor = useFloor(target);

  const detailOf = (response: { json(): unknown }): ServiceOrderDetail => serviceOrderDetailSchema.parse((response.json() as { data: unknown }).data);

  it.each<[FloorRole | 'anonymous', number, string | null]>([
    ['anonymous', 401, 'UNAUTHENTICATED'],
    ['customer', 403, 'FORBIDDEN'],
    ['technician', 403, 'FORBIDDEN'],
    ['admin', 403, 'ADMIN_READ_ONLY'],
    ['staffB', 404, 'APPOINTMENT_NOT_FOUND'],
    ['managerB', 404, 'APPOINTMENT_NOT_FOUND'],
    ['staff', 201, null],
    ['manager', 201, null],
  ])('answers %s with %i', async (role, status, code) => {
    const booked = await floor.bookToday();
    const response = await floor.checkIn(booked.appointmentId, {}, role === 'anonymous' ? (null as never) : floor.users[role]);
    expect(response.statusCode).toBe(status);
    if (code) expect(response.json()).toMatchObject({ success: false, code });
    const order = await floor.db.selectFrom('service_orders').select('id').where('appointment_id', '=', booked.appointmentId).execute();
    expect(order).toHaveLength(status === 201 ? 1 : 0);
  });

  it('opens the order: appointment CHECKED_IN, checklist deduplicated by code, booked lines, odometer, technician and bay', async () => {
    const booked = await floor.bookToday({ serviceSlugs: ['bao-duong-nang-cao', 'kiem-tra-pin-bms'], status: 'PENDING' });
    const response = await floor.checkIn(booked.appointmentId, {
      odometerKm: 13_250,
      customerConcern: '  Phanh kêu khi đi chậm  ',
      intakeNote: 'Xước nhẹ ốp trước',
      technicianId: floor.users.technician.id,
      bayNo: 4,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ success: true, message: 'Đã tiếp nhận xe.' });
    const order = detailOf(response);
    expect(order).toMatchObject({
      appointmentId: booked.appointmentId,
      appointmentCode: booked.code,
      status: 'OPEN',
      statusLabel: 'Đã tiếp nhận',
      licensePlate: booked.licensePlate,
      vehicleModel: 'VinFast VF 8',
      customerName: 'Phạm Khách Hàng',
      technician: { id: floor.users.technician.id, fullName: 'Nguyễn Kỹ Thuật' },
      bayNo: 4,
      odometerInKm: 13_250,
      customerConcern: 'Phanh kêu khi đi chậm',
      intakeNote: 'Xước nhẹ ốp trước',
      version: 1,
      workedMinutes: 0,
      clockRunning: false,
      invoice: null,
      checklist: { answered: 0, total: 18 },
      availableActions: ['cancel'],
    });
    expect(order.code).toMatch(/^PDV261119[A-Z2-9]{4}$/);
    const codes = order.checklistItems.map((item) => item.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.slice(0, 3)).toEqual(['BRAKE_PADS', 'BRAKE_FUNCTION', 'TYRE_PRESSURE']);
    expect(codes.filter((code) => code === 'BMS_LOG')).toHaveLength(1);
    expect(codes.slice(-4)).toEqual(['CELL_VOLTAGE', 'CELL_RESISTANCE', 'CAPACITY', 'CASE']);
    expect(order.checklistItems.every((item) => item.result === null && item.photos.length === 0)).toBe(true);
    expect(order.lines).toEqual([
      expect.objectContaining({ kind: 'service', name: 'Bảo dưỡng nâng cao', quantity: 1, unitPrice: 449_000, lineTotal: 449_000, source: 'booked' }),
      expect.objectContaining({ kind: 'service', name: 'Kiểm tra pin & BMS', quantity: 1, source: 'booked' }),
    ]);
    expect(order.timeline.map((entry) => entry.label)).toEqual(['Lịch hẹn: Chờ xác nhận', 'Lịch hẹn: Đã tiếp nhận', 'Phiếu dịch vụ: Đã tiếp nhận']);
    expect(order.timeline[1]!.by).toBe('Trần Nhân Viên');

    const appointment = await floor.db.selectFrom('appointments').select('status').where('id', '=', booked.appointmentId).executeTakeFirstOrThrow();
    expect(appointment.status).toBe('CHECKED_IN');
    const vehicle = await floor.db.selectFrom('vehicles').select('odometer_km').where('id', '=', booked.vehicleId!).executeTakeFirstOrThrow();
    expect(vehicle.odometer_km).toBe(13_250);
    const readings = await floor.db.selectFrom('vehicle_odometer_readings').select(['odometer_km', 'source']).where('vehicle_id', '=', booked.vehicleId!).orderBy('id').execute();
    expect(readings).toEqual([
      { odometer_km: START_ODOMETER_KM, source: 'customer' },
      { odometer_km: 13_250, source: 'service' },
    ]);
    const bays = await floor.db.selectFrom('bay_occupancy').select(['bay_no', 'to_at']).where('service_order_id', '=', order.id).execute();
    expect(bays).toEqual([{ bay_no: 4, to_at: null }]);
  });

  it('names the booked line after its list price when a package credit paid it (the invoice shows the package discount)', async () => {
    const advanced = await floor.serviceId('bao-duong-nang-cao');
    const credit = { id: await floor.addPackageCredit(floor.users.customer, 'bao-duong-nang-cao') };
    const order = await floor.openOrder({ serviceSlugs: ['bao-duong-nang-cao', 'dich-vu-lop'], packageCreditId: credit.id });
    const booked = await floor.db.selectFrom('appointment_services').select(['service_id', 'price']).where('appointment_id', '=', order.appointmentId).execute();
    expect(booked.find((row) => row.service_id === advanced)!.price).toBe(0);
    expect(order.lines.find((line) => line.name === 'Bảo dưỡng nâng cao')).toMatchObject({ unitPrice: 449_000, lineTotal: 449_000 });
    const { packageDiscountOf } = await import('../../../src/modules/serviceOrders/serviceOrderLines');
    expect(await packageDiscountOf(floor.db, order.id)).toBe(449_000);
    expect(await packageDiscountOf(floor.db, (await floor.openOrder()).id)).toBe(0);
  });

  it('checks in a guest appointment (no vehicle row, no reading)', async () => {
    const booked = await floor.bookToday({ customer: null });
    const response = await floor.checkIn(booked.appointmentId, { odometerKm: 5 });
    expect(response.statusCode).toBe(201);
    expect(detailOf(response)).toMatchObject({ customer: { userId: null, fullName: 'Khách Vãng Lai' }, odometerInKm: 5 });
  });

  it('refuses another day than the appointment (Asia/Ho_Chi_Minh), a stale or closed appointment, and leaves nothing written', async () => {
    const tomorrow = await floor.bookToday({ date: TOMORROW });
    const notToday = await floor.checkIn(tomorrow.appointmentId);
    expect(notToday.statusCode).toBe(409);
    expect(notToday.json()).toEqual({ success: false, code: 'NOT_APPOINTMENT_DAY', message: 'Chỉ tiếp nhận xe trong ngày hẹn.' });
    // 23:30 the evening before is 'yesterday' in Vietnam although it is the same UTC date as 06:30 today.
    const lateYesterday = await floor.bookToday({ date: '2026-11-18', time: '23:30' });
    expect((await floor.checkIn(lateYesterday.appointmentId)).json()).toMatchObject({ code: 'NOT_APPOINTMENT_DAY' });

    const cancelled = await floor.bookToday({ status: 'CANCELLED' });
    const refused = await floor.checkIn(cancelled.appointmentId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'INVALID_STATUS_TRANSITION', message: 'Không thể chuyển lịch hẹn từ "Đã hủy" sang "Đã tiếp nhận".' });

    const booked = await floor.bookToday();
    expect((await floor.checkIn(booked.appointmentId)).statusCode).toBe(201);
    const again = await floor.checkIn(booked.appointmentId);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ success: false, code: 'APPOINTMENT_CHANGED', message: 'Lịch hẹn vừa được người khác cập nhật, vui lòng tải lại.' });

    expect((await floor.checkIn(999_999)).statusCode).toBe(404);
    for (const id of [tomorrow.appointmentId, lateYesterday.appointmentId, cancelled.appointmentId]) {
      expect(await floor.db.selectFrom('service_orders').select('id').where('appointment_id', '=', id).execute()).toEqual([]);
    }
    expect((await floor.db.selectFrom('appointments').select('status').where('id', '=', tomorrow.appointmentId).executeTakeFirstOrThrow()).status).toBe('CONFIRMED');
  });

  it('validates odometer, technician and bay with Vietnamese messages (4xx, nothing half written)', async () => {
    const booked = await floor.bookToday();
    const cases: [Record<string, unknown>, number, string, string][] = [
      [{ odometerKm: START_ODOMETER_KM - 1 }, 422, 'ODOMETER_INVALID', 'Số km không được nhỏ hơn lần ghi gần nhất của xe (12.000 km).'],
      [{ odometerKm: 1_000_001 }, 400, 'VALIDATION_ERROR', 'Số km tối đa 1.000.000.'],
      [{ odometerKm: -1 }, 400, 'VALIDATION_ERROR', 'Số km không hợp lệ.'],
      [{ odometerKm: 'nhiều' }, 400, 'VALIDATION_ERROR', 'Vui lòng nhập số km.'],
      [{ technicianId: floor.users.technicianB.id }, 422, 'TECHNICIAN_INVALID', 'Kỹ thuật viên không thuộc trung tâm này hoặc không còn làm việc.'],
      [{ technicianId: floor.users.staff.id }, 422, 'TECHNICIAN_INVALID', 'Kỹ thuật viên không thuộc trung tâm này hoặc không còn làm việc.'],
      [{ bayNo: 7 }, 422, 'BAY_INVALID', 'Khoang 7 không tồn tại: trung tâm có 6 khoang (1–6).'],
      [{ bayNo: 0 }, 400, 'VALIDATION_ERROR', 'Khoang không hợp lệ.'],
      [{ customerConcern: 'x'.repeat(501) }, 400, 'VALIDATION_ERROR', 'Mô tả tối đa 500 ký tự.'],
    ];
    for (const [body, status, code, message] of cases) {
      const response = await floor.checkIn(booked.appointmentId, body as never);
      expect({ body, status: response.statusCode, code: response.json().code }).toEqual({ body, status, code });
      const errors = (response.json() as { errors?: { message: string }[] }).errors ?? [];
      expect(errors.map((error) => error.message)).toContain(message);
    }
    expect((await floor.db.selectFrom('appointments').select('status').where('id', '=', booked.appointmentId).executeTakeFirstOrThrow()).status).toBe('CONFIRMED');
    expect(await floor.db.selectFrom('service_orders').select('id').where('appointment_id', '=', booked.appointmentId).execute()).toEqual([]);
    // A disabled technician is not one of the centre's any more.
    const gone = await floor.addMember('technician');
    await floor.db.updateTable('users').set({ disabled_at: '2026-11-01T00:00:00.000Z' }).where('id', '=', gone.id).execute();
    expect((await floor.checkIn(booked.appointmentId, { technicianId: gone.id })).json()).toMatchObject({ code: 'TECHNICIAN_INVALID' });
    // The same odometer as last time is fine.
    expect((await floor.checkIn(booked.appointmentId, { odometerKm: START_ODOMETER_KM })).statusCode).toBe(201);
  });

  it('refuses a bay that holds another vehicle, naming it, and rolls the check-in back', async () => {
    const first = await floor.openOrder({ checkIn: { bayNo: 2 } });
    const booked = await floor.bookToday();
    const response = await floor.checkIn(booked.appointmentId, { bayNo: 2 });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'BAY_OCCUPIED', message: `Khoang 2 đang có xe ${first.licensePlate}.` });
    expect((await floor.db.selectFrom('appointments').select('status').where('id', '=', booked.appointmentId).executeTakeFirstOrThrow()).status).toBe('CONFIRMED');
    expect(await floor.db.selectFrom('service_orders').select('id').where('appointment_id', '=', booked.appointmentId).execute()).toEqual([]);
    const readings = await floor.db.selectFrom('vehicle_odometer_readings').select('source').where('vehicle_id', '=', booked.vehicleId!).execute();
    expect(readings).toEqual([{ source: 'customer' }]);
  });

  it('rule 1: ten staff checking in the same appointment at once open exactly one order', async () => {
    const booked = await floor.bookToday();
    const staff = [floor.users.staff, floor.users.manager, ...(await Promise.all(Array.from({ length: 10 }, () => floor.addMember('staff'))))];
    const responses = await Promise.all(staff.map((user) => floor.checkIn(booked.appointmentId, {}, user)));
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(staff.length - 1);
    for (const response of responses.filter((candidate) => candidate.statusCode === 409)) {
      expect(response.json()).toEqual({ success: false, code: 'APPOINTMENT_CHANGED', message: 'Lịch hẹn vừa được người khác cập nhật, vui lòng tải lại.' });
    }
    const orders = await floor.db.selectFrom('service_orders').select('id').where('appointment_id', '=', booked.appointmentId).execute();
    expect(orders).toHaveLength(1);
    const history = await floor.db.selectFrom('appointment_status_history').select('to_status').where('appointment_id', '=', booked.appointmentId).where('to_status', '=', 'CHECKED_IN').execute();
    expect(history).toHaveLength(1);
    const readings = await floor.db.selectFrom('vehicle_odometer_readings').select('id').where('vehicle_id', '=', booked.vehicleId!).where('source', '=', 'service').execute();
    expect(readings).toHaveLength(1);
  });

  it('rule 6: ten check-ins into the same bay at once put exactly one vehicle there', async () => {
    const appointments = await Promise.all(Array.from({ length: 10 }, (_, index) => floor.bookToday({ time: `${String(8 + (index % 10)).padStart(2, '0')}:00` })));
    const responses = await Promise.all(appointments.map((booked) => floor.checkIn(booked.appointmentId, { bayNo: 5 })));
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(1);
    const refused = responses.filter((response) => response.statusCode === 409);
    expect(refused).toHaveLength(9);
    const winner = detailOf(responses.find((response) => response.statusCode === 201)!);
    for (const response of refused) expect(response.json()).toMatchObject({ code: 'BAY_OCCUPIED', message: `Khoang 5 đang có xe ${winner.licensePlate}.` });
    const inBay = await floor.db.selectFrom('bay_occupancy').select('service_order_id').where('centre_id', '=', floor.centreA.id).where('bay_no', '=', 5).where('to_at', 'is', null).execute();
    expect(inBay).toEqual([{ service_order_id: winner.id }]);
    const opened = await floor.db.selectFrom('service_orders').select('id').where('appointment_id', 'in', appointments.map((booked) => booked.appointmentId)).execute();
    expect(opened).toHaveLength(1);
  });

  it('draws another code when the one drawn belongs to an order already, writing the order and its reading once', async () => {
    const taken = await floor.openOrder();
    const booked = await floor.bookToday();
    const draw = jest.mocked(transition.backOfficeCode);
    draw.mockClear().mockReturnValueOnce(taken.code);
    try {
      const response = await floor.checkIn(booked.appointmentId, { odometerKm: 14_000 });
      expect(response.statusCode).toBe(201);
      const order = detailOf(response);
      expect(order.code).not.toBe(taken.code);
      expect(draw).toHaveBeenCalledTimes(2);
      const opened = await floor.db.selectFrom('service_order_status_history').select('to_status').where('service_order_id', '=', order.id).execute();
      expect(opened).toEqual([{ to_status: 'OPEN' }]);
      const readings = await floor.db.selectFrom('vehicle_odometer_readings').select(['odometer_km', 'note']).where('vehicle_id', '=', booked.vehicleId!).where('source', '=', 'service').execute();
      expect(readings).toEqual([{ odometer_km: 14_000, note: `Tiếp nhận ${order.code}` }]);
    } finally {
      draw.mockClear();
    }
  });

  it('checks a car in with a fixed number of statements, fewer where one statement writes several tables', async () => {
    const booked = await floor.bookToday({ serviceSlugs: ['bao-duong-nang-cao', 'kiem-tra-pin-bms'] });
    const counted = countingDb(floor.db);
    const context = { db: counted.db, clock: floor.service.clock, events: floor.service.events, log: { warn: () => undefined, error: () => undefined } };
    const scope = { userId: floor.users.staff.id, role: 'staff' as const, centreId: floor.centreA.id };
    const order = await checkInAppointment(context as never, scope, booked.appointmentId, checkInInputSchema.parse({ odometerKm: 13_000 }));
    expect(order.items.length).toBeGreaterThan(0);
    expect(order.lines).toHaveLength(2);
    // The appointment and its services; then the appointment's move and its history, the order and its history
    // with the odometer reading and the vehicle's odometer, the checklist, the lines (each pair one statement where it can be).
    expect(counted.queries()).toBe(writesSeveralTablesInOneStatement(floor.db) ? 6 : 10);
    const vehicle = await floor.db.selectFrom('vehicles').select('odometer_km').where('id', '=', booked.vehicleId!).executeTakeFirstOrThrow();
    expect(vehicle.odometer_km).toBe(13_000);
  });

  it("tells the customer's stream (service-order and appointment-status) and the centre's floor stream", async () => {
    const base = await listen(floor.app);
    const customerToken = (await floor.headers(floor.users.customer)).authorization.slice('Bearer '.length);
    const staffToken = (await floor.headers(floor.users.staff)).authorization.slice('Bearer '.length);
    const customerStream = await openEventStream(base, customerToken);
    const floorStream = await openEventStream(base, staffToken, '/api/staff/events');
    try {
      const order = await floor.openOrder();
      // The streams also carry the earlier tests' changes of the same customer and centre that this instance hears
      // of late (from the live log, where another bus of this suite wrote them): the check-in's own events are looked for.
      const about = (event: SseEvent) => (JSON.parse(event.data) as { appointmentId?: number }).appointmentId === order.appointmentId;
      const events = await eventsUntil(customerStream, (seen) => ['service-order', 'appointment-status'].every((name) => seen.some((event) => event.event === name && about(event))));
      const serviceOrderEvent = events.find((event) => event.event === 'service-order' && about(event))!;
      expect(serviceOrderEventSchema.parse(JSON.parse(serviceOrderEvent.data))).toMatchObject({
        appointmentId: order.appointmentId,
        serviceOrderId: order.id,
        serviceOrderCode: order.code,
        status: 'OPEN',
        statusLabel: 'Đã tiếp nhận',
        pendingApprovals: 0,
      });
      expect(JSON.parse(events.find((event) => event.event === 'appointment-status' && about(event))!.data)).toMatchObject({ appointmentId: order.appointmentId, status: 'CHECKED_IN' });
      const floorEvents = await eventsUntil(floorStream, (seen) => seen.some(about));
      const floorEvent = floorEvents.find(about)!;
      expect(floorEvent.event).toBe('floor-changed');
      expect(JSON.parse(floorEvent.data)).toMatchObject({ centreId: floor.centreA.id, appointmentId: order.appointmentId });
    } finally {
      customerStream.close();
      floorStream.close();
    }
  });
});

/** The stream's events until `done` says the ones looked for are there (at most 10, each within next()'s wait). */
async function eventsUntil(stream: SseStream, done: (seen: SseEvent[]) => boolean): Promise<SseEvent[]> {
  const seen: SseEvent[] = [];
  while (!done(seen) && seen.length < 10) seen.push(await stream.next());
  return seen;
}
