import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ServiceOrderDetail } from 'shared-contracts/schemas';
import { vietnamInstant } from 'shared-contracts/schemas';
import type { App } from '../../src/app';
import type { Database } from '../../src/db/schema';
import { occupiedSteps } from '../../src/modules/bookings/schedule';
import { oneDatabase, productionDatabase, testDatabases, useScratchDatabase, type ScratchDatabase, type TestDatabaseTarget } from './testDatabases';
import { authHeader, createCentre, createUser, DEFAULT_NOW, nextCarPlate, startServiceApp, type ServiceApp, type TestUser } from './serviceTestKit';

export { oneDatabase, productionDatabase, testDatabases };

/**
 * The back office's test floor: a seeded scratch database, an app on a manual clock (Thursday 19/11/2026 08:00
 * in Vietnam, so 'today' is TODAY), two centres (A with bays, B another centre), people of every role assigned
 * to centre A through staff_assignments, a staff member and a technician of centre B, an admin (no centre),
 * and helpers that book an appointment for today straight into the database (slot_occupancy kept in step) and
 * drive it through check-in, start and finish with the API.
 *
 *   describe.each(testDatabases())('check-in on $label', (target) => {
 *     const floor = useFloor(target);
 *     it('...', async () => {
 *       const booked = await floor.bookToday();
 *       const response = await floor.checkIn(booked.appointmentId, { odometerKm: 12_500 });
 *     });
 *   });
 */

/** The Vietnamese date of DEFAULT_NOW. */
export const TODAY = '2026-11-19';
export const TOMORROW = '2026-11-20';
export const CENTRE_A_BAYS = 6;
/** The odometer every vehicle of bookToday starts with. */
export const START_ODOMETER_KM = 12_000;

export type FloorRole = 'customer' | 'staff' | 'technician' | 'technician2' | 'manager' | 'admin' | 'staffB' | 'technicianB' | 'managerB';

export interface BookedAppointment {
  appointmentId: number;
  code: string;
  centreId: number;
  /** null for a guest's appointment. */
  userId: number | null;
  vehicleId: number | null;
  licensePlate: string;
  serviceIds: number[];
  start: string;
}

export interface BookTodayOptions {
  /** The customer (default floor.users.customer); null books as a guest (no account, no vehicle row). */
  customer?: TestUser | null;
  /** Default ['bao-duong-co-ban']. */
  serviceSlugs?: string[];
  /** Local 'HH:MM' (default '09:00'). */
  time?: string;
  /** Default TODAY. */
  date?: string;
  /** Default centre A. */
  centreId?: number;
  /** Default 'CONFIRMED'. */
  status?: 'PENDING' | 'CONFIRMED' | 'CANCELLED' | 'NO_SHOW';
  /** An existing vehicle of the customer (default: a new car with START_ODOMETER_KM). */
  vehicleId?: number;
  /** A package credit of the customer that paid for its service (that service is booked at price 0). */
  packageCreditId?: number;
}

export interface CheckInBody {
  odometerKm?: number;
  customerConcern?: string | null;
  intakeNote?: string | null;
  technicianId?: number | null;
  bayNo?: number | null;
  /** Symptom codes staff confirm (an unknown code is the caller's to try). */
  symptoms?: string[];
}

type InjectResponse = Awaited<ReturnType<App['inject']>>;

/** A service order invoiced at the counter: its id, its invoice's id, code and total. */
export interface CounterInvoice {
  orderId: number;
  invoiceId: number;
  code: string;
  total: number;
}

