import { testDatabases, useScratchDatabase } from '../../support/testDatabases';
import { addScooter, appointmentOf, authHeader, book, createCentre, createUser, serviceId, startServiceApp, type ServiceApp, type TestUser } from '../../support/serviceTestKit';

// The clock: Thursday 19/11/2026 08:00 in Vietnam. Tomorrow is Friday 20/11.
const at = (time: string, date = '2026-11-20') => `${date}T${time}:00+07:00`;

/**
 * One vehicle, one live appointment at a time (issue 36 §1): the same plate booked twice for 09:00 got two
 * "Đặt lịch thành công" and showed in two columns of the board. Now the second booking, guest booking, walk-in
 * or reschedule onto an overlapping time is a 409 naming the first, at any centre, also when the requests race.
 */
describe.each(testDatabases())('one vehicle, one live appointment at a time on $label', (target) => {
  const scratch = useScratchDatabase(target, { seed: true });
  let service: ServiceApp;
  let centreA: number;
  let centreB: number;
  let basic: number; // 45 min
  let customer: TestUser;

  beforeAll(async () => {
    service = await startServiceApp(scratch.db);
    centreA = await createCentre(scratch.db, { bays: 4, open: '08:00', close: '17:00' });
    centreB = await createCentre(scratch.db, { bays: 4, open: '08:00', close: '17:00' });
    basic = await serviceId(scratch.db, 'bao-duong-co-ban');
    customer = await createUser(scratch.db, 'customer', 'Phạm Văn Xe');
  });
  afterAll(() => service.close());

  const plateOf = async (vehicleId: number) => (await scratch.db.selectFrom('vehicles').select('license_plate').where('id', '=', vehicleId).executeTakeFirstOrThrow()).license_plate;
  const liveCount = async (plate: string) =>
    (await scratch.db.selectFrom('appointments').select('id').where('license_plate', '=', plate).where('status', 'in', ['AWAITING_VERIFICATION', 'PENDING', 'CONFIRMED', 'CHECKED_IN', 'IN_PROGRESS']).execute()).length;

  it('refuses a second booking of the same vehicle at the same or an overlapping time, at any centre, naming the first', async () => {
    const { id: vehicleId } = await addScooter(service.app, customer);
    const plate = await plateOf(vehicleId);
    const first = await book(service.app, customer, { vehicleId, serviceIds: [basic], centreId: centreA, start: at('09:00') });
    expect(first.statusCode).toBe(201);
    const { code } = appointmentOf(first);

    for (const [centreId, time] of [[centreA, '09:00'], [centreA, '09:30'], [centreB, '09:00'], [centreB, '08:30']] as const) {
      const again = await book(service.app, customer, { vehicleId, serviceIds: [basic], centreId, start: at(time) });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({
        success: false,
        code: 'VEHICLE_ALREADY_BOOKED',
        message: `Xe ${plate} đã có lịch hẹn ${code} lúc 09:00 20/11/2026. Mỗi xe chỉ có một lịch hẹn trong cùng khung giờ: vui lòng chọn giờ khác hoặc đổi lịch hẹn đã có.`,
        errors: [{ field: 'vehicleId' }],
      });
    }
    // After it ends (the next slot, 10:00), or another day: fine.
    expect((await book(service.app, customer, { vehicleId, serviceIds: [basic], centreId: centreA, start: at('10:00') })).statusCode).toBe(201);
    expect((await book(service.app, customer, { vehicleId, serviceIds: [basic], centreId: centreA, start: at('09:00', '2026-11-21') })).statusCode).toBe(201);
    expect(await liveCount(plate)).toBe(3);
  });

  it('frees the time once the first appointment is cancelled', async () => {
    const { id: vehicleId } = await addScooter(service.app, customer);
    const first = appointmentOf(await book(service.app, customer, { vehicleId, serviceIds: [basic], centreId: centreA, start: at('11:00') }));
    expect((await book(service.app, customer, { vehicleId, serviceIds: [basic], centreId: centreA, start: at('11:00') })).statusCode).toBe(409);
    const cancelled = await service.app.inject({ method: 'POST', url: `/api/appointments/${first.id}/cancel`, headers: await authHeader(service.app, customer), payload: {} });
    expect(cancelled.statusCode).toBe(200);
    expect((await book(service.app, customer, { vehicleId, serviceIds: [basic], centreId: centreA, start: at('11:00') })).statusCode).toBe(201);
  });

  it("refuses a guest booking of a plate that already has a live appointment then, and a reschedule onto the vehicle's other appointment", async () => {
    const { id: vehicleId } = await addScooter(service.app, customer);
    const plate = await plateOf(vehicleId);
    const morning = appointmentOf(await book(service.app, customer, { vehicleId, serviceIds: [basic], centreId: centreA, start: at('13:00') }));
    const guest = await book(service.app, null, {
      vehicle: { type: 'scooter', brand: 'VinFast', model: 'Klara S', licensePlate: plate },
      contact: { fullName: 'Lê Văn Khách', phone: '0912000111', email: `khach.${Date.now()}@example.vn` },
      serviceIds: [basic],
      centreId: centreB,
      start: at('13:30'),
    });
    expect(guest.statusCode).toBe(409);
    expect(guest.json()).toMatchObject({ code: 'VEHICLE_ALREADY_BOOKED', errors: [{ field: 'vehicle' }] });

    const afternoon = appointmentOf(await book(service.app, customer, { vehicleId, serviceIds: [basic], centreId: centreA, start: at('15:00') }));
    const onto = await service.app.inject({ method: 'POST', url: `/api/appointments/${afternoon.id}/reschedule`, headers: await authHeader(service.app, customer), payload: { start: at('13:30') } });
    expect(onto.statusCode).toBe(409);
    expect(onto.json()).toMatchObject({ code: 'VEHICLE_ALREADY_BOOKED', message: expect.stringContaining(morning.code), errors: [{ field: 'start' }] });
    // Moving an appointment within its own time is no clash with itself.
    const itself = await service.app.inject({ method: 'POST', url: `/api/appointments/${afternoon.id}/reschedule`, headers: await authHeader(service.app, customer), payload: { start: at('15:30') } });
    expect(itself.statusCode).toBe(200);
  });

  it('lets exactly one of eight simultaneous bookings of one vehicle win, across two centres', async () => {
    const { id: vehicleId } = await addScooter(service.app, customer);
    const plate = await plateOf(vehicleId);
    const headers = await authHeader(service.app, customer);
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        service.app.inject({
          method: 'POST',
          url: '/api/appointments',
          headers,
          payload: { vehicleId, serviceIds: [basic], centreId: index % 2 === 0 ? centreA : centreB, start: at(index < 4 ? '15:00' : '15:30', '2026-11-23') },
        }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    for (const response of responses.filter((candidate) => candidate.statusCode === 409)) expect(response.json()).toMatchObject({ code: 'VEHICLE_ALREADY_BOOKED' });
    expect(await liveCount(plate)).toBe(1);
  });
});
