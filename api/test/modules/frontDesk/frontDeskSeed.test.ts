import type { Kysely } from 'kysely';
import { staffDaySchema, vietnamDateOf, vietnamInstant, addCalendarDays } from 'shared-contracts/schemas';
import type { Database } from '../../../src/db/schema';
import { occupiedSteps } from '../../../src/modules/bookings/schedule';
import { BACK_OFFICE_ACCOUNTS, DEMO_PASSWORD, seed } from '../../../seed';
import { seedBackOffice } from '../../../seed/backOffice';
import { startServiceApp, type ServiceApp, type TestUser } from '../../support/serviceTestKit';
import { listen, openEventStream } from '../../support/sseClient';
import { productionDatabase, useScratchDatabase } from '../../support/testDatabases';

/**
 * The back office's demo data: the demo staff, technician and manager work at the first centre, a second
 * centre has its own people, and the first centre's floor of today is there from the first start (relative to
 * the real time of the seed), consistent with slot_occupancy, kept as it is by a restart.
 */
describe.each(productionDatabase())('the back office demo data on $label', (target) => {
  const scratch = useScratchDatabase(target, { seed: true });
  let service: ServiceApp;
  let today: string;

  beforeAll(async () => {
    service = await startServiceApp(scratch.db, { now: new Date().toISOString() });
    today = vietnamDateOf(service.clock.now());
  });
  afterAll(() => service.close());

  async function userByEmail(email: string): Promise<TestUser> {
    const row = await scratch.db.selectFrom('users').select(['id', 'role']).where('email', '=', email).executeTakeFirstOrThrow();
    return { id: row.id, email, role: row.role };
  }

  async function centreId(slug: string): Promise<number> {
    return (await scratch.db.selectFrom('service_centres').select('id').where('slug', '=', slug).executeTakeFirstOrThrow()).id;
  }

  async function floorRows(db: Kysely<Database>) {
    const tables = ['users', 'staff_assignments', 'appointments', 'appointment_services', 'appointment_status_history', 'slot_occupancy', 'service_orders', 'service_order_status_history', 'service_order_checklist_items', 'service_order_lines', 'bay_occupancy', 'work_time_entries'] as const;
    const snapshot: Record<string, string[]> = {};
    for (const table of tables) snapshot[table] = (await db.selectFrom(table as 'users').selectAll().execute()).map((row) => JSON.stringify(row)).sort();
    return snapshot;
  }

  it('puts the demo staff, technician and manager at the first centre and a second centre\'s people at the second', async () => {
    const first = await centreId('ha-noi-cau-giay');
    const second = await centreId('ha-noi-long-bien');
    const assignments = await scratch.db
      .selectFrom('staff_assignments')
      .innerJoin('users', 'users.id', 'staff_assignments.user_id')
      .select(['users.email', 'users.role', 'staff_assignments.centre_id'])
      .where('staff_assignments.ended_at', 'is', null)
      .execute();
    const byEmail = (a: { email: string }, b: { email: string }) => (a.email < b.email ? -1 : 1);
    expect(assignments.sort(byEmail)).toEqual(
      [
        { email: 'kythuatvien.longbien@evshop.vn', role: 'technician', centre_id: second },
        { email: 'kythuatvien2@evshop.vn', role: 'technician', centre_id: first },
        { email: 'kythuatvien@evshop.vn', role: 'technician', centre_id: first },
        { email: 'nhanvien.longbien@evshop.vn', role: 'staff', centre_id: second },
        { email: 'nhanvien@evshop.vn', role: 'staff', centre_id: first },
        { email: 'quanly@evshop.vn', role: 'manager', centre_id: first },
      ].sort(byEmail),
    );
    expect(BACK_OFFICE_ACCOUNTS).toHaveLength(3);
    // The new accounts sign in with the demo password.
    const login = await service.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'nhanvien.longbien@evshop.vn', password: DEMO_PASSWORD } });
    expect(login.statusCode).toBe(200);
  });

  it("shows nhanvien@ a working floor today: work done, in progress, checked in, confirmed (one the demo customer's) and pending", async () => {
    const staff = await userByEmail('nhanvien@evshop.vn');
    const technician = await userByEmail('kythuatvien@evshop.vn');
    const customer = await userByEmail('khachhang@evshop.vn');
    const response = await service.app.inject({ method: 'GET', url: '/api/staff/appointments', headers: { authorization: `Bearer ${(await service.app.accessTokens.issue({ userId: staff.id, role: 'staff' })).token}` } });
    expect(response.statusCode).toBe(200);
    const day = staffDaySchema.parse(response.json().data);
    expect(day).toMatchObject({ date: today, centre: { name: 'EV Service Cầu Giấy' } });
    expect(day.appointments).toHaveLength(7);
    const byStatus = (status: string) => day.appointments.filter((appointment) => appointment.status === status);
    expect(byStatus('IN_PROGRESS').map((appointment) => appointment.serviceOrder?.status).sort()).toEqual(['IN_PROGRESS', 'WORK_DONE']);
    expect(byStatus('CHECKED_IN').map((appointment) => appointment.serviceOrder?.status)).toEqual(['OPEN']);
    expect(byStatus('CONFIRMED')).toHaveLength(2);
    expect(byStatus('PENDING')).toHaveLength(2);
    const mine = day.appointments.find((appointment) => appointment.customer.userId === customer.id)!;
    expect(mine).toMatchObject({ status: 'CONFIRMED', licensePlate: '30K-567.89', vehicle: { model: 'VF 5' }, serviceOrder: null });
    expect(mine.lastOdometerKm).toBeGreaterThan(0);

    // The orders are the demo technician's, with their checklist, lines, bay and clock.
    const orders = await scratch.db.selectFrom('service_orders').selectAll().where('technician_id', '=', technician.id).execute();
    expect(orders.map((order) => order.status).sort()).toEqual(['IN_PROGRESS', 'OPEN', 'WORK_DONE']);
    for (const order of orders) {
      const items = await scratch.db.selectFrom('service_order_checklist_items').select(['result', 'note']).where('service_order_id', '=', order.id).execute();
      expect(items.length).toBeGreaterThan(0);
      const answered = items.filter((item) => item.result !== null).length;
      if (order.status === 'WORK_DONE') expect(answered).toBe(items.length);
      if (order.status === 'OPEN') expect(answered).toBe(0);
      if (order.status === 'IN_PROGRESS') expect(answered).toBeGreaterThan(0);
      for (const item of items) if (item.result === 'FAIL') expect(item.note!.length).toBeGreaterThanOrEqual(5);
      const lines = await scratch.db.selectFrom('service_order_lines').select(['kind', 'line_total']).where('service_order_id', '=', order.id).execute();
      expect(lines.length).toBeGreaterThan(0);
      const bay = await scratch.db.selectFrom('bay_occupancy').select('bay_no').where('service_order_id', '=', order.id).where('to_at', 'is', null).executeTakeFirst();
      expect(bay?.bay_no ?? null).toBe(order.status === 'WORK_DONE' ? null : order.bay_no);
    }
    const running = await scratch.db.selectFrom('work_time_entries').select('service_order_id').where('technician_id', '=', technician.id).where('ended_at', 'is', null).execute();
    expect(running.map((entry) => entry.service_order_id)).toEqual([orders.find((order) => order.status === 'IN_PROGRESS')!.id]);

    // Every step of today holds exactly the appointments on it.
    const centre = await centreId('ha-noi-cau-giay');
    const from = vietnamInstant(today, '00:00').toISOString();
    const to = vietnamInstant(addCalendarDays(today, 1), '00:00').toISOString();
    const expected = new Map<string, number>();
    for (const appointment of day.appointments) {
      const minutes = (Date.parse(appointment.end) - Date.parse(appointment.start)) / 60_000;
      for (const step of occupiedSteps(new Date(appointment.start), minutes)) expected.set(step, (expected.get(step) ?? 0) + 1);
    }
    const stored = await scratch.db.selectFrom('slot_occupancy').select(['slot_start', 'booked']).where('centre_id', '=', centre).where('slot_start', '>=', from).where('slot_start', '<', to).where('booked', '>', 0).execute();
    expect(Object.fromEntries(stored.map((row) => [new Date(row.slot_start).toISOString(), row.booked]))).toEqual(Object.fromEntries(expected));
    const bays = (await scratch.db.selectFrom('service_centres').select('service_bays').where('id', '=', centre).executeTakeFirstOrThrow()).service_bays;
    for (const booked of expected.values()) expect(booked).toBeLessThanOrEqual(bays);
  });

  it("gives the technician the floor's live stream, and the second centre's staff none of the first centre's day", async () => {
    const technician = await userByEmail('kythuatvien@evshop.vn');
    const baseUrl = await listen(service.app);
    const stream = await openEventStream(baseUrl, (await service.app.accessTokens.issue({ userId: technician.id, role: 'technician' })).token, '/api/staff/events');
    expect(stream.status).toBe(200);
    stream.close();

    const other = await userByEmail('nhanvien.longbien@evshop.vn');
    const headers = { authorization: `Bearer ${(await service.app.accessTokens.issue({ userId: other.id, role: 'staff' })).token}` };
    const own = staffDaySchema.parse((await service.app.inject({ method: 'GET', url: '/api/staff/appointments', headers })).json().data);
    expect(own.centre.name).toBe('EV Service Long Biên');
    expect(own.appointments).toEqual([]);
    const first = await centreId('ha-noi-cau-giay');
    expect((await service.app.inject({ method: 'GET', url: `/api/staff/appointments?centreId=${first}`, headers })).statusCode).toBe(404);
  });

  it('keeps everything on a restart, and does not bring back an assignment an admin ended', async () => {
    const before = await floorRows(scratch.db);
    const report = await seed(scratch.db);
    expect(report.backOffice).toEqual({ accounts: 3, assignments: 6, todayAppointments: 7 });
    expect(await floorRows(scratch.db)).toEqual(before);

    const staff = await userByEmail('nhanvien@evshop.vn');
    await scratch.db.updateTable('staff_assignments').set({ ended_at: new Date().toISOString() }).where('user_id', '=', staff.id).execute();
    const again = await seed(scratch.db);
    expect(again.backOffice.assignments).toBe(5);
    expect(await scratch.db.selectFrom('staff_assignments').select('id').where('user_id', '=', staff.id).where('ended_at', 'is', null).execute()).toEqual([]);
  });

  it("seeds a later day's floor at any hour, within opening hours and bays, with one running clock per technician", async () => {
    const centre = await centreId('ha-noi-cau-giay');
    const technician = await userByEmail('kythuatvien@evshop.vn');
    for (const [days, clock] of [[1, '23:30'], [2, '06:10'], [3, '12:00']] as const) {
      const date = addCalendarDays(today, days);
      const report = await scratch.db.transaction().execute((trx) => seedBackOffice(trx, vietnamInstant(date, clock)));
      expect(report.todayAppointments).toBe(7);
      const rows = await scratch.db
        .selectFrom('appointments')
        .select(['starts_at', 'ends_at'])
        .where('centre_id', '=', centre)
        .where('starts_at', '>=', vietnamInstant(date, '00:00').toISOString())
        .where('starts_at', '<', vietnamInstant(addCalendarDays(date, 1), '00:00').toISOString())
        .execute();
      expect(rows).toHaveLength(7);
      for (const row of rows) {
        expect(new Date(row.starts_at).getTime()).toBeGreaterThanOrEqual(vietnamInstant(date, '08:00').getTime());
        expect(new Date(row.ends_at).getTime()).toBeLessThanOrEqual(vietnamInstant(date, '18:00').getTime());
      }
    }
    const running = await scratch.db.selectFrom('work_time_entries').select('id').where('technician_id', '=', technician.id).where('ended_at', 'is', null).execute();
    expect(running).toHaveLength(1);
    const bays = await scratch.db.selectFrom('bay_occupancy').select('bay_no').where('centre_id', '=', centre).where('to_at', 'is', null).execute();
    expect(new Set(bays.map((bay) => bay.bay_no)).size).toBe(bays.length);
  });
});
