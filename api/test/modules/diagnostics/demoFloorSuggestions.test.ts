import { symptomsInText } from 'shared-contracts/diagnostics';
import { serviceOrderDetailSchema } from 'shared-contracts/schemas';
import { TODAY_FLOOR } from '../../../seed/backOffice';
import { startServiceApp, type ServiceApp } from '../../support/serviceTestKit';
import { productionDatabase, useScratchDatabase } from '../../support/testDatabases';

/**
 * Issue 36: on a fresh start, the demo technician's order in progress shows "Nên kiểm tra kỹ" — today's floor
 * carries the customers' symptoms on its appointments, so the suggested checks of every order there have
 * something to rest on.
 */
describe('today’s demo floor', () => {
  it('records on each appointment the symptoms its note describes', () => {
    for (const entry of TODAY_FLOOR) {
      expect(entry.symptoms.length).toBeGreaterThan(0);
      expect({ note: entry.note, symptoms: symptomsInText(entry.note ?? entry.concern ?? '') }).toEqual({ note: entry.note, symptoms: [...entry.symptoms] });
    }
  });
});

describe.each(productionDatabase())('the demo technician’s floor on a fresh start, on $label', (target) => {
  const scratch = useScratchDatabase(target, { seed: true });
  let service: ServiceApp;

  beforeAll(async () => {
    service = await startServiceApp(scratch.db, { now: new Date().toISOString() });
  });
  afterAll(() => service.close());

  it('shows "Nên kiểm tra kỹ" on every order of kythuatvien@, the brakes first on the order in progress', async () => {
    const technician = await scratch.db.selectFrom('users').select('id').where('email', '=', 'kythuatvien@evshop.vn').executeTakeFirstOrThrow();
    const headers = { authorization: `Bearer ${(await service.app.accessTokens.issue({ userId: technician.id, role: 'technician' })).token}` };
    const orders = await scratch.db.selectFrom('service_orders').select(['id', 'status']).where('technician_id', '=', technician.id).execute();
    expect(orders.map((order) => order.status).sort()).toEqual(['IN_PROGRESS', 'OPEN', 'WORK_DONE']);

    for (const order of orders) {
      const response = await service.app.inject({ method: 'GET', url: `/api/service-orders/${order.id}`, headers });
      expect(response.statusCode).toBe(200);
      const detail = serviceOrderDetailSchema.parse(response.json().data);
      const symptoms = detail.symptoms ?? [];
      const suggested = detail.suggestedChecks ?? [];
      expect({ status: order.status, symptoms: symptoms.length > 0, suggested: suggested.length > 0 }).toEqual({ status: order.status, symptoms: true, suggested: true });
      if (order.status === 'IN_PROGRESS') {
        expect(symptoms.map((symptom) => symptom.label)).toEqual(['Tiếng kêu khi phanh']);
        const flagged = suggested[0]!;
        // the first flagged item is on the order's own checklist, with its reason in Vietnamese
        expect(detail.checklistItems.map((item) => item.code)).toContain(flagged.component);
        expect(flagged.reason).toMatch(/^Liên quan đến triệu chứng “Tiếng kêu khi phanh”/);
      }
    }
  });
});
