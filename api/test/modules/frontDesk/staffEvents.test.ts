import type { Kysely } from 'kysely';
import { floorChangedEventSchema, serviceOrderEventSchema, type ServiceOrderEvent } from 'shared-contracts/schemas';
import type { Config } from '../../../src/config';
import type { Database } from '../../../src/db/schema';
import { createEventBus, memoryEventBus } from '../../../src/events/eventBus';
import { appointmentEventsRoutes } from '../../../src/modules/bookings/appointmentEventsRoutes';
import { staffEventsRoutes } from '../../../src/modules/frontDesk/staffEventsRoutes';
import { testConfig } from '../../support/authTestKit';
import { buildTestApp } from '../../support/testApp';
import { testDatabases, useScratchDatabase } from '../../support/testDatabases';
import {
  addScooter,
  appointmentOf,
  authHeader,
  book,
  createCentre,
  createUser,
  serviceId,
  startServiceApp,
  type ServiceApp,
  type TestUser,
} from '../../support/serviceTestKit';
import { listen, openEventStream, type SseStream } from '../../support/sseClient';

const REDIS_URL = 'redis://127.0.0.1:6379';
const probeConfig = testConfig();
const silentLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** Puts `user` on the floor of `centreId` (their active assignment). */
async function assign(db: Kysely<Database>, user: TestUser, centreId: number): Promise<TestUser> {
  await db.insertInto('staff_assignments').values({ user_id: user.id, centre_id: centreId, assigned_at: new Date().toISOString(), ended_at: null }).execute();
  return user;
}

function tokenOf(header: { authorization: string }): string {
  return header.authorization.slice('Bearer '.length);
}

function serviceOrderEvent(appointmentId: number, overrides: Partial<ServiceOrderEvent> = {}): ServiceOrderEvent {
  return {
    appointmentId,
    serviceOrderId: 500 + appointmentId,
    serviceOrderCode: 'PDV261119AB12',
    status: 'OPEN',
    statusLabel: 'Đã tiếp nhận',
    pendingApprovals: 0,
    at: '2026-11-19T01:05:00.000Z',
    ...overrides,
  };
}

/**
 * The live bus beyond the customer's appointment status: `service-order` events on the customer's stream and
 * `floor-changed` events on the centre's GET /api/staff/events, with the centre scope of the back office, on one
 * instance and across two instances (Redis pub/sub; PostgreSQL LISTEN/NOTIFY).
 */
