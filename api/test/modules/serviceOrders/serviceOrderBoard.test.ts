import {
  centreTechnicianSchema,
  serviceOrderBoardSchema,
  serviceOrderDetailSchema,
  type ServiceOrderBoard,
} from 'shared-contracts/schemas';
import { createCentre, createUser, DEFAULT_NOW } from '../../support/serviceTestKit';
import { countingDb } from '../../support/countingDb';
import { TODAY, TOMORROW, testDatabases, useFloor, type FloorRole } from '../../support/floorTestKit';

type Caller = FloorRole | 'anonymous';

describe.each(testDatabases())('service order board and detail on $label', (target) => {
  const floor = useFloor(target);

  const board = async (user: Parameters<typeof floor.request>[0], query = ''): Promise<{ status: number; body: ServiceOrderBoard | { code: string } }> => {
    const response = await floor.request(user, 'GET', `/api/service-orders/board${query}`);
    return { status: response.statusCode, body: response.statusCode === 200 ? serviceOrderBoardSchema.parse(response.json().data) : response.json() };
  };
  /** What invoicing and a payment leave: a paid invoice and the order CLOSED at the payment's instant. */
  const closeInDatabase = async (serviceOrderId: number, centreId: number, paidAt: string) => {
    await floor.db
      .insertInto('service_invoices')
      .values({ code: `HDT${serviceOrderId}`, service_order_id: serviceOrderId, centre_id: centreId, subtotal_services: 199_000, subtotal_parts: 0, package_discount: 0, total: 199_000, payment_method: 'CASH', payment_status: 'PAID', issued_by: null, issued_at: paidAt, paid_at: paidAt, confirmed_by: null })
      .execute();
    await floor.db.updateTable('service_orders').set({ status: 'CLOSED', invoiced_at: paidAt, closed_at: paidAt }).where('id', '=', serviceOrderId).execute();
  };
  const userOf = (caller: Caller) => (caller === 'anonymous' ? null : floor.users[caller]);

  it.each<[Caller, string, number, 'A' | 'B' | null]>([
    ['anonymous', '', 401, null],
    ['customer', '', 403, null],
    ['staff', '', 200, 'A'],
    // The board is the front desk's (spec §3, issue 21 §4): technicians have their work queue.
    ['technician', '', 403, null],
    ['manager', '', 200, 'A'],
    ['staffB', '', 200, 'B'],
    ['staffB', '?centreId=A', 404, null],
    ['technicianB', '?centreId=A', 403, null],
    ['admin', '?centreId=A', 200, 'A'],
    ['admin', '?centreId=B', 200, 'B'],
    ['staff', '?centreId=A', 200, 'A'],
  ])('GET board as %s%s answers %i', async (caller, query, status, centre) => {
    const resolved = query.replace('A', String(floor.centreA.id)).replace('B', String(floor.centreB.id));
    const { status: answered, body } = await board(userOf(caller), resolved);
    expect(answered).toBe(status);
    if (centre) expect((body as ServiceOrderBoard).centre.id).toBe(centre === 'A' ? floor.centreA.id : floor.centreB.id);
  });

  it('shows the day: appointments waiting, orders opened that day or still on the floor, orders closed that day', async () => {
    const centreId = await createCentre(floor.db, { bays: 4, open: '07:00', close: '20:00' });
    const staff = await floor.addMember('staff', centreId, 'Nhân Viên Bảng');
    const technician = await floor.addMember('technician', centreId, 'Kỹ Thuật Bảng');
    const clock = floor.service.clock;

    // Yesterday: one order still in progress, one closed yesterday, one cancelled.
    clock.set('2026-11-18T01:00:00.000Z');
    const open = async (time: string, date: string, body: Record<string, unknown> = {}) => {
      const booked = await floor.bookToday({ centreId, date, time });
      const response = await floor.checkIn(booked.appointmentId, body, staff);
      expect(response.statusCode).toBe(201);
      return response.json().data as { id: number; version: number; licensePlate: string };
    };
    const olderActive = await open('08:00', '2026-11-18', { technicianId: technician.id, bayNo: 1 });
    expect((await floor.act(olderActive.id, 'start', technician)).statusCode).toBe(200);
    const closedYesterday = await open('09:00', '2026-11-18');
    await closeInDatabase(closedYesterday.id, centreId, '2026-11-18T09:00:00.000Z');
    const closedToday = await open('10:00', '2026-11-18');
    await closeInDatabase(closedToday.id, centreId, '2026-11-19T02:00:00.000Z');
    clock.set(DEFAULT_NOW);

    const today = await open('09:00', TODAY);
    const cancelled = await open('09:30', TODAY);
    expect((await floor.act(cancelled.id, 'cancel', staff, { reason: 'Khách không chờ được' })).statusCode).toBe(200);
    const waiting = await floor.bookToday({ centreId, time: '11:00', status: 'PENDING' });
    const waitingConfirmed = await floor.bookToday({ centreId, time: '10:30' });
    await floor.bookToday({ centreId, date: TOMORROW, time: '09:00' });
    await floor.bookToday({ centreId, time: '12:00', status: 'CANCELLED' });
    await floor.bookToday({ time: '11:00' }); // centre A

    clock.advance(30 * 60_000);
    const { body } = await board(staff);
    const today_ = body as ServiceOrderBoard;
    expect(today_).toMatchObject({ centre: { id: centreId, serviceBays: 4 }, date: TODAY });
    expect(today_.waiting.map((appointment) => appointment.id)).toEqual([waitingConfirmed.appointmentId, waiting.appointmentId]);
    expect(today_.waiting[0]).toMatchObject({
      code: waitingConfirmed.code,
      status: 'CONFIRMED',
      statusLabel: 'Đã xác nhận',
      licensePlate: waitingConfirmed.licensePlate,
      services: ['Bảo dưỡng cơ bản'],
      serviceOrder: null,
      lastOdometerKm: 12_000,
      noShowAllowed: false,
      customer: { userId: floor.users.customer.id, fullName: 'Phạm Khách Hàng' },
    });
    expect(today_.orders.map((card) => card.id)).toEqual([olderActive.id, closedToday.id, today.id]);
    const [active, closed, fresh] = today_.orders;
    expect(active).toMatchObject({ status: 'IN_PROGRESS', technician: { id: technician.id, fullName: 'Kỹ Thuật Bảng' }, bayNo: 1, clockRunning: true, checklist: { answered: 0, total: 8 } });
    expect(active!.workedMinutes).toBe(24 * 60 + 30);
    expect(closed).toMatchObject({ status: 'CLOSED', statusLabel: 'Đã thanh toán', clockRunning: false });
    expect(fresh).toMatchObject({ status: 'OPEN', technician: null, bayNo: null, version: 1, customerName: 'Phạm Khách Hàng', vehicleModel: 'VinFast VF 8' });

    // Yesterday's board: the order then opened and still active, the one closed that day; tomorrow's: its appointment.
    const yesterday = (await board(staff, '?date=2026-11-18')).body as ServiceOrderBoard;
    expect(yesterday.orders.map((card) => card.id)).toEqual([olderActive.id, closedYesterday.id]);
    const tomorrow = (await board(staff, `?date=${TOMORROW}`)).body as ServiceOrderBoard;
    expect(tomorrow.waiting).toHaveLength(1);
    expect(tomorrow.orders.map((card) => card.id)).toEqual([olderActive.id, today.id]);

    const bad = await floor.request(staff, 'GET', '/api/service-orders/board?date=19/11/2026');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
  });

  it.each<[Caller, number]>([
    ['anonymous', 401],
    ['customer', 403],
    ['staff', 200],
    ['technician', 200],
    ['manager', 200],
    ['admin', 200],
    ['staffB', 404],
    ['technicianB', 404],
  ])('GET detail as %s answers %i', async (caller, status) => {
    const order = await floor.openOrder();
    const response = await floor.request(userOf(caller), 'GET', `/api/service-orders/${order.id}`);
    expect(response.statusCode).toBe(status);
    if (status === 200) expect(serviceOrderDetailSchema.parse(response.json().data).id).toBe(order.id);
    if (status === 404) expect(response.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Không tìm thấy phiếu dịch vụ.' });
  });

  it('details photos, the invoice once it exists, the timeline with names, and what each caller may do', async () => {
    const technician = await floor.addMember('technician', floor.centreA.id, 'Lý Kỹ Thuật');
    floor.service.clock.advance(60_000);
    const order = await floor.openOrder({ checkIn: { technicianId: technician.id } });
    floor.service.clock.advance(60_000);
    expect((await floor.act(order.id, 'start', technician)).statusCode).toBe(200);
    await floor.db.updateTable('service_order_checklist_items').set({ result: 'PASS' }).where('service_order_id', '=', order.id).execute();
    floor.service.clock.advance(60_000);
    expect((await floor.act(order.id, 'finish', technician)).statusCode).toBe(200);
    const item = order.checklistItems[0]!;
    await floor.db.insertInto('checklist_photos').values({ item_id: item.id, file: `p${order.id}a.webp`, width: 1600, height: 1200, uploaded_by: technician.id }).execute();
    await floor.db
      .insertInto('service_invoices')
      .values({
        code: `HD261119T${order.id}`,
        service_order_id: order.id,
        centre_id: floor.centreA.id,
        subtotal_services: 199_000,
        subtotal_parts: 0,
        package_discount: 0,
        total: 199_000,
        payment_method: 'CASH',
        payment_status: 'PAID',
        issued_by: floor.users.staff.id,
        issued_at: '2026-11-19T03:00:00.000Z',
        paid_at: '2026-11-19T03:05:00.000Z',
        confirmed_by: floor.users.staff.id,
      })
      .execute();
    const detail = await floor.detail(order.id);
    expect(detail.checklistItems[0]!.photos).toEqual([{ id: expect.any(Number), url: `/api/media/checklist-photos/p${order.id}a.webp`, width: 1600, height: 1200 }]);
    expect(detail.invoice).toMatchObject({ code: `HD261119T${order.id}`, total: 199_000, paymentStatus: 'PAID', paymentMethod: 'CASH', paidAt: '2026-11-19T03:05:00.000Z', vietQr: null });
    expect(detail.timeline.map((entry) => [entry.label, entry.by])).toEqual([
      ['Lịch hẹn: Đã xác nhận', 'Phạm Khách Hàng'],
      ['Lịch hẹn: Đã tiếp nhận', 'Trần Nhân Viên'],
      ['Phiếu dịch vụ: Đã tiếp nhận', 'Trần Nhân Viên'],
      ['Lịch hẹn: Đang thực hiện', 'Lý Kỹ Thuật'],
      ['Phiếu dịch vụ: Đang làm', 'Lý Kỹ Thuật'],
      ['Phiếu dịch vụ: Xong việc – chờ hoá đơn', 'Lý Kỹ Thuật'],
    ]);
    expect(detail.availableActions).toEqual(['reopen', 'invoice']);
    expect((await floor.detail(order.id, technician)).availableActions).toEqual([]);
    expect((await floor.detail(order.id, floor.users.admin)).availableActions).toEqual([]);
  });

  it.each<[Caller, number]>([
    ['anonymous', 401],
    ['customer', 403],
    ['technician', 403],
    ['staff', 200],
    ['manager', 200],
    ['admin', 200],
  ])('GET /staff/technicians as %s answers %i', async (caller, status) => {
    const response = await floor.request(userOf(caller), 'GET', `/api/staff/technicians?centreId=${floor.centreA.id}`);
    expect(response.statusCode).toBe(status);
  });

  it("lists the centre's technicians now, busy and clocked ones flagged", async () => {
    const centreId = await createCentre(floor.db, { bays: 2 });
    const manager = await floor.addMember('manager', centreId);
    const idle = await floor.addMember('technician', centreId, 'An Kỹ Thuật');
    const working = await floor.addMember('technician', centreId, 'Bình Kỹ Thuật');
    const gone = await floor.addMember('technician', centreId, 'Chi Đã Nghỉ');
    await floor.db.updateTable('staff_assignments').set({ ended_at: '2026-11-01T00:00:00.000Z' }).where('user_id', '=', gone.id).execute();
    const disabled = await floor.addMember('technician', centreId, 'Dũng Bị Khóa');
    await floor.db.updateTable('users').set({ disabled_at: '2026-11-01T00:00:00.000Z' }).where('id', '=', disabled.id).execute();
    await floor.addMember('staff', centreId, 'Em Nhân Viên');
    await createUser(floor.db, 'technician', 'Giang Chưa Phân Công');
    const booked = await floor.bookToday({ centreId });
    const opened = await floor.checkIn(booked.appointmentId, { technicianId: working.id }, manager);
    expect((await floor.act(opened.json().data.id, 'start', working)).statusCode).toBe(200);

    const response = await floor.request(manager, 'GET', '/api/staff/technicians');
    const list = response.json().data.map((entry: unknown) => centreTechnicianSchema.parse(entry));
    expect(list).toEqual([
      { id: idle.id, fullName: 'An Kỹ Thuật', busy: false, clockRunning: false },
      { id: working.id, fullName: 'Bình Kỹ Thuật', busy: true, clockRunning: true },
    ]);
    expect((await floor.request(manager, 'GET', `/api/staff/technicians?centreId=${floor.centreA.id}`)).statusCode).toBe(404);
  });

  it('builds the board of a centre with 2,000 orders in a fixed number of queries, whatever the centre holds', async () => {
    const centreId = await createCentre(floor.db, { bays: 10, open: '07:00', close: '20:00' });
    const staff = await floor.addMember('staff', centreId);
    const services = await floor.db.selectFrom('services').select(['id', 'name', 'price', 'duration_minutes']).where('slug', '=', 'bao-duong-co-ban').executeTakeFirstOrThrow();
    const total = 2_000;
    const todayActive = 60;
    for (let offset = 0; offset < total; offset += 250) {
      const batch = Array.from({ length: Math.min(250, total - offset) }, (_, index) => offset + index);
      const at = (n: number) => new Date(Date.parse(DEFAULT_NOW) - (n < todayActive ? 0 : (1 + (n % 300)) * 86_400_000)).toISOString();
      const appointments = await floor.db
        .insertInto('appointments')
        .values(
          batch.map((n) => ({
            code: `LHPERF${centreId}X${n}`,
            user_id: null,
            vehicle_id: null,
            vehicle_type: 'car',
            vehicle_brand: 'VinFast',
            vehicle_model: 'VF 5',
            license_plate: `51K-${String(100_00 + n).slice(0, 3)}.${String(n % 100).padStart(2, '0')}`,
            centre_id: centreId,
            starts_at: at(n),
            ends_at: new Date(Date.parse(at(n)) + 2_700_000).toISOString(),
            status: n < todayActive ? 'IN_PROGRESS' : 'COMPLETED',
            estimated_price: services.price,
            estimated_duration_minutes: services.duration_minutes,
            note: null,
            contact_name: `Khách ${n}`,
            contact_phone: '0912345678',
            contact_email: `khach${n}@example.vn`,
            package_credit_id: null,
            hold_expires_at: null,
            cancel_reason: null,
            created_at: at(n),
            updated_at: at(n),
          })),
        )
        .returning(['id', 'code'])
        .execute();
      const orders = await floor.db
        .insertInto('service_orders')
        .values(
          appointments.map((appointment, index) => {
            const n = batch[index]!;
            return {
              code: `PDVPERF${centreId}X${n}`,
              appointment_id: appointment.id,
              centre_id: centreId,
              user_id: null,
              vehicle_id: null,
              vehicle_type: 'car',
              vehicle_brand: 'VinFast',
              vehicle_model: 'VF 5',
              // a car each: the board shows one card per vehicle
              license_plate: `51K-${String(n).padStart(5, '0').slice(0, 3)}.${String(n).padStart(5, '0').slice(3)}`,
              status: n < todayActive ? (n % 2 === 0 ? 'OPEN' : 'IN_PROGRESS') : 'CLOSED',
              technician_id: null,
              bay_no: null,
              odometer_in_km: 1000,
              customer_concern: null,
              intake_note: null,
              opened_by: staff.id,
              opened_at: at(n),
              closed_at: n < todayActive ? null : at(n),
              version: 1,
              updated_at: at(n),
            };
          }),
        )
        .returning('id')
        .execute();
      const closed = orders.filter((_, index) => batch[index]! >= todayActive);
      if (closed.length > 0) {
        await floor.db
          .insertInto('service_invoices')
          .values(closed.map((order) => ({ code: `HDPERF${order.id}`, service_order_id: order.id, centre_id: centreId, subtotal_services: 199_000, subtotal_parts: 0, package_discount: 0, total: 199_000, payment_method: 'CASH', payment_status: 'PAID', issued_by: null, issued_at: at(batch[orders.indexOf(order)]!), paid_at: at(batch[orders.indexOf(order)]!), confirmed_by: null })))
          .execute();
      }
      await floor.db
        .insertInto('service_order_checklist_items')
        .values(orders.flatMap((order) => Array.from({ length: 8 }, (_, index) => ({ service_order_id: order.id, code: `C${index}`, label: `Mục ${index}`, sort_order: index, result: index < 4 ? 'PASS' : null }))))
        .execute();
      await floor.db
        .insertInto('work_time_entries')
        .values(orders.map((order, index) => ({ service_order_id: order.id, technician_id: floor.users.technician.id, started_at: at(batch[index]!), ended_at: new Date(Date.parse(at(batch[index]!)) + 1_800_000).toISOString(), source: 'clock' })))
        .execute();
    }
    const first = await board(staff);
    expect((first.body as ServiceOrderBoard).orders).toHaveLength(todayActive);
    // The same number of queries for 2,000 orders as for one (its speed under load: `npm run bench:backoffice`).
    const { readBoard } = await import('../../../src/modules/serviceOrders/serviceOrderBoard');
    const counted = countingDb(floor.db);
    const read = await readBoard({ db: counted.db, clock: floor.service.clock } as never, { userId: staff.id, role: 'staff', centreId }, {});
    expect(read.orders).toHaveLength(todayActive);
    expect(counted.queries()).toBeLessThanOrEqual(8);
  });
});
