import { diagnosisResponseSchema, modelVersionsResponseSchema, vehicleForecastResponseSchema } from 'shared-contracts/schemas';
import { DIAGNOSES_PER_MINUTE } from '../../../src/modules/diagnostics/diagnosticsRoutes';
import { INTERRUPTED_MESSAGE } from '../../../src/modules/prediction/wearTraining';
import { WEAR_MODEL_KIND } from '../../../src/modules/prediction/wearModel';
import { addScooter, authHeader, createUser, startServiceApp, type ServiceApp, type TestUser } from '../../support/serviceTestKit';
import { productionDatabase, useScratchDatabase } from '../../support/testDatabases';
import { closedOrdersKit } from '../../support/closedOrdersKit';

describe.each(productionDatabase())('prediction and diagnostics routes, on $label', (target) => {
  const scratch = useScratchDatabase(target, { migrate: true });
  let t: ServiceApp;
  let customer: TestUser;
  let other: TestUser;
  let admin: TestUser;
  let vehicleId: number;

  beforeAll(async () => {
    t = await startServiceApp(scratch.db, { now: '2026-11-24T03:00:00.000Z', configOverrides: { databaseUrl: scratch.config.databaseUrl, sqliteFile: scratch.config.sqliteFile } });
    customer = await createUser(scratch.db, 'customer');
    other = await createUser(scratch.db, 'customer');
    admin = await createUser(scratch.db, 'admin');
    vehicleId = (await addScooter(t.app, customer, { model: 'Feliz S', odometerKm: 9000 })).id;
    const kit = await closedOrdersKit(scratch.db);
    await kit.addVisit(vehicleId, { closedAt: '2026-05-02T03:00:00.000Z', odometerKm: 4000, items: [{ code: 'BRAKE_PADS', result: 'PASS' }] });
    await kit.addVisit(vehicleId, { closedAt: '2026-10-02T03:00:00.000Z', odometerKm: 8500, items: [{ code: 'TYRE_WEAR', result: 'FAIL', note: 'Lốp mòn, khách hẹn thay sau' }] });
  });
  afterAll(() => t.close());

  const forecast = async (user: TestUser | null, id = vehicleId) =>
    t.app.inject({ method: 'GET', url: `/api/vehicles/${id}/forecast`, headers: user ? await authHeader(t.app, user) : {} });

  describe('a vehicle’s forecast', () => {
    it('is the owner’s only: 401 without a token, 404 for another customer’s vehicle', async () => {
      expect((await forecast(null)).statusCode).toBe(401);
      const foreign = await forecast(other);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().message).toMatch(/xe/i);
    });

    it('says there is no model before the first training', async () => {
      const response = await forecast(customer);
      expect(response.statusCode).toBe(200);
      expect(vehicleForecastResponseSchema.parse(response.json()).data).toMatchObject({ vehicleId, model: null, components: [] });
    });
  });

  describe('training from the admin’s page', () => {
    it('is the admin’s: 401 and 403 for others', async () => {
      expect((await t.app.inject({ method: 'POST', url: '/api/admin/models/train' })).statusCode).toBe(401);
      for (const user of [customer, await createUser(scratch.db, 'manager'), await createUser(scratch.db, 'staff')]) {
        expect((await t.app.inject({ method: 'POST', url: '/api/admin/models/train', headers: await authHeader(t.app, user) })).statusCode).toBe(403);
        expect((await t.app.inject({ method: 'GET', url: '/api/admin/models', headers: await authHeader(t.app, user) })).statusCode).toBe(403);
      }
    });

    it('starts a run in the background (202), refuses a second while it runs (409), and lists the version', async () => {
      const headers = await authHeader(t.app, admin);
      const started = await t.app.inject({ method: 'POST', url: '/api/admin/models/train', headers });
      expect(started.statusCode).toBe(202);
      const { runId } = started.json().data as { runId: number };
      const again = await t.app.inject({ method: 'POST', url: '/api/admin/models/train', headers });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ success: false, code: 'TRAINING_IN_PROGRESS', message: 'Mô hình đang được huấn luyện. Vui lòng đợi lần này xong.' });

      let status = 'TRAINING';
      for (let attempt = 0; attempt < 200 && status === 'TRAINING'; attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        status = (await scratch.db.selectFrom('prediction_models').select('status').where('id', '=', runId).executeTakeFirstOrThrow()).status;
      }
      expect(status).toBe('ACCEPTED');

      const listed = await t.app.inject({ method: 'GET', url: '/api/admin/models', headers });
      expect(listed.statusCode).toBe(200);
      const [version] = modelVersionsResponseSchema.parse(listed.json()).data.versions;
      expect(version).toMatchObject({ id: runId, status: 'ACCEPTED', observations: 2, failures: 1, error: null });
      expect(version!.components.map((component) => [component.component, component.label, component.accepted])).toEqual([
        ['BRAKE_PADS', 'Má phanh', false],
        ['TYRE_WEAR', 'Lốp (độ mòn)', false],
      ]);
    });

    it('then answers the forecast from that version: an unfixed FAIL needs attention now, too little data says so', async () => {
      const response = await forecast(customer);
      const data = vehicleForecastResponseSchema.parse(response.json()).data;
      expect(data.model).not.toBeNull();
      expect(data.components.map((component) => [component.component, component.status])).toEqual([
        ['TYRE_WEAR', 'NEEDS_ATTENTION_NOW'],
        ['BRAKE_PADS', 'INSUFFICIENT_DATA'],
      ]);
      expect(data.components[0]).toMatchObject({ label: 'Lốp (độ mòn)', serviceSlug: 'dich-vu-lop', within3Months: null, inspectedTimes: 1 });
    });

    it('shows a run left TRAINING by a crashed API as FAILED, and “Huấn luyện ngay” starts at once', async () => {
      // As a crash leaves it: TRAINING, its owner's last heartbeat 40 s ago.
      const crashedAt = new Date(t.clock.now().getTime() - 40_000).toISOString();
      const stale = (
        await scratch.db
          .insertInto('prediction_models')
          .values({ kind: WEAR_MODEL_KIND, status: 'TRAINING', started_at: crashedAt, heartbeat_at: crashedAt })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
      const headers = await authHeader(t.app, admin);
      const listed = modelVersionsResponseSchema.parse((await t.app.inject({ method: 'GET', url: '/api/admin/models', headers })).json()).data.versions;
      expect(listed[0]).toMatchObject({ id: stale, status: 'FAILED', error: INTERRUPTED_MESSAGE });

      const started = await t.app.inject({ method: 'POST', url: '/api/admin/models/train', headers });
      expect(started.statusCode).toBe(202);
      const { runId } = started.json().data as { runId: number };
      let status = 'TRAINING';
      for (let attempt = 0; attempt < 200 && status === 'TRAINING'; attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        status = (await scratch.db.selectFrom('prediction_models').select('status').where('id', '=', runId).executeTakeFirstOrThrow()).status;
      }
      expect(status).toBe('ACCEPTED');
    });
  });

  describe('POST /diagnostics', () => {
    const diagnose = (payload: unknown, headers: Record<string, string> = {}, remoteAddress = '127.0.0.41') =>
      t.app.inject({ method: 'POST', url: '/api/diagnostics', payload: payload as object, headers, remoteAddress });

    it('ranks the likely components for a guest, from picked symptoms and from free text', async () => {
      const picked = await diagnose({ symptoms: ['BRAKE_NOISE'], vehicleModel: 'Feliz S' });
      expect(picked.statusCode).toBe(200);
      const data = diagnosisResponseSchema.parse(picked.json()).data;
      expect(data.safety).toBeNull();
      expect(data.ranked[0]).toMatchObject({ component: 'BRAKE_PADS', serviceSlug: 'bao-duong-phanh', urgency: 'SOON' });
      expect(data.learnedFromCases).toBe(0);

      // A model of the reference table that no vehicle of ours is yet is still a known model (a variant too, spelt loosely).
      expect((await diagnose({ symptoms: ['BRAKE_NOISE'], vehicleModel: 'Ioniq 5' })).statusCode).toBe(200);
      expect((await diagnose({ symptoms: ['BRAKE_NOISE'], vehicleModel: 'vf8 plus' })).statusCode).toBe(200);

      const typed = diagnosisResponseSchema.parse((await diagnose({ text: 'Xe em dạo này tụt pin nhanh lắm' })).json()).data;
      expect(typed.symptoms).toEqual(['FAST_DRAIN']);
      expect(typed.ranked[0]!.component).toBe('BATTERY_SOH');
    });

    it('knows a model as soon as the admin adds it under "Dòng xe", and no longer once it is deactivated', async () => {
      const headers = await authHeader(t.app, admin);
      const asked = () => diagnose({ symptoms: ['BRAKE_NOISE'], vehicleModel: 'Evo Grand' }, {}, '127.0.0.45');
      expect((await asked()).json()).toMatchObject({ code: 'UNKNOWN_VEHICLE_MODEL' });
      const added = await t.app.inject({ method: 'POST', url: '/api/admin/vehicle-models', headers, payload: { brand: 'VinFast', model: 'Evo Grand', type: 'scooter' } });
      expect(added.statusCode).toBe(201);
      expect((await asked()).statusCode).toBe(200);
      const id = (added.json() as { data: { id: number } }).data.id;
      const off = await t.app.inject({ method: 'PUT', url: `/api/admin/vehicle-models/${id}`, headers, payload: { brand: 'VinFast', model: 'Evo Grand', type: 'scooter', active: false } });
      expect(off.statusCode).toBe(200);
      expect((await asked()).json()).toMatchObject({ code: 'UNKNOWN_VEHICLE_MODEL' });
    });

    it('answers a safety-critical symptom with stop and the rescue line first', async () => {
      const data = diagnosisResponseSchema.parse((await diagnose({ symptoms: ['BRAKE_NOISE'], text: 'hôm qua xe bị ngập nước' })).json()).data;
      expect(data.safety).toMatchObject({ message: 'Dừng xe, không sạc, gọi cứu hộ', symptoms: ['WATER_IN_BATTERY'] });
    });

    it('uses the signed-in customer’s vehicle, and answers 404 for a vehicle not theirs or a guest naming one', async () => {
      // For a guest, a flat-feeling tyre is first its pressure; on this scooter, whose tyres were found worn and not
      // replaced, the wear comes first.
      expect((await diagnose({ symptoms: ['TYRE_LOW'] })).json().data.ranked[0].component).toBe('TYRE_PRESSURE');
      const own = await diagnose({ symptoms: ['TYRE_LOW'], vehicleId }, await authHeader(t.app, customer));
      expect(own.statusCode).toBe(200);
      expect(own.json().data.ranked[0].component).toBe('TYRE_WEAR');
      expect((await diagnose({ symptoms: ['VIBRATION'], vehicleId }, await authHeader(t.app, other))).statusCode).toBe(404);
      expect((await diagnose({ symptoms: ['VIBRATION'], vehicleId })).statusCode).toBe(404);
    });

    it('answers bad input with a Vietnamese 4xx, never a 500', async () => {
      const cases: [unknown, number, string | null][] = [
        [{}, 422, 'NO_SYMPTOM'],
        [{ text: '' }, 422, 'NO_SYMPTOM'],
        [{ text: 'Xe bình thường, chỉ muốn hỏi' }, 422, 'NO_SYMPTOM'],
        [{ symptoms: ['KHONG_CO'] }, 400, 'VALIDATION_ERROR'],
        [{ symptoms: 'BRAKE_NOISE' }, 400, 'VALIDATION_ERROR'],
        [{ text: 'x'.repeat(5000) }, 400, 'VALIDATION_ERROR'],
        [{ symptoms: Array(11).fill('BRAKE_NOISE') }, 400, 'VALIDATION_ERROR'],
        [{ symptoms: ['BRAKE_NOISE'], vehicleModel: 'Xe Không Tồn Tại' }, 422, 'UNKNOWN_VEHICLE_MODEL'],
        [{ symptoms: ['BRAKE_NOISE'], vehicleId: -1 }, 400, 'VALIDATION_ERROR'],
        [{ symptoms: ['BRAKE_NOISE'], ten: 'lạ' }, 400, 'VALIDATION_ERROR'],
      ];
      for (const [payload, status, code] of cases) {
        const response = await diagnose(payload, {}, '127.0.0.42');
        expect({ payload, status: response.statusCode }).toEqual({ payload, status });
        expect(response.json()).toMatchObject({ success: false, code });
        expect(response.json().message).toMatch(/[À-ỹ]/u);
      }
    });

    it('is rate-limited per address (429 with Retry-After); another address still answers', async () => {
      for (let index = 0; index < DIAGNOSES_PER_MINUTE; index += 1) expect((await diagnose({ symptoms: ['LIGHTS_OUT'] }, {}, '127.0.0.43')).statusCode).toBe(200);
      const refused = await diagnose({ symptoms: ['LIGHTS_OUT'] }, {}, '127.0.0.43');
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.json().message).toMatch(/^Bạn đã chẩn đoán quá nhiều lần/);
      expect((await diagnose({ symptoms: ['LIGHTS_OUT'] }, {}, '127.0.0.44')).statusCode).toBe(200);
    });
  });
});
