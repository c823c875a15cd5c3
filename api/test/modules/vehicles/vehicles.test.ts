import { ODOMETER_DECREASE_MESSAGE, VEHICLE_MODEL_MESSAGE, vehicleListResponseSchema, vehicleResponseSchema, type Vehicle } from 'shared-contracts/schemas';
import { productionDatabase, useScratchDatabase } from '../../support/testDatabases';
import { authHeader, createUser, startServiceApp, type ServiceApp, type TestUser } from '../../support/serviceTestKit';

const VF5 = { type: 'car', brand: 'VinFast', model: 'VF 5', year: 2024, licensePlate: '30k 99123', vin: 'rllv-fpnt5rh123456', color: 'Xanh dương', odometerKm: 8200, batteryCapacityKwh: 37.23, nickname: 'Xe gia đình' };

describe.each(productionDatabase())('vehicles on $label', (target) => {
  const scratch = useScratchDatabase(target, { seed: true });
  let service: ServiceApp;
  let owner: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    service = await startServiceApp(scratch.db);
    owner = await createUser(scratch.db);
    stranger = await createUser(scratch.db);
  });
  afterAll(() => service.close());

  async function request(user: TestUser | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
    return service.app.inject({ method, url, headers: user ? await authHeader(service.app, user) : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
  }

  it('adds a car with the plate and VIN normalised and a next maintenance, and lists it', async () => {
    const created = await request(owner, 'POST', '/api/vehicles', VF5);
    expect(created.statusCode).toBe(201);
    const vehicle = vehicleResponseSchema.parse(created.json()).data;
    expect(vehicle).toMatchObject({
      type: 'car',
      brand: 'VinFast',
      model: 'VF 5',
      licensePlate: '30K-991.23',
      vin: 'RLLVFPNT5RH123456',
      odometerKm: 8200,
      batteryCapacityKwh: 37.23,
      nickname: 'Xe gia đình',
    });
    // A car just added: basic check in 6 months or at +6 000 km; at the default 45 km/day the km come first
    // (133 days after 19/11/2026).
    expect(vehicle.nextMaintenance).toMatchObject({ dueBy: 'km', dueDate: '2027-04-01', dueKm: 14_200, kmLeft: 6000, daysLeft: 133, overdue: false, serviceSlug: 'bao-duong-co-ban', estimatedKmPerDay: 45 });
    expect(vehicle.nextMaintenance!.bookingUrl).toBe(`/booking?vehicleId=${vehicle.id}&service=bao-duong-co-ban`);

    const list = vehicleListResponseSchema.parse((await request(owner, 'GET', '/api/vehicles')).json()).data;
    expect(list.map((entry) => entry.licensePlate)).toEqual(['30K-991.23']);
    expect((await request(null, 'GET', '/api/vehicles')).statusCode).toBe(401);
  });

  it('refuses invalid fields with Vietnamese messages per field', async () => {
    const response = await request(owner, 'POST', '/api/vehicles', { ...VF5, licensePlate: '29-B1 123.45', vin: 'RLLVFPNT5RH12345O', year: 1990, odometerKm: -5 });
    expect(response.statusCode).toBe(400);
    const body = response.json() as { code: string; errors: Array<{ field: string; message: string }> };
    expect(body.code).toBe('VALIDATION_ERROR');
    const messages = Object.fromEntries(body.errors.map((error) => [error.field, error.message]));
    expect(messages).toMatchObject({
      licensePlate: 'Biển số ô tô không hợp lệ (ví dụ: 30A-123.45).',
      vin: 'Số VIN chỉ gồm chữ in hoa và chữ số, không có I, O, Q.',
      year: 'Năm sản xuất từ 2010 trở đi.',
      odometerKm: 'Số km không được âm.',
    });
    // A car needs a VIN; a scooter does not; a model typed must name an active reference model of the type.
    expect((await request(owner, 'POST', '/api/vehicles', { ...VF5, licensePlate: '30K-111.22', vin: undefined })).statusCode).toBe(400);
    for (const model of [{ model: 'VF 99' }, { brand: 'VinFast', model: 'Klara S' }]) {
      const unknown = await request(owner, 'POST', '/api/vehicles', { ...VF5, licensePlate: '30K-111.22', ...model });
      expect(unknown.statusCode).toBe(422);
      expect(unknown.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: VEHICLE_MODEL_MESSAGE, errors: [{ field: 'model', message: VEHICLE_MODEL_MESSAGE }] });
    }
    const scooter = await request(owner, 'POST', '/api/vehicles', { type: 'scooter', brand: 'VinFast', model: 'Feliz S', year: 2025, licensePlate: '29md2-11111', odometerKm: 300 });
    expect(scooter.statusCode).toBe(201);
    expect(scooter.json().data).toMatchObject({ licensePlate: '29MĐ2-111.11', vin: null });
  });

  it('refuses a plate the customer already has (any spelling) with 409, and another account cannot take it either', async () => {
    const duplicate = await request(owner, 'POST', '/api/vehicles', { ...VF5, licensePlate: '30-K 991.23' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({ success: false, code: 'VEHICLE_PLATE_TAKEN', message: 'Bạn đã thêm một xe có biển số này rồi.' });
    const elsewhere = await request(stranger, 'POST', '/api/vehicles', VF5);
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json()).toMatchObject({ code: 'VEHICLE_PLATE_CLAIMED', message: 'Biển số này đã được đăng ký bởi tài khoản khác. Trung tâm sẽ liên hệ để xác minh.' });
  });

  it("never shows or changes another customer's vehicle: 404, not 403", async () => {
    const mine = vehicleListResponseSchema.parse((await request(owner, 'GET', '/api/vehicles')).json()).data[0]!;
    for (const [method, payload] of [['GET', undefined], ['PUT', { ...VF5, odometerKm: 9000 }], ['DELETE', undefined]] as const) {
      const response = await request(stranger, method, `/api/vehicles/${mine.id}`, payload);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ success: false, code: 'VEHICLE_NOT_FOUND', message: 'Không tìm thấy xe.' });
    }
    const unchanged = vehicleResponseSchema.parse((await request(owner, 'GET', `/api/vehicles/${mine.id}`)).json()).data;
    expect(unchanged.odometerKm).toBe(8200);
  });

  it('lets the odometer go up, and down only with a note (kept as a correction)', async () => {
    const mine = vehicleListResponseSchema.parse((await request(owner, 'GET', '/api/vehicles')).json()).data[0]!;
    const up = await request(owner, 'PUT', `/api/vehicles/${mine.id}`, { ...VF5, odometerKm: 9100 });
    expect(up.statusCode).toBe(200);
    expect((up.json().data as Vehicle).odometerKm).toBe(9100);

    const down = await request(owner, 'PUT', `/api/vehicles/${mine.id}`, { ...VF5, odometerKm: 9000 });
    expect(down.statusCode).toBe(422);
    expect(down.json()).toMatchObject({ code: 'ODOMETER_DECREASE', message: ODOMETER_DECREASE_MESSAGE });
    expect(vehicleResponseSchema.parse((await request(owner, 'GET', `/api/vehicles/${mine.id}`)).json()).data.odometerKm).toBe(9100);

    const corrected = await request(owner, 'PUT', `/api/vehicles/${mine.id}`, { ...VF5, odometerKm: 9000, odometerNote: 'Nhập nhầm số km lần trước' });
    expect(corrected.statusCode).toBe(200);
    expect((corrected.json().data as Vehicle).odometerKm).toBe(9000);
    const readings = await scratch.db
      .selectFrom('vehicle_odometer_readings')
      .select(['odometer_km', 'source', 'note'])
      .where('vehicle_id', '=', mine.id)
      .orderBy('id')
      .execute();
    expect(readings).toEqual([
      { odometer_km: 8200, source: 'customer', note: null },
      { odometer_km: 9100, source: 'customer', note: null },
      { odometer_km: 9000, source: 'correction', note: 'Nhập nhầm số km lần trước' },
    ]);
  });

  it('removes a vehicle from the list; its plate may be added again', async () => {
    const mine = vehicleListResponseSchema.parse((await request(owner, 'GET', '/api/vehicles')).json()).data.find((entry) => entry.type === 'car')!;
    const removed = await request(owner, 'DELETE', `/api/vehicles/${mine.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ success: true, message: 'Đã xóa xe.', data: { id: mine.id } });
    expect((await request(owner, 'GET', `/api/vehicles/${mine.id}`)).statusCode).toBe(404);
    expect((await request(owner, 'DELETE', `/api/vehicles/${mine.id}`)).statusCode).toBe(404);
    const list = vehicleListResponseSchema.parse((await request(owner, 'GET', '/api/vehicles')).json()).data;
    expect(list.map((entry) => entry.id)).not.toContain(mine.id);
    expect((await request(owner, 'POST', '/api/vehicles', VF5)).statusCode).toBe(201);
  });
});
