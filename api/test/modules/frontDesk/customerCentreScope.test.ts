import { randomBytes } from 'node:crypto';
import { customerSearchResultSchema, staffCustomerDetailSchema, type CustomerSearchResult, type StaffCustomerDetail } from 'shared-contracts/schemas';
import { z } from 'zod';
import { createUser, type TestUser } from '../../support/serviceTestKit';
import { productionDatabase, useFloor } from '../../support/floorTestKit';

/**
 * Issue 21 §3, the centre scope of the customer lookup (spec back-office §3). Centre A plays Long Biên (staff,
 * manager), centre B Cầu Giấy (staffB, managerB). Khôi is Cầu Giấy's customer: an appointment, a web order to pick
 * up and a maintenance record there. Long Biên's people do not find him by name, email or a part of his plate or
 * phone; his exact phone or plate finds him as a walk-in (name, phone, vehicles only), and his detail answers 404
 * unless asked with that exact phone or plate (then the same limited shape). Once he books at Long Biên he is
 * Long Biên's customer too, in full. Admins see every customer in full.
 */
describe.each(productionDatabase())('the customer lookup within the centre scope on $label', (target) => {
  const floor = useFloor(target);
  let khoi: TestUser;
  let khoiCar: { id: number; licensePlate: string };
  const KHOI_PHONE = '0977123456';
  const KHOI_EMAIL = 'khoi.cau.giay@example.vn';

  async function addWebOrder(customer: TestUser, centreId: number | null): Promise<string> {
    const code = `EV${randomBytes(5).toString('hex').toUpperCase()}`;
    await floor.db
      .insertInto('orders')
      .values({
        code,
        user_id: customer.id,
        status: 'COMPLETED',
        payment_method: 'COD',
        payment_status: 'PAID',
        subtotal: 350_000,
        total: 350_000,
        promotion_id: null,
        promotion_code: null,
        fulfilment_method: centreId === null ? 'delivery' : 'pickup',
        province: centreId === null ? 'Hà Nội' : null,
        ward: centreId === null ? 'Phường Cầu Giấy' : null,
        street: centreId === null ? '1 Trần Thái Tông' : null,
        centre_id: centreId,
        recipient_name: 'Người Nhận',
        phone: '0912345678',
        note: null,
        idempotency_key: randomBytes(8).toString('hex'),
        request_hash: randomBytes(32).toString('hex'),
        cancel_reason: null,
        paid_at: '2026-11-01T01:00:00.000Z',
        created_at: '2026-11-01T01:00:00.000Z',
        updated_at: '2026-11-01T01:00:00.000Z',
      })
      .execute();
    return code;
  }

  async function search(user: TestUser, q: string, query = ''): Promise<CustomerSearchResult[]> {
    const response = await floor.request(user, 'GET', `/api/staff/customers?q=${encodeURIComponent(q)}${query}`);
    expect(response.statusCode).toBe(200);
    return z.array(customerSearchResultSchema).parse(response.json().data);
  }

  async function detail(user: TestUser, id: number, query = ''): Promise<{ status: number; body: StaffCustomerDetail | { code: string } }> {
    const response = await floor.request(user, 'GET', `/api/staff/customers/${id}${query}`);
    return { status: response.statusCode, body: response.statusCode === 200 ? staffCustomerDetailSchema.parse(response.json().data) : response.json() };
  }

  const ids = (results: CustomerSearchResult[]) => results.map((result) => result.id);

  beforeAll(async () => {
    khoi = await createUser(floor.db, 'customer', 'Trần Minh Khôi');
    await floor.db.updateTable('users').set({ phone_number: KHOI_PHONE, email: KHOI_EMAIL }).where('id', '=', khoi.id).execute();
    khoiCar = await floor.addCar(khoi, 30_000);
    await floor.bookToday({ customer: khoi, vehicleId: khoiCar.id, centreId: floor.centreB.id, time: '10:00' });
    await addWebOrder(khoi, floor.centreB.id);
    await floor.db
      .insertInto('maintenance_records')
      .values({
        vehicle_id: khoiCar.id,
        appointment_id: null,
        centre_id: floor.centreB.id,
        serviced_at: '2026-06-04T03:00:00.000Z',
        odometer_km: 25_000,
        service_names: JSON.stringify(['Bảo dưỡng cơ bản']),
        service_slugs: JSON.stringify(['bao-duong-co-ban']),
        cost: 199_000,
        technician_id: null,
        technician_name: null,
        notes: null,
        created_at: '2026-06-04T03:00:00.000Z',
      })
      .execute();
  });

  it("does not list another centre's customer to staff or managers by name, email, or a part of the plate or phone", async () => {
    const partialPlate = khoiCar.licensePlate.slice(0, 7);
    for (const user of [floor.users.staff, floor.users.manager]) {
      for (const q of ['Trần Minh Khôi', 'tran minh khoi', 'khoi', KHOI_EMAIL, 'khoi.cau.giay', partialPlate, khoiCar.licensePlate.slice(-6), '0977123', '977 123 45']) {
        expect({ q, found: ids(await search(user, q)) }).toEqual({ q, found: [] });
      }
    }
    // Cầu Giấy's own people find him in full.
    for (const user of [floor.users.staffB, floor.users.managerB]) {
      expect(await search(user, 'tran minh khoi')).toEqual([
        { access: 'full', id: khoi.id, fullName: 'Trần Minh Khôi', email: KHOI_EMAIL, phone: KHOI_PHONE, plates: [khoiCar.licensePlate] },
      ]);
      expect(ids(await search(user, KHOI_EMAIL))).toEqual([khoi.id]);
      expect(ids(await search(user, partialPlate))).toContain(khoi.id);
    }
  });

  it('finds them by an exact phone or plate as a walk-in: name, phone and vehicles only', async () => {
    const walkIn = { access: 'walk-in', id: khoi.id, fullName: 'Trần Minh Khôi', phone: KHOI_PHONE, plates: [khoiCar.licensePlate] };
    const plateTyped = khoiCar.licensePlate.replace(/[-.]/g, '').toLowerCase();
    for (const user of [floor.users.staff, floor.users.manager]) {
      for (const q of [KHOI_PHONE, '0977 123 456', '+84 977 123 456', khoiCar.licensePlate, plateTyped]) {
        const found = await search(user, q);
        expect({ q, found }).toEqual({ q, found: [walkIn] });
        // Nothing beyond the walk-in's fields (no email).
        expect(Object.keys(found[0]!).sort()).toEqual(['access', 'fullName', 'id', 'phone', 'plates']);
      }
    }
  });

  it("answers 404 for another centre's customer by id, the limited shape when asked with the exact phone or plate", async () => {
    const limited = {
      access: 'walk-in',
      id: khoi.id,
      fullName: 'Trần Minh Khôi',
      phone: KHOI_PHONE,
      plates: [khoiCar.licensePlate],
      vehicles: [{ id: khoiCar.id, licensePlate: khoiCar.licensePlate, brand: 'VinFast', model: 'VF 8', year: 2024, odometerKm: 30_000 }],
    };
    for (const user of [floor.users.staff, floor.users.manager]) {
      for (const query of ['', '?q=tran%20minh%20khoi', `?q=${encodeURIComponent(KHOI_EMAIL)}`, '?q=0977123', `?q=${encodeURIComponent(khoiCar.licensePlate.slice(0, 7))}`]) {
        const answer = await detail(user, khoi.id, query);
        expect({ query, status: answer.status, body: answer.body }).toEqual({
          query,
          status: 404,
          body: { success: false, code: 'CUSTOMER_NOT_FOUND', message: 'Không tìm thấy khách hàng.' },
        });
      }
      for (const q of [KHOI_PHONE, '+84977123456', khoiCar.licensePlate, khoiCar.licensePlate.replace(/[-.]/g, '')]) {
        const raw = await floor.request(user, 'GET', `/api/staff/customers/${khoi.id}?q=${encodeURIComponent(q)}`);
        expect(raw.statusCode).toBe(200);
        // Exactly these fields: no email, appointments, service orders, shop orders or maintenance records.
        expect(raw.json().data).toEqual(limited);
      }
    }
    // Another centre's `centreId` is not the staff member's to ask for.
    const otherCentre = await floor.request(floor.users.staff, 'GET', `/api/staff/customers?q=khoi&centreId=${floor.centreB.id}`);
    expect(otherCentre.statusCode).toBe(404);
    expect((await detail(floor.users.staff, khoi.id, `?q=${KHOI_PHONE}&centreId=${floor.centreB.id}`)).status).toBe(404);
  });

  it('shows admins everything, every centre (or the centre asked for)', async () => {
    const found = await search(floor.users.admin, 'tran minh khoi');
    expect(found).toEqual([{ access: 'full', id: khoi.id, fullName: 'Trần Minh Khôi', email: KHOI_EMAIL, phone: KHOI_PHONE, plates: [khoiCar.licensePlate] }]);
    expect(ids(await search(floor.users.admin, 'tran minh khoi', `&centreId=${floor.centreB.id}`))).toEqual([khoi.id]);
    expect(ids(await search(floor.users.admin, 'tran minh khoi', `&centreId=${floor.centreA.id}`))).toEqual([]);
    expect((await floor.request(floor.users.admin, 'GET', '/api/staff/customers?q=khoi&centreId=999999')).statusCode).toBe(404);

    const full = await detail(floor.users.admin, khoi.id);
    expect(full.status).toBe(200);
    expect(full.body).toMatchObject({ access: 'full', email: KHOI_EMAIL, phone: KHOI_PHONE });
    const body = full.body as Extract<StaffCustomerDetail, { access: 'full' }>;
    expect(body.appointments).toHaveLength(1);
    expect(body.orders).toHaveLength(1);
    expect(body.maintenanceRecords).toHaveLength(1);
    expect(body.vehicles.map((vehicle) => vehicle.id)).toEqual([khoiCar.id]);
  });

  it('shows a customer in full to a centre once they booked there (a walk-in) or ordered for pick-up there', async () => {
    const lan = await createUser(floor.db, 'customer', 'Đặng Thu Lan');
    const lanCar = await floor.addCar(lan);
    await floor.bookToday({ customer: lan, vehicleId: lanCar.id, centreId: floor.centreB.id, time: '11:00' });
    const lanPhone = (await floor.db.selectFrom('users').select('phone_number').where('id', '=', lan.id).executeTakeFirstOrThrow()).phone_number!;
    expect(ids(await search(floor.users.staff, 'dang thu lan'))).toEqual([]);

    // At Long Biên's counter: found by plate, opened as a walk-in, booked now with her vehicle.
    const [found] = await search(floor.users.staff, lanCar.licensePlate);
    expect(found).toMatchObject({ access: 'walk-in', id: lan.id });
    const limited = await detail(floor.users.staff, lan.id, `?q=${encodeURIComponent(lanCar.licensePlate)}`);
    expect(limited.body).toMatchObject({ access: 'walk-in', vehicles: [{ id: lanCar.id }] });
    const serviceId = await floor.serviceId('bao-duong-co-ban');
    const walkIn = await floor.request(floor.users.staff, 'POST', '/api/staff/appointments/walk-in', {
      vehicleId: lanCar.id,
      contact: { fullName: 'Đặng Thu Lan', phone: lanPhone, email: 'thu.lan.hoi.tai.quay@example.vn' },
      serviceIds: [serviceId],
    });
    expect(walkIn.statusCode).toBe(201);

    for (const user of [floor.users.staff, floor.users.manager]) {
      const results = await search(user, 'dang thu lan');
      expect(results).toEqual([{ access: 'full', id: lan.id, fullName: 'Đặng Thu Lan', email: expect.any(String), phone: lanPhone, plates: [lanCar.licensePlate] }]);
      const full = await detail(user, lan.id);
      expect(full.status).toBe(200);
      const body = full.body as Extract<StaffCustomerDetail, { access: 'full' }>;
      expect(body.access).toBe('full');
      // The centre's own appointments only: the walk-in at Long Biên, not the booking at Cầu Giấy.
      expect(body.appointments.map((appointment) => appointment.id)).toEqual([walkIn.json().data.id]);
    }

    // A web order picked up at Long Biên makes a customer Long Biên's; one delivered to the door does not.
    const hoa = await createUser(floor.db, 'customer', 'Vương Thị Hoa');
    const binh = await createUser(floor.db, 'customer', 'Vương Văn Bình');
    const pickupCode = await addWebOrder(hoa, floor.centreA.id);
    await addWebOrder(binh, null);
    expect(ids(await search(floor.users.staff, 'vuong'))).toEqual([hoa.id]);
    expect(ids(await search(floor.users.staffB, 'vuong'))).toEqual([]);
    const hoaDetail = await detail(floor.users.manager, hoa.id);
    expect(hoaDetail.body).toMatchObject({ access: 'full', orders: [{ code: pickupCode }] });
    expect((await detail(floor.users.manager, binh.id)).status).toBe(404);
  });
});