export interface Floor {
  readonly scratch: ScratchDatabase;
  readonly db: Kysely<Database>;
  readonly service: ServiceApp;
  readonly app: App;
  readonly centreA: { id: number; bays: number };
  readonly centreB: { id: number; bays: number };
  readonly users: Record<FloorRole, TestUser>;
  /** Authorization header of a fresh token of `user`. */
  headers(user: TestUser): Promise<{ authorization: string }>;
  /** app.inject as `user` (null: anonymous). */
  request(user: TestUser | null, method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: unknown): Promise<InjectResponse>;
  /** A new staff/technician/manager user assigned to `centreId` (default A). */
  addMember(role: 'staff' | 'technician' | 'manager', centreId?: number, fullName?: string): Promise<TestUser>;
  /** A car of `customer` (odometer START_ODOMETER_KM with a first reading). */
  addCar(customer: TestUser, odometerKm?: number): Promise<{ id: number; licensePlate: string }>;
  /** An appointment written straight into the database (its steps counted in slot_occupancy). */
  bookToday(options?: BookTodayOptions): Promise<BookedAppointment>;
  /** POST /api/staff/appointments/:id/check-in as `user` (default staff of A); odometerKm defaults to START_ODOMETER_KM + 500. */
  checkIn(appointmentId: number, body?: CheckInBody, user?: TestUser): Promise<InjectResponse>;
  /** bookToday + checkIn (201 asserted): the service order's detail. */
  openOrder(options?: BookTodayOptions & { checkIn?: CheckInBody }): Promise<ServiceOrderDetail>;
  /** openOrder assigned to `technician` (default technician of A), then started by them: IN_PROGRESS. */
  startedOrder(options?: BookTodayOptions & { checkIn?: CheckInBody; technician?: TestUser }): Promise<ServiceOrderDetail>;
  /** startedOrder, every checklist item answered PASS in the database, then finished: WORK_DONE. */
  finishedOrder(options?: BookTodayOptions & { checkIn?: CheckInBody; technician?: TestUser }): Promise<ServiceOrderDetail>;
  /**
   * finishedOrder of centre A on a technician of its own, each call at its own time (07:00, 08:00 … then the half
   * hours), invoiced by staff of A (201 asserted): not paid yet.
   */
  invoicedServiceOrder(): Promise<CounterInvoice>;
  /** invoicedServiceOrder, then paid in cash at the counter (200 asserted). */
  paidServiceInvoice(): Promise<CounterInvoice>;
  /** GET /api/service-orders/:id as staff of A (200 asserted). */
  detail(serviceOrderId: number, user?: TestUser): Promise<ServiceOrderDetail>;
  /** POST /api/service-orders/:id/<action> as `user` with the order's current version (plus `body`). */
  act(serviceOrderId: number, action: 'start' | 'finish' | 'reopen' | 'cancel', user: TestUser, body?: Record<string, unknown>): Promise<InjectResponse>;
  /** PATCH /api/service-orders/:id/assignment as `user` (default staff of A) with the order's current version. */
  assign(serviceOrderId: number, body: { technicianId?: number | null; bayNo?: number | null }, user?: TestUser): Promise<InjectResponse>;
  /** The order's row as the database has it now. */
  orderRow(serviceOrderId: number): Promise<{ status: string; version: number; technician_id: number | null; bay_no: number | null }>;
  /** The id of a seeded service. */
  serviceId(slug: string): Promise<number>;
  /** A package credit of `customer` for the service `serviceSlug` (2 uses, none used), as a paid package order leaves it. */
  addPackageCredit(customer: TestUser, serviceSlug: string): Promise<number>;
}

let memberCounter = 0;

/**
 * Registers beforeAll/afterAll: a seeded scratch database of `target`, the app, the centres and the people.
 * Read the fields inside tests or hooks only.
 */
