import { staffBaysSchema } from 'shared-contracts/schemas';
import { createCentre } from '../../support/serviceTestKit';
import { productionDatabase, useFloor } from '../../support/floorTestKit';

/** GET /api/staff/bays: which bays hold a vehicle now (the check-in form marks them), and a taken bay is refused. */
describe.each(productionDatabase())('the bays of the counter on $label', (target) => {
  const floor = useFloor(target);

  it('lists the bays with a vehicle in them, and refuses checking another vehicle into one with a Vietnamese 409', async () => {
    const centreId = await createCentre(floor.db, { bays: 3, open: '07:00', close: '18:00' });
    const staff = await floor.addMember('staff', centreId);
    const empty = await floor.request(staff, 'GET', '/api/staff/bays');
    expect(empty.statusCode).toBe(200);
    expect(staffBaysSchema.parse(empty.json().data)).toEqual({ serviceBays: 3, occupied: [] });

    const first = await floor.bookToday({ centreId, time: '09:00' });
    const opened = await floor.checkIn(first.appointmentId, { bayNo: 2 }, staff);
    expect(opened.statusCode).toBe(201);
    const bays = staffBaysSchema.parse((await floor.request(staff, 'GET', '/api/staff/bays')).json().data);
    expect(bays).toEqual({
      serviceBays: 3,
      occupied: [{ bayNo: 2, licensePlate: first.licensePlate, serviceOrderId: opened.json().data.id, serviceOrderCode: opened.json().data.code }],
    });

    const second = await floor.bookToday({ centreId, time: '09:30' });
    const refused = await floor.checkIn(second.appointmentId, { bayNo: 2 }, staff);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'BAY_OCCUPIED', message: `Khoang 2 đang có xe ${first.licensePlate}.` });
  });

  it("answers the centre's own bays only: another centre's staff see theirs, technicians are refused", async () => {
    const response = await floor.request(floor.users.staffB, 'GET', '/api/staff/bays');
    expect(response.statusCode).toBe(200);
    expect(response.json().data.serviceBays).toBe(floor.centreB.bays);
    expect((await floor.request(floor.users.technician, 'GET', '/api/staff/bays')).statusCode).toBe(403);
    expect((await floor.request(null, 'GET', '/api/staff/bays')).statusCode).toBe(401);
  });
});
