import { slotFullErrorSchema, staffAppointmentSchema, VEHICLE_MODEL_MESSAGE, vietnamInstant } from 'shared-contracts/schemas';
import { createCentre, createUser, nextCarPlate, occupancy, type TestUser } from '../../support/serviceTestKit';
import { listen, openEventStream } from '../../support/sseClient';
import { TODAY, TOMORROW, testDatabases, useFloor } from '../../support/floorTestKit';

/**
 * POST /api/staff/appointments/walk-in: a customer at the counter is booked into the first free 30-minute step
 * from now, through the booking's capacity rule, CONFIRMED, on their account when they have one.
 */
describe.each(testDatabases())('walk-ins on $label', (target) => {
  const floor = useFloor(target);
  let basic: number;
  let advanced: number;

  beforeAll(async () => {
    basic = await floor.serviceId('bao-duong-co-ban');
    advanced = await floor.serviceId('bao-duong-nang-cao');
  });
  afterEach(() => floor.service.clock.set('2026-11-19T01:00:00.000Z'));

  let counter = 0;
  function guestContact() {
    counter += 1;
    return { fullName: 'Lê Văn Khách', phone: `0977${String(100_000 + counter).slice(-6)}`, email: `walkin.${counter}@example.vn` };
  }

  function walkIn(user: TestUser, body: Record<string, unknown>) {
    return floor.request(user, 'POST', '/api/staff/appointments/walk-in', body);
  }

  it("books a guest into the step under way, CONFIRMED, and takes the steps' capacity", async () => {
    // 08:10 in Vietnam: the 08:00 step is under way.
    floor.service.clock.set(vietnamInstant(TODAY, '08:10'));
    const centreId = await createCentre(floor.db, { bays: 2, open: '07:00', close: '18:00' });
    const staff = await floor.addMember('staff', centreId);
    const plate = nextCarPlate();
    const response = await walkIn(staff, {
      contact: guestContact(),
      vehicle: { type: 'car', brand: 'VinFast', model: 'VF 8', licensePlate: plate },
      serviceIds: [basic],
      note: 'Xe kêu ở bánh trước',
    });
    expect(response.statusCode).toBe(201);
    const created = staffAppointmentSchema.parse(response.json().data);
    expect(response.json().message).toBe('Đã tạo lịch hẹn cho khách đến trực tiếp.');
    expect(created).toMatchObject({
      start: vietnamInstant(TODAY, '08:00').toISOString(),
      end: vietnamInstant(TODAY, '08:45').toISOString(),
      status: 'CONFIRMED',
      licensePlate: plate,
      customer: { userId: null, fullName: 'Lê Văn Khách' },
      vehicle: { id: null },
      services: ['Bảo dưỡng cơ bản'],
      note: 'Xe kêu ở bánh trước',
      serviceOrder: null,
    });
    expect(await occupancy(floor.db, centreId)).toEqual({
      [vietnamInstant(TODAY, '08:00').toISOString()]: 1,
      [vietnamInstant(TODAY, '08:30').toISOString()]: 1,
    });
    const history = await floor.db.selectFrom('appointment_status_history').select(['from_status', 'to_status', 'changed_by', 'note']).where('appointment_id', '=', created.id).execute();
    expect(history).toEqual([{ from_status: null, to_status: 'CONFIRMED', changed_by: staff.id, note: 'Khách đến trực tiếp' }]);
    // It is on the day view, and a check-in can follow at once.
    const day = await floor.request(staff, 'GET', '/api/staff/appointments');
    expect(day.json().data.appointments.map((appointment: { id: number }) => appointment.id)).toContain(created.id);
  });

  it("puts a registered customer's walk-in on their account, with their vehicle, found by vehicle, email or phone", async () => {
    const customer = await createUser(floor.db, 'customer', 'Đặng Thị Quen');
    const row = await floor.db.selectFrom('users').select(['email', 'phone_number']).where('id', '=', customer.id).executeTakeFirstOrThrow();
    const car = await floor.addCar(customer);
    const { staff } = floor.users;

    const byVehicle = await walkIn(staff, { contact: { fullName: 'Đặng Thị Quen', phone: row.phone_number, email: row.email }, vehicleId: car.id, serviceIds: [basic] });
    expect(byVehicle.statusCode).toBe(201);
    expect(byVehicle.json().data).toMatchObject({ customer: { userId: customer.id }, vehicle: { id: car.id }, licensePlate: car.licensePlate, lastOdometerKm: 12_000 });

    // By email (another case), the same plate: their vehicle — once its first walk-in is no longer live (one car, one
    // live appointment at a time: a second one now is refused, naming the first).
    const sameCar = {
      contact: { fullName: 'Chị Quen', phone: '0966000111', email: row.email.toUpperCase() },
      vehicle: { type: 'car', brand: 'VinFast', model: 'VF 8', licensePlate: car.licensePlate },
      serviceIds: [basic],
    };
    const twice = await walkIn(staff, sameCar);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'VEHICLE_ALREADY_BOOKED', message: expect.stringContaining(`Xe ${car.licensePlate} đã có lịch hẹn ${byVehicle.json().data.code}`) });
    expect((await floor.request(staff, 'PATCH', `/api/appointments/${byVehicle.json().data.id}/status`, { status: 'CANCELLED' })).statusCode).toBe(200);
    const byEmail = await walkIn(staff, sameCar);
    expect(byEmail.statusCode).toBe(201);
    expect(byEmail.json().data).toMatchObject({ customer: { userId: customer.id, fullName: 'Chị Quen' }, vehicle: { id: car.id } });

    // By phone, a new plate: added to their vehicles.
    const newPlate = nextCarPlate();
    const byPhone = await walkIn(staff, {
      contact: { fullName: 'Đặng Thị Quen', phone: row.phone_number, email: 'khac@example.vn' },
      vehicle: { type: 'car', brand: 'VinFast', model: 'VF 8', licensePlate: newPlate },
      serviceIds: [basic],
    });
    expect(byPhone.statusCode).toBe(201);
    const added = await floor.db.selectFrom('vehicles').select(['id']).where('user_id', '=', customer.id).where('license_plate', '=', newPlate).executeTakeFirstOrThrow();
    expect(byPhone.json().data).toMatchObject({ customer: { userId: customer.id }, vehicle: { id: added.id } });

    // The customer sees them in their appointments.
    const mine = await floor.request(customer, 'GET', '/api/appointments?scope=all');
    const ids = mine.json().data.map((item: { id: number }) => item.id);
    expect(ids).toEqual(expect.arrayContaining([byVehicle.json().data.id, byEmail.json().data.id, byPhone.json().data.id]));
    // A staff account with that email is no customer: a guest appointment.
    const staffEmail = (await floor.db.selectFrom('users').select('email').where('id', '=', floor.users.manager.id).executeTakeFirstOrThrow()).email;
    const notACustomer = await walkIn(staff, { contact: { ...guestContact(), email: staffEmail }, vehicle: { type: 'car', brand: 'VinFast', model: 'VF 8', licensePlate: nextCarPlate() }, serviceIds: [basic] });
    expect(notACustomer.json().data.customer.userId).toBeNull();
  });

  it("books a customer who is not yet the centre's only on their own phone number, so no vehicle id or email opens their record", async () => {
    const customer = await createUser(floor.db, 'customer', 'Phan Thị Lạ');
    const row = await floor.db.selectFrom('users').select(['email', 'phone_number']).where('id', '=', customer.id).executeTakeFirstOrThrow();
    const car = await floor.addCar(customer);
    const { staff } = floor.users;
    const stranger = { fullName: 'Người Lạ', phone: '0966000222', email: 'nguoi.la@example.vn' };
    const appointmentsOf = async () => (await floor.db.selectFrom('appointments').select('id').where('user_id', '=', customer.id).execute()).length;

    for (const body of [
      { contact: stranger, vehicleId: car.id, serviceIds: [basic] },
      { contact: { ...stranger, email: row.email }, vehicle: { type: 'car', brand: 'VinFast', model: 'VF 8', licensePlate: nextCarPlate() }, serviceIds: [basic] },
    ]) {
      const refused = await walkIn(staff, body);
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({ code: 'WALK_IN_PHONE_MISMATCH', message: expect.stringMatching(/^Số điện thoại liên hệ không khớp/) });
    }
    expect(await appointmentsOf()).toBe(0);
    // Still not the centre's customer: their detail stays closed to the counter.
    expect((await floor.request(staff, 'GET', `/api/staff/customers/${customer.id}`)).statusCode).toBe(404);

    // With their own number (written as they say it), the walk-in goes on their account.
    const spoken = `+84 ${row.phone_number!.slice(1, 4)} ${row.phone_number!.slice(4)}`;
    const booked = await walkIn(staff, { contact: { ...stranger, phone: spoken }, vehicleId: car.id, serviceIds: [basic] });
    expect(booked.statusCode).toBe(201);
    expect(await appointmentsOf()).toBe(1);
  });

  it("tells the customer's stream and the centre's floor", async () => {
    const customer = await createUser(floor.db, 'customer');
    const car = await floor.addCar(customer);
    const baseUrl = await listen(floor.app);
    const stream = await openEventStream(baseUrl, (await floor.headers(customer)).authorization.slice(7));
    const floorStream = await openEventStream(baseUrl, (await floor.headers(floor.users.technician)).authorization.slice(7), '/api/staff/events');
    try {
      const row = await floor.db.selectFrom('users').select(['email', 'phone_number', 'full_name']).where('id', '=', customer.id).executeTakeFirstOrThrow();
      const response = await walkIn(floor.users.staff, { contact: { fullName: row.full_name, phone: row.phone_number, email: row.email }, vehicleId: car.id, serviceIds: [basic] });
      expect(response.statusCode).toBe(201);
      expect(JSON.parse((await stream.next(1_000)).data)).toMatchObject({ appointmentId: response.json().data.id, status: 'CONFIRMED' });
      expect(JSON.parse((await floorStream.next(1_000)).data)).toMatchObject({ centreId: floor.centreA.id, kind: 'appointment', appointmentId: response.json().data.id });
    } finally {
      stream.close();
      floorStream.close();
    }
  });

  it('takes the next free step when the current one is full, and answers 409 SLOT_FULL with the next slots when today is', async () => {
    floor.service.clock.set(vietnamInstant(TODAY, '16:40'));
    const centreId = await createCentre(floor.db, { bays: 1, open: '08:00', close: '18:00' });
    const staff = await floor.addMember('staff', centreId);
    await floor.bookToday({ centreId, time: '16:30', status: 'CONFIRMED' });
    const body = () => ({ contact: guestContact(), vehicle: { type: 'car', brand: 'VinFast', model: 'VF 8', licensePlate: nextCarPlate() }, serviceIds: [basic] });
    // 16:30–17:15 is booked; 17:30 + 45 minutes ends after closing: nothing left today.
    const full = await walkIn(staff, body());
    expect(full.statusCode).toBe(409);
    const answer = slotFullErrorSchema.parse(full.json());
    expect(answer).toMatchObject({ code: 'SLOT_FULL', message: 'Khung giờ này vừa hết chỗ, vui lòng chọn giờ khác' });
    expect(answer.nextSlots.length).toBeGreaterThan(0);
    expect(answer.nextSlots[0]!.start).toBe(vietnamInstant(TOMORROW, '08:00').toISOString());
    expect(await floor.db.selectFrom('appointments').select('id').where('centre_id', '=', centreId).execute()).toHaveLength(1);

    // At 14:20, a 90-minute service takes the step under way (14:00–15:30); the next 45-minute one starts
    // after it (15:30–16:15); then another 90-minute one finds no 3 free steps before closing.
    floor.service.clock.set(vietnamInstant(TODAY, '14:20'));
    const fits = await walkIn(staff, { ...body(), serviceIds: [advanced] });
    expect(fits.statusCode).toBe(201);
    expect(fits.json().data.start).toBe(vietnamInstant(TODAY, '14:00').toISOString());
    const next = await walkIn(staff, body());
    expect(next.statusCode).toBe(201);
    expect(next.json().data.start).toBe(vietnamInstant(TODAY, '15:30').toISOString());
    const none = await walkIn(staff, { ...body(), serviceIds: [advanced] });
    expect(none.statusCode).toBe(409);
    expect(none.json().code).toBe('SLOT_FULL');
  });

  it('never books more walk-ins than there are bays: 12 at once for one free bay', async () => {
    floor.service.clock.set(vietnamInstant(TODAY, '08:05'));
    // One bay, open until 09:00: one 45-minute service fits today, from 08:00.
    const centreId = await createCentre(floor.db, { bays: 1, open: '08:00', close: '09:00' });
    const staff = await floor.addMember('staff', centreId);
    const manager = await floor.addMember('manager', centreId);
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        walkIn(index % 2 ? staff : manager, { contact: guestContact(), vehicle: { type: 'car', brand: 'VinFast', model: 'VF 8', licensePlate: nextCarPlate() }, serviceIds: [basic] }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, ...Array.from({ length: 11 }, () => 409)]);
    for (const response of responses.filter((entry) => entry.statusCode === 409)) expect(response.json()).toMatchObject({ code: 'SLOT_FULL' });
    expect(await occupancy(floor.db, centreId)).toEqual({ [vietnamInstant(TODAY, '08:00').toISOString()]: 1, [vietnamInstant(TODAY, '08:30').toISOString()]: 1 });
    expect(await floor.db.selectFrom('appointments').select('id').where('centre_id', '=', centreId).execute()).toHaveLength(1);
  });

  it('walks in a model an admin added under "Dòng xe", and refuses a name no active model of the type has (422 on vehicle.model)', async () => {
    const { staff, admin } = floor.users;
    const added = await floor.request(admin, 'POST', '/api/admin/vehicle-models', { brand: 'Yadea', model: 'Velax', type: 'scooter' });
    expect(added.statusCode).toBe(201);
    const velax = { type: 'scooter', brand: 'Yadea', model: 'Velax', licensePlate: '29MĐ1-808.01' };
    const booked = await walkIn(staff, { contact: guestContact(), vehicle: velax, serviceIds: [basic] });
    expect(booked.statusCode).toBe(201);
    expect(booked.json().data).toMatchObject({ licensePlate: '29MĐ1-808.01', vehicle: { id: null } });

    const refused = await walkIn(staff, { contact: guestContact(), vehicle: { ...velax, type: 'motorbike', licensePlate: '29B1-808.02' }, serviceIds: [basic] });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: VEHICLE_MODEL_MESSAGE, errors: [{ field: 'vehicle.model', message: VEHICLE_MODEL_MESSAGE }] });
  });

  it('refuses bad input with a clear message and writes nothing', async () => {
    const before = (await floor.db.selectFrom('appointments').select('id').execute()).length;
    const { staff } = floor.users;
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ contact: guestContact(), serviceIds: [basic] }, 400, 'Vui lòng chọn một xe hoặc nhập thông tin xe.'],
      [{ contact: guestContact(), vehicle: { type: 'car', brand: 'VinFast', model: 'VF 8', licensePlate: nextCarPlate() }, serviceIds: [] }, 400, 'Vui lòng chọn ít nhất một dịch vụ.'],
      [{ contact: { ...guestContact(), phone: '12345' }, vehicle: { type: 'car', brand: 'VinFast', model: 'VF 8', licensePlate: nextCarPlate() }, serviceIds: [basic] }, 400, 'Số điện thoại'],
      [{ contact: guestContact(), vehicle: { type: 'car', brand: 'VinFast', model: 'VF 8', licensePlate: nextCarPlate() }, serviceIds: [999_999] }, 422, 'Dịch vụ không tồn tại hoặc đã ngừng cung cấp.'],
      [{ contact: guestContact(), vehicle: { type: 'car', brand: 'VinFast', model: 'VF 99', licensePlate: nextCarPlate() }, serviceIds: [basic] }, 422, VEHICLE_MODEL_MESSAGE],
      [{ contact: guestContact(), vehicleId: 999_999, serviceIds: [basic] }, 404, ''],
      [{ contact: guestContact(), vehicle: { type: 'car', brand: 'VinFast', model: 'VF 8', licensePlate: nextCarPlate() }, serviceIds: [basic], centreId: floor.centreB.id }, 404, ''],
    ];
    for (const [body, status, message] of cases) {
      const response = await walkIn(staff, body);
      expect({ status: response.statusCode, body }).toEqual({ status, body });
      expect(response.json().success).toBe(false);
      expect(JSON.stringify(response.json())).toContain(message);
    }
    const admin = await walkIn(floor.users.admin, { contact: guestContact(), vehicle: { type: 'car', brand: 'VinFast', model: 'VF 8', licensePlate: nextCarPlate() }, serviceIds: [basic], centreId: floor.centreA.id });
    expect(admin.statusCode).toBe(403);
    expect(admin.json()).toMatchObject({ code: 'ADMIN_READ_ONLY' });
    expect((await floor.db.selectFrom('appointments').select('id').execute()).length).toBe(before);
  });
});
