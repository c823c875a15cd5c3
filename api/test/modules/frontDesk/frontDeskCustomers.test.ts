import { customerDetailSchema, customerSearchResultSchema } from 'shared-contracts/schemas';
import { z } from 'zod';
import { createUser, type TestUser } from '../../support/serviceTestKit';
import { productionDatabase, useFloor, type FloorRole } from '../../support/floorTestKit';

/**
 * The front desk's customer lookup, folded over name, phone, email and plate; the detail is read-only and shows
 * the caller's centre's appointments and service orders (every centre's to an admin), the customer's vehicles,
 * shop orders and maintenance records. Staff and managers see their centre's customers only (another centre's by
 * exact phone or plate, limited: customerCentreScope.test.ts), so the folding itself is checked as an admin.
 */
describe.each(productionDatabase())('the customer lookup on $label', (target) => {
  const floor = useFloor(target);
  let minh: TestUser;
  let other: TestUser;
  let minhPlate: string;

  beforeAll(async () => {
    minh = await createUser(floor.db, 'customer', 'Nguyễn Đức Minh');
    await floor.db.updateTable('users').set({ phone_number: '0938111222', email: 'duc.minh@example.vn' }).where('id', '=', minh.id).execute();
    other = await createUser(floor.db, 'customer', 'Trần Minh Khôi');
    minhPlate = (await floor.addCar(minh, 40_000)).licensePlate;
  });

  async function search(user: TestUser, q: string) {
    const response = await floor.request(user, 'GET', `/api/staff/customers?q=${encodeURIComponent(q)}`);
    expect(response.statusCode).toBe(200);
    return z.array(customerSearchResultSchema).parse(response.json().data);
  }

  it('is for staff, managers and admins of any centre: 401, 403 for customers and technicians', async () => {
    const expected: Record<FloorRole | 'anonymous', number> = {
      anonymous: 401,
      customer: 403,
      technician: 403,
      technician2: 403,
      technicianB: 403,
      staff: 200,
      manager: 200,
      admin: 200,
      staffB: 200,
      managerB: 200,
    };
    for (const [caller, status] of Object.entries(expected)) {
      const user = caller === 'anonymous' ? null : floor.users[caller as FloorRole];
      const list = await floor.request(user, 'GET', '/api/staff/customers?q=minh');
      // Minh belongs to no centre yet: staff and managers open him as a walk-in, by his exact phone.
      const detail = await floor.request(user, 'GET', `/api/staff/customers/${minh.id}?q=0938111222`);
      expect({ caller, list: list.statusCode, detail: detail.statusCode }).toEqual({ caller, list: status, detail: status });
    }
  });

  it('finds customers by folded name, phone, email or plate; at most 20, the exact matches first', async () => {
    const admin = floor.users.admin;
    expect((await search(admin, 'nguyen duc minh')).map((found) => found.id)).toEqual([minh.id]);
    expect((await search(admin, 'ĐỨC MINH')).map((found) => found.id)).toEqual([minh.id]);
    expect((await search(admin, 'minh duc')).map((found) => found.id)).toEqual([minh.id]);
    const both = (await search(admin, 'minh')).map((found) => found.id);
    expect(both).toEqual(expect.arrayContaining([minh.id, other.id]));
    expect(await search(admin, '0938 111 222')).toEqual([{ access: 'full', id: minh.id, fullName: 'Nguyễn Đức Minh', email: 'duc.minh@example.vn', phone: '0938111222', plates: [minhPlate] }]);
    expect((await search(admin, 'duc.minh@example')).map((found) => found.id)).toEqual([minh.id]);
    expect((await search(admin, minhPlate.replace(/[-.]/g, ''))).map((found) => found.id)).toEqual([minh.id]);
    // To staff, Minh (of no centre) is a walk-in, found by his exact phone only.
    expect(await search(floor.users.staff, '0938 111 222')).toEqual([{ access: 'walk-in', id: minh.id, fullName: 'Nguyễn Đức Minh', phone: '0938111222', plates: [minhPlate] }]);
    expect(await search(floor.users.staff, 'nguyen duc minh')).toEqual([]);
    // Staff accounts are not customers.
    expect((await search(floor.users.admin, 'Trần Nhân Viên')).map((found) => found.id)).not.toContain(floor.users.staff.id);

    for (let index = 0; index < 25; index += 1) await createUser(floor.db, 'customer', `Lý Thị Đông ${index}`);
    const many = await search(admin, 'ly thi dong');
    expect(many).toHaveLength(20);
    // An exact phone first, then names starting with the query, then names containing it.
    const exactFirst = await search(admin, '0938111222');
    expect(exactFirst[0]!.id).toBe(minh.id);

    for (const q of ['m', ' ', 'x'.repeat(61)]) {
      const response = await floor.request(floor.users.staff, 'GET', `/api/staff/customers?q=${encodeURIComponent(q)}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
    expect((await floor.request(floor.users.staff, 'GET', '/api/staff/customers')).statusCode).toBe(400);
  });

  it("shows the customer's vehicles, orders and records, and the caller's centre's appointments and service orders", async () => {
    const car = await floor.addCar(minh, 52_000);
    const atA = await floor.openOrder({ customer: minh, vehicleId: car.id, time: '09:30', checkIn: { odometerKm: 52_500 } });
    const atB = await floor.bookToday({ customer: minh, vehicleId: car.id, time: '10:00', centreId: floor.centreB.id });
    await floor.db
      .insertInto('maintenance_records')
      .values({
        vehicle_id: car.id,
        appointment_id: null,
        centre_id: floor.centreB.id,
        serviced_at: '2026-05-04T03:00:00.000Z',
        odometer_km: 48_000,
        service_names: JSON.stringify(['Bảo dưỡng cơ bản']),
        service_slugs: JSON.stringify(['bao-duong-co-ban']),
        cost: 199_000,
        technician_id: null,
        technician_name: null,
        notes: null,
        created_at: '2026-05-04T03:00:00.000Z',
      })
      .execute();

    const read = async (user: TestUser) => {
      const response = await floor.request(user, 'GET', `/api/staff/customers/${minh.id}`);
      expect(response.statusCode).toBe(200);
      return customerDetailSchema.parse(response.json().data);
    };
    const forStaff = await read(floor.users.staff);
    expect(forStaff).toMatchObject({ id: minh.id, fullName: 'Nguyễn Đức Minh', phone: '0938111222', email: 'duc.minh@example.vn' });
    expect(forStaff.vehicles.map((vehicle) => vehicle.licensePlate)).toEqual([minhPlate, car.licensePlate]);
    // The check-in recorded its reading.
    expect(forStaff.vehicles[1]).toMatchObject({ id: car.id, brand: 'VinFast', model: 'VF 8', year: 2024, odometerKm: 52_500 });
    expect(forStaff.appointments.map((appointment) => appointment.id)).toEqual([atA.appointmentId]);
    expect(forStaff.appointments[0]).toMatchObject({ status: 'CHECKED_IN', statusLabel: 'Đã tiếp nhận' });
    expect(forStaff.serviceOrders).toEqual([
      { id: atA.id, code: atA.code, status: 'OPEN', statusLabel: 'Đã tiếp nhận', openedAt: expect.any(String), licensePlate: car.licensePlate },
    ]);
    expect(forStaff.maintenanceRecords).toEqual([{ id: expect.any(Number), servicedAt: '2026-05-04T03:00:00.000Z', licensePlate: car.licensePlate, services: ['Bảo dưỡng cơ bản'], cost: 199_000 }]);
    expect(forStaff.orders).toEqual([]);

    const forStaffB = await read(floor.users.staffB);
    expect(forStaffB.appointments.map((appointment) => appointment.id)).toEqual([atB.appointmentId]);
    expect(forStaffB.serviceOrders).toEqual([]);
    expect(forStaffB.maintenanceRecords).toHaveLength(1);

    const forAdmin = await read(floor.users.admin);
    expect(forAdmin.appointments.map((appointment) => appointment.id).sort()).toEqual([atA.appointmentId, atB.appointmentId].sort());

    // Not a customer, or nobody: 404.
    for (const id of [floor.users.staff.id, 999_999]) {
      const response = await floor.request(floor.users.staff, 'GET', `/api/staff/customers/${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'CUSTOMER_NOT_FOUND', message: 'Không tìm thấy khách hàng.' });
    }
  });

  it("lists the demo customer's shop orders", async () => {
    const demo = await floor.db.selectFrom('users').select('id').where('email', '=', 'khachhang@evshop.vn').executeTakeFirstOrThrow();
    const orders = await floor.db.selectFrom('orders').select(['code', 'total']).where('user_id', '=', demo.id).execute();
    expect(orders.length).toBeGreaterThan(0);
    // An admin's view (the floor's centre A is not the demo customer's centre).
    const response = await floor.request(floor.users.admin, 'GET', `/api/staff/customers/${demo.id}`);
    const detail = customerDetailSchema.parse(response.json().data);
    expect(detail.orders.map((order) => order.code).sort()).toEqual(orders.map((order) => order.code).sort());
    expect(detail.maintenanceRecords.length).toBeGreaterThan(0);
  });
});