export function useFloor(target: TestDatabaseTarget, options: { now?: string } = {}): Floor {
  // The floor runs on its own clock (DEFAULT_NOW), days before the demo's today: the run's seeded copy serves it.
  const scratch = useScratchDatabase(target, { seed: 'atRunStart' });
  let service: ServiceApp | null = null;
  let centreA = { id: 0, bays: CENTRE_A_BAYS };
  let centreB = { id: 0, bays: 3 };
  const users = {} as Record<FloorRole, TestUser>;
  const serviceIds = new Map<string, { id: number; name: string; price: number; duration: number }>();

  const current = (): ServiceApp => {
    if (!service) throw new Error('the floor exists only inside tests and hooks');
    return service;
  };

  async function assignToCentre(user: TestUser, centreId: number): Promise<void> {
    await scratch.db.insertInto('staff_assignments').values({ user_id: user.id, centre_id: centreId, assigned_at: '2026-01-01T00:00:00.000Z', ended_at: null }).execute();
  }

  async function addMember(role: 'staff' | 'technician' | 'manager', centreId = centreA.id, fullName?: string): Promise<TestUser> {
    memberCounter += 1;
    const user = await createUser(scratch.db, role, fullName ?? `${role === 'technician' ? 'Kỹ thuật viên' : role === 'manager' ? 'Quản lý' : 'Nhân viên'} ${memberCounter}`);
    await assignToCentre(user, centreId);
    return user;
  }

  async function serviceInfo(slug: string) {
    let info = serviceIds.get(slug);
    if (!info) {
      const row = await scratch.db.selectFrom('services').select(['id', 'name', 'price', 'duration_minutes']).where('slug', '=', slug).executeTakeFirstOrThrow();
      info = { id: row.id, name: row.name, price: row.price, duration: row.duration_minutes };
      serviceIds.set(slug, info);
    }
    return info;
  }

  async function addCar(customer: TestUser, odometerKm = START_ODOMETER_KM) {
    const at = DEFAULT_NOW;
    const licensePlate = nextCarPlate();
    const row = await scratch.db
      .insertInto('vehicles')
      .values({
        user_id: customer.id,
        type: 'car',
        brand: 'VinFast',
        model: 'VF 8',
        year: 2024,
        license_plate: licensePlate,
        vin: null,
        color: null,
        odometer_km: odometerKm,
        battery_capacity_wh: null,
        nickname: null,
        created_at: at,
        updated_at: at,
        deleted_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await scratch.db.insertInto('vehicle_odometer_readings').values({ vehicle_id: row.id, odometer_km: odometerKm, source: 'customer', note: null, recorded_at: '2026-10-01T01:00:00.000Z' }).execute();
    return { id: row.id, licensePlate };
  }

  let codeCounter = 0;

  async function bookToday(bookOptions: BookTodayOptions = {}): Promise<BookedAppointment> {
    const db = scratch.db;
    const customer = bookOptions.customer === undefined ? users.customer : bookOptions.customer;
    const centreId = bookOptions.centreId ?? centreA.id;
    const start = vietnamInstant(bookOptions.date ?? TODAY, bookOptions.time ?? '09:00');
    const services = await Promise.all((bookOptions.serviceSlugs ?? ['bao-duong-co-ban']).map(serviceInfo));
    let creditServiceId: number | null = null;
    if (bookOptions.packageCreditId !== undefined) {
      creditServiceId = (await db.selectFrom('package_credits').select('service_id').where('id', '=', bookOptions.packageCreditId).executeTakeFirstOrThrow()).service_id;
      await db
        .updateTable('package_credits')
        .set((eb) => ({ quantity_used: eb('quantity_used', '+', 1) }))
        .where('id', '=', bookOptions.packageCreditId)
        .execute();
    }
    const priced = services.map((info) => ({ ...info, price: info.id === creditServiceId ? 0 : info.price }));
    const duration = priced.reduce((sum, info) => sum + info.duration, 0);
    let vehicle: { id: number | null; licensePlate: string };
    if (customer === null) vehicle = { id: null, licensePlate: nextCarPlate() };
    else if (bookOptions.vehicleId !== undefined) {
      const row = await db.selectFrom('vehicles').select(['id', 'license_plate']).where('id', '=', bookOptions.vehicleId).executeTakeFirstOrThrow();
      vehicle = { id: row.id, licensePlate: row.license_plate };
    } else vehicle = await addCar(customer);
    const contact = customer
      ? await db.selectFrom('users').select(['full_name', 'phone_number', 'email']).where('id', '=', customer.id).executeTakeFirstOrThrow()
      : { full_name: 'Khách Vãng Lai', phone_number: '0987654321', email: `khach.vang.lai.${process.pid}@example.vn` };
    codeCounter += 1;
    const code = `LH${(bookOptions.date ?? TODAY).replace(/-/g, '').slice(2)}T${String(process.pid % 1000).padStart(3, '0')}${String(codeCounter).padStart(4, '0')}`;
    const status = bookOptions.status ?? 'CONFIRMED';
    const at = DEFAULT_NOW;
    const row = await db
      .insertInto('appointments')
      .values({
        code,
        user_id: customer?.id ?? null,
        vehicle_id: vehicle.id,
        vehicle_type: 'car',
        vehicle_brand: 'VinFast',
        vehicle_model: 'VF 8',
        license_plate: vehicle.licensePlate,
        centre_id: centreId,
        starts_at: start.toISOString(),
        ends_at: new Date(start.getTime() + duration * 60_000).toISOString(),
        status,
        estimated_price: priced.reduce((sum, info) => sum + info.price, 0),
        estimated_duration_minutes: duration,
        note: null,
        contact_name: contact.full_name,
        contact_phone: contact.phone_number ?? '0912345678',
        contact_email: contact.email,
        package_credit_id: bookOptions.packageCreditId ?? null,
        hold_expires_at: null,
        cancel_reason: null,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('appointment_services')
      .values(priced.map((info) => ({ appointment_id: row.id, service_id: info.id, service_name: info.name, price: info.price, duration_minutes: info.duration })))
      .execute();
    await db
      .insertInto('appointment_status_history')
      .values({ appointment_id: row.id, from_status: null, to_status: status, changed_by: customer?.id ?? null, note: null, created_at: at })
      .execute();
    if (status === 'PENDING' || status === 'CONFIRMED') {
      for (const slotStart of occupiedSteps(start, duration)) {
        await db
          .insertInto('slot_occupancy')
          .values({ centre_id: centreId, slot_start: slotStart, booked: 1 })
          .onConflict((conflict) => conflict.columns(['centre_id', 'slot_start']).doUpdateSet((eb) => ({ booked: eb('slot_occupancy.booked', '+', 1) })))
          .execute();
      }
    }
    // As a booking made through the API does (publishBooked): the centre's screens learn of it.
    await current().events.publishFloorChange(centreId, { kind: 'appointment', appointmentId: row.id, serviceOrderId: null });
    return {
      appointmentId: row.id,
      code,
      centreId,
      userId: customer?.id ?? null,
      vehicleId: vehicle.id,
      licensePlate: vehicle.licensePlate,
      serviceIds: priced.map((info) => info.id),
      start: start.toISOString(),
    };
  }

  async function request(user: TestUser | null, method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: unknown): Promise<InjectResponse> {
    const app = current().app;
    return app.inject({ method, url, headers: user ? await authHeader(app, user) : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
  }

  function checkIn(appointmentId: number, body: CheckInBody = {}, user: TestUser = users.staff): Promise<InjectResponse> {
    return request(user, 'POST', `/api/staff/appointments/${appointmentId}/check-in`, { odometerKm: START_ODOMETER_KM + 500, ...body });
  }

  async function detail(serviceOrderId: number, user: TestUser = users.staff): Promise<ServiceOrderDetail> {
    const response = await request(user, 'GET', `/api/service-orders/${serviceOrderId}`);
    if (response.statusCode !== 200) throw new Error(`service order detail failed: ${response.statusCode} ${response.body}`);
    return (response.json() as { data: ServiceOrderDetail }).data;
  }

  async function act(serviceOrderId: number, action: 'start' | 'finish' | 'reopen' | 'cancel', user: TestUser, body: Record<string, unknown> = {}): Promise<InjectResponse> {
    const row = await scratch.db.selectFrom('service_orders').select('version').where('id', '=', serviceOrderId).executeTakeFirstOrThrow();
    return request(user, 'POST', `/api/service-orders/${serviceOrderId}/${action}`, { version: row.version, ...body });
  }

  async function assign(serviceOrderId: number, body: { technicianId?: number | null; bayNo?: number | null }, user: TestUser = users.staff): Promise<InjectResponse> {
    const row = await scratch.db.selectFrom('service_orders').select('version').where('id', '=', serviceOrderId).executeTakeFirstOrThrow();
    return request(user, 'PATCH', `/api/service-orders/${serviceOrderId}/assignment`, { version: row.version, ...body });
  }

  async function orderRow(serviceOrderId: number) {
    return scratch.db.selectFrom('service_orders').select(['status', 'version', 'technician_id', 'bay_no']).where('id', '=', serviceOrderId).executeTakeFirstOrThrow();
  }

  async function openOrder(orderOptions: BookTodayOptions & { checkIn?: CheckInBody } = {}): Promise<ServiceOrderDetail> {
    const booked = await bookToday(orderOptions);
    const response = await checkIn(booked.appointmentId, orderOptions.checkIn);
    if (response.statusCode !== 201) throw new Error(`check-in failed: ${response.statusCode} ${response.body}`);
    return (response.json() as { data: ServiceOrderDetail }).data;
  }

  async function startedOrder(orderOptions: BookTodayOptions & { checkIn?: CheckInBody; technician?: TestUser } = {}): Promise<ServiceOrderDetail> {
    const technician = orderOptions.technician ?? users.technician;
    const opened = await openOrder({ ...orderOptions, checkIn: { technicianId: technician.id, ...orderOptions.checkIn } });
    const response = await act(opened.id, 'start', technician);
    if (response.statusCode !== 200) throw new Error(`start failed: ${response.statusCode} ${response.body}`);
    return (response.json() as { data: ServiceOrderDetail }).data;
  }

  async function finishedOrder(orderOptions: BookTodayOptions & { checkIn?: CheckInBody; technician?: TestUser } = {}): Promise<ServiceOrderDetail> {
    const technician = orderOptions.technician ?? users.technician;
    const started = await startedOrder(orderOptions);
    await scratch.db
      .updateTable('service_order_checklist_items')
      .set({ result: 'PASS', checked_by: technician.id, checked_at: current().clock.now().toISOString() })
      .where('service_order_id', '=', started.id)
      .execute();
    const response = await act(started.id, 'finish', technician);
    if (response.statusCode !== 200) throw new Error(`finish failed: ${response.statusCode} ${response.body}`);
    return (response.json() as { data: ServiceOrderDetail }).data;
  }

  let invoiceSlot = 0;
  async function invoicedServiceOrder(): Promise<CounterInvoice> {
    invoiceSlot += 1;
    const technician = await addMember('technician');
    const order = await finishedOrder({ time: `${String(7 + (invoiceSlot % 11)).padStart(2, '0')}:${invoiceSlot > 11 ? '30' : '00'}`, technician });
    const issued = await request(users.staff, 'POST', `/api/service-orders/${order.id}/invoice`);
    expect(issued.statusCode).toBe(201);
    const invoice = issued.json().data as { id: number; code: string; total: number };
    return { orderId: order.id, invoiceId: invoice.id, code: invoice.code, total: invoice.total };
  }

  async function paidServiceInvoice(): Promise<CounterInvoice> {
    const invoiced = await invoicedServiceOrder();
    const confirmed = await request(users.staff, 'POST', `/api/service-orders/${invoiced.orderId}/payment/confirm`, { method: 'CASH' });
    expect(confirmed.statusCode).toBe(200);
    return invoiced;
  }

  async function addPackageCredit(customer: TestUser, serviceSlug: string): Promise<number> {
    const db = scratch.db;
    const pack = await db.selectFrom('service_packages').select(['id', 'price']).where('slug', '=', 'tieu-chuan').executeTakeFirstOrThrow();
    const order = await db
      .insertInto('orders')
      .values({
        code: `EV${randomBytes(5).toString('hex').toUpperCase()}`,
        user_id: customer.id,
        status: 'COMPLETED',
        payment_method: 'VIETQR',
        payment_status: 'PAID',
        subtotal: pack.price,
        total: pack.price,
        promotion_id: null,
        promotion_code: null,
        fulfilment_method: 'pickup',
        province: null,
        ward: null,
        street: null,
        centre_id: centreA.id,
        recipient_name: 'Khách mua gói',
        phone: '0912345678',
        note: null,
        idempotency_key: randomBytes(8).toString('hex'),
        request_hash: randomBytes(32).toString('hex'),
        cancel_reason: null,
        paid_at: '2026-11-01T01:00:00.000Z',
        created_at: '2026-11-01T01:00:00.000Z',
        updated_at: '2026-11-01T01:00:00.000Z',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const credit = await db
      .insertInto('package_credits')
      .values({
        user_id: customer.id,
        order_id: order.id,
        package_id: pack.id,
        service_id: (await serviceInfo(serviceSlug)).id,
        quantity_total: 2,
        quantity_used: 0,
        expires_at: '2027-11-19T01:00:00.000Z',
        created_at: '2026-11-01T01:00:00.000Z',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return credit.id;
  }

  beforeAll(async () => {
    service = await startServiceApp(scratch.db, { now: options.now ?? DEFAULT_NOW });
    centreA = { id: await createCentre(scratch.db, { bays: CENTRE_A_BAYS, open: '07:00', close: '20:00' }), bays: CENTRE_A_BAYS };
    centreB = { id: await createCentre(scratch.db, { bays: 3 }), bays: 3 };
    users.customer = await createUser(scratch.db, 'customer', 'Phạm Khách Hàng');
    users.admin = await createUser(scratch.db, 'admin', 'Lê Quản Trị');
    users.staff = await addMember('staff', centreA.id, 'Trần Nhân Viên');
    users.technician = await addMember('technician', centreA.id, 'Nguyễn Kỹ Thuật');
    users.technician2 = await addMember('technician', centreA.id, 'Đỗ Kỹ Thuật Hai');
    users.manager = await addMember('manager', centreA.id, 'Hoàng Quản Lý');
    users.staffB = await addMember('staff', centreB.id, 'Vũ Nhân Viên B');
    users.technicianB = await addMember('technician', centreB.id, 'Bùi Kỹ Thuật B');
    users.managerB = await addMember('manager', centreB.id, 'Phan Quản Lý B');
  });
  afterAll(async () => {
    await service?.close();
    service = null;
  });

  return {
    scratch,
    get db() {
      return scratch.db;
    },
    get service() {
      return current();
    },
    get app() {
      return current().app;
    },
    get centreA() {
      return centreA;
    },
    get centreB() {
      return centreB;
    },
    users,
    headers: (user) => authHeader(current().app, user),
    request,
    addMember,
    addCar,
    bookToday,
    checkIn,
    openOrder,
    startedOrder,
    finishedOrder,
    invoicedServiceOrder,
    paidServiceInvoice,
    detail,
    act,
    assign,
    orderRow,
    serviceId: async (slug) => (await serviceInfo(slug)).id,
    addPackageCredit,
  };
}