describe.each(testDatabases())('the floor and service-order events on $label', (target) => {
  const scratch = useScratchDatabase(target, { seed: true });
  let service: ServiceApp;
  let baseUrl: string;
  let centreId: number;
  let otherCentreId: number;
  let basic: number;
  let customer: TestUser;
  let staff: TestUser;
  let technician: TestUser;
  let manager: TestUser;
  let admin: TestUser;
  let otherStaff: TestUser;
  let slot = 0;

  beforeAll(async () => {
    service = await startServiceApp(scratch.db);
    baseUrl = await listen(service.app);
    centreId = await createCentre(scratch.db, { bays: 3 });
    otherCentreId = await createCentre(scratch.db, { bays: 3 });
    basic = await serviceId(scratch.db, 'bao-duong-co-ban');
    customer = await createUser(scratch.db, 'customer', 'Phạm Khách Hàng');
    staff = await assign(scratch.db, await createUser(scratch.db, 'staff', 'Trần Nhân Viên'), centreId);
    technician = await assign(scratch.db, await createUser(scratch.db, 'technician', 'Lê Kỹ Thuật'), centreId);
    manager = await assign(scratch.db, await createUser(scratch.db, 'manager', 'Võ Quản Lý'), centreId);
    admin = await createUser(scratch.db, 'admin', 'Quản Trị');
    otherStaff = await assign(scratch.db, await createUser(scratch.db, 'staff', 'Nhân Viên Khác'), otherCentreId);
  });
  afterAll(() => service.close());

  /** A new PENDING appointment of the customer at the test centre (each on its own slot of Friday 20/11, with its own scooter). */
  async function newAppointment(app = service.app) {
    const hour = 8 + Math.floor(slot / 2);
    const minutes = slot % 2 === 0 ? '00' : '30';
    slot += 1;
    const response = await book(app, customer, { vehicleId: (await addScooter(service.app, customer)).id, serviceIds: [basic], centreId, start: `2026-11-20T${String(hour).padStart(2, '0')}:${minutes}:00+07:00` });
    expect(response.statusCode).toBe(201);
    return appointmentOf(response);
  }

  async function staffStream(user: TestUser, query = '', url = baseUrl, app = service.app): Promise<SseStream> {
    return openEventStream(url, tokenOf(await authHeader(app, user)), `/api/staff/events${query}`);
  }

  it('answers 401 without a token, 403 to customers and to staff without a centre, 404 for another centre', async () => {
    const anonymous = await openEventStream(baseUrl, 'not-a-token', '/api/staff/events');
    expect(anonymous.status).toBe(401);
    expect((await staffStream(customer)).status).toBe(403);
    const unassigned = await createUser(scratch.db, 'staff');
    const noCentre = await service.app.inject({ method: 'GET', url: '/api/staff/events', headers: await authHeader(service.app, unassigned) });
    expect(noCentre.statusCode).toBe(403);
    expect(noCentre.json()).toMatchObject({ code: 'NO_CENTRE' });
    expect((await staffStream(otherStaff, `?centreId=${centreId}`)).status).toBe(404);
    expect((await staffStream(admin, '?centreId=999999')).status).toBe(404);
    // A malformed query is the house's 400 VALIDATION_ERROR.
    expect((await staffStream(admin, '?centreId=abc')).status).toBe(400);
  });

  it("streams the centre's floor to its staff, technicians, managers and an admin who chose it, not to another centre", async () => {
    const streams = await Promise.all([
      staffStream(staff),
      staffStream(technician),
      staffStream(manager),
      staffStream(admin, `?centreId=${centreId}`),
      staffStream(otherStaff),
      staffStream(admin, `?centreId=${otherCentreId}`),
    ]);
    const [ours, theirs] = [streams.slice(0, 4), streams.slice(4)];
    try {
      for (const stream of streams) {
        expect(stream.status).toBe(200);
        expect(stream.contentType).toBe('text/event-stream; charset=utf-8');
      }
      const appointment = await newAppointment();
      const confirmed = await service.app.inject({
        method: 'PATCH',
        url: `/api/appointments/${appointment.id}/status`,
        headers: await authHeader(service.app, staff),
        payload: { status: 'CONFIRMED' },
      });
      expect(confirmed.statusCode).toBe(200);
      for (const stream of ours) {
        const event = await stream.next(1_000);
        expect(event.event).toBe('floor-changed');
        expect(floorChangedEventSchema.parse(JSON.parse(event.data))).toEqual({
          centreId,
          kind: 'appointment',
          appointmentId: appointment.id,
          serviceOrderId: null,
          at: service.clock.now().toISOString(),
        });
      }
      for (const stream of theirs) expect(stream.pending()).toEqual([]);
    } finally {
      for (const stream of streams) stream.close();
    }
  });

  it("tells the centre's screens of a stock change (floor-changed, kind inventory), not another centre's", async () => {
    const product = await scratch.db.selectFrom('products').select('id').where('is_active', '=', 1).orderBy('id').executeTakeFirstOrThrow();
    const [ours, theirs] = await Promise.all([staffStream(staff), staffStream(otherStaff)]);
    try {
      const saved = await service.app.inject({
        method: 'PUT',
        url: `/api/inventory/${product.id}/min-stock`,
        headers: await authHeader(service.app, manager),
        payload: { minStock: 3 },
      });
      expect(saved.statusCode).toBe(200);
      const event = await ours.next(1_000);
      expect(event.event).toBe('floor-changed');
      expect(floorChangedEventSchema.parse(JSON.parse(event.data))).toMatchObject({ centreId, kind: 'inventory', appointmentId: null, serviceOrderId: null });
      expect(theirs.pending()).toEqual([]);
    } finally {
      ours.close();
      theirs.close();
    }
  });

  it("tells an admin watching the online warehouse of its goods receipt", async () => {
    const warehouse = await scratch.db.selectFrom('service_centres').select('id').where('kind', '=', 'WAREHOUSE').orderBy('id').executeTakeFirstOrThrow();
    const product = await scratch.db.selectFrom('products').select('id').where('is_active', '=', 1).orderBy('id').executeTakeFirstOrThrow();
    const watching = await staffStream(admin, `?centreId=${warehouse.id}`);
    try {
      expect(watching.status).toBe(200);
      const received = await service.app.inject({
        method: 'POST',
        url: '/api/inventory/goods-receipts',
        headers: await authHeader(service.app, admin),
        payload: { centreId: warehouse.id, supplier: 'Công ty Phụ tùng Sài Gòn', lines: [{ productId: product.id, quantity: 5, unitCost: 120000 }] },
      });
      expect(received.statusCode).toBe(201);
      const event = await watching.next(1_000);
      expect(floorChangedEventSchema.parse(JSON.parse(event.data))).toMatchObject({ centreId: warehouse.id, kind: 'inventory' });
    } finally {
      watching.close();
    }
  });

  it("sends a service order's change to its customer as service-order and to its centre as floor-changed; a guest's to the centre only", async () => {
    // The routes on a bus of the test's own (the app's bus is internal to its plugin).
    const bus = memoryEventBus();
    const probe = buildTestApp(scratch.db, { context: { config: probeConfig, clock: service.clock } });
    void probe.register(appointmentEventsRoutes, { prefix: '/probe', events: bus });
    void probe.register(staffEventsRoutes, { prefix: '/probe', db: scratch.db, events: bus });
    await probe.ready();
    const url = await listen(probe);
    const mine = await openEventStream(url, tokenOf(await authHeader(probe, customer)), '/probe/appointments/events');
    const floor = await openEventStream(url, tokenOf(await authHeader(probe, staff)), '/probe/staff/events');
    const otherFloor = await openEventStream(url, tokenOf(await authHeader(probe, otherStaff)), '/probe/staff/events');
    try {
      expect([mine.status, floor.status, otherFloor.status]).toEqual([200, 200, 200]);
      const event = serviceOrderEvent(41, { status: 'IN_PROGRESS', statusLabel: 'Đang thực hiện' });
      await bus.publishServiceOrder({ userId: customer.id, centreId, event });
      const received = await mine.next(1_000);
      expect(received.event).toBe('service-order');
      expect(serviceOrderEventSchema.parse(JSON.parse(received.data))).toEqual(event);
      expect(JSON.parse((await floor.next(1_000)).data)).toEqual({ centreId, kind: 'service-order', appointmentId: 41, serviceOrderId: 541, at: event.at });

      await bus.publishServiceOrder({ userId: null, centreId, event: serviceOrderEvent(42) });
      expect(JSON.parse((await floor.next(1_000)).data)).toMatchObject({ kind: 'service-order', appointmentId: 42 });
      await bus.publishFloorChange(centreId, { kind: 'payment', appointmentId: null, serviceOrderId: 9, at: new Date('2026-11-19T02:00:00.000Z') });
      expect(JSON.parse((await floor.next(1_000)).data)).toEqual({ centreId, kind: 'payment', appointmentId: null, serviceOrderId: 9, at: '2026-11-19T02:00:00.000Z' });
      // A guest's appointment status reaches the centre too.
      await bus.publish({ userId: null, centreId, event: { appointmentId: 43, code: 'LH261120ABCDE', status: 'CONFIRMED', statusLabel: 'Đã xác nhận', at: event.at } });
      expect(JSON.parse((await floor.next(1_000)).data)).toEqual({ centreId, kind: 'appointment', appointmentId: 43, serviceOrderId: null, at: event.at });
      expect(mine.pending()).toEqual([]);
      expect(otherFloor.pending()).toEqual([]);
      expect(bus.subscriberCount()).toBe(3);
    } finally {
      mine.close();
      floor.close();
      otherFloor.close();
      await probe.close();
    }
    expect(bus.subscriberCount()).toBe(0);
  });

  /**
   * Two API instances on the same database and broker: the streams are served by one; the other changes an
   * appointment through the API and publishes a service order's change on its own bus. Each arrives within 1 s.
   */
  async function crossInstance(overrides: Partial<Config>, connect: () => Kysely<Database>): Promise<void> {
    const secondDb = connect();
    const streaming = await startServiceApp(scratch.db, { configOverrides: overrides });
    const changing = await startServiceApp(secondDb, { configOverrides: overrides });
    const publisher = createEventBus({ config: changing.config, db: secondDb, log: silentLog });
    expect(publisher.kind).toBe(overrides.redisUrl ? 'redis' : 'postgres');
    try {
      const url = await listen(streaming.app);
      const customerStream = await openEventStream(url, tokenOf(await authHeader(streaming.app, customer)));
      const floor = await staffStream(staff, '', url, streaming.app);
      try {
        const appointment = await newAppointment(changing.app);
        // The booking itself tells the floor.
        expect(JSON.parse((await floor.next(1_000)).data)).toMatchObject({ centreId, kind: 'appointment', appointmentId: appointment.id });
        let sent = Date.now();
        const confirmed = await changing.app.inject({
          method: 'PATCH',
          url: `/api/appointments/${appointment.id}/status`,
          headers: await authHeader(changing.app, staff),
          payload: { status: 'CONFIRMED' },
        });
        expect(confirmed.statusCode).toBe(200);
        expect(JSON.parse((await customerStream.next(1_000)).data)).toMatchObject({ appointmentId: appointment.id, status: 'CONFIRMED' });
        expect(JSON.parse((await floor.next(1_000)).data)).toMatchObject({ centreId, kind: 'appointment', appointmentId: appointment.id });
        expect(Date.now() - sent).toBeLessThan(1_000);

        sent = Date.now();
        const event = serviceOrderEvent(appointment.id);
        await publisher.publishServiceOrder({ userId: customer.id, centreId, event });
        const received = await customerStream.next(1_000);
        expect(received).toEqual({ event: 'service-order', data: JSON.stringify(event) });
        expect(JSON.parse((await floor.next(1_000)).data)).toMatchObject({ kind: 'service-order', appointmentId: appointment.id, serviceOrderId: event.serviceOrderId });
        await publisher.publishFloorChange(centreId, { kind: 'payment', appointmentId: appointment.id, serviceOrderId: event.serviceOrderId });
        expect(JSON.parse((await floor.next(1_000)).data)).toMatchObject({ kind: 'payment', appointmentId: appointment.id });
        expect(Date.now() - sent).toBeLessThan(1_000);
      } finally {
        customerStream.close();
        floor.close();
      }
    } finally {
      await publisher.close();
      await streaming.close();
      await changing.close();
      await secondDb.destroy();
    }
  }

  it('delivers both kinds from another API instance through Redis pub/sub', async () => {
    await crossInstance({ redisUrl: REDIS_URL, databaseUrl: scratch.config.databaseUrl, sqliteFile: scratch.config.sqliteFile }, () => scratch.connect());
  });

  if (target.dialect === 'postgres') {
    it('delivers both kinds from another API instance through PostgreSQL LISTEN/NOTIFY (no Redis)', async () => {
      await crossInstance({ redisUrl: null, databaseUrl: scratch.config.databaseUrl }, () => scratch.connect());
    });
  }
});
