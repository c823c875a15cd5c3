import { randomBytes } from 'node:crypto';
import { appointmentResponseSchema } from 'shared-contracts/schemas';
import { testDatabases, useScratchDatabase } from '../../support/testDatabases';
import { addScooter, appointmentOf, authHeader, book, createCentre, createUser, occupancy, serviceId, startServiceApp, type ServiceApp, type TestUser } from '../../support/serviceTestKit';
import { emailOutbox } from '../../support/emailOutbox';

describe.each(testDatabases())('package credits in bookings on $label', (target) => {
  const scratch = useScratchDatabase(target, { seed: true });
  let service: ServiceApp;
  let centreId: number;
  let basic: number;
  let advanced: number;
  let customer: TestUser;
  let vehicleId: number;
  /** Bookings 3 hours apart (none is longer than 135 min): 07:00, 10:00, 13:00, 16:00, then the next day. */
  let hour = 4;

  beforeAll(async () => {
    service = await startServiceApp(scratch.db);
    centreId = await createCentre(scratch.db, { bays: 4, open: '07:00', close: '21:00' });
    basic = await serviceId(scratch.db, 'bao-duong-co-ban');
    advanced = await serviceId(scratch.db, 'bao-duong-nang-cao');
    customer = await createUser(scratch.db);
    // This customer hears of their bookings by email (Zalo off): the notification centre sends each fact on one channel.
    await scratch.db.insertInto('notification_preferences').values({ user_id: customer.id, topic: 'booking', channel: 'zalo', enabled: 0, updated_at: new Date().toISOString() }).execute();
    vehicleId = (await addScooter(service.app, customer)).id;
  });
  afterAll(() => service.close());

  /** A paid order of 'Gói tiêu chuẩn' giving `quantity` advanced-maintenance credits (what checkout writes). */
  async function buyCredits(user: TestUser, quantity: number, expiresAt = '2027-11-19T01:00:00.000Z'): Promise<number> {
    const pack = await scratch.db.selectFrom('service_packages').select(['id', 'price']).where('slug', '=', 'tieu-chuan').executeTakeFirstOrThrow();
    const order = await scratch.db
      .insertInto('orders')
      .values({
        code: `EV${randomBytes(5).toString('hex').toUpperCase()}`,
        user_id: user.id,
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
        centre_id: centreId,
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
    const credit = await scratch.db
      .insertInto('package_credits')
      .values({ user_id: user.id, order_id: order.id, package_id: pack.id, service_id: advanced, quantity_total: quantity, quantity_used: 0, expires_at: expiresAt, created_at: '2026-11-01T01:00:00.000Z' })
      .returning('id')
      .executeTakeFirstOrThrow();
    return credit.id;
  }

  const used = async (creditId: number) =>
    (await scratch.db.selectFrom('package_credits').select('quantity_used').where('id', '=', creditId).executeTakeFirstOrThrow()).quantity_used;
  const nextStart = () => {
    hour += 3;
    const day = 20 + Math.floor((hour - 7) / 12);
    const time = 7 + ((hour - 7) % 12);
    return `2026-11-${day}T${String(time).padStart(2, '0')}:00:00+07:00`;
  };

  it('books with a credit: the service is free, the credit is used once, and a cancellation gives it back', async () => {
    const creditId = await buyCredits(customer, 2);
    const response = await book(service.app, customer, { vehicleId, packageCreditId: creditId, serviceIds: [], centreId, start: nextStart() });
    expect(response.statusCode).toBe(201);
    const appointment = appointmentResponseSchema.parse(response.json()).data;
    expect(appointment).toMatchObject({ packageCredit: { id: creditId, packageName: 'Gói tiêu chuẩn' }, estimatedPrice: 0, estimatedDurationMinutes: 90 });
    expect(appointment.services).toEqual([{ id: advanced, slug: 'bao-duong-nang-cao', name: 'Bảo dưỡng nâng cao', price: 0, durationMinutes: 90 }]);
    expect(await used(creditId)).toBe(1);

    // With an extra service: only that one is paid for.
    const withExtra = appointmentOf(await book(service.app, customer, { vehicleId, packageCreditId: creditId, serviceIds: [basic, advanced], centreId, start: nextStart() }));
    expect(withExtra).toMatchObject({ estimatedPrice: 199_000, estimatedDurationMinutes: 135 });
    expect(await used(creditId)).toBe(2);

    // Used up: 409, and the slot it asked for stays free (the whole booking rolled back).
    const start = nextStart();
    const refused = await book(service.app, customer, { vehicleId, packageCreditId: creditId, serviceIds: [], centreId, start });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'PACKAGE_CREDIT_USED_UP', message: 'Gói dịch vụ đã hết lượt hoặc đã hết hạn.' });
    expect((await occupancy(scratch.db, centreId))[new Date(start).toISOString()]).toBeUndefined();
    expect(await used(creditId)).toBe(2);

    const cancelled = await service.app.inject({ method: 'POST', url: `/api/appointments/${appointment.id}/cancel`, headers: await authHeader(service.app, customer), payload: {} });
    expect(cancelled.statusCode).toBe(200);
    expect(await used(creditId)).toBe(1);
    const cancelEmail = await emailOutbox(scratch.db).select('text_body').where('kind', '=', 'appointment_cancelled').where('to_address', '=', customer.email).executeTakeFirstOrThrow();
    expect(cancelEmail.text_body).toContain('Lượt dịch vụ trong gói đã được hoàn lại.');
    expect((await book(service.app, customer, { vehicleId, packageCreditId: creditId, serviceIds: [], centreId, start })).statusCode).toBe(201);
    expect(await used(creditId)).toBe(2);
  });

  it('never spends the last credit twice, even for bookings made at the same time', async () => {
    const creditId = await buyCredits(customer, 1);
    const starts = Array.from({ length: 6 }, () => nextStart());
    const responses = await Promise.all(starts.map((start) => book(service.app, customer, { vehicleId, packageCreditId: creditId, serviceIds: [], centreId, start })));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect(await used(creditId)).toBe(1);
    const taken = await occupancy(scratch.db, centreId);
    expect(starts.filter((start) => taken[new Date(start).toISOString()] !== undefined)).toHaveLength(1);
  });

  it("refuses another customer's credit (404) and an expired one (409)", async () => {
    const stranger = await createUser(scratch.db);
    const theirs = await buyCredits(stranger, 3);
    const foreign = await book(service.app, customer, { vehicleId, packageCreditId: theirs, serviceIds: [], centreId, start: '2026-11-21T09:00:00+07:00' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('PACKAGE_CREDIT_NOT_FOUND');
    expect(await used(theirs)).toBe(0);

    const expired = await buyCredits(customer, 3, '2026-11-18T00:00:00.000Z');
    const late = await book(service.app, customer, { vehicleId, packageCreditId: expired, serviceIds: [], centreId, start: '2026-11-21T09:00:00+07:00' });
    expect(late.statusCode).toBe(409);
    expect(await used(expired)).toBe(0);
  });

  it('gives the credit back when staff cancel', async () => {
    // A slot of its own: the race above may have left this vehicle booked at any of its starts.
    const creditId = await buyCredits(customer, 1);
    const appointment = appointmentOf(await book(service.app, customer, { vehicleId, packageCreditId: creditId, serviceIds: [], centreId, start: nextStart() }));
    const staff = await createUser(scratch.db, 'staff');
    // Staff act on their own centre's appointments only.
    await scratch.db.insertInto('staff_assignments').values({ user_id: staff.id, centre_id: centreId, assigned_at: new Date().toISOString(), ended_at: null }).execute();
    const response = await service.app.inject({ method: 'PATCH', url: `/api/appointments/${appointment.id}/status`, headers: await authHeader(service.app, staff), payload: { status: 'CANCELLED', note: 'Chi nhánh mất điện' } });
    expect(response.statusCode).toBe(200);
    expect(await used(creditId)).toBe(0);
  });
});
