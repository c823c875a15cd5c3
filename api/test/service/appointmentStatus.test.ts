import type { Kysely } from 'kysely';
import { appointmentResponseSchema, appointmentStatusEventSchema, type Appointment } from 'shared-contracts/schemas';
import type { Config } from '../../src/config';
import type { Database } from '../../src/db/schema';
import { testDatabases, useScratchDatabase } from '../support/testDatabases';
import { addScooter, appointmentOf, authHeader, book, createCentre, createUser, occupancy, serviceId, startServiceApp, type ServiceApp, type TestUser } from './serviceTestKit';
import { listen, openEventStream } from './sseClient';

const REDIS_URL = 'redis://127.0.0.1:6379';

describe.each(testDatabases())('appointment status and live events on $label', (target) => {
  const scratch = useScratchDatabase(target, { seed: true });
  let service: ServiceApp;
  let centreId: number;
  let basic: number;
  let customer: TestUser;
  let otherCustomer: TestUser;
  let staff: TestUser;
  let vehicleId: number;
  let slot = 0;

  beforeAll(async () => {
    service = await startServiceApp(scratch.db);
    centreId = await createCentre(scratch.db, { bays: 3 });
    basic = await serviceId(scratch.db, 'bao-duong-co-ban');
    customer = await createUser(scratch.db, 'customer', 'Phạm Khách Hàng');
    otherCustomer = await createUser(scratch.db);
    staff = await createUser(scratch.db, 'staff', 'Trần Nhân Viên');
    vehicleId = (await addScooter(service.app, customer)).id;
  });
  afterAll(() => service.close());

  /** A new PENDING appointment of the customer (each on its own slot of Friday 20/11). */
  async function newAppointment(app = service.app): Promise<Appointment> {
    const hour = 8 + Math.floor(slot / 2);
    const minutes = slot % 2 === 0 ? '00' : '30';
    slot += 1;
    const response = await book(app, customer, { vehicleId, serviceIds: [basic], centreId, start: `2026-11-20T${String(hour).padStart(2, '0')}:${minutes}:00+07:00` });
    expect(response.statusCode).toBe(201);
    return appointmentOf(response);
  }

  async function patchStatus(user: TestUser | null, id: number, status: string, app = service.app) {
    return app.inject({ method: 'PATCH', url: `/api/appointments/${id}/status`, headers: user ? await authHeader(app, user) : {}, payload: { status } });
  }

  it('lets staff, managers and admins change a status; customers and technicians get 403', async () => {
    const appointment = await newAppointment();
    expect((await patchStatus(null, appointment.id, 'CONFIRMED')).statusCode).toBe(401);
    for (const role of ['customer', 'technician'] as const) {
      const response = await patchStatus(role === 'customer' ? customer : await createUser(scratch.db, role), appointment.id, 'CONFIRMED');
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'FORBIDDEN', message: 'Bạn không có quyền truy cập chức năng này.' });
    }
    const confirmed = await patchStatus(staff, appointment.id, 'CONFIRMED');
    expect(confirmed.statusCode).toBe(200);
    expect(appointmentResponseSchema.parse(confirmed.json()).data).toMatchObject({ status: 'CONFIRMED', statusLabel: 'Đã xác nhận' });
    for (const role of ['manager', 'admin'] as const) {
      const other = await newAppointment();
      expect((await patchStatus(await createUser(scratch.db, role), other.id, 'CONFIRMED')).statusCode).toBe(200);
    }
    expect((await patchStatus(staff, 999_999, 'CONFIRMED')).statusCode).toBe(404);
  });

  it('allows only the transitions of the workflow and records who made each', async () => {
    const appointment = await newAppointment();
    const skip = await patchStatus(staff, appointment.id, 'COMPLETED');
    expect(skip.statusCode).toBe(409);
    expect(skip.json()).toMatchObject({ code: 'INVALID_STATUS_TRANSITION', message: 'Không thể chuyển lịch hẹn từ "Chờ xác nhận" sang "Hoàn thành".' });
    for (const status of ['CONFIRMED', 'CHECKED_IN', 'IN_PROGRESS', 'COMPLETED']) {
      expect((await patchStatus(staff, appointment.id, status)).statusCode).toBe(200);
    }
    expect((await patchStatus(staff, appointment.id, 'CANCELLED')).statusCode).toBe(409);
    const history = await scratch.db
      .selectFrom('appointment_status_history')
      .select(['from_status', 'to_status', 'changed_by'])
      .where('appointment_id', '=', appointment.id)
      .orderBy('id')
      .execute();
    expect(history).toEqual([
      { from_status: null, to_status: 'PENDING', changed_by: customer.id },
      { from_status: 'PENDING', to_status: 'CONFIRMED', changed_by: staff.id },
      { from_status: 'CONFIRMED', to_status: 'CHECKED_IN', changed_by: staff.id },
      { from_status: 'CHECKED_IN', to_status: 'IN_PROGRESS', changed_by: staff.id },
      { from_status: 'IN_PROGRESS', to_status: 'COMPLETED', changed_by: staff.id },
    ]);
    // Completed: no longer upcoming, no longer cancellable by the customer.
    const read = await service.app.inject({ method: 'GET', url: `/api/appointments/${appointment.id}`, headers: await authHeader(service.app, customer) });
    expect(appointmentResponseSchema.parse(read.json()).data).toMatchObject({ status: 'COMPLETED', canCancel: false });
  });

  it('gives the slot back when staff cancel', async () => {
    const appointment = await newAppointment();
    const before = (await occupancy(scratch.db, centreId))[appointment.start]!;
    expect(before).toBeGreaterThan(0);
    expect((await patchStatus(staff, appointment.id, 'CANCELLED')).statusCode).toBe(200);
    expect((await occupancy(scratch.db, centreId))[appointment.start] ?? 0).toBe(before - 1);
  });

  it("streams the customer's status changes as server-sent events, to that customer only", async () => {
    const baseUrl = await listen(service.app);
    const unauthenticated = await openEventStream(baseUrl, 'not-a-token');
    expect(unauthenticated.status).toBe(401);

    const mine = await openEventStream(baseUrl, (await authHeader(service.app, customer)).authorization.slice(7));
    const theirs = await openEventStream(baseUrl, (await authHeader(service.app, otherCustomer)).authorization.slice(7));
    try {
      expect(mine.status).toBe(200);
      expect(mine.contentType).toBe('text/event-stream; charset=utf-8');
      const appointment = await newAppointment();
      expect((await patchStatus(staff, appointment.id, 'CONFIRMED')).statusCode).toBe(200);
      const event = await mine.next();
      expect(event.event).toBe('appointment-status');
      expect(appointmentStatusEventSchema.parse(JSON.parse(event.data))).toEqual({
        appointmentId: appointment.id,
        code: appointment.code,
        status: 'CONFIRMED',
        statusLabel: 'Đã xác nhận',
        at: service.clock.now().toISOString(),
      });
      expect((await patchStatus(staff, appointment.id, 'CHECKED_IN')).statusCode).toBe(200);
      expect(JSON.parse((await mine.next()).data)).toMatchObject({ appointmentId: appointment.id, status: 'CHECKED_IN', statusLabel: 'Đã tiếp nhận' });
      // The customer's own cancellation is an event too.
      const other = await newAppointment();
      await service.app.inject({ method: 'POST', url: `/api/appointments/${other.id}/cancel`, headers: await authHeader(service.app, customer), payload: {} });
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
    const streaming = await startServiceApp(scratch.db, { configOverrides: overrides });
    const changing = await startServiceApp(secondDb, { configOverrides: overrides });
    try {
      const baseUrl = await listen(streaming.app);
      const stream = await openEventStream(baseUrl, (await authHeader(streaming.app, customer)).authorization.slice(7));
      try {
        const appointment = await newAppointment(changing.app);
        expect((await patchStatus(staff, appointment.id, 'CONFIRMED', changing.app)).statusCode).toBe(200);
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
    await crossInstance({ redisUrl: REDIS_URL, databaseUrl: scratch.config.databaseUrl, sqliteFile: scratch.config.sqliteFile }, () => scratch.connect());
  });

  if (target.dialect === 'postgres') {
    it('delivers a change made on another API instance through PostgreSQL LISTEN/NOTIFY (no Redis)', async () => {
      await crossInstance({ redisUrl: null, databaseUrl: scratch.config.databaseUrl }, () => scratch.connect());
    });
  }
});
