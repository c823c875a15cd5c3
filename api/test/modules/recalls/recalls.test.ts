import { notificationListSchema, recallCampaignResponseSchema, vehicleRecallListResponseSchema, vinInRange } from 'shared-contracts/schemas';
import { inTransaction } from '../../../src/db/inTransaction';
import { completeRecallRemedies, createRecallCampaign, parseRecallCampaignInput, recallCompletionByCentre, scheduleRecallRemedies, sendRecallNotices } from '../../../src/modules/recalls';
import { FLEET_LINES, insertFleet, type FleetVehicle } from '../../support/recallFleet';
import { addScooter, appointmentOf, authHeader, book, createCentre, createUser, nextCarPlate, startServiceApp, type ServiceApp, type TestUser } from '../../support/serviceTestKit';
import { productionDatabase, useScratchDatabase } from '../../support/testDatabases';

const CAMPAIGN = {
  manufacturer: 'VinFast',
  title: 'Kiểm tra giắc nối bơm nước làm mát pin',
  defect: 'Giắc nối bơm nước làm mát pin có thể lỏng, pin quá nhiệt.',
  remedy: 'Thay giắc nối và kiểm tra hệ thống làm mát.',
  labourMinutes: 45,
  parts: [{ name: 'Giắc nối bơm nước', partNumber: 'VF8-CP-01', quantity: 1 }],
  startsOn: '2026-11-01',
  endsOn: '2027-06-30',
};

/**
 * Recall campaigns (issue 66 §4): a campaign by VIN range matches exactly the affected cars of a fleet generated with
 * known parameters; each affected vehicle's owner is told once even by two senders at the same time; the flags are
 * read by the owner and the floor; the admin alone creates, with Vietnamese refusals.
 */
