import { shiftWeekSchema, type ShiftWeek } from 'shared-contracts/schemas';
import type { TestUser } from '../../support/serviceTestKit';
import { testDatabases, useFloor, type FloorRole } from '../../support/floorTestKit';

type Caller = FloorRole | 'anonymous';

/** Centre A opens 07:00–20:00; 'today' is Thursday 19/11/2026, its week starts Monday 16/11. */
const WEEK = '2026-11-16';

describe.each(testDatabases())('technician shifts on $label', (target) => {
  const floor = useFloor(target);
  const callerOf = (caller: Caller): TestUser | null => (caller === 'anonymous' ? null : floor.users[caller]);
  const put = (user: TestUser | null, body: Record<string, unknown>) => floor.request(user, 'PUT', '/api/shifts', body);
  const week = async (user: TestUser, query: string): Promise<ShiftWeek> => {
    const response = await floor.request(user, 'GET', `/api/shifts?${query}`);
    expect(response.statusCode).toBe(200);
    return shiftWeekSchema.parse(response.json().data);
  };
  const shiftRows = (technicianId: number) =>
    floor.db.selectFrom('technician_shifts').select(['work_date', 'start_time', 'end_time', 'centre_id']).where('technician_id', '=', technicianId).orderBy('work_date').execute();
  const insertShift = (technicianId: number, centreId: number, workDate: string, startTime: string, endTime: string) =>
    floor.db.insertInto('technician_shifts').values({ technician_id: technicianId, centre_id: centreId, work_date: workDate, start_time: startTime, end_time: endTime, created_by: null }).execute();

  describe('GET /api/shifts (the week grid)', () => {
    it.each<[Caller, string, number]>([
      ['anonymous', '', 401],
      ['customer', '', 403],
      ['staff', '', 200],
      ['technician', '', 200],
      ['manager', '', 200],
      ['admin', 'A', 200],
      ['managerB', 'A', 404],
      ['staffB', 'A', 404],
      ['technicianB', 'A', 404],
    ])('as %s (centre %s) answers %i', async (caller, centre, status) => {
      const centreQuery = centre === 'A' ? `&centreId=${floor.centreA.id}` : '';
      const response = await floor.request(callerOf(caller), 'GET', `/api/shifts?weekStart=${WEEK}${centreQuery}`);
      expect(response.statusCode).toBe(status);
    });

    it('lists the centre technicians × 7 days with their shifts; a technician sees only their own row', async () => {
      await insertShift(floor.users.technician.id, floor.centreA.id, '2026-11-17', '08:00', '17:00');
      await insertShift(floor.users.technicianB.id, floor.centreB.id, '2026-11-17', '08:00', '17:00');
      const grid = await week(floor.users.manager, `weekStart=${WEEK}`);
      expect(grid.centreId).toBe(floor.centreA.id);
      expect(grid.days).toEqual(['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22']);
      expect([grid.openTime, grid.closeTime]).toEqual(['07:00', '20:00']);
      const ids = grid.technicians.map((row) => row.technicianId);
      expect(ids).toEqual(expect.arrayContaining([floor.users.technician.id, floor.users.technician2.id]));
      expect(ids).not.toContain(floor.users.technicianB.id);
      expect(ids).not.toContain(floor.users.staff.id);
      const mine = grid.technicians.find((row) => row.technicianId === floor.users.technician.id)!;
      expect(mine.shifts[1]).toMatchObject({ workDate: '2026-11-17', startTime: '08:00', endTime: '17:00' });
      expect(mine.shifts.filter((shift) => shift !== null)).toHaveLength(1);
      expect(mine.plannedMinutes).toBe(9 * 60);

      const own = await week(floor.users.technician, `weekStart=${WEEK}`);
      expect(own.technicians.map((row) => row.technicianId)).toEqual([floor.users.technician.id]);
      const staffView = await week(floor.users.staff, `weekStart=${WEEK}`);
      expect(staffView.technicians.length).toBe(grid.technicians.length);
      const adminB = await week(floor.users.admin, `weekStart=${WEEK}&centreId=${floor.centreB.id}`);
      expect(adminB.technicians.find((row) => row.technicianId === floor.users.technicianB.id)?.shifts[1]).toMatchObject({ startTime: '08:00' });
    });

    it.each(['2026-11-17', '2026-13-01', 'tuần này', ''])('weekStart %p (not a Monday) answers 422 WEEK_START_INVALID', async (weekStart) => {
      const response = await floor.request(floor.users.manager, 'GET', `/api/shifts?weekStart=${encodeURIComponent(weekStart)}`);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ code: 'WEEK_START_INVALID', message: expect.stringContaining('thứ Hai') });
    });
  });

  describe('PUT /api/shifts', () => {
    it.each<[Caller, number]>([
      ['anonymous', 401],
      ['customer', 403],
      ['staff', 403],
      ['technician', 403],
      ['manager', 200],
      ['admin', 200],
      ['managerB', 404],
    ])('as %s answers %i', async (caller, status) => {
      const technician = await floor.addMember('technician');
      const response = await put(callerOf(caller), { technicianId: technician.id, workDate: '2026-11-20', startTime: '08:00', endTime: '12:00' });
      expect(response.statusCode).toBe(status);
      expect(await shiftRows(technician.id)).toHaveLength(status === 200 ? 1 : 0);
    });

    it('creates then replaces the day (one row per technician and day)', async () => {
      const technician = await floor.addMember('technician');
      const first = await put(floor.users.manager, { technicianId: technician.id, workDate: '2026-11-20', startTime: '07:00', endTime: '15:00' });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({ success: true, message: 'Đã lưu ca làm.', data: { technicianId: technician.id, centreId: floor.centreA.id, workDate: '2026-11-20', startTime: '07:00', endTime: '15:00' } });
      const second = await put(floor.users.manager, { technicianId: technician.id, workDate: '2026-11-20', startTime: '12:00', endTime: '20:00' });
      expect(second.statusCode).toBe(200);
      expect(second.json().data.id).toBe(first.json().data.id);
      expect(await shiftRows(technician.id)).toEqual([{ work_date: '2026-11-20', start_time: '12:00', end_time: '20:00', centre_id: floor.centreA.id }]);
    });

    it.each([
      ['06:30', '12:00'],
      ['13:00', '20:30'],
      ['05:00', '06:00'],
    ])('%s–%s outside the opening hours 07:00–20:00 answers 422 SHIFT_OUTSIDE_HOURS naming them', async (startTime, endTime) => {
      const technician = await floor.addMember('technician');
      const response = await put(floor.users.manager, { technicianId: technician.id, workDate: '2026-11-20', startTime, endTime });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ code: 'SHIFT_OUTSIDE_HOURS', message: 'Ca làm phải nằm trong giờ mở cửa của trung tâm (07:00–20:00).' });
      expect(await shiftRows(technician.id)).toHaveLength(0);
    });

    it('refuses a shift that ends before it starts, a date that does not exist, a bad format, a non-technician', async () => {
      const technician = await floor.addMember('technician');
      const reversed = await put(floor.users.manager, { technicianId: technician.id, workDate: '2026-11-20', startTime: '15:00', endTime: '09:00' });
      expect(reversed.statusCode).toBe(422);
      expect(reversed.json()).toMatchObject({ code: 'SHIFT_TIME_INVALID', message: 'Giờ kết thúc ca phải sau giờ bắt đầu.' });
      const same = await put(floor.users.manager, { technicianId: technician.id, workDate: '2026-11-20', startTime: '09:00', endTime: '09:00' });
      expect(same.json().code).toBe('SHIFT_TIME_INVALID');
      const noDay = await put(floor.users.manager, { technicianId: technician.id, workDate: '2026-02-30', startTime: '08:00', endTime: '09:00' });
      expect(noDay.statusCode).toBe(422);
      expect(noDay.json().code).toBe('SHIFT_DATE_INVALID');
      const badFormat = await put(floor.users.manager, { technicianId: technician.id, workDate: '20/11/2026', startTime: '8h', endTime: '09:00' });
      expect(badFormat.statusCode).toBe(400);
      expect(badFormat.json().code).toBe('VALIDATION_ERROR');
      const staffMember = await put(floor.users.manager, { technicianId: floor.users.staff.id, workDate: '2026-11-20', startTime: '08:00', endTime: '09:00' });
      expect(staffMember.statusCode).toBe(422);
      expect(staffMember.json().code).toBe('TECHNICIAN_NOT_ASSIGNED');
      expect(await shiftRows(technician.id)).toHaveLength(0);
    });

    it('10 concurrent saves of the same day leave exactly one shift', async () => {
      const technician = await floor.addMember('technician');
      const times = Array.from({ length: 10 }, (_, index) => `${String(8 + index).padStart(2, '0')}:00`);
      const responses = await Promise.all(times.map((startTime) => put(floor.users.manager, { technicianId: technician.id, workDate: '2026-11-21', startTime, endTime: '19:00' })));
      expect(responses.map((response) => response.statusCode)).toEqual(Array(10).fill(200));
      const rows = await shiftRows(technician.id);
      expect(rows).toHaveLength(1);
      expect(times).toContain(rows[0]!.start_time);
    });
  });

  describe('DELETE /api/shifts/:id', () => {
    it.each<[Caller, number]>([
      ['anonymous', 401],
      ['customer', 403],
      ['staff', 403],
      ['technician', 403],
      ['manager', 200],
      ['admin', 200],
      ['managerB', 404],
    ])('as %s answers %i', async (caller, status) => {
      const technician = await floor.addMember('technician');
      const saved = await put(floor.users.manager, { technicianId: technician.id, workDate: '2026-11-22', startTime: '08:00', endTime: '12:00' });
      const response = await floor.request(callerOf(caller), 'DELETE', `/api/shifts/${saved.json().data.id}`);
      expect(response.statusCode).toBe(status);
      expect(await shiftRows(technician.id)).toHaveLength(status === 200 ? 0 : 1);
    });

    it('an unknown shift answers 404', async () => {
      const response = await floor.request(floor.users.manager, 'DELETE', '/api/shifts/999999');
      expect(response.statusCode).toBe(404);
    });
  });

  describe('POST /api/shifts/copy-previous-week', () => {
    it.each<[Caller, boolean, number]>([
      ['anonymous', false, 401],
      ['customer', false, 403],
      ['staff', false, 403],
      ['technician', false, 403],
      ['manager', false, 200],
      ['admin', true, 200],
      ['managerB', true, 404],
    ])('as %s (centreId in the body: %s) answers %i', async (caller, withCentre, status) => {
      const response = await floor.request(callerOf(caller), 'POST', '/api/shifts/copy-previous-week', {
        weekStart: '2027-03-01',
        ...(withCentre ? { centreId: floor.centreA.id } : {}),
      });
      expect(response.statusCode).toBe(status);
    });

    it('copies last week into this one, skipping days that already have a shift and times outside the hours', async () => {
      const first = await floor.addMember('technician');
      const second = await floor.addMember('technician');
      // Week of 23/11: three days of `first`, one of `second`, one outside the hours (05:00) of `second`.
      await insertShift(first.id, floor.centreA.id, '2026-11-23', '08:00', '17:00');
      await insertShift(first.id, floor.centreA.id, '2026-11-24', '09:00', '18:00');
      await insertShift(first.id, floor.centreA.id, '2026-11-29', '07:00', '12:00');
      await insertShift(second.id, floor.centreA.id, '2026-11-23', '12:00', '20:00');
      await insertShift(second.id, floor.centreA.id, '2026-11-25', '05:00', '10:00');
      // `second` already works Monday 30/11.
      await insertShift(second.id, floor.centreA.id, '2026-11-30', '07:00', '11:00');

      const response = await floor.request(floor.users.manager, 'POST', '/api/shifts/copy-previous-week', { weekStart: '2026-11-30' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ message: 'Đã sao chép 3 ca từ tuần trước.', data: { weekStart: '2026-11-30', copied: 3, skipped: 2 } });
      expect((await shiftRows(first.id)).filter((row) => row.work_date >= '2026-11-30')).toEqual([
        { work_date: '2026-11-30', start_time: '08:00', end_time: '17:00', centre_id: floor.centreA.id },
        { work_date: '2026-12-01', start_time: '09:00', end_time: '18:00', centre_id: floor.centreA.id },
        { work_date: '2026-12-06', start_time: '07:00', end_time: '12:00', centre_id: floor.centreA.id },
      ]);
      expect((await shiftRows(second.id)).filter((row) => row.work_date >= '2026-11-30')).toEqual([
        { work_date: '2026-11-30', start_time: '07:00', end_time: '11:00', centre_id: floor.centreA.id },
      ]);

      const again = await floor.request(floor.users.manager, 'POST', '/api/shifts/copy-previous-week', { weekStart: '2026-11-30' });
      expect(again.json().data).toMatchObject({ copied: 0, skipped: 5 });
    });

    it('10 concurrent copies write each shift once (copied counts add up to the shifts)', async () => {
      const technician = await floor.addMember('technician');
      for (const day of ['2027-01-04', '2027-01-05', '2027-01-06', '2027-01-07']) await insertShift(technician.id, floor.centreA.id, day, '08:00', '16:00');
      const responses = await Promise.all(
        Array.from({ length: 10 }, () => floor.request(floor.users.manager, 'POST', '/api/shifts/copy-previous-week', { weekStart: '2027-01-11' })),
      );
      expect(responses.map((response) => response.statusCode)).toEqual(Array(10).fill(200));
      expect(responses.reduce((sum, response) => sum + (response.json().data.copied as number), 0)).toBe(4);
      expect((await shiftRows(technician.id)).filter((row) => row.work_date >= '2027-01-11')).toHaveLength(4);
    });

    it('a weekStart that is not a Monday answers 422', async () => {
      const response = await floor.request(floor.users.manager, 'POST', '/api/shifts/copy-previous-week', { weekStart: '2026-12-02' });
      expect(response.statusCode).toBe(422);
      expect(response.json().code).toBe('WEEK_START_INVALID');
    });
  });
});
