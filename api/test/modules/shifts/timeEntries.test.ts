import { timeEntryListSchema, timeEntrySchema } from 'shared-contracts/schemas';
import type { TestUser } from '../../support/serviceTestKit';
import { testDatabases, useFloor, type FloorRole } from '../../support/floorTestKit';

type Caller = FloorRole | 'anonymous';

/** 'Now' is 19/11/2026 08:00 in Vietnam (01:00Z): every entry below lies in the past. */
describe.each(testDatabases())('time entries on $label', (target) => {
  const floor = useFloor(target);
  const callerOf = (caller: Caller): TestUser | null => (caller === 'anonymous' ? null : floor.users[caller]);
  let order: { id: number; code: string } | null = null;

  /** A service order of centre A the entries belong to (opened once). */
  async function centreOrder(): Promise<{ id: number; code: string }> {
    if (!order) {
      const opened = await floor.openOrder();
      order = { id: opened.id, code: opened.code };
    }
    return order;
  }

  async function addEntry(technicianId: number, startedAt: string, endedAt: string | null): Promise<number> {
    const row = await floor.db
      .insertInto('work_time_entries')
      .values({ service_order_id: (await centreOrder()).id, technician_id: technicianId, started_at: startedAt, ended_at: endedAt, source: 'clock', edited_by: null, edit_reason: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  const patch = (user: TestUser | null, entryId: number, body: Record<string, unknown>) => floor.request(user, 'PATCH', `/api/time-entries/${entryId}`, body);
  const entryRow = (entryId: number) =>
    floor.db.selectFrom('work_time_entries').select(['started_at', 'ended_at', 'source', 'edited_by', 'edit_reason']).where('id', '=', entryId).executeTakeFirstOrThrow();
  const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

  describe('GET /api/time-entries', () => {
    it.each<[Caller, boolean, number]>([
      ['anonymous', false, 401],
      ['customer', false, 403],
      ['staff', false, 403],
      ['technician', false, 403],
      ['manager', false, 200],
      ['admin', true, 200],
      ['managerB', true, 404],
    ])('as %s (centreId in the query: %s) answers %i', async (caller, withCentre, status) => {
      const response = await floor.request(callerOf(caller), 'GET', `/api/time-entries?from=2026-11-01&to=2026-11-19${withCentre ? `&centreId=${floor.centreA.id}` : ''}`);
      expect(response.statusCode).toBe(status);
    });

    it('lists the entries of the range with the order code, times, source and who edited them', async () => {
      const technician = await floor.addMember('technician', floor.centreA.id, 'Lý Kỹ Thuật Lọc');
      const first = await addEntry(technician.id, '2026-11-10T02:00:00.000Z', '2026-11-10T03:30:00.000Z');
      await addEntry(technician.id, '2026-11-11T02:00:00.000Z', '2026-11-11T02:45:00.000Z');
      await addEntry(technician.id, '2026-11-13T02:00:00.000Z', '2026-11-13T03:00:00.000Z');
      const response = await floor.request(floor.users.manager, 'GET', `/api/time-entries?technicianId=${technician.id}&from=2026-11-10&to=2026-11-11`);
      expect(response.statusCode).toBe(200);
      const list = timeEntryListSchema.parse(response.json().data);
      expect(list.entries.map((entry) => entry.startedAt)).toEqual(['2026-11-11T02:00:00.000Z', '2026-11-10T02:00:00.000Z']);
      expect(list.entries[1]).toEqual({
        id: first,
        serviceOrderId: (await centreOrder()).id,
        serviceOrderCode: (await centreOrder()).code,
        licensePlate: expect.any(String),
        technicianId: technician.id,
        technicianName: 'Lý Kỹ Thuật Lọc',
        startedAt: '2026-11-10T02:00:00.000Z',
        endedAt: '2026-11-10T03:30:00.000Z',
        durationMinutes: 90,
        source: 'clock',
        editedBy: null,
        editReason: null,
      });
      expect(list.totalMinutes).toBe(135);

      const otherCentre = await floor.request(floor.users.admin, 'GET', `/api/time-entries?centreId=${floor.centreB.id}&technicianId=${technician.id}&from=2026-11-10&to=2026-11-11`);
      expect(otherCentre.json().data.entries).toEqual([]);
    });

    it.each([
      ['from=2026-11-12&to=2026-11-10'],
      ['from=2026-02-30&to=2026-03-01'],
      ['from=2025-01-01&to=2026-11-19'],
    ])('%s answers 422 DATE_RANGE_INVALID', async (query) => {
      const response = await floor.request(floor.users.manager, 'GET', `/api/time-entries?${query}`);
      expect(response.statusCode).toBe(422);
      expect(response.json().code).toBe('DATE_RANGE_INVALID');
    });
  });

  describe('PATCH /api/time-entries/:id', () => {
    const correction = { startedAt: '2026-11-05T08:00:00+07:00', endedAt: '2026-11-05T10:15:00+07:00', reason: 'Quên bấm dừng khi nghỉ trưa' };

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
      const entryId = await addEntry(technician.id, '2026-11-05T01:00:00.000Z', '2026-11-05T02:00:00.000Z');
      const response = await patch(callerOf(caller), entryId, correction);
      expect(response.statusCode).toBe(status);
      const row = await entryRow(entryId);
      expect(iso(row.ended_at)).toBe(status === 200 ? '2026-11-05T03:15:00.000Z' : '2026-11-05T02:00:00.000Z');
    });

    it('corrects the times, keeps the source, records who and why, and logs the times before and after', async () => {
      const technician = await floor.addMember('technician');
      const entryId = await addEntry(technician.id, '2026-11-05T01:00:00.000Z', '2026-11-05T02:00:00.000Z');
      const response = await patch(floor.users.manager, entryId, correction);
      expect(response.statusCode).toBe(200);
      expect(response.json().message).toBe('Đã chỉnh sửa giờ làm.');
      expect(timeEntrySchema.parse(response.json().data)).toMatchObject({
        startedAt: '2026-11-05T01:00:00.000Z',
        endedAt: '2026-11-05T03:15:00.000Z',
        durationMinutes: 135,
        source: 'clock',
        editedBy: { id: floor.users.manager.id, fullName: 'Hoàng Quản Lý' },
        editReason: 'Quên bấm dừng khi nghỉ trưa',
      });
      const row = await entryRow(entryId);
      expect(row).toMatchObject({ source: 'clock', edited_by: floor.users.manager.id, edit_reason: 'Quên bấm dừng khi nghỉ trưa' });
      const log = await floor.db.selectFrom('work_time_entry_edits').selectAll().where('entry_id', '=', entryId).execute();
      expect(log).toHaveLength(1);
      expect(log[0]).toMatchObject({ edited_by: floor.users.manager.id, reason: 'Quên bấm dừng khi nghỉ trưa' });
      expect([log[0]!.old_started_at, log[0]!.old_ended_at, log[0]!.new_started_at, log[0]!.new_ended_at].map(iso)).toEqual([
        '2026-11-05T01:00:00.000Z',
        '2026-11-05T02:00:00.000Z',
        '2026-11-05T01:00:00.000Z',
        '2026-11-05T03:15:00.000Z',
      ]);
      const listed = await floor.request(floor.users.manager, 'GET', `/api/time-entries?technicianId=${technician.id}&from=2026-11-05&to=2026-11-05`);
      expect(listed.json().data.entries[0]).toMatchObject({ editedBy: { id: floor.users.manager.id }, editReason: 'Quên bấm dừng khi nghỉ trưa' });
    });

    it.each<[string, Record<string, unknown>]>([
      ['a reason under 5 characters', { reason: 'sai' }],
      ['no reason', { reason: undefined }],
      ['a blank reason', { reason: '      ' }],
      ['a time that is not ISO 8601', { endedAt: '05/11/2026 10:15' }],
    ])('%s answers 400 VALIDATION_ERROR and changes nothing', async (_, change) => {
      const technician = await floor.addMember('technician');
      const entryId = await addEntry(technician.id, '2026-11-05T01:00:00.000Z', '2026-11-05T02:00:00.000Z');
      const response = await patch(floor.users.manager, entryId, { ...correction, ...change });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('VALIDATION_ERROR');
      expect((await entryRow(entryId)).edited_by).toBeNull();
    });

    it.each<[string, Record<string, unknown>, number, string]>([
      ['an end before the start', { startedAt: '2026-11-05T10:00:00+07:00', endedAt: '2026-11-05T09:00:00+07:00' }, 422, 'TIME_ENTRY_INVALID'],
      ['an end equal to the start', { startedAt: '2026-11-05T10:00:00+07:00', endedAt: '2026-11-05T10:00:00+07:00' }, 422, 'TIME_ENTRY_INVALID'],
      ['a start in year 0', { startedAt: '0000-01-01T00:00:00Z', endedAt: '2026-11-05T09:00:00+07:00' }, 422, 'TIME_ENTRY_INVALID'],
      ['an end in the future', { startedAt: '2026-11-19T07:00:00+07:00', endedAt: '2026-11-19T09:00:00+07:00' }, 422, 'TIME_ENTRY_IN_FUTURE'],
    ])('%s answers %i %s', async (_, change, status, code) => {
      const technician = await floor.addMember('technician');
      const entryId = await addEntry(technician.id, '2026-11-05T01:00:00.000Z', '2026-11-05T02:00:00.000Z');
      const response = await patch(floor.users.manager, entryId, { ...correction, ...change });
      expect(response.statusCode).toBe(status);
      expect(response.json().code).toBe(code);
      expect(iso((await entryRow(entryId)).ended_at)).toBe('2026-11-05T02:00:00.000Z');
    });

    it('a correction overlapping another entry of the technician answers 409 TIME_ENTRY_OVERLAP naming its order; touching is fine', async () => {
      const technician = await floor.addMember('technician');
      const entryId = await addEntry(technician.id, '2026-11-06T01:00:00.000Z', '2026-11-06T02:00:00.000Z');
      await addEntry(technician.id, '2026-11-06T03:00:00.000Z', '2026-11-06T04:00:00.000Z');
      const overlapping = await patch(floor.users.manager, entryId, { ...correction, startedAt: '2026-11-06T01:00:00.000Z', endedAt: '2026-11-06T03:30:00.000Z' });
      expect(overlapping.statusCode).toBe(409);
      expect(overlapping.json()).toMatchObject({ code: 'TIME_ENTRY_OVERLAP', message: expect.stringContaining((await centreOrder()).code) });
      const touching = await patch(floor.users.manager, entryId, { ...correction, startedAt: '2026-11-06T01:00:00.000Z', endedAt: '2026-11-06T03:00:00.000Z' });
      expect(touching.statusCode).toBe(200);
      // Another technician's entries do not count.
      const other = await floor.addMember('technician');
      await addEntry(other.id, '2026-11-06T00:00:00.000Z', '2026-11-06T05:00:00.000Z');
      const untouched = await patch(floor.users.manager, entryId, { ...correction, startedAt: '2026-11-06T00:30:00.000Z', endedAt: '2026-11-06T03:00:00.000Z' });
      expect(untouched.statusCode).toBe(200);
    });

    it('a running entry cannot be corrected (409 TIME_ENTRY_RUNNING), nor moved over a running one', async () => {
      const technician = await floor.addMember('technician');
      const finished = await addEntry(technician.id, '2026-11-18T01:00:00.000Z', '2026-11-18T02:00:00.000Z');
      const running = await addEntry(technician.id, '2026-11-18T23:00:00.000Z', null);
      const response = await patch(floor.users.manager, running, { ...correction, startedAt: '2026-11-18T23:00:00.000Z', endedAt: '2026-11-19T00:30:00.000Z' });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'TIME_ENTRY_RUNNING', message: expect.stringContaining('đang chạy') });
      expect((await entryRow(running)).ended_at).toBeNull();
      const overRunning = await patch(floor.users.manager, finished, { ...correction, startedAt: '2026-11-18T22:00:00.000Z', endedAt: '2026-11-19T00:00:00.000Z' });
      expect(overRunning.statusCode).toBe(409);
      expect(overRunning.json().code).toBe('TIME_ENTRY_OVERLAP');
    });

    it('an unknown entry answers 404', async () => {
      expect((await patch(floor.users.manager, 999_999, correction)).statusCode).toBe(404);
    });

    it('10 concurrent corrections moving two entries into the same window: one entry gets it, never an overlap', async () => {
      const technician = await floor.addMember('technician');
      const first = await addEntry(technician.id, '2026-11-07T01:00:00.000Z', '2026-11-07T02:00:00.000Z');
      const second = await addEntry(technician.id, '2026-11-07T05:00:00.000Z', '2026-11-07T06:00:00.000Z');
      const window = { reason: 'Sửa theo sổ giao ca', startedAt: '2026-11-07T03:00:00.000Z', endedAt: '2026-11-07T04:00:00.000Z' };
      const responses = await Promise.all(Array.from({ length: 10 }, (_, index) => patch(floor.users.manager, index % 2 === 0 ? first : second, window)));
      const statuses = responses.map((response) => response.statusCode).sort();
      expect(statuses).toEqual([...Array(5).fill(200), ...Array(5).fill(409)]);
      const rows = await floor.db.selectFrom('work_time_entries').select(['id', 'started_at']).where('technician_id', '=', technician.id).execute();
      expect(rows.filter((row) => iso(row.started_at) === '2026-11-07T03:00:00.000Z')).toHaveLength(1);
    });
  });
});
