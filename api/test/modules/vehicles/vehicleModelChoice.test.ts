import { VEHICLE_MODEL_MESSAGE, vehicleListResponseSchema, vehicleResponseSchema } from 'shared-contracts/schemas';
import { productionDatabase, useScratchDatabase } from '../../support/testDatabases';
import { authHeader, createUser, startServiceApp, type ServiceApp, type TestUser } from '../../support/serviceTestKit';

const SCOOTER = { type: 'scooter', brand: 'VinFast', model: 'Feliz S', year: 2024, licensePlate: '29MĐ1-301.01', odometerKm: 500 };

/** A customer's vehicle names its reference model (issue 66 §1): chosen, matched from the typed name, or none. */
describe.each(productionDatabase())("the customer's vehicle model on $label", (target) => {
  const scratch = useScratchDatabase(target);
  let service: ServiceApp;
  let owner: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    service = await startServiceApp(scratch.db);
    owner = await createUser(scratch.db);
    admin = await createUser(scratch.db, 'admin');
  });
  afterAll(() => service.close());

  async function request(user: TestUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
    return service.app.inject({ method, url, headers: await authHeader(service.app, user), ...(payload === undefined ? {} : { payload: payload as object }) });
  }
  const modelId = async (slug: string) => Number((await scratch.db.selectFrom('vehicle_models').select('id').where('slug', '=', slug).executeTakeFirstOrThrow()).id);

  it('takes the chosen model and answers it, its brand and model name written from it', async () => {
    const vf8Plus = await modelId('vinfast-vf-8-plus');
    const created = await request(owner, 'POST', '/api/vehicles', {
      type: 'car',
      brand: 'VinFast',
      model: 'VF 8',
      modelId: vf8Plus,
      year: 2024,
      licensePlate: '30A-301.02',
      vin: 'RLNV5JSM0PA123457',
      odometerKm: 100,
    });
    expect(created.statusCode).toBe(201);
    const vehicle = vehicleResponseSchema.parse(created.json()).data;
    expect(vehicle).toMatchObject({ brand: 'VinFast', model: 'VF 8 Plus', modelId: vf8Plus, vehicleModel: { id: vf8Plus, label: 'VinFast VF 8 Plus', slug: 'vinfast-vf-8-plus' } });

    // A model outside the form's older list (VinFast Impes) is accepted when chosen from the reference.
    const impes = await modelId('vinfast-impes');
    const scooter = await request(owner, 'POST', '/api/vehicles', { ...SCOOTER, brand: 'VinFast', model: 'Impes', modelId: impes, licensePlate: '29MĐ1-301.03' });
    expect(scooter.statusCode).toBe(201);
    expect(vehicleResponseSchema.parse(scooter.json()).data.vehicleModel?.label).toBe('VinFast Impes');
  });

  it('matches the typed brand and model when no model is sent, and keeps none when null is sent', async () => {
    const matched = vehicleResponseSchema.parse((await request(owner, 'POST', '/api/vehicles', SCOOTER)).json()).data;
    expect(matched.vehicleModel).toEqual({ id: await modelId('vinfast-feliz-s'), label: 'VinFast Feliz S', slug: 'vinfast-feliz-s' });

    const none = vehicleResponseSchema.parse((await request(owner, 'POST', '/api/vehicles', { ...SCOOTER, licensePlate: '29MĐ1-301.04', modelId: null })).json()).data;
    expect(none).toMatchObject({ modelId: null, vehicleModel: null });

    // "Chọn dòng xe": the customer chooses it later.
    const chosen = await request(owner, 'PUT', `/api/vehicles/${none.id}`, { ...SCOOTER, licensePlate: '29MĐ1-301.04', modelId: await modelId('vinfast-feliz-s') });
    expect(chosen.statusCode).toBe(200);
    expect(vehicleResponseSchema.parse(chosen.json()).data.vehicleModel?.label).toBe('VinFast Feliz S');

    const list = vehicleListResponseSchema.parse((await request(owner, 'GET', '/api/vehicles')).json()).data;
    expect(list.find((entry) => entry.id === none.id)?.modelId).toBe(await modelId('vinfast-feliz-s'));
  });

  it('refuses typed names that match no active model of the type (422 on model), on add and on edit, a model kept or not', async () => {
    const typedRefusal = async (method: 'POST' | 'PUT', url: string, payload: Record<string, unknown>) => {
      const response = await request(owner, method, url, { ...SCOOTER, ...payload });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ message: VEHICLE_MODEL_MESSAGE, errors: [{ field: 'model', message: VEHICLE_MODEL_MESSAGE }] });
    };
    await typedRefusal('POST', '/api/vehicles', { model: 'Feliz X', licensePlate: '29MĐ1-301.08' });
    await typedRefusal('POST', '/api/vehicles', { model: 'Feliz X', modelId: null, licensePlate: '29MĐ1-301.08' });
    await typedRefusal('POST', '/api/vehicles', { type: 'motorbike', model: 'Feliz S', licensePlate: '29B1-301.08', vin: 'RLNV5JSM0PA123458' });

    // typed in another spelling, the name still finds its model
    const loose = await request(owner, 'POST', '/api/vehicles', { ...SCOOTER, brand: 'VinFast', model: 'Evo 200', licensePlate: '29MĐ1-301.09' });
    expect(loose.statusCode).toBe(201);
    const saved = vehicleResponseSchema.parse(loose.json()).data;
    expect(saved.vehicleModel?.label).toBe('VinFast Evo200');
    await typedRefusal('PUT', `/api/vehicles/${saved.id}`, { model: 'Evo 9000', licensePlate: '29MĐ1-301.09' });
    expect(vehicleResponseSchema.parse((await request(owner, 'GET', `/api/vehicles/${saved.id}`)).json()).data.model).toBe('Evo 200');
  });

  it('refuses an unknown, deactivated or wrong-type model with a Vietnamese message on modelId', async () => {
    const refusal = async (payload: Record<string, unknown>) => {
      const response = await request(owner, 'POST', '/api/vehicles', { ...SCOOTER, licensePlate: '29MĐ1-301.05', ...payload });
      expect(response.statusCode).toBe(422);
      return (response.json() as { errors: Array<{ field: string; message: string }> }).errors;
    };
    expect(await refusal({ modelId: 999_999 })).toEqual([{ field: 'modelId', message: 'Không tìm thấy dòng xe.' }]);
    expect(await refusal({ modelId: await modelId('vinfast-vf-3') })).toEqual([{ field: 'modelId', message: 'Dòng xe không đúng loại xe đã chọn.' }]);

    const ludo = await modelId('vinfast-ludo');
    const kept = vehicleResponseSchema.parse((await request(owner, 'POST', '/api/vehicles', { ...SCOOTER, model: 'Ludo', modelId: ludo, licensePlate: '29MĐ1-301.06' })).json()).data;
    const deactivate = await request(admin, 'PUT', `/api/admin/vehicle-models/${ludo}`, { brand: 'VinFast', model: 'Ludo', type: 'scooter', active: false });
    expect(deactivate.statusCode).toBe(200);
    expect(await refusal({ model: 'Ludo', modelId: ludo })).toEqual([{ field: 'modelId', message: 'Dòng xe này đã ngừng hoạt động, vui lòng chọn dòng xe khác.' }]);
    // The vehicle that already had it keeps it through an edit.
    const edited = await request(owner, 'PUT', `/api/vehicles/${kept.id}`, { ...SCOOTER, model: 'Ludo', modelId: ludo, licensePlate: '29MĐ1-301.06', odometerKm: 900 });
    expect(edited.statusCode).toBe(200);
    expect(vehicleResponseSchema.parse(edited.json()).data).toMatchObject({ modelId: ludo, odometerKm: 900 });

    const badId = await request(owner, 'POST', '/api/vehicles', { ...SCOOTER, licensePlate: '29MĐ1-301.07', modelId: 'abc' });
    expect(badId.statusCode).toBe(400);
    expect(JSON.stringify(badId.json())).toContain('Dòng xe không hợp lệ.');
  });
});