describe.each(productionDatabase())('recall campaigns on $label', (target) => {
  const scratch = useScratchDatabase(target);
  let instanceA: ServiceApp;
  let instanceB: ServiceApp;
  let admin: TestUser;
  let staff: TestUser;
  let owners: TestUser[];
  let fleet: FleetVehicle[];
  let vf8: number;

  beforeAll(async () => {
    instanceA = await startServiceApp(scratch.db);
    instanceB = await startServiceApp(scratch.db);
    admin = await createUser(scratch.db, 'admin');
    staff = await createUser(scratch.db, 'staff');
    const centreId = await createCentre(scratch.db, { bays: 2 });
    await scratch.db.insertInto('staff_assignments').values({ user_id: staff.id, centre_id: centreId, assigned_at: '2026-01-01T00:00:00.000Z', ended_at: null }).execute();
    owners = [];
    for (let i = 0; i < 40; i += 1) owners.push(await createUser(scratch.db));
    vf8 = (await scratch.db.selectFrom('vehicle_models').select('id').where('slug', '=', 'vinfast-vf-8').executeTakeFirstOrThrow()).id;
    fleet = await insertFleet(scratch.db, { perLine: 1500, owners: owners.map((owner) => owner.id), modelId: vf8 });
  }, 120_000);
  afterAll(async () => {
    await instanceA.close();
    await instanceB.close();
  });

  async function request(service: ServiceApp, user: TestUser | null, method: 'GET' | 'POST', url: string, payload?: unknown) {
    return service.app.inject({ method, url, headers: user ? await authHeader(service.app, user) : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
  }
  const affectedOf = async (campaignId: number) =>
    (await scratch.db.selectFrom('recall_vehicles').select(['vehicle_id', 'state']).where('campaign_id', '=', campaignId).execute()).map((row) => ({ ...row, vehicle_id: Number(row.vehicle_id) }));

  it('matches exactly the generated fleet’s cars in the VIN range and tells each owner once across two instances', async () => {
    const [line] = FLEET_LINES;
    const from = `${line}000200`;
    const to = `${line}000449`;
    // a removed car inside the range is not matched; a car of the other line with the same serial is not either
    const removed = fleet.find((vehicle) => vehicle.vin === `${line}000300`)!;
    await scratch.db.updateTable('vehicles').set({ deleted_at: '2026-11-10T00:00:00.000Z' }).where('id', '=', removed.id).execute();
    const expected = fleet.filter((vehicle) => vehicle.id !== removed.id && vinInRange(vehicle.vin, from, to)).map((vehicle) => vehicle.id);
    expect(expected).toHaveLength(249);

    const now = instanceA.clock.now();
    const campaign = await createRecallCampaign(scratch.db, parseRecallCampaignInput({ ...CAMPAIGN, code: 'VF8-2611-A', vinRanges: [{ from, to }] }), admin.id, now);
    const matched = await affectedOf(campaign.id);
    expect(matched.map((row) => row.vehicle_id).sort((a, b) => a - b)).toEqual([...expected].sort((a, b) => a - b));
    expect(matched.every((row) => row.state === 'AFFECTED')).toBe(true);

    // the two instances send at the same time: every vehicle claimed once, every owner told once per vehicle
    const [toldByA, toldByB] = await Promise.all([
      sendRecallNotices({ db: scratch.db, events: instanceA.events, now }, { campaignId: campaign.id }),
      sendRecallNotices({ db: scratch.db, events: instanceB.events, now }, { campaignId: campaign.id }),
    ]);
    expect(toldByA + toldByB).toBe(249);
    expect(await sendRecallNotices({ db: scratch.db, events: instanceA.events, now })).toBe(0);
    const notices = await scratch.db.selectFrom('notifications').select(['user_id', 'event_key', 'title', 'body']).where('kind', '=', 'vehicle_recall').execute();
    expect(notices).toHaveLength(249);
    expect(new Set(notices.map((notice) => notice.event_key)).size).toBe(249);
    const ownerOf = new Map(fleet.map((vehicle) => [vehicle.id, vehicle.userId]));
    for (const vehicleId of expected) {
      expect(notices.filter((notice) => notice.event_key === `recall:${campaign.id}:${vehicleId}`).map((notice) => notice.user_id)).toEqual([ownerOf.get(vehicleId)]);
    }
    expect(notices[0]).toMatchObject({ title: 'Xe của bạn thuộc diện triệu hồi' });
    expect(notices[0]!.body).toContain('VF8-2611-A – Kiểm tra giắc nối bơm nước làm mát pin');
    expect((await affectedOf(campaign.id)).every((row) => row.state === 'NOTIFIED')).toBe(true);
    // each goes out on the owner's chosen channel (here the default for the service topic: email, the only one reachable)
    const deliveries = await scratch.db
      .selectFrom('notification_deliveries as d')
      .innerJoin('notifications as n', 'n.id', 'd.notification_id')
      .select(['d.notification_id', 'd.channel'])
      .where('n.kind', '=', 'vehicle_recall')
      .execute();
    expect(new Set(deliveries.map((delivery) => delivery.notification_id)).size).toBe(249);

    // the owner sees it in the bell and on the vehicle; the floor sees the flag; nothing for a car outside the range
    const affectedCar = fleet.find((vehicle) => vehicle.id === expected[0])!;
    const owner = owners.find((user) => user.id === affectedCar.userId)!;
    const bell = notificationListSchema.parse((await request(instanceB, owner, 'GET', '/api/notifications')).json().data);
    expect(bell.items.some((item) => item.kind === 'vehicle_recall' && item.link === `/my-vehicles?recall=${campaign.id}`)).toBe(true);
    const own = vehicleRecallListResponseSchema.parse((await request(instanceA, owner, 'GET', `/api/vehicles/${affectedCar.id}/recalls`)).json()).data.items;
    expect(own).toEqual([expect.objectContaining({ code: 'VF8-2611-A', state: 'NOTIFIED', stateLabel: 'Đã báo khách', flag: 'Xe thuộc diện triệu hồi: VF8-2611-A – Kiểm tra giắc nối bơm nước làm mát pin' })]);
    const desk = vehicleRecallListResponseSchema.parse((await request(instanceA, staff, 'GET', `/api/recalls/vehicles/${affectedCar.id}`)).json()).data.items;
    expect(desk.map((recall) => recall.flag)).toEqual(['Xe thuộc diện triệu hồi: VF8-2611-A – Kiểm tra giắc nối bơm nước làm mát pin']);
    const outside = fleet.find((vehicle) => vehicle.vin === `${FLEET_LINES[1]}000300`)!;
    expect(vehicleRecallListResponseSchema.parse((await request(instanceA, staff, 'GET', `/api/recalls/vehicles/${outside.id}`)).json()).data.items).toEqual([]);
    // another customer's vehicle is not theirs to read
    const stranger = owners.find((user) => user.id !== affectedCar.userId)!;
    expect((await request(instanceA, stranger, 'GET', `/api/vehicles/${affectedCar.id}/recalls`)).statusCode).toBe(404);
  }, 120_000);

  it('lets the admin create by model and years and by a VIN list CSV, counts per state, closes, and refuses in Vietnamese', async () => {
    const csv = ['vin', `${FLEET_LINES[1]}000010`, `${FLEET_LINES[1].toLowerCase()}000011`, '', `${FLEET_LINES[1]}000010`].join('\n');
    const body = { ...CAMPAIGN, code: 'vf8-2611-b', models: [{ modelId: vf8, yearFrom: 2024, yearTo: 2024 }], vinCsv: csv };
    expect((await request(instanceA, null, 'POST', '/api/admin/recalls', body)).statusCode).toBe(401);
    expect((await request(instanceA, staff, 'POST', '/api/admin/recalls', body)).statusCode).toBe(403);
    const created = await request(instanceA, admin, 'POST', '/api/admin/recalls', body);
    expect(created.statusCode).toBe(201);
    const campaign = recallCampaignResponseSchema.parse(created.json()).data;
    // year 2024 = serial % 3 === 2; plus the two listed VINs (serials 10 and 11: years 2023 and 2024, one already in)
    const expected = new Set(fleet.filter((vehicle) => vehicle.year === 2024 && !vehicle.vin.endsWith('000300')).map((vehicle) => vehicle.id));
    for (const vin of [`${FLEET_LINES[1]}000010`, `${FLEET_LINES[1]}000011`]) expected.add(fleet.find((vehicle) => vehicle.vin === vin)!.id);
    expect(campaign).toMatchObject({ code: 'VF8-2611-B', status: 'ACTIVE', statusLabel: 'Đang triệu hồi', vinListCount: 2, models: [{ modelId: vf8, label: 'VinFast VF 8', yearFrom: 2024, yearTo: 2024 }] });
    expect(campaign.counts).toEqual({ AFFECTED: 0, NOTIFIED: expected.size, SCHEDULED: 0, DONE: 0, NOT_APPLICABLE: 0 });
    expect(new Set((await affectedOf(campaign.id)).map((row) => row.vehicle_id))).toEqual(expected);

    for (const [payload, message] of [
      [body, 'Mã chiến dịch đã tồn tại.'],
      [{ ...CAMPAIGN, code: 'X-1' }, 'Vui lòng chọn phạm vi: dòng xe, dải VIN hoặc danh sách VIN.'],
      [{ ...CAMPAIGN, code: 'X-2', vinRanges: [{ from: `${FLEET_LINES[0]}000010`, to: `${FLEET_LINES[1]}000020` }] }, 'Hai đầu dải VIN phải chung 11 ký tự đầu (cùng dây chuyền sản xuất).'],
      [{ ...CAMPAIGN, code: 'X-3', vinRanges: [{ from: `${FLEET_LINES[0]}000020`, to: `${FLEET_LINES[0]}000010` }] }, 'Số sê-ri cuối dải phải không nhỏ hơn đầu dải.'],
      [{ ...CAMPAIGN, code: 'X-4', vinCsv: `vin\n${FLEET_LINES[0]}000001\nKHONG-PHAI-VIN` }, 'Dòng 3 của danh sách VIN không phải số VIN hợp lệ (17 ký tự, không có I, O, Q).'],
      [{ ...CAMPAIGN, code: 'X-5', endsOn: '2026-10-01', models: [{ modelId: vf8 }] }, 'Ngày kết thúc phải từ ngày bắt đầu trở đi.'],
      [{ ...CAMPAIGN, code: 'X-6', models: [{ modelId: 999_999 }] }, 'Dòng xe không tồn tại.'],
    ] as const) {
      const refused = await request(instanceA, admin, 'POST', '/api/admin/recalls', payload);
      expect(refused.json()).toMatchObject({ success: false, message });
      expect([409, 422]).toContain(refused.statusCode);
    }
    const tooMany = ['vin', ...Array.from({ length: 20_001 }, (_, i) => `${FLEET_LINES[0]}${String(i).padStart(6, '0')}`)].join('\n');
    const refusedRows = await request(instanceA, admin, 'POST', '/api/admin/recalls', { ...CAMPAIGN, code: 'X-7', vinCsv: tooMany });
    expect(refusedRows.statusCode).toBe(422);

    const closed = await request(instanceA, admin, 'POST', `/api/admin/recalls/${campaign.id}/close`);
    expect(recallCampaignResponseSchema.parse(closed.json()).data).toMatchObject({ status: 'CLOSED', statusLabel: 'Đã đóng' });
    const anyCar = [...expected][0]!;
    const flags = vehicleRecallListResponseSchema.parse((await request(instanceA, staff, 'GET', `/api/recalls/vehicles/${anyCar}`)).json()).data.items;
    expect(flags.map((recall) => recall.code)).not.toContain('VF8-2611-B');
    expect((await request(instanceA, admin, 'POST', `/api/admin/recalls/${campaign.id}/close`)).json()).toMatchObject({ message: 'Chiến dịch đã đóng.' });
  }, 120_000);

  it('matches a vehicle added or changed later, and moves it SCHEDULED then DONE through the commands booking and completion call', async () => {
    const [line] = FLEET_LINES;
    const owner = owners[0]!;
    const car = await addScooter(instanceA.app, owner, { type: 'car', brand: 'VinFast', model: 'VF 8', modelId: vf8, year: 2023, vin: `${line}009999`, licensePlate: nextCarPlate() });
    const flagsOf = async (vehicleId: number) => vehicleRecallListResponseSchema.parse((await request(instanceA, owner, 'GET', `/api/vehicles/${vehicleId}/recalls`)).json()).data.items;
    expect(await flagsOf(car.id)).toEqual([]);
    // a serial of the first campaign's range: its VIN corrected by the customer brings it in, AFFECTED
    const corrected = await instanceA.app.inject({
      method: 'PUT',
      url: `/api/vehicles/${car.id}`,
      headers: await authHeader(instanceA.app, owner),
      payload: { type: 'car', brand: 'VinFast', model: 'VF 8', modelId: vf8, year: 2023, vin: `${line}000449`, licensePlate: (await scratch.db.selectFrom('vehicles').select('license_plate').where('id', '=', car.id).executeTakeFirstOrThrow()).license_plate, odometerKm: 1000 },
    });
    expect(corrected.statusCode).toBe(200);
    const flags = await flagsOf(car.id);
    expect(flags.map((recall) => [recall.code, recall.state])).toEqual([['VF8-2611-A', 'AFFECTED']]);
    // The periodic sender tells the owner of the vehicle matched after the campaign, once.
    expect(await sendRecallNotices({ db: scratch.db, events: instanceA.events, now: instanceA.clock.now() })).toBe(1);
    expect(await sendRecallNotices({ db: scratch.db, events: instanceB.events, now: instanceB.clock.now() })).toBe(0);
    expect((await flagsOf(car.id)).map((recall) => recall.state)).toEqual(['NOTIFIED']);

    const centre = await createCentre(scratch.db, { bays: 2 });
    const at = instanceA.clock.now();
    const appointment = await scratch.db
      .insertInto('appointments')
      .values({ code: 'LH-RECALL-1', user_id: owner.id, vehicle_id: car.id, vehicle_type: 'car', vehicle_brand: 'VinFast', vehicle_model: 'VF 8', license_plate: 'x', centre_id: centre, starts_at: at.toISOString(), ends_at: new Date(at.getTime() + 45 * 60_000).toISOString(), status: 'CONFIRMED', estimated_price: 0, estimated_duration_minutes: 45, note: null, contact_name: 'A', contact_phone: '0900000000', contact_email: owner.email, package_credit_id: null, hold_expires_at: null, cancel_reason: null, created_at: at.toISOString(), updated_at: at.toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const scheduled = await inTransaction(scratch.db, (trx) => scheduleRecallRemedies(trx, { vehicleId: car.id, appointmentId: appointment.id, at }));
    expect(scheduled.map((recall) => recall.code)).toEqual(['VF8-2611-A']);
    expect((await flagsOf(car.id))[0]).toMatchObject({ state: 'SCHEDULED', stateLabel: 'Đã đặt lịch khắc phục' });
    expect(await recallCompletionByCentre(scratch.db, centre)).toMatchObject({ items: [{ centreId: centre, scheduled: 1, done: 0, completionPercent: 0 }] });
    expect(await inTransaction(scratch.db, (trx) => completeRecallRemedies(trx, { serviceOrderId: null as never, appointmentId: appointment.id, at }))).toBe(1);
    expect(await flagsOf(car.id)).toEqual([]);
    expect(await recallCompletionByCentre(scratch.db, centre)).toMatchObject({ items: [{ centreId: centre, scheduled: 1, done: 1, completionPercent: 100 }] });
  }, 120_000);

  it('books the remedy as a free line from "Đặt lịch khắc phục", SCHEDULED, and back to NOTIFIED when cancelled', async () => {
    const owner = owners[1]!;
    const campaign = await scratch.db.selectFrom('recall_campaigns').select('id').where('code', '=', 'VF8-2611-A').executeTakeFirstOrThrow();
    const car = await addScooter(instanceA.app, owner, { type: 'car', brand: 'VinFast', model: 'VF 8', modelId: vf8, year: 2023, vin: `${FLEET_LINES[0]}000448`, licensePlate: nextCarPlate() });
    const centreId = await createCentre(scratch.db, { bays: 2 });
    const booking = { vehicleId: car.id, serviceIds: [], centreId, start: '2026-11-20T02:00:00.000Z', recallCampaignIds: [campaign.id] };
    const created = await book(instanceA.app, owner, booking);
    expect(created.statusCode).toBe(201);
    const appointment = appointmentOf(created);
    expect(appointment.services).toEqual([expect.objectContaining({ name: 'Khắc phục triệu hồi VF8-2611-A', price: 0, durationMinutes: 45 })]);
    expect(appointment.estimatedPrice).toBe(0);
    const flagsOf = async () => vehicleRecallListResponseSchema.parse((await request(instanceA, owner, 'GET', `/api/vehicles/${car.id}/recalls`)).json()).data.items;
    expect((await flagsOf()).map((recall) => recall.state)).toEqual(['SCHEDULED']);
    // booked already: a second booking of the same remedy is refused
    const again = await book(instanceA.app, owner, { ...booking, start: '2026-11-21T02:00:00.000Z' });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ message: 'Xe không thuộc diện triệu hồi này hoặc đã đặt lịch khắc phục.' });
    // another customer's vehicle cannot take the remedy
    expect((await book(instanceA.app, owners[2]!, booking)).statusCode).toBe(404);
    const cancelled = await instanceA.app.inject({ method: 'POST', url: `/api/appointments/${appointment.id}/cancel`, headers: await authHeader(instanceA.app, owner), payload: {} });
    expect(cancelled.statusCode).toBe(200);
    expect((await flagsOf()).map((recall) => recall.state)).toEqual(['NOTIFIED']);
  }, 120_000);
});
