import { vehicleRecallListResponseSchema } from 'shared-contracts/schemas';
import { createRecallCampaign, parseRecallCampaignInput } from '../../../src/modules/recalls';
import { testDatabases, useFloor } from '../../support/floorTestKit';

const VIN = 'RLLVF8A1XPH000321';

/** Issue 66 §4: the technician's work order shows its vehicle's open recall; another centre's floor cannot read it. */
describe.each(testDatabases())('the recall flag on the work order on $label', (target) => {
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
});
