import type { Kysely } from 'kysely';
import { appointmentResponseSchema, appointmentStatusEventSchema, vietnamInstant, type Appointment } from 'shared-contracts/schemas';
import type { Config } from '../../../src/config';
import type { Database } from '../../../src/db/schema';
import { DEFAULT_NOW } from '../../support/serviceTestKit';
import { TODAY, useFloor, type BookTodayOptions } from '../../support/floorTestKit';
import { testDatabases } from '../../support/testDatabases';
import { addScooter, appointmentOf, authHeader, book, createUser, occupancy, serviceId, startServiceApp, statusOf, type TestUser } from '../../support/serviceTestKit';
import { listen, openEventStream } from '../../support/sseClient';

const REDIS_URL = 'redis://127.0.0.1:6379';

/**
 * PATCH /appointments/:id/status as the back office narrowed it: staff and managers of the appointment's
 * centre (and admins) confirm, cancel and record a no-show; check-in, work and completion belong to the
 * service order (409 USE_SERVICE_ORDER). The customer's live stream gets each change.
 */
describe.each(testDatabases())('appointment status and live events on $label', (target) => {
  const floor = useFloor(target);
  let basic: number;
  let otherCustomer: TestUser;
  let slot = 0;

  beforeAll(async () => {
    basic = await serviceId(floor.db, 'bao-duong-co-ban');
    otherCustomer = await createUser(floor.db);
  });
  afterEach(() => floor.service.clock.set(DEFAULT_NOW));

  /** A new PENDING appointment of the customer booked through the API (each on its own slot of Friday 20/11, centre A, with its own scooter: one vehicle has one live appointment at a time). */
  async function newAppointment(app = floor.app): Promise<Appointment> {
    const hour = 8 + Math.floor(slot / 2);
    const minutes = slot % 2 === 0 ? '00' : '30';
    slot += 1;
    const response = await book(app, floor.users.customer, {
      vehicleId: (await addScooter(floor.app, floor.users.customer)).id,
      serviceIds: [basic],
      centreId: floor.centreA.id,
      start: `2026-11-20T${String(hour).padStart(2, '0')}:${minutes}:00+07:00`,
    });
    expect(response.statusCode).toBe(201);
    return appointmentOf(response);
  }

  async function patchStatus(user: TestUser | null, id: number, status: string, app = floor.app, note?: string) {
    return app.inject({
      method: 'PATCH',
      url: `/api/appointments/${id}/status`,
      headers: user ? await authHeader(app, user) : {},
      payload: note === undefined ? { status } : { status, note },
    });
  }

  async function historyOf(appointmentId: number) {
    return floor.db
      .selectFrom('appointment_status_history')
      .select(['from_status', 'to_status', 'changed_by', 'note'])
      .where('appointment_id', '=', appointmentId)
      .orderBy('id')
      .execute();
  }

  it('is for staff and managers of the centre and admins: 401, 403 for customers, technicians and the unassigned, 404 for another centre', async () => {
    const appointment = await newAppointment();
    const { users } = floor;
    expect((await patchStatus(null, appointment.id, 'CONFIRMED')).statusCode).toBe(401);
    for (const user of [users.customer, users.technician, users.technicianB]) {
      const response = await patchStatus(user, appointment.id, 'CONFIRMED');
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'FORBIDDEN', message: 'Bạn không có quyền truy cập chức năng này.' });
    }
    const unassigned = await patchStatus(await createUser(floor.db, 'staff'), appointment.id, 'CONFIRMED');
    expect(unassigned.statusCode).toBe(403);
    expect(unassigned.json()).toMatchObject({ code: 'NO_CENTRE' });
    for (const user of [users.staffB, users.managerB]) {
      const response = await patchStatus(user, appointment.id, 'CONFIRMED');
      expect(response.statusCode).toBe(404);
      expect(await statusOf(floor.db, appointment.id)).toBe('PENDING');
    }
    const confirmed = await patchStatus(users.staff, appointment.id, 'CONFIRMED');
    expect(confirmed.statusCode).toBe(200);
    expect(appointmentResponseSchema.parse(confirmed.json()).data).toMatchObject({ status: 'CONFIRMED', statusLabel: 'Đã xác nhận' });
    for (const user of [users.manager, users.admin]) {
      const other = await newAppointment();
      expect((await patchStatus(user, other.id, 'CONFIRMED')).statusCode).toBe(200);
    }
    expect((await patchStatus(users.staff, 999_999, 'CONFIRMED')).statusCode).toBe(404);
  });

  it('refuses the statuses of the service order with 409 USE_SERVICE_ORDER and any other change outside the workflow', async () => {
    const { staff } = floor.users;
    const appointment = await newAppointment();
    for (const from of ['PENDING', 'CONFIRMED']) {
      if (from === 'CONFIRMED') expect((await patchStatus(staff, appointment.id, 'CONFIRMED')).statusCode).toBe(200);
      for (const status of ['CHECKED_IN', 'IN_PROGRESS', 'COMPLETED']) {
        const response = await patchStatus(staff, appointment.id, status);
        expect(response.statusCode).toBe(409);
        expect(response.json()).toMatchObject({ success: false, code: 'USE_SERVICE_ORDER', message: 'Trạng thái này được cập nhật qua phiếu dịch vụ.' });
        expect(await statusOf(floor.db, appointment.id)).toBe(from);
      }
    }
    const back = await patchStatus(staff, appointment.id, 'PENDING');
    expect(back.statusCode).toBe(409);
    expect(back.json()).toMatchObject({ code: 'INVALID_STATUS_TRANSITION', message: 'Không thể chuyển lịch hẹn từ "Đã xác nhận" sang "Chờ xác nhận".' });
    const again = await patchStatus(staff, appointment.id, 'CONFIRMED');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'INVALID_STATUS_TRANSITION' });
    const unknown = await patchStatus(staff, appointment.id, 'DONE');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'VALIDATION_ERROR' });

    // Checked in (by a service order): cancelling it is the order's cancel; a final status stays final.
    await floor.db.updateTable('appointments').set({ status: 'CHECKED_IN' }).where('id', '=', appointment.id).execute();
    for (const status of ['CANCELLED', 'NO_SHOW', 'CONFIRMED']) {
      const response = await patchStatus(staff, appointment.id, status);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: status === 'CANCELLED' ? 'USE_SERVICE_ORDER' : 'INVALID_STATUS_TRANSITION' });
    }
    await floor.db.updateTable('appointments').set({ status: 'IN_PROGRESS' }).where('id', '=', appointment.id).execute();
    expect((await patchStatus(staff, appointment.id, 'CANCELLED')).json()).toMatchObject({ code: 'USE_SERVICE_ORDER' });
    await floor.db.updateTable('appointments').set({ status: 'COMPLETED' }).where('id', '=', appointment.id).execute();
    expect((await patchStatus(staff, appointment.id, 'CANCELLED')).json()).toMatchObject({ code: 'INVALID_STATUS_TRANSITION' });
    expect(await historyOf(appointment.id)).toEqual([
      { from_status: null, to_status: 'PENDING', changed_by: floor.users.customer.id, note: null },
      { from_status: 'PENDING', to_status: 'CONFIRMED', changed_by: staff.id, note: null },
    ]);
  });

  it('records a no-show only once the start + 15 minutes has passed, and gives the slot back', async () => {
    const { staff } = floor.users;
    const options: BookTodayOptions[] = [{ time: '09:00', status: 'CONFIRMED' }, { time: '09:00', status: 'PENDING' }];
    const [confirmed, pending] = [await floor.bookToday(options[0]), await floor.bookToday(options[1])];
    const start = vietnamInstant(TODAY, '09:00');
    const before = (await occupancy(floor.db, floor.centreA.id))[start.toISOString()]!;
    for (const at of [DEFAULT_NOW, '2026-11-19T02:14:59.000Z']) {
      floor.service.clock.set(at);
      const early = await patchStatus(staff, confirmed.appointmentId, 'NO_SHOW');
      expect(early.statusCode).toBe(409);
      expect(early.json()).toMatchObject({ code: 'TOO_EARLY_FOR_NO_SHOW', message: 'Chỉ có thể đánh dấu "Không đến" khi đã quá giờ hẹn 15 phút.' });
    }
    expect(await statusOf(floor.db, confirmed.appointmentId)).toBe('CONFIRMED');
    floor.service.clock.set('2026-11-19T02:15:00.000Z');
    const noShow = await patchStatus(staff, confirmed.appointmentId, 'NO_SHOW', floor.app, 'Gọi không nghe máy');
    expect(noShow.statusCode).toBe(200);
    expect(appointmentResponseSchema.parse(noShow.json()).data).toMatchObject({ status: 'NO_SHOW', statusLabel: 'Không đến' });
    expect((await patchStatus(floor.users.manager, pending.appointmentId, 'NO_SHOW')).statusCode).toBe(200);
    expect((await occupancy(floor.db, floor.centreA.id))[start.toISOString()] ?? 0).toBe(before - 2);
    expect((await historyOf(confirmed.appointmentId)).at(-1)).toEqual({ from_status: 'CONFIRMED', to_status: 'NO_SHOW', changed_by: staff.id, note: 'Gọi không nghe máy' });
    // Final.
    expect((await patchStatus(staff, confirmed.appointmentId, 'CANCELLED')).json()).toMatchObject({ code: 'INVALID_STATUS_TRANSITION' });
  });

  it('gives the slot back when staff cancel', async () => {
    const appointment = await newAppointment();
    const before = (await occupancy(floor.db, floor.centreA.id))[appointment.start]!;
    expect(before).toBeGreaterThan(0);
    expect((await patchStatus(floor.users.staff, appointment.id, 'CANCELLED')).statusCode).toBe(200);
    expect((await occupancy(floor.db, floor.centreA.id))[appointment.start] ?? 0).toBe(before - 1);
  });

  it('lets exactly one of concurrent confirm, cancel and no-show requests win', async () => {
    const booked = await floor.bookToday({ time: '10:00', status: 'PENDING' });
    floor.service.clock.set('2026-11-19T03:20:00.000Z');
    const { staff, manager } = floor.users;
    const targets = ['CONFIRMED', 'CANCELLED', 'NO_SHOW'];
    const responses = await Promise.all(Array.from({ length: 12 }, (_, index) => patchStatus(index % 2 ? staff : manager, booked.appointmentId, targets[index % 3]!)));
    const won = responses.filter((response) => response.statusCode === 200);
    // The winner's status; CONFIRMED may be followed by CANCELLED or NO_SHOW (allowed from CONFIRMED).
    expect(won.length).toBeGreaterThanOrEqual(1);
    for (const response of responses) expect([200, 409]).toContain(response.statusCode);
    const history = await historyOf(booked.appointmentId);
    // Every recorded change starts from the status the previous one left: no change was applied twice.
    for (let index = 1; index < history.length; index += 1) expect(history[index]!.from_status).toBe(history[index - 1]!.to_status);
    expect(history.length - 1).toBe(won.length);
    const final = await statusOf(floor.db, booked.appointmentId);
    const released = ['CANCELLED', 'NO_SHOW'].includes(final) ? 0 : 1;
    expect((await occupancy(floor.db, floor.centreA.id))[booked.start] ?? 0).toBe(released);
  });

  it("streams the customer's status changes as server-sent events, to that customer only", async () => {
    const baseUrl = await listen(floor.app);
    const unauthenticated = await openEventStream(baseUrl, 'not-a-token');
    expect(unauthenticated.status).toBe(401);

    const mine = await openEventStream(baseUrl, (await authHeader(floor.app, floor.users.customer)).authorization.slice(7));
    const theirs = await openEventStream(baseUrl, (await authHeader(floor.app, otherCustomer)).authorization.slice(7));
    try {
      expect(mine.status).toBe(200);
      expect(mine.contentType).toBe('text/event-stream; charset=utf-8');
      const appointment = await newAppointment();
      expect((await patchStatus(floor.users.staff, appointment.id, 'CONFIRMED')).statusCode).toBe(200);
      const event = await mine.next();
      expect(event.event).toBe('appointment-status');
      expect(appointmentStatusEventSchema.parse(JSON.parse(event.data))).toEqual({
        appointmentId: appointment.id,
        code: appointment.code,
        status: 'CONFIRMED',
        statusLabel: 'Đã xác nhận',
        at: floor.service.clock.now().toISOString(),
      });
      expect((await patchStatus(floor.users.staff, appointment.id, 'CANCELLED')).statusCode).toBe(200);
      expect(JSON.parse((await mine.next()).data)).toMatchObject({ appointmentId: appointment.id, status: 'CANCELLED', statusLabel: 'Đã hủy' });
      // The customer's own cancellation is an event too.
      const other = await newAppointment();
      await floor.app.inject({ method: 'POST', url: `/api/appointments/${other.id}/cancel`, headers: await authHeader(floor.app, floor.users.customer), payload: {} });
      expect(JSON.parse((await mine.next()).data)).toMatchObject({ appointmentId: other.id, status: 'CANCELLED', statusLabel: 'Đã hủy' });
      expect(theirs.pending()).toEqual([]);
    } finally {
      mine.close();
      theirs.close();
    }
  });

  /** Two API instances on the same database; the stream is served by one, the change made on the other. */
  async function crossInstance(overrides: Partial<Config>, connect: () => Kysely<Database>): Promise<void> {
    const secondDb = connect();
    const streaming = await startServiceApp(floor.db, { configOverrides: overrides });
    const changing = await startServiceApp(secondDb, { configOverrides: overrides });
    try {
      const baseUrl = await listen(streaming.app);
      const stream = await openEventStream(baseUrl, (await authHeader(streaming.app, floor.users.customer)).authorization.slice(7));
      try {
        const appointment = await newAppointment(changing.app);
        expect((await patchStatus(floor.users.staff, appointment.id, 'CONFIRMED', changing.app)).statusCode).toBe(200);
        const event = await stream.next();
        expect(JSON.parse(event.data)).toMatchObject({ appointmentId: appointment.id, code: appointment.code, status: 'CONFIRMED', statusLabel: 'Đã xác nhận' });
      } finally {
        stream.close();
      }
    } finally {
      await streaming.close();
      await changing.close();
      await secondDb.destroy();
    }
  }

  it('delivers a change made on another API instance through Redis pub/sub', async () => {
    await crossInstance({ redisUrl: REDIS_URL, databaseUrl: floor.scratch.config.databaseUrl, sqliteFile: floor.scratch.config.sqliteFile }, () => floor.scratch.connect());
  });

  if (target.dialect === 'postgres') {
    it('delivers a change made on another API instance through PostgreSQL LISTEN/NOTIFY (no Redis)', async () => {
      await crossInstance({ redisUrl: null, databaseUrl: floor.scratch.config.databaseUrl }, () => floor.scratch.connect());
    });
  }
});
