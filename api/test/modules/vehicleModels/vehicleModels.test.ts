import {
  vehicleModelAdminListResponseSchema,
  vehicleModelAdminRecordResponseSchema,
  vehicleModelDeleteResponseSchema,
  vehicleModelListResponseSchema,
  vehicleModelResponseSchema,
} from 'shared-contracts/schemas';
import { productionDatabase, useScratchDatabase } from '../../support/testDatabases';
import { authHeader, createUser, startServiceApp, type ServiceApp, type TestUser } from '../../support/serviceTestKit';

const NEW_MODEL = { brand: 'VinFast', model: 'Evo Grand', variant: '', type: 'scooter', yearFrom: 2024, yearTo: null, batteryKwh: 3.5, batteryChemistry: 'LFP' };

describe.each(productionDatabase())('vehicle models on $label', (target) => {
  const scratch = useScratchDatabase(target);
  let service: ServiceApp;
  let admin: TestUser;
  let manager: TestUser;
  let customer: TestUser;

  beforeAll(async () => {
    service = await startServiceApp(scratch.db);
    admin = await createUser(scratch.db, 'admin');
    manager = await createUser(scratch.db, 'manager');
    customer = await createUser(scratch.db);
  });
  afterAll(() => service.close());

  async function request(user: TestUser | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
    return service.app.inject({ method, url, headers: user ? await authHeader(service.app, user) : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
  }
  const search = async (query: string) => {
    const response = await request(null, 'GET', `/api/vehicle-models${query}`);
    expect(response.statusCode).toBe(200);
    return vehicleModelListResponseSchema.parse(response.json()).data.items;
  };

  it('finds models without accents or spaces, by type and brand, publicly and cacheably', async () => {
    const response = await request(null, 'GET', '/api/vehicle-models?q=feliz');
    expect(response.headers['cache-control']).toMatch(/public/);
    const felizz = vehicleModelListResponseSchema.parse(response.json()).data.items;
    expect(felizz.map((model) => model.label)).toEqual(['VinFast Feliz S']);
    expect(felizz[0]).toMatchObject({ slug: 'vinfast-feliz-s', variant: null, type: 'scooter', batteryKwh: 3.5, batteryChemistry: 'LFP', active: true });

    expect((await search('?q=VÍNFAST%20vf8')).map((model) => model.label)).toEqual(['VinFast VF 8', 'VinFast VF 8 Eco', 'VinFast VF 8 Plus']);
    expect((await search('?q=vf%208%20plus')).map((model) => model.label)).toEqual(['VinFast VF 8 Plus']);
    const datBike = await search('?brand=dat%20bike');
    expect(datBike.length).toBeGreaterThan(0);
    expect(datBike.every((model) => model.brand === 'Dat Bike' && model.type === 'motorbike')).toBe(true);
    const cars = await search('?type=car&brand=VinFast');
    expect(cars.map((model) => model.label)).toContain('VinFast VF 3');
    expect(cars.every((model) => model.type === 'car')).toBe(true);
    expect(await search('?q=khong%20co%20xe%20nay')).toEqual([]);

    const bad = await request(null, 'GET', '/api/vehicle-models?type=boat');
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ success: false, message: 'Loại xe không hợp lệ.' });

    const one = await request(null, 'GET', `/api/vehicle-models/${felizz[0]!.id}`);
    expect(vehicleModelResponseSchema.parse(one.json()).data.label).toBe('VinFast Feliz S');
    const missing = await request(null, 'GET', '/api/vehicle-models/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: 'Không tìm thấy dòng xe.' });
  });

  it('lets only the admin add, edit and remove models, with Vietnamese refusals', async () => {
    expect((await request(null, 'POST', '/api/admin/vehicle-models', NEW_MODEL)).statusCode).toBe(401);
    expect((await request(customer, 'POST', '/api/admin/vehicle-models', NEW_MODEL)).statusCode).toBe(403);
    expect((await request(manager, 'GET', '/api/admin/vehicle-models')).statusCode).toBe(403);

    const created = await request(admin, 'POST', '/api/admin/vehicle-models', NEW_MODEL);
    expect(created.statusCode).toBe(201);
    const model = vehicleModelResponseSchema.parse(created.json()).data;
    expect(model).toMatchObject({ slug: 'vinfast-evo-grand', label: 'VinFast Evo Grand', variant: null, yearFrom: 2024, batteryKwh: 3.5, active: true });
    expect((await search('?q=evo%20grand')).map((entry) => entry.id)).toEqual([model.id]);

    const duplicate = await request(admin, 'POST', '/api/admin/vehicle-models', { ...NEW_MODEL, model: 'EVO GRAND ' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({ message: 'Dòng xe này (cùng hãng, dòng và phiên bản) đã có.' });

    const invalid = await request(admin, 'POST', '/api/admin/vehicle-models', { ...NEW_MODEL, brand: '', type: 'boat', yearFrom: 2025, yearTo: 2020 });
    expect(invalid.statusCode).toBe(400);
    const messages = Object.fromEntries((invalid.json() as { errors: Array<{ field: string; message: string }> }).errors.map((error) => [error.field, error.message]));
    expect(messages).toMatchObject({ brand: 'Vui lòng nhập hãng xe.', type: 'Vui lòng chọn loại xe.' });

    const saved = await request(admin, 'PUT', `/api/admin/vehicle-models/${model.id}`, { ...NEW_MODEL, variant: 'Plus', yearTo: 2026 });
    expect(saved.statusCode).toBe(200);
    // The label follows the edit; the slug the CSV names it by stays.
    expect(vehicleModelResponseSchema.parse(saved.json()).data).toMatchObject({ label: 'VinFast Evo Grand Plus', slug: 'vinfast-evo-grand', yearTo: 2026 });
    const wrongYears = await request(admin, 'PUT', `/api/admin/vehicle-models/${model.id}`, { ...NEW_MODEL, yearTo: 2020 });
    expect(wrongYears.statusCode).toBe(400);
    expect(JSON.stringify(wrongYears.json())).toContain('Năm kết thúc phải từ năm bắt đầu trở đi.');

    // Nothing names it: removed.
    const removed = await request(admin, 'DELETE', `/api/admin/vehicle-models/${model.id}`);
    expect(vehicleModelDeleteResponseSchema.parse(removed.json()).data.deleted).toBe(true);
    expect((await request(null, 'GET', `/api/vehicle-models/${model.id}`)).statusCode).toBe(404);
  });

  it('keeps a model’s own battery thresholds for the admin, checked in Vietnamese; null is the chemistry’s default', async () => {
    const LITE = { ...NEW_MODEL, model: 'Thử Ngưỡng' };
    const created = await request(admin, 'POST', '/api/admin/vehicle-models', { ...LITE, batterySohDegradedPct: 85, batterySohReplacePct: 75, batterySpreadWarnMv: 40 });
    expect(created.statusCode).toBe(201);
    const model = vehicleModelAdminRecordResponseSchema.parse(created.json()).data;
    expect(model).toMatchObject({ batterySohDegradedPct: 85, batterySohReplacePct: 75, batterySpreadWarnMv: 40 });
    const adminList = async () => vehicleModelAdminListResponseSchema.parse((await request(admin, 'GET', '/api/admin/vehicle-models?q=thu%20nguong')).json()).data.items;
    expect(await adminList()).toEqual([expect.objectContaining({ id: model.id, batterySohDegradedPct: 85, batterySohReplacePct: 75, batterySpreadWarnMv: 40 })]);
    // the public answer names no threshold
    expect((await request(null, 'GET', `/api/vehicle-models/${model.id}`)).json().data).not.toHaveProperty('batterySohDegradedPct');

    const refusals: Array<[Record<string, unknown>, string, string]> = [
      [{ batterySohDegradedPct: 0 }, 'batterySohDegradedPct', 'Ngưỡng "Pin suy giảm" phải là số nguyên từ 1 đến 100 (%).'],
      [{ batterySohDegradedPct: 101 }, 'batterySohDegradedPct', 'Ngưỡng "Pin suy giảm" phải là số nguyên từ 1 đến 100 (%).'],
      [{ batterySohReplacePct: 72.5 }, 'batterySohReplacePct', 'Ngưỡng "Nên thay pin sớm" phải là số nguyên từ 1 đến 100 (%).'],
      [{ batterySohReplacePct: '70' }, 'batterySohReplacePct', 'Ngưỡng "Nên thay pin sớm" phải là số nguyên từ 1 đến 100 (%).'],
      [{ batterySpreadWarnMv: 0 }, 'batterySpreadWarnMv', 'Ngưỡng lệch áp cell phải là số nguyên từ 1 đến 2000 mV.'],
      [{ batterySpreadWarnMv: 2001 }, 'batterySpreadWarnMv', 'Ngưỡng lệch áp cell phải là số nguyên từ 1 đến 2000 mV.'],
      [{ batterySohDegradedPct: 75, batterySohReplacePct: 75 }, 'batterySohReplacePct', 'Ngưỡng "Nên thay pin sớm" phải thấp hơn ngưỡng "Pin suy giảm" (75 %).'],
      // against the chemistry's default where one is left to it: LFP degraded below 80 %, lead-acid replaced below 60 %
      [{ batterySohDegradedPct: null, batterySohReplacePct: 85 }, 'batterySohReplacePct', 'Ngưỡng "Nên thay pin sớm" phải thấp hơn ngưỡng "Pin suy giảm" (80 %).'],
      [{ batteryChemistry: 'LEAD_ACID', batterySohDegradedPct: 60, batterySohReplacePct: null }, 'batterySohDegradedPct', 'Ngưỡng "Pin suy giảm" phải cao hơn ngưỡng "Nên thay pin sớm" (60 %).'],
    ];
    for (const [change, field, message] of refusals) {
      const refused = await request(admin, 'PUT', `/api/admin/vehicle-models/${model.id}`, { ...LITE, batterySohDegradedPct: 85, batterySohReplacePct: 75, batterySpreadWarnMv: 40, ...change });
      expect(refused.statusCode).toBe(400);
      expect((refused.json() as { errors: Array<{ field: string; message: string }> }).errors).toContainEqual({ field, message });
    }
    // one left out is kept, and checked as stored (replace below 75 %)
    expect((await request(admin, 'PUT', `/api/admin/vehicle-models/${model.id}`, { ...LITE, batterySohDegradedPct: 70 })).json()).toMatchObject({
      errors: [{ field: 'batterySohDegradedPct', message: 'Ngưỡng "Pin suy giảm" phải cao hơn ngưỡng "Nên thay pin sớm" (75 %).' }],
    });
    expect((await request(admin, 'POST', '/api/admin/vehicle-models', { ...NEW_MODEL, model: 'Thử Ngưỡng Mới', batterySohReplacePct: 80 })).json()).toMatchObject({
      errors: [{ field: 'batterySohReplacePct', message: 'Ngưỡng "Nên thay pin sớm" phải thấp hơn ngưỡng "Pin suy giảm" (80 %).' }],
    });
    expect(await adminList()).toEqual([expect.objectContaining({ batterySohDegradedPct: 85, batterySohReplacePct: 75, batterySpreadWarnMv: 40 })]);

    // a body without them (an older form, the deactivation) keeps them
    const kept = await request(admin, 'PUT', `/api/admin/vehicle-models/${model.id}`, { ...LITE, batteryKwh: 4, active: false });
    expect(vehicleModelAdminRecordResponseSchema.parse(kept.json()).data).toMatchObject({ batteryKwh: 4, active: false, batterySohDegradedPct: 85, batterySohReplacePct: 75, batterySpreadWarnMv: 40 });
    const cleared = await request(admin, 'PUT', `/api/admin/vehicle-models/${model.id}`, { ...LITE, batterySohDegradedPct: null, batterySohReplacePct: null, batterySpreadWarnMv: null });
    expect(vehicleModelAdminRecordResponseSchema.parse(cleared.json()).data).toMatchObject({ batterySohDegradedPct: null, batterySohReplacePct: null, batterySpreadWarnMv: null });
    const row = await scratch.db.selectFrom('vehicle_models').select(['battery_soh_degraded_pct', 'battery_soh_replace_pct', 'battery_spread_warn_mv']).where('id', '=', model.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ battery_soh_degraded_pct: null, battery_soh_replace_pct: null, battery_spread_warn_mv: null });
  });

  it('deactivates a model a customer vehicle names instead of deleting it, and hides it from the public list', async () => {
    const created = vehicleModelResponseSchema.parse((await request(admin, 'POST', '/api/admin/vehicle-models', { ...NEW_MODEL, model: 'Evo Neo' })).json()).data;
    await scratch.db
      .insertInto('vehicles')
      .values({ user_id: customer.id, type: 'scooter', brand: 'VinFast', model: 'Evo Neo', year: 2024, license_plate: '29MĐ1-707.07', odometer_km: 10, model_id: created.id })
      .execute();

    const outcome = await request(admin, 'DELETE', `/api/admin/vehicle-models/${created.id}`);
    expect(outcome.statusCode).toBe(200);
    const body = vehicleModelDeleteResponseSchema.parse(outcome.json());
    expect(body.data).toMatchObject({ deleted: false, model: { id: created.id, active: false } });
    expect(body.message).toBe('Dòng xe đang được xe của khách hoặc phụ tùng dùng: đã ngừng hoạt động thay vì xóa.');

    expect((await search('?q=evo%20neo')).map((entry) => entry.id)).toEqual([]);
    const adminList = vehicleModelAdminListResponseSchema.parse((await request(admin, 'GET', '/api/admin/vehicle-models?q=evo%20neo')).json()).data.items;
    expect(adminList).toEqual([expect.objectContaining({ id: created.id, active: false, vehicleCount: 1 })]);

    // Back in service when the admin says so.
    const reactivated = await request(admin, 'PUT', `/api/admin/vehicle-models/${created.id}`, { ...NEW_MODEL, model: 'Evo Neo', active: true });
    expect(vehicleModelResponseSchema.parse(reactivated.json()).data.active).toBe(true);
    expect((await search('?q=evo%20neo')).map((entry) => entry.id)).toEqual([created.id]);
  });
});
