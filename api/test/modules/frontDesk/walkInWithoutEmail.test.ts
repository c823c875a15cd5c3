import { staffAppointmentSchema, vietnamInstant } from 'shared-contracts/schemas';
import { createCentre, createUser, nextCarPlate, type TestUser } from '../../support/serviceTestKit';
import { TODAY, productionDatabase, useFloor } from '../../support/floorTestKit';
import { emailOutbox } from '../../support/emailOutbox';

/**
 * A customer at the counter gives a name and a Vietnamese mobile; the email is optional. A registered customer
 * found by that phone keeps their account's email; a guest without one is booked and gets no email.
 */
describe.each(productionDatabase())('walk-ins without an email on $label', (target) => {
  const floor = useFloor(target);
  let basic: number;

  beforeAll(async () => {
    basic = await floor.serviceId('bao-duong-co-ban');
  });
  afterEach(() => floor.service.clock.set('2026-11-19T01:00:00.000Z'));

  function walkIn(user: TestUser, body: Record<string, unknown>) {
    return floor.request(user, 'POST', '/api/staff/appointments/walk-in', body);
  }
  const outboxTo = async (to: string) => (await emailOutbox(floor.db).select('id').where('to_address', '=', to).execute()).length;

  it('books a guest with name and phone only, and sends no email', async () => {
    floor.service.clock.set(vietnamInstant(TODAY, '09:10'));
    const centreId = await createCentre(floor.db, { bays: 2, open: '07:00', close: '18:00' });
    const staff = await floor.addMember('staff', centreId);
    const outboxBefore = (await emailOutbox(floor.db).select('id').execute()).length;
    const response = await walkIn(staff, {
      contact: { fullName: 'Trần Văn Không Email', phone: '0988 123 456' },
      vehicle: { type: 'car', brand: 'VinFast', model: 'VF 8', licensePlate: nextCarPlate() },
      serviceIds: [basic],
    });
    expect(response.statusCode).toBe(201);
    const created = staffAppointmentSchema.parse(response.json().data);
    expect(created).toMatchObject({ status: 'CONFIRMED', customer: { userId: null, fullName: 'Trần Văn Không Email', phone: '0988123456', email: '' } });
    expect((await emailOutbox(floor.db).select('id').execute()).length).toBe(outboxBefore);
    expect(await outboxTo('')).toBe(0);

    // Cancelling it later sends nothing either.
    expect((await floor.request(staff, 'PATCH', `/api/appointments/${created.id}/status`, { status: 'CANCELLED', note: 'Khách đổi ý' })).statusCode).toBe(200);
    expect(await outboxTo('')).toBe(0);
  });

  it("finds a registered customer by phone and writes to their account's email", async () => {
    const customer = await createUser(floor.db, 'customer', 'Vũ Thị Có Tài Khoản');
    const row = await floor.db.selectFrom('users').select(['email', 'phone_number']).where('id', '=', customer.id).executeTakeFirstOrThrow();
    const before = await outboxTo(row.email);
    const response = await walkIn(floor.users.staff, {
      contact: { fullName: 'Chị Tài Khoản', phone: row.phone_number },
      vehicle: { type: 'car', brand: 'VinFast', model: 'VF 8', licensePlate: nextCarPlate() },
      serviceIds: [basic],
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({ customer: { userId: customer.id, email: row.email } });
    expect(await outboxTo(row.email)).toBe(before + 1);
  });

  it('still refuses a walk-in without a valid Vietnamese mobile, in Vietnamese', async () => {
    const response = await walkIn(floor.users.staff, {
      contact: { fullName: 'Khách Thiếu Số' },
      vehicle: { type: 'car', brand: 'VinFast', model: 'VF 8', licensePlate: nextCarPlate() },
      serviceIds: [basic],
    });
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain('Vui lòng nhập số điện thoại.');
  });
});
