import { availabilityResponseSchema, type Availability } from 'shared-contracts/schemas';
import { testDatabases, useScratchDatabase } from '../../support/testDatabases';
import { addScooter, appointmentOf, authHeader, book, createCentre, createUser, occupancy, serviceId, startServiceApp, type ServiceApp, type TestUser } from '../../support/serviceTestKit';

/**
 * Dates and slots are Vietnamese (UTC+7): at 22:00 on 30/11 in Hà Nội it is 15:00 UTC; a 06:00 slot of
 * 01/12 is 23:00 UTC on 30/11; at 00:30 on 01/12 in Hà Nội (17:30 UTC on 30/11) "today" is already 01/12.
 */
describe.each(testDatabases())('Vietnamese dates and midnight on $label', (target) => {
  const scratch = useScratchDatabase(target, { seed: true });
  let service: ServiceApp;
  let centreId: number;
  let advanced: number;
  let customer: TestUser;
  let vehicleId: number;

  beforeAll(async () => {
    // 22:00 on Monday 30/11/2026 in Vietnam: the last evening of the month.
    service = await startServiceApp(scratch.db, { now: '2026-11-30T15:00:00.000Z' });
    centreId = await createCentre(scratch.db, { bays: 1, open: '06:00', close: '22:00' });
    advanced = await serviceId(scratch.db, 'bao-duong-nang-cao'); // 90 min
    customer = await createUser(scratch.db);
    vehicleId = (await addScooter(service.app, customer)).id;
  });
  afterAll(() => service.close());

  async function availability(date: string, durationMinutes = 90): Promise<{ status: number; day: Availability | null }> {
    const response = await service.app.inject({ method: 'GET', url: `/api/centres/${centreId}/availability?date=${date}&durationMinutes=${durationMinutes}` });
    return { status: response.statusCode, day: response.statusCode === 200 ? availabilityResponseSchema.parse(response.json()).data : null };
  }

  it("lists a Vietnamese day's slots by their UTC instants: 06:00 on 01/12 is 23:00 UTC on 30/11", async () => {
    const { day: today } = await availability('2026-11-30');
    expect(today!.slots[0]).toMatchObject({ time: '06:00', start: '2026-11-29T23:00:00.000Z' });
    expect(today!.slots.at(-1)).toMatchObject({ time: '21:30', start: '2026-11-30T14:30:00.000Z', available: false });
    expect(today!.slots.every((slot) => !slot.available)).toBe(true); // the evening is over

    const { day: tomorrow } = await availability('2026-12-01');
    expect(tomorrow!.slots[0]).toMatchObject({ time: '06:00', start: '2026-11-30T23:00:00.000Z', available: true, capacity: 1 });
    expect(tomorrow!.slots).toHaveLength(32);
  });

  it('books the first slot of the new month across midnight UTC, and the steps show on the right day', async () => {
    const response = await book(service.app, customer, { vehicleId, serviceIds: [advanced], centreId, start: '2026-12-01T06:00:00+07:00' });
    expect(response.statusCode).toBe(201);
    const appointment = appointmentOf(response);
    expect(appointment).toMatchObject({ start: '2026-11-30T23:00:00.000Z', end: '2026-12-01T00:30:00.000Z' });
    expect(appointment.code).toMatch(/^LH261201/); // the Vietnamese date of the slot
    // 06:00, 06:30 and 07:00 in Vietnam: 23:00 and 23:30 UTC on 30/11, then 00:00 UTC on 01/12.
    expect(await occupancy(scratch.db, centreId)).toEqual({ '2026-11-30T23:00:00.000Z': 1, '2026-11-30T23:30:00.000Z': 1, '2026-12-01T00:00:00.000Z': 1 });

    const { day } = await availability('2026-12-01', 30);
    expect(day!.slots.slice(0, 4).map((slot) => [slot.time, slot.booked, slot.available])).toEqual([
      ['06:00', 1, false],
      ['06:30', 1, false],
      ['07:00', 1, false],
      ['07:30', 0, true],
    ]);
    // None of it leaks into the UTC date's Vietnamese day (30/11).
    const { day: monthEnd } = await availability('2026-11-30', 30);
    expect(monthEnd!.slots.every((slot) => slot.booked === 0)).toBe(true);
  });

  it('moves "today" and the 30-day window at Vietnamese midnight, not at UTC midnight', async () => {
    expect((await availability('2026-12-30')).status).toBe(200);
    expect((await availability('2026-12-31')).status).toBe(422);

    service.clock.set('2026-11-30T17:30:00.000Z'); // 00:30 on 01/12 in Vietnam, still 30/11 in UTC
    expect((await availability('2026-11-30')).status).toBe(422);
    expect((await availability('2026-12-31')).status).toBe(200);
    expect((await availability('2027-01-01')).status).toBe(422);
    const late = await book(service.app, customer, { vehicleId, serviceIds: [advanced], centreId, start: '2026-11-30T21:30:00+07:00' });
    expect(late.statusCode).toBe(422);
    expect(late.json().code).toBe('DATE_OUT_OF_RANGE');
    const newYearsEve = await book(service.app, customer, { vehicleId, serviceIds: [advanced], centreId, start: '2026-12-31T20:30:00+07:00' });
    expect(newYearsEve.statusCode).toBe(201);
    expect(appointmentOf(newYearsEve)).toMatchObject({ start: '2026-12-31T13:30:00.000Z', end: '2026-12-31T15:00:00.000Z' });
  });

  it('applies the cancel cut-off across midnight: 06:00 on 01/12 may be cancelled until 04:00', async () => {
    const [appointment] = (await service.app.inject({ method: 'GET', url: '/api/appointments?scope=upcoming', headers: await authHeader(service.app, customer) })).json().data as Array<{ id: number; start: string }>;
    expect(appointment!.start).toBe('2026-11-30T23:00:00.000Z');
    service.clock.set('2026-11-30T21:01:00.000Z'); // 04:01 in Vietnam
    const refused = await service.app.inject({ method: 'POST', url: `/api/appointments/${appointment!.id}/cancel`, headers: await authHeader(service.app, customer), payload: {} });
    expect(refused.statusCode).toBe(409);
    service.clock.set('2026-11-30T21:00:00.000Z'); // 04:00
    const cancelled = await service.app.inject({ method: 'POST', url: `/api/appointments/${appointment!.id}/cancel`, headers: await authHeader(service.app, customer), payload: {} });
    expect(cancelled.statusCode).toBe(200);
    expect(await occupancy(scratch.db, centreId)).toEqual({ '2026-12-31T13:30:00.000Z': 1, '2026-12-31T14:00:00.000Z': 1, '2026-12-31T14:30:00.000Z': 1 });
  });
});
