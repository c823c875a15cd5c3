import { diagnosisResponseSchema, modelVersionsResponseSchema } from 'shared-contracts/schemas';
import type { SymptomCode } from 'shared-contracts/diagnostics';
import { EVIDENCE_TTL_MS } from '../../../src/modules/prediction/symptomCases';
import { runWearTraining } from '../../../src/modules/prediction/wearTraining';
import { closedOrdersKit } from '../../support/closedOrdersKit';
import { seededRandom } from '../../support/wearSimulation';
import { authHeader, createUser, startServiceApp, type ServiceApp } from '../../support/serviceTestKit';
import { productionDatabase, useScratchDatabase } from '../../support/testDatabases';

/**
 * The diagnosis ranking is trained with the wear models (spec predictive.md §3): the training run stores the
 * learned counts and the held-out evaluation with its version, the admin sees the evaluation, and the public
 * diagnosis learns from the served version, not from orders closed since.
 */
describe.each(productionDatabase())('the diagnosis ranking’s training, on $label', (target) => {
  const scratch = useScratchDatabase(target, { migrate: true });
  let t: ServiceApp;
  const CASES = 200;

  beforeAll(async () => {
    t = await startServiceApp(scratch.db, { now: '2026-11-24T03:00:00.000Z' });
    const kit = await closedOrdersKit(scratch.db);
    const random = seededRandom(11);
    const vehicles = [await kit.addVehicle('Feliz S'), await kit.addVehicle('Evo200'), await kit.addVehicle('VF 8', { type: 'car' })];
    for (let index = 0; index < CASES; index += 1) {
      const roll = random();
      // Our rapid drains are mostly low tyres (the knowledge base weighs that link at 0.1); the tyre service's
      // checklist calls the pressure PRESSURE, the maintenance checklist TYRE_PRESSURE: one component.
      const [symptom, code]: [SymptomCode, string] =
        roll < 0.45 ? ['FAST_DRAIN', 'TYRE_PRESSURE'] : roll < 0.6 ? ['FAST_DRAIN', 'PRESSURE'] : roll < 0.7 ? ['FAST_DRAIN', 'BATTERY_SOH'] : ['BRAKE_NOISE', 'PADS'];
      const closedAt = new Date(Date.UTC(2025, 0, 1) + index * 86_400_000).toISOString();
      const orderId = await kit.addVisit(vehicles[index % 3]!, { closedAt, odometerKm: 1000 + index * 50, items: [{ code, result: 'FAIL', note: 'Đã xử lý' }] });
      const order = await scratch.db.selectFrom('service_orders').select('appointment_id').where('id', '=', orderId).executeTakeFirstOrThrow();
      await scratch.db.insertInto('appointment_symptoms').values({ appointment_id: order.appointment_id!, code: symptom, source: 'customer', recorded_by: null }).execute();
    }
  });
  afterAll(() => t.close());

  const diagnose = async (symptoms: SymptomCode[]) => diagnosisResponseSchema.parse((await t.app.inject({ method: 'POST', url: '/api/diagnostics', payload: { symptoms } })).json()).data;

  it('before any training, ranks from the knowledge base alone: the API does not count the orders itself', async () => {
    const data = await diagnose(['FAST_DRAIN']);
    expect(data.learnedFromCases).toBe(0);
    expect(data.ranked[0]!.component).toBe('BATTERY_SOH');
  });

  it('stores the learned counts and the held-out evaluation with the version, shown to the admin', async () => {
    const runId = await runWearTraining(scratch.db, { clock: t.clock });
    const admin = await createUser(scratch.db, 'admin');
    const listed = await t.app.inject({ method: 'GET', url: '/api/admin/models', headers: await authHeader(t.app, admin) });
    const [version] = modelVersionsResponseSchema.parse(listed.json()).data.versions;
    expect(version!.id).toBe(runId);
    const { diagnosis } = version!;
    expect(diagnosis!.cases).toBe(CASES);
    const evaluation = diagnosis!.evaluation!;
    expect(evaluation.trainedOn).toBe(160);
    expect(evaluation.cutoff).toBe(new Date(Date.UTC(2025, 0, 1) + 160 * 86_400_000).toISOString());
    expect(evaluation.learned.cases).toBe(40);
    expect(evaluation.knowledgeBase.cases).toBe(40);
    expect(evaluation.learned.top1).toBeGreaterThan(evaluation.knowledgeBase.top1 + 0.2);
    // PADS and PRESSURE findings are the brake pads and the tyre pressure: one history each, not two models.
    expect(version!.components.map((component) => component.component).sort()).toEqual(['BATTERY_SOH', 'BRAKE_PADS', 'TYRE_PRESSURE']);
  });

  it('then diagnoses from the served version once the cached one is old', async () => {
    t.clock.advance(EVIDENCE_TTL_MS + 1);
    const data = await diagnose(['FAST_DRAIN']);
    expect(data.learnedFromCases).toBe(CASES);
    expect(data.ranked[0]!.component).toBe('TYRE_PRESSURE');
    expect(data.ranked[0]!.reasons[0]!.pastCases).toBeGreaterThan(100);
    const brakes = await diagnose(['BRAKE_NOISE']);
    expect(brakes.ranked[0]).toMatchObject({ component: 'BRAKE_PADS' });
    expect(brakes.ranked[0]!.reasons[0]!.pastCases).toBeGreaterThan(40);
  });
});
