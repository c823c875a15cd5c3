import { appointmentListResponseSchema, appointmentResponseSchema, availabilityResponseSchema, slotFullErrorSchema, VEHICLE_MODEL_MESSAGE, vehicleListResponseSchema, type Availability } from 'shared-contracts/schemas';
import { testDatabases, useScratchDatabase } from '../../support/testDatabases';
import {
  addScooter,
  appointmentOf,
  authHeader,
  book,
  createCentre,
  createUser,
  occupancy,
  serviceId,
  startServiceApp,
  statusOf,
  type ServiceApp,
  type TestUser,
} from '../../support/serviceTestKit';
import { emailOutbox } from '../../support/emailOutbox';

// The clock: Thursday 19/11/2026 08:00 in Vietnam (01:00 UTC). Tomorrow is Friday 20/11.
const at = (date: string, time: string) => `${date}T${time}:00+07:00`;
const utc = (date: string, time: string) => new Date(at(date, time)).toISOString();

describe.each(testDatabases())('booking on $label', (target) => {
  const scratch = useScratchDatabase(target, { seed: true });
  let service: ServiceApp;
  let centreId: number;
  let basic: number;
  let advanced: number;
  let customer: TestUser;
  let vehicleId: number;

  beforeAll(async () => {
    service = await startServiceApp(scratch.db);
    centreId = await createCentre(scratch.db, { bays: 2, open: '08:00', close: '17:00' });
    basic = await serviceId(scratch.db, 'bao-duong-co-ban'); // 45 min, 199 000 ₫
    advanced = await serviceId(scratch.db, 'bao-duong-nang-cao'); // 90 min, 449 000 ₫
    customer = await createUser(scratch.db, 'customer', 'Nguyễn Văn Đặt');
    // This customer hears of their bookings by email (Zalo off): the notification centre sends each fact on one channel.
    await scratch.db.insertInto('notification_preferences').values({ user_id: customer.id, topic: 'booking', channel: 'zalo', enabled: 0, updated_at: new Date().toISOString() }).execute();
    vehicleId = (await addScooter(service.app, customer)).id;
  });
  afterAll(() => service.close());

  async function availability(date: string, durationMinutes = 45, centre = centreId): Promise<Availability> {
    const response = await service.app.inject({ method: 'GET', url: `/api/centres/${centre}/availability?date=${date}&durationMinutes=${durationMinutes}` });
    expect(response.statusCode).toBe(200);
    return availabilityResponseSchema.parse(response.json()).data;
  }
  const slotAt = (day: Availability, time: string) => day.slots.find((slot) => slot.time === time)!;

  it('books a slot: PENDING, price and duration from the services, confirmation email, listed as upcoming', async () => {
    const response = await book(service.app, customer, { vehicleId, serviceIds: [basic, advanced], centreId, start: at('2026-11-20', '09:00'), note: 'Xe kêu ở phanh sau' });
    expect(response.statusCode).toBe(201);
    const appointment = appointmentResponseSchema.parse(response.json()).data;
    expect(appointment).toMatchObject({
      status: 'PENDING',
      statusLabel: 'Chờ xác nhận',
      start: utc('2026-11-20', '09:00'),
      end: utc('2026-11-20', '11:15'),
      estimatedPrice: 648_000,
      estimatedDurationMinutes: 135,
      note: 'Xe kêu ở phanh sau',
      vehicle: { id: vehicleId, type: 'scooter', brand: 'VinFast', model: 'Klara S' },
      contact: { fullName: 'Nguyễn Văn Đặt', email: customer.email },
      centre: { id: centreId },
      packageCredit: null,
      canCancel: true,
      canReschedule: true,
    });
    expect(appointment.code).toMatch(/^LH261120[A-Z2-9]{5}$/);
    expect(appointment.services.map((entry) => [entry.slug, entry.price, entry.durationMinutes])).toEqual([
      ['bao-duong-co-ban', 199_000, 45],
      ['bao-duong-nang-cao', 449_000, 90],
    ]);
    // 135 minutes occupy five 30-minute steps from 09:00.
    expect(await occupancy(scratch.db, centreId)).toEqual(
      Object.fromEntries(['09:00', '09:30', '10:00', '10:30', '11:00'].map((time) => [utc('2026-11-20', time), 1])),
    );
    const email = await emailOutbox(scratch.db).select(['subject', 'text_body', 'kind']).where('to_address', '=', customer.email).executeTakeFirstOrThrow();
    expect(email.kind).toBe('appointment_confirmation');
    expect(email.subject).toBe(`Đặt lịch thành công – ${appointment.code}`);
    expect(email.text_body).toContain('09:00 20/11/2026');
    expect(email.text_body).toContain('648.000');

    const upcoming = await service.app.inject({ method: 'GET', url: '/api/appointments?scope=upcoming', headers: await authHeader(service.app, customer) });
    expect(appointmentListResponseSchema.parse(upcoming.json()).data.map((entry) => entry.id)).toEqual([appointment.id]);
    const past = await service.app.inject({ method: 'GET', url: '/api/appointments?scope=past', headers: await authHeader(service.app, customer) });
    expect(appointmentListResponseSchema.parse(past.json()).data).toEqual([]);
  });

  it('shows the slots of a day within opening hours, past ones and those the duration does not fit disabled', async () => {
    const today = await availability('2026-11-19');
    expect(today.slots.map((slot) => slot.time)).toEqual([
      '08:00', '08:30', '09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '12:00',
      '12:30', '13:00', '13:30', '14:00', '14:30', '15:00', '15:30', '16:00', '16:30',
    ]);
    expect(slotAt(today, '08:00')).toMatchObject({ start: utc('2026-11-19', '08:00'), capacity: 2, booked: 0, available: false }); // now
    expect(slotAt(today, '08:30').available).toBe(true);
    expect(slotAt(today, '16:00').available).toBe(true); // 16:00–16:45
    expect(slotAt(today, '16:30').available).toBe(false); // would end 17:15, after closing
  });

  it('disables the slots whose service would end after closing time', async () => {
    const long = await availability('2026-11-19', 90);
    expect(slotAt(long, '15:30').available).toBe(true); // 15:30–17:00
    expect(slotAt(long, '16:00').available).toBe(false);
    expect(slotAt(long, '16:30').available).toBe(false);
    const short = await availability('2026-11-19', 30);
    expect(slotAt(short, '16:30').available).toBe(true);
    expect(slotAt(await availability('2026-11-19', 45), '16:30').available).toBe(false);
  });

  it('accepts dates from today to 30 days ahead only, and an existing centre', async () => {
    for (const date of ['2026-11-18', '2026-12-20']) {
      const response = await service.app.inject({ method: 'GET', url: `/api/centres/${centreId}/availability?date=${date}` });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ code: 'DATE_OUT_OF_RANGE', message: 'Chỉ có thể đặt lịch từ hôm nay đến 30 ngày tới.' });
    }
    expect((await availability('2026-12-19')).slots).toHaveLength(18);
    expect((await service.app.inject({ method: 'GET', url: `/api/centres/${centreId}/availability?date=2026-02-30` })).statusCode).toBe(400);
    expect((await service.app.inject({ method: 'GET', url: '/api/centres/999999/availability?date=2026-11-20' })).statusCode).toBe(404);
  });

  it('gives a slot with 2 bays to exactly 2 of 30 customers booking at the same time; the others get SLOT_FULL and the next free slots', async () => {
    const customers = await Promise.all(Array.from({ length: 30 }, (_, index) => createUser(scratch.db, 'customer', `Khách đồng thời ${index + 1}`)));
    const vehicles: number[] = [];
    for (const user of customers) vehicles.push((await addScooter(service.app, user)).id);
    const start = at('2026-11-23', '10:00');
    const responses = await Promise.all(customers.map((user, index) => book(service.app, user, { vehicleId: vehicles[index], serviceIds: [basic], centreId, start })));

    const created = responses.filter((response) => response.statusCode === 201);
    const refused = responses.filter((response) => response.statusCode === 409);
    expect(created).toHaveLength(2);
    expect(refused).toHaveLength(28);
    for (const response of refused) {
      const body = slotFullErrorSchema.parse(response.json());
      expect(body.message).toBe('Khung giờ này vừa hết chỗ, vui lòng chọn giờ khác');
      // 45 minutes from 10:00 took 10:00 and 10:30: the next free starts are 11:00, 11:30, 12:00.
      expect(body.nextSlots).toEqual(['11:00', '11:30', '12:00'].map((time) => ({ start: utc('2026-11-23', time), time })));
    }
    expect(await scratch.db.selectFrom('appointments').select('id').where('starts_at', '=', utc('2026-11-23', '10:00')).execute()).toHaveLength(2);
    const day = await availability('2026-11-23');
    expect(slotAt(day, '10:00')).toMatchObject({ booked: 2, capacity: 2, available: false });
    expect(slotAt(day, '10:30')).toMatchObject({ booked: 2, available: false });
    expect(slotAt(day, '09:30')).toMatchObject({ booked: 0, available: false }); // 09:30–10:15 needs the 10:00 step
    expect(slotAt(day, '11:00')).toMatchObject({ booked: 0, available: true });
  });

  it('refuses a start off the 30-minute grid, in the past, or outside opening hours (422)', async () => {
    const cases: Array<[string, string]> = [
      [at('2026-11-20', '10:15'), 'SLOT_INVALID'],
      [at('2026-11-19', '08:00'), 'SLOT_IN_PAST'],
      [at('2026-11-20', '07:30'), 'OUTSIDE_OPENING_HOURS'],
      [at('2026-11-20', '16:30'), 'OUTSIDE_OPENING_HOURS'], // 45 min would end 17:15
      [at('2026-12-25', '09:00'), 'DATE_OUT_OF_RANGE'],
    ];
    for (const [start, code] of cases) {
      const response = await book(service.app, customer, { vehicleId, serviceIds: [basic], centreId, start });
      expect({ start, status: response.statusCode, code: response.json().code }).toEqual({ start, status: 422, code });
    }
    const unknownService = await book(service.app, customer, { vehicleId, serviceIds: [999_999], centreId, start: at('2026-11-20', '14:00') });
    expect(unknownService.statusCode).toBe(422);
    expect(unknownService.json().code).toBe('SERVICE_NOT_FOUND');
  });

  it("answers 404 for another customer's vehicle or appointment", async () => {
    const stranger = await createUser(scratch.db);
    const strangerHeaders = await authHeader(service.app, stranger);
    const withTheirVehicle = await book(service.app, stranger, { vehicleId, serviceIds: [basic], centreId, start: at('2026-11-24', '09:00') });
    expect(withTheirVehicle.statusCode).toBe(404);
    expect(withTheirVehicle.json().code).toBe('VEHICLE_NOT_FOUND');

    const mine = appointmentOf(await book(service.app, customer, { vehicleId, serviceIds: [basic], centreId, start: at('2026-11-24', '09:00') }));
    for (const [method, url, payload] of [
      ['GET', `/api/appointments/${mine.id}`, undefined],
      ['POST', `/api/appointments/${mine.id}/cancel`, {}],
      ['POST', `/api/appointments/${mine.id}/reschedule`, { start: at('2026-11-24', '13:00') }],
    ] as const) {
      const response = await service.app.inject({ method, url, headers: strangerHeaders, ...(payload ? { payload } : {}) });
      expect({ url, status: response.statusCode, code: response.json().code }).toEqual({ url, status: 404, code: 'APPOINTMENT_NOT_FOUND' });
    }
    expect(await statusOf(scratch.db, mine.id)).toBe('PENDING');
    const theirs = await service.app.inject({ method: 'GET', url: '/api/appointments?scope=all', headers: strangerHeaders });
    expect(appointmentListResponseSchema.parse(theirs.json()).data).toEqual([]);
  });

  it('lets the customer cancel until 2 hours before the slot, giving the slot back', async () => {
    const appointment = appointmentOf(await book(service.app, customer, { vehicleId, serviceIds: [basic], centreId, start: at('2026-11-25', '14:00') }));
    expect(await occupancy(scratch.db, centreId)).toMatchObject({ [utc('2026-11-25', '14:00')]: 1, [utc('2026-11-25', '14:30')]: 1 });

    service.clock.set(utc('2026-11-25', '12:01'));
    const late = await service.app.inject({ method: 'GET', url: `/api/appointments/${appointment.id}`, headers: await authHeader(service.app, customer) });
    expect(appointmentResponseSchema.parse(late.json()).data).toMatchObject({ canCancel: false, canReschedule: false });
    const refused = await service.app.inject({ method: 'POST', url: `/api/appointments/${appointment.id}/cancel`, headers: await authHeader(service.app, customer), payload: {} });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'CHANGE_WINDOW_CLOSED', message: 'Chỉ có thể hủy hoặc đổi lịch trước giờ hẹn ít nhất 2 giờ' });

    service.clock.set(utc('2026-11-25', '12:00'));
    const cancelled = await service.app.inject({ method: 'POST', url: `/api/appointments/${appointment.id}/cancel`, headers: await authHeader(service.app, customer), payload: { reason: 'Bận việc đột xuất' } });
    expect(cancelled.statusCode).toBe(200);
    expect(appointmentResponseSchema.parse(cancelled.json()).data).toMatchObject({ status: 'CANCELLED', statusLabel: 'Đã hủy', canCancel: false });
    const slots = await occupancy(scratch.db, centreId);
    expect(slots[utc('2026-11-25', '14:00')]).toBeUndefined();
    expect(slots[utc('2026-11-25', '14:30')]).toBeUndefined();
    const email = await emailOutbox(scratch.db).select(['subject', 'text_body']).where('kind', '=', 'appointment_cancelled').where('to_address', '=', customer.email).executeTakeFirstOrThrow();
    expect(email.subject).toBe(`Lịch hẹn ${appointment.code} đã được hủy`);
    expect(email.text_body).toContain('Bận việc đột xuất');

    const again = await service.app.inject({ method: 'POST', url: `/api/appointments/${appointment.id}/cancel`, headers: await authHeader(service.app, customer), payload: {} });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('APPOINTMENT_NOT_CHANGEABLE');
    const past = await service.app.inject({ method: 'GET', url: '/api/appointments?scope=past', headers: await authHeader(service.app, customer) });
    expect(appointmentListResponseSchema.parse(past.json()).data.map((entry) => entry.id)).toContain(appointment.id);
    service.clock.set('2026-11-19T01:00:00.000Z');
  });

  it('lists at most the limit asked, the soonest first, and refuses a limit out of 1–50 in Vietnamese', async () => {
    const listed = await createUser(scratch.db, 'customer', 'Trần Thị Giới Hạn');
    const car = (await addScooter(service.app, listed)).id;
    const booked: number[] = [];
    for (const time of ['10:00', '08:00', '15:00']) booked.push(appointmentOf(await book(service.app, listed, { vehicleId: car, serviceIds: [basic], centreId, start: at('2026-11-27', time) })).id);
    const list = async (query: string) => service.app.inject({ method: 'GET', url: `/api/appointments${query}`, headers: await authHeader(service.app, listed) });
    expect(appointmentListResponseSchema.parse((await list('?scope=upcoming&limit=2')).json()).data.map((entry) => entry.id)).toEqual([booked[1], booked[0]]);
    expect(appointmentListResponseSchema.parse((await list('?scope=all&limit=1')).json()).data.map((entry) => entry.id)).toEqual([booked[2]]);
    expect(appointmentListResponseSchema.parse((await list('?scope=upcoming')).json()).data).toHaveLength(3);
    for (const query of ['?limit=0', '?limit=51', '?limit=ba']) {
      const refused = await list(query);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual([expect.objectContaining({ field: 'limit', message: 'Số lịch hẹn không hợp lệ.' })]);
    }
  });

  it('takes the cut-off from BOOKING_CHANGE_CUTOFF_MINUTES', async () => {
    // 08:01, 23 h 59 min before an 08:00 appointment tomorrow.
    const strict = await startServiceApp(scratch.db, { now: '2026-11-19T01:01:00.000Z', configOverrides: { bookingChangeCutoffMinutes: 24 * 60 } });
    try {
      const appointment = appointmentOf(await book(strict.app, customer, { vehicleId, serviceIds: [basic], centreId, start: at('2026-11-20', '08:00') }));
      expect(appointment.canCancel).toBe(false);
      const refused = await strict.app.inject({ method: 'POST', url: `/api/appointments/${appointment.id}/cancel`, headers: await authHeader(strict.app, customer), payload: {} });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe('Chỉ có thể hủy hoặc đổi lịch trước giờ hẹn ít nhất 24 giờ');
    } finally {
      await strict.close();
    }
  });

  it('reschedules: the old steps are freed and the new ones taken; a full target leaves everything as it was', async () => {
    const headers = await authHeader(service.app, customer);
    const appointment = appointmentOf(await book(service.app, customer, { vehicleId, serviceIds: [basic], centreId, start: at('2026-11-26', '09:00') }));
    await scratch.db.updateTable('appointments').set({ status: 'CONFIRMED' }).where('id', '=', appointment.id).execute();

    const moved = await service.app.inject({ method: 'POST', url: `/api/appointments/${appointment.id}/reschedule`, headers, payload: { start: at('2026-11-26', '09:30') } });
    expect(moved.statusCode).toBe(200);
    expect(appointmentResponseSchema.parse(moved.json()).data).toMatchObject({ start: utc('2026-11-26', '09:30'), end: utc('2026-11-26', '10:15'), status: 'PENDING' });
    const slots = await occupancy(scratch.db, centreId);
    expect([slots[utc('2026-11-26', '09:00')], slots[utc('2026-11-26', '09:30')], slots[utc('2026-11-26', '10:00')]]).toEqual([undefined, 1, 1]);

    // Fill 14:00 with two other customers, then try to move there.
    for (const name of ['Khách A', 'Khách B']) {
      const other = await createUser(scratch.db, 'customer', name);
      const otherVehicle = (await addScooter(service.app, other)).id;
      expect((await book(service.app, other, { vehicleId: otherVehicle, serviceIds: [basic], centreId, start: at('2026-11-26', '14:00') })).statusCode).toBe(201);
    }
    const full = await service.app.inject({ method: 'POST', url: `/api/appointments/${appointment.id}/reschedule`, headers, payload: { start: at('2026-11-26', '14:00') } });
    expect(full.statusCode).toBe(409);
    expect(slotFullErrorSchema.parse(full.json()).nextSlots[0]).toEqual({ start: utc('2026-11-26', '15:00'), time: '15:00' });
    const unchanged = await service.app.inject({ method: 'GET', url: `/api/appointments/${appointment.id}`, headers });
    expect(appointmentResponseSchema.parse(unchanged.json()).data.start).toBe(utc('2026-11-26', '09:30'));
    const after = await occupancy(scratch.db, centreId);
    expect([after[utc('2026-11-26', '09:30')], after[utc('2026-11-26', '14:00')]]).toEqual([1, 2]);

    const email = await emailOutbox(scratch.db).select('subject').where('kind', '=', 'appointment_rescheduled').where('to_address', '=', customer.email).executeTakeFirstOrThrow();
    expect(email.subject).toBe(`Lịch hẹn ${appointment.code} đã được đổi sang 09:30 26/11/2026`);
  });

  it('adds a vehicle given inline to the customer, and reuses one with the same plate', async () => {
    const newcomer = await createUser(scratch.db);
    const inline = { type: 'car', brand: 'VinFast', model: 'VF 3', licensePlate: '30g 12345' };
    const first = appointmentOf(await book(service.app, newcomer, { vehicle: inline, serviceIds: [basic], centreId, start: at('2026-11-27', '09:00') }));
    expect(first.vehicle).toMatchObject({ licensePlate: '30G-123.45', id: expect.any(Number) });
    const second = appointmentOf(await book(service.app, newcomer, { vehicle: inline, serviceIds: [basic], centreId, start: at('2026-11-27', '10:00') }));
    expect(second.vehicle.id).toBe(first.vehicle.id);
    const vehicles = await service.app.inject({ method: 'GET', url: '/api/vehicles', headers: await authHeader(service.app, newcomer) });
    expect(vehicles.json().data).toHaveLength(1);
  });

  it('books a model an admin added under "Dòng xe" (none of the older compiled list), and refuses a name no active model of the type has', async () => {
    const admin = await createUser(scratch.db, 'admin');
    const adminHeaders = await authHeader(service.app, admin);
    const added = await service.app.inject({ method: 'POST', url: '/api/admin/vehicle-models', headers: adminHeaders, payload: { brand: 'VinFast', model: 'Evo Grand', type: 'scooter' } });
    expect(added.statusCode).toBe(201);
    const newcomer = await createUser(scratch.db);
    const grand = { type: 'scooter', brand: 'VinFast', model: 'Evo Grand', licensePlate: '29md1 77701' };
    const booked = await book(service.app, newcomer, { vehicle: grand, serviceIds: [basic], centreId, start: at('2026-11-30', '09:00') });
    expect(booked.statusCode).toBe(201);
    expect(appointmentOf(booked).vehicle).toMatchObject({ type: 'scooter', brand: 'VinFast', model: 'Evo Grand', licensePlate: '29MĐ1-777.01', id: expect.any(Number) });
    // the vehicle added to the customer's names the model
    const saved = vehicleListResponseSchema.parse((await service.app.inject({ method: 'GET', url: '/api/vehicles', headers: await authHeader(service.app, newcomer) })).json()).data;
    expect(saved.map((entry) => entry.vehicleModel?.label)).toEqual(['VinFast Evo Grand']);

    const refusal = async (vehicle: Record<string, unknown>, user: typeof newcomer | null = newcomer) => {
      const contact = user ? {} : { contact: { fullName: 'Khách Vãng Lai', phone: '0912000111', email: 'vanglai@example.vn' } };
      const response = await book(service.app, user, { vehicle, ...contact, serviceIds: [basic], centreId, start: at('2026-11-30', '10:00') });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR', message: VEHICLE_MODEL_MESSAGE, errors: [{ field: 'vehicle.model', message: VEHICLE_MODEL_MESSAGE }] });
    };
    await refusal({ ...grand, model: 'Evo 9000', licensePlate: '29MĐ1-777.02' });
    await refusal({ ...grand, model: 'Evo 9000', licensePlate: '29MĐ1-777.02' }, null);
    // another type's model, and a model deactivated since
    await refusal({ type: 'car', brand: 'VinFast', model: 'Evo Grand', licensePlate: '30G-777.03' });
    const id = (added.json() as { data: { id: number } }).data.id;
    expect((await service.app.inject({ method: 'PUT', url: `/api/admin/vehicle-models/${id}`, headers: adminHeaders, payload: { brand: 'VinFast', model: 'Evo Grand', type: 'scooter', active: false } })).statusCode).toBe(200);
    await refusal({ ...grand, licensePlate: '29MĐ1-777.04' });
    // None of the refused vehicles was booked (the seed's own bookings of the real today may share the slot).
    const refusedPlates = ['29MĐ1-777.02', '30G-777.03', '29MĐ1-777.04'];
    expect(await scratch.db.selectFrom('appointments').select('id').where('license_plate', 'in', refusedPlates).execute()).toEqual([]);
  });
});
