import { staffDaySchema, staffSummarySchema, vietnamInstant, type StaffDay } from 'shared-contracts/schemas';
import { CompiledQuery, sql } from 'kysely';
import { readStaffDay, staffDayQuery } from '../../../src/modules/frontDesk/staffDay';
import { createCentre, nextCarPlate, type TestUser } from '../../support/serviceTestKit';
import { countingDb } from '../../support/countingDb';
import { TODAY, TOMORROW, testDatabases, useFloor, type FloorRole } from '../../support/floorTestKit';


/**
 * The front desk's reads: who may call each route (role × centre scope), the day view with its search and
 * flags, today's counters, and how the day view reads a centre with 5 000 appointments.
 */
describe.each(testDatabases())('the front desk day view and counters on $label', (target) => {
  const floor = useFloor(target);

  async function day(user: TestUser, query = ''): Promise<StaffDay> {
    const response = await floor.request(user, 'GET', `/api/staff/appointments${query}`);
    expect(response.statusCode).toBe(200);
    return staffDaySchema.parse(response.json().data);
  }

  let basicId = 0;
  beforeAll(async () => {
    basicId = await floor.serviceId('bao-duong-co-ban');
  });

  describe('who may call each route', () => {
    /** Expected status per caller; 'B' is the staff member of centre B asking for centre A. */
    const table: Array<{ route: string; method: 'GET' | 'POST'; url: () => string; payload?: () => unknown; expected: Record<FloorRole | 'anonymous', number> }> = [];
    const reads = {
      anonymous: 401,
      customer: 403,
      technician: 403,
      technician2: 403,
      technicianB: 403,
      staff: 200,
      manager: 200,
      admin: 200,
      staffB: 404,
      managerB: 404,
    };
    table.push({ route: 'GET /staff/appointments', method: 'GET', url: () => `/api/staff/appointments?centreId=${floor.centreA.id}`, expected: reads });
    table.push({ route: 'GET /staff/summary', method: 'GET', url: () => `/api/staff/summary?centreId=${floor.centreA.id}`, expected: reads });
    table.push({
      route: 'POST /staff/appointments/walk-in',
      method: 'POST',
      url: () => '/api/staff/appointments/walk-in',
      payload: () => ({
        centreId: floor.centreA.id,
        contact: { fullName: 'Khách Đến Thẳng', phone: '0911222333', email: 'khach.den.thang@example.vn' },
        vehicle: { type: 'car', brand: 'VinFast', model: 'VF 8', licensePlate: nextCarPlate() },
        serviceIds: [basicId],
      }),
      // Admins read only; another centre's staff may not book into centre A.
      expected: { ...reads, staff: 201, manager: 201, admin: 403 },
    });

    it.each(['GET /staff/appointments', 'GET /staff/summary', 'POST /staff/appointments/walk-in'])('%s', async (route) => {
      const entry = table.find((row) => row.route === route)!;
      for (const [caller, status] of Object.entries(entry.expected)) {
        const user = caller === 'anonymous' ? null : floor.users[caller as FloorRole];
        const response = await floor.request(user, entry.method, entry.url(), entry.payload?.());
        expect({ caller, status: response.statusCode }).toEqual({ caller, status });
        if (status >= 400) expect(response.json()).toMatchObject({ success: false });
      }
    });

    it("answers 403 NO_CENTRE to staff without a centre, 404 for an unknown centre, and gives staff their own centre's day", async () => {
      const unassigned = await floor.addMember('staff');
      await floor.db.updateTable('staff_assignments').set({ ended_at: '2026-06-01T00:00:00.000Z' }).where('user_id', '=', unassigned.id).execute();
      const noCentre = await floor.request(unassigned, 'GET', '/api/staff/appointments');
      expect(noCentre.statusCode).toBe(403);
      expect(noCentre.json()).toMatchObject({ code: 'NO_CENTRE' });
      expect((await floor.request(floor.users.admin, 'GET', '/api/staff/appointments?centreId=999999')).statusCode).toBe(404);
      expect((await day(floor.users.staffB)).centre.id).toBe(floor.centreB.id);
      expect((await day(floor.users.manager)).centre).toMatchObject({ id: floor.centreA.id, serviceBays: floor.centreA.bays });
    });
  });

  it("lists the centre's appointments of today by time, with services, vehicle, customer, order and no-show flag", async () => {
    const car = await floor.addCar(floor.users.customer, 25_400);
    const early = await floor.bookToday({ time: '07:30', vehicleId: car.id, serviceSlugs: ['bao-duong-co-ban', 'kiem-tra-pin-bms'] });
    const late = await floor.bookToday({ time: '15:00', status: 'PENDING', customer: null });
    const otherCentre = await floor.bookToday({ time: '09:00', centreId: floor.centreB.id });
    const tomorrow = await floor.bookToday({ time: '09:00', date: TOMORROW });
    const hold = await floor.bookToday({ time: '16:00' });
    await floor.db.updateTable('appointments').set({ status: 'AWAITING_VERIFICATION' }).where('id', '=', hold.appointmentId).execute();
    const checkedIn = await floor.openOrder({ time: '10:00' });

    const today = await day(floor.users.staff);
    expect(today.date).toBe(TODAY);
    const ids = today.appointments.map((appointment) => appointment.id);
    expect(ids).toEqual(expect.arrayContaining([early.appointmentId, late.appointmentId, checkedIn.appointmentId]));
    expect(ids).not.toContain(otherCentre.appointmentId);
    expect(ids).not.toContain(tomorrow.appointmentId);
    expect(ids).not.toContain(hold.appointmentId);
    const starts = today.appointments.map((appointment) => appointment.start);
    expect([...starts].sort()).toEqual(starts);

    const first = today.appointments.find((appointment) => appointment.id === early.appointmentId)!;
    expect(first).toMatchObject({
      code: early.code,
      start: vietnamInstant(TODAY, '07:30').toISOString(),
      status: 'CONFIRMED',
      statusLabel: 'Đã xác nhận',
      licensePlate: car.licensePlate,
      vehicle: { id: car.id, type: 'car', brand: 'VinFast', model: 'VF 8' },
      customer: { userId: floor.users.customer.id, fullName: 'Phạm Khách Hàng' },
      services: ['Bảo dưỡng cơ bản', 'Kiểm tra pin & BMS'],
      serviceOrder: null,
      lastOdometerKm: 25_400,
      // 08:00 now: 07:30 + 15 min has passed.
      noShowAllowed: true,
    });
    const guest = today.appointments.find((appointment) => appointment.id === late.appointmentId)!;
    expect(guest).toMatchObject({ status: 'PENDING', customer: { userId: null }, vehicle: { id: null }, lastOdometerKm: null, noShowAllowed: false });
    const withOrder = today.appointments.find((appointment) => appointment.id === checkedIn.appointmentId)!;
    expect(withOrder).toMatchObject({
      status: 'CHECKED_IN',
      serviceOrder: { id: checkedIn.id, code: checkedIn.code, status: 'OPEN', statusLabel: 'Đã tiếp nhận' },
      noShowAllowed: false,
    });

    // Another day, a status filter, and the hold asked for by its status.
    expect((await day(floor.users.staff, `?date=${TOMORROW}`)).appointments.map((appointment) => appointment.id)).toContain(tomorrow.appointmentId);
    const pending = await day(floor.users.staff, '?status=PENDING');
    expect(pending.appointments.every((appointment) => appointment.status === 'PENDING')).toBe(true);
    expect(pending.appointments.map((appointment) => appointment.id)).toContain(late.appointmentId);
    expect((await day(floor.users.staff, '?status=AWAITING_VERIFICATION')).appointments.map((appointment) => appointment.id)).toEqual([hold.appointmentId]);
    // An admin picks the centre.
    expect((await day(floor.users.admin, `?centreId=${floor.centreB.id}`)).appointments.map((appointment) => appointment.id)).toContain(otherCentre.appointmentId);
    for (const bad of ['?date=2026-13-01', '?status=DONE', `?q=${'x'.repeat(61)}`]) {
      const response = await floor.request(floor.users.staff, 'GET', `/api/staff/appointments${bad}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
  });

  it('finds appointments by plate, phone, code or name, ignoring diacritics, case and separators', async () => {
    const car = await floor.addCar(floor.users.customer);
    const booked = await floor.bookToday({ time: '11:00', vehicleId: car.id });
    const guest = await floor.bookToday({ time: '11:30', customer: null });
    const search = async (q: string) => (await day(floor.users.staff, `?q=${encodeURIComponent(q)}`)).appointments.map((appointment) => appointment.id);
    const compactPlate = car.licensePlate.replace(/[-.]/g, '').toLowerCase();
    expect(await search(compactPlate)).toEqual([booked.appointmentId]);
    expect(await search(car.licensePlate)).toEqual([booked.appointmentId]);
    expect(await search(booked.code.toLowerCase())).toEqual([booked.appointmentId]);
    expect(await search('0987 654 321')).toContain(guest.appointmentId);
    expect(await search('+84987654321')).toContain(guest.appointmentId);
    expect(await search('khach vang lai')).toContain(guest.appointmentId);
    expect(await search('KHÁCH VÃNG')).toContain(guest.appointmentId);
    expect(await search('zzzz-không-có')).toEqual([]);
  });

  it("counts today's floor for the centre: due, checked in, in progress, ready for payment", async () => {
    const summary = async (user: TestUser, query = '') => {
      const response = await floor.request(user, 'GET', `/api/staff/summary${query}`);
      expect(response.statusCode).toBe(200);
      return staffSummarySchema.parse(response.json().data);
    };
    const before = await summary(floor.users.staff);
    expect(before).toMatchObject({ centre: { id: floor.centreA.id }, date: TODAY, waitingApproval: 0, waitingParts: 0 });
    await floor.bookToday({ time: '12:00' });
    await floor.bookToday({ time: '12:00', status: 'PENDING' });
    await floor.bookToday({ time: '12:00', status: 'CANCELLED' });
    await floor.bookToday({ time: '12:00', date: TOMORROW });
    await floor.openOrder({ time: '12:30' });
    await floor.startedOrder({ time: '13:00', technician: floor.users.technician });
    await floor.finishedOrder({ time: '13:30', technician: floor.users.technician2 });
    await floor.bookToday({ time: '12:00', centreId: floor.centreB.id });
    const after = await summary(floor.users.manager);
    expect(after).toEqual({
      ...before,
      appointmentsDue: before.appointmentsDue + 2,
      checkedIn: before.checkedIn + 1,
      inProgress: before.inProgress + 1,
      readyForPayment: before.readyForPayment + 1,
    });
    expect(await summary(floor.users.admin, `?centreId=${floor.centreA.id}`)).toEqual(after);
    expect((await summary(floor.users.staffB)).centre.id).toBe(floor.centreB.id);
  });

  it('reads the day of a centre with 5 000 appointments in three queries, through the (centre, start) index', async () => {
    const bays = 40;
    const centreId = await createCentre(floor.db, { bays, open: '07:00', close: '19:00' });
    const staff = await floor.addMember('staff', centreId);
    const basic = await floor.db.selectFrom('services').select(['id', 'name', 'price', 'duration_minutes']).where('slug', '=', 'bao-duong-co-ban').executeTakeFirstOrThrow();
    const days = 125;
    const perDay = 40;
    const rows = [];
    for (let index = 0; index < days * perDay; index += 1) {
      const date = new Date(Date.parse(`${TODAY}T00:00:00Z`) + (Math.floor(index / perDay) - 60) * 86_400_000).toISOString().slice(0, 10);
      const start = vietnamInstant(date, `${String(7 + (index % 12)).padStart(2, '0')}:${index % 2 ? '30' : '00'}`);
      rows.push({
        code: `LHP${target.dialect[0]}${String(index).padStart(6, '0')}`,
        user_id: null,
        vehicle_id: null,
        vehicle_type: 'car',
        vehicle_brand: 'VinFast',
        vehicle_model: 'VF 8',
        license_plate: `51K-${String(10_000 + index).slice(-5, -2)}.${String(index).slice(-2).padStart(2, '0')}`,
        centre_id: centreId,
        starts_at: start.toISOString(),
        ends_at: new Date(start.getTime() + basic.duration_minutes * 60_000).toISOString(),
        status: index % 5 === 0 ? 'PENDING' : 'CONFIRMED',
        estimated_price: basic.price,
        estimated_duration_minutes: basic.duration_minutes,
        note: null,
        contact_name: `Khách ${index}`,
        contact_phone: `09${String(10_000_000 + index).slice(-8)}`,
        contact_email: `khach${index}@example.vn`,
        package_credit_id: null,
        hold_expires_at: null,
        cancel_reason: null,
        created_at: '2026-01-01T00:00:00.000Z',
        updated_at: '2026-01-01T00:00:00.000Z',
      });
    }
    for (let offset = 0; offset < rows.length; offset += 250) {
      const inserted = await floor.db.insertInto('appointments').values(rows.slice(offset, offset + 250)).returning('id').execute();
      await floor.db
        .insertInto('appointment_services')
        .values(inserted.map((row) => ({ appointment_id: row.id, service_id: basic.id, service_name: basic.name, price: basic.price, duration_minutes: basic.duration_minutes })))
        .execute();
    }

    // Two queries for the day (three with the centre), however many appointments the centre and the day hold.
    const counted = countingDb(floor.db);
    const scope = { userId: staff.id, role: 'staff' as const, centreId };
    const read = await readStaffDay(counted.db, scope, {}, floor.service.clock.now());
    expect(read.appointments).toHaveLength(perDay);
    expect(counted.queries()).toBeLessThanOrEqual(3);

    // The day is found through the (centre_id, starts_at) index, not by reading the centre's appointments.
    if (target.dialect === 'postgres') await sql`analyze`.execute(floor.db);
    const compiled = staffDayQuery(floor.db, centreId, TODAY).compile();
    const explain = target.dialect === 'postgres' ? 'explain ' : 'explain query plan ';
    const plan = await floor.db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(explain + compiled.sql, [...compiled.parameters]));
    expect(JSON.stringify(plan.rows)).toContain('appointments_centre_start_idx');

    // Its speed under load is measured by `npm run bench:backoffice` (day view p95 < 20 ms), not here.
    const response = await floor.request(staff, 'GET', '/api/staff/appointments');
    expect(response.statusCode).toBe(200);
    expect(staffDaySchema.parse(response.json().data).appointments).toHaveLength(perDay);
  });
});
