import { vehicleRecallListResponseSchema } from 'shared-contracts/schemas';
import { inTransaction } from '../../../src/db/inTransaction';
import { createRecallCampaign, parseRecallCampaignInput, recallCompletionByCentre, scheduleRecallRemedies } from '../../../src/modules/recalls';
import { productionDatabase, useFloor } from '../../support/floorTestKit';

const VIN = 'RLLVF8A1XPH000321';

/** Issue 66 §4: the technician's work order shows its vehicle's open recall; another centre's floor cannot read it. */
describe.each(productionDatabase())('the recall flag on the work order on $label', (target) => {
  const floor = useFloor(target);

  it('answers the order’s vehicle’s open recalls to its centre’s floor, 404 to another centre', async () => {
    const technician = await floor.addMember('technician');
    const order = await floor.startedOrder({ technician });
    const { vehicle_id: vehicleId } = await floor.db.selectFrom('service_orders').select('vehicle_id').where('id', '=', order.id).executeTakeFirstOrThrow();
    await floor.db.updateTable('vehicles').set({ vin: VIN }).where('id', '=', vehicleId!).execute();
    const url = `/api/recalls/service-orders/${order.id}`;
    const flagsFor = async (user: (typeof floor.users)[keyof typeof floor.users]) => vehicleRecallListResponseSchema.parse((await floor.request(user, 'GET', url)).json()).data.items;
    expect(await flagsFor(technician)).toEqual([]);

    await createRecallCampaign(
      floor.db,
      parseRecallCampaignInput({
        code: 'VF8-2611-T',
        manufacturer: 'VinFast',
        title: 'Thay cảm biến nhiệt độ pin',
        defect: 'Cảm biến có thể báo sai.',
        remedy: 'Thay cảm biến.',
        labourMinutes: 60,
        startsOn: '2026-11-01',
        vinRanges: [{ from: 'RLLVF8A1XPH000300', to: 'RLLVF8A1XPH000399' }],
      }),
      floor.users.admin.id,
      new Date('2026-11-19T01:00:00.000Z'),
    );
    expect((await flagsFor(technician)).map((recall) => recall.flag)).toEqual(['Xe thuộc diện triệu hồi: VF8-2611-T – Thay cảm biến nhiệt độ pin']);
    expect((await flagsFor(floor.users.staff)).map((recall) => recall.state)).toEqual(['AFFECTED']);
    const otherCentre = await floor.request(floor.users.technicianB, 'GET', url);
    expect(otherCentre.statusCode).toBe(404);
    expect(otherCentre.json()).toMatchObject({ message: 'Không tìm thấy phiếu dịch vụ.' });
    expect((await floor.request(floor.users.customer, 'GET', url)).statusCode).toBe(403);
  });

  it('marks the remedy DONE when the counter invoices the work order, and counts it on the centre’s completion', async () => {
    const technician = await floor.addMember('technician');
    const order = await floor.finishedOrder({ technician, time: '15:00' });
    const { vehicle_id: vehicleId, appointment_id: appointmentId } = await floor.db
      .selectFrom('service_orders')
      .select(['vehicle_id', 'appointment_id'])
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    await floor.db.updateTable('vehicles').set({ vin: 'RLLVF8A1XPH000388' }).where('id', '=', vehicleId!).execute();
    await createRecallCampaign(
      floor.db,
      parseRecallCampaignInput({
        code: 'VF8-2611-D',
        manufacturer: 'VinFast',
        title: 'Siết lại bulông giá bắt mô-tơ',
        defect: 'Bulông có thể lỏng.',
        remedy: 'Siết lại theo lực quy định.',
        labourMinutes: 30,
        startsOn: '2026-11-01',
        vinRanges: [{ from: 'RLLVF8A1XPH000380', to: 'RLLVF8A1XPH000389' }],
      }),
      floor.users.admin.id,
      floor.service.clock.now(),
    );
    const scheduled = await inTransaction(floor.db, (trx) => scheduleRecallRemedies(trx, { vehicleId: vehicleId!, appointmentId, at: floor.service.clock.now() }));
    expect(scheduled.map((recall) => recall.code)).toEqual(['VF8-2611-D']);

    const invoiced = await floor.request(floor.users.staff, 'POST', `/api/service-orders/${order.id}/invoice`);
    expect(invoiced.statusCode).toBe(201);
    const row = await floor.db.selectFrom('recall_vehicles').select(['state', 'service_order_id']).where('vehicle_id', '=', vehicleId!).executeTakeFirstOrThrow();
    expect(row).toEqual({ state: 'DONE', service_order_id: order.id });
    expect(await recallCompletionByCentre(floor.db, floor.centreA.id)).toMatchObject({ items: [{ centreId: floor.centreA.id, scheduled: 1, done: 1, completionPercent: 100 }] });
    expect(((await floor.request(technician, 'GET', `/api/recalls/service-orders/${order.id}`)).json() as { data: { items: unknown[] } }).data.items).toEqual([]);
  });
});
