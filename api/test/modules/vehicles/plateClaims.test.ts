import { plateClaimListResponseSchema, vehicleListResponseSchema, type PlateClaim } from 'shared-contracts/schemas';
import { createMigrator } from '../../../src/db/migrate';
import { testDatabases, useScratchDatabase } from '../../support/testDatabases';
import { authHeader, book, createCentre, createUser, serviceId, startServiceApp, type ServiceApp, type TestUser } from '../../support/serviceTestKit';

const CLAIMED = 'Biển số này đã được đăng ký bởi tài khoản khác. Trung tâm sẽ liên hệ để xác minh.';
const scooter = (licensePlate: string) => ({ type: 'scooter', brand: 'VinFast', model: 'Feliz S', year: 2025, licensePlate, odometerKm: 500 });

/**
 * One plate, one account (issue 36 §1): a plate could sit on two accounts. A second account adding it, in any
 * spelling, is now 409 with a Vietnamese message and a claim staff resolve; booking and walk-in never copy it.
 */
describe.each(testDatabases())('one account per plate on $label', (target) => {
  const scratch = useScratchDatabase(target, { seed: true });
  let service: ServiceApp;
  let staff: TestUser;
  let owner: TestUser;
  let claimant: TestUser;

  beforeAll(async () => {
    service = await startServiceApp(scratch.db);
    staff = await createUser(scratch.db, 'staff', 'Lễ Tân');
    owner = await createUser(scratch.db, 'customer', 'Chủ Xe Cũ');
    claimant = await createUser(scratch.db, 'customer', 'Người Nhận Xe');
  });
  afterAll(() => service.close());

  async function request(user: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
    return service.app.inject({ method, url, headers: await authHeader(service.app, user), ...(payload ? { payload } : {}) });
  }
  const platesOf = async (user: TestUser) => vehicleListResponseSchema.parse((await request(user, 'GET', '/api/vehicles')).json()).data.map((vehicle) => vehicle.licensePlate);
  const pendingClaims = async (plate: string): Promise<PlateClaim[]> =>
    plateClaimListResponseSchema.parse((await request(staff, 'GET', '/api/staff/plate-claims')).json()).data.filter((claim) => claim.licensePlate === plate);
  const livePlateOwners = async (plate: string) =>
    (await scratch.db.selectFrom('vehicles').select('user_id').where('license_plate', '=', plate).where('deleted_at', 'is', null).execute()).map((row) => row.user_id);

  it('answers a second account with 409 and the Vietnamese message, and staff see one claim naming both accounts', async () => {
    expect((await request(owner, 'POST', '/api/vehicles', scooter('29MĐ1-771.01'))).statusCode).toBe(201);
    for (const spelling of ['29md1 77101', '29-MĐ1 771.01']) {
      const taken = await request(claimant, 'POST', '/api/vehicles', scooter(spelling));
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toMatchObject({ success: false, code: 'VEHICLE_PLATE_CLAIMED', message: CLAIMED, errors: [{ field: 'licensePlate', message: CLAIMED }] });
    }
    expect(await platesOf(claimant)).not.toContain('29MĐ1-771.01');
    expect(await livePlateOwners('29MĐ1-771.01')).toEqual([owner.id]);

    const claims = await pendingClaims('29MĐ1-771.01');
    expect(claims).toHaveLength(1);
    expect(claims[0]).toMatchObject({
      status: 'PENDING',
      source: 'customer',
      claimant: { userId: claimant.id, fullName: 'Người Nhận Xe' },
      claimantVehicle: { type: 'scooter', brand: 'VinFast', model: 'Feliz S' },
      owner: { userId: owner.id, fullName: 'Chủ Xe Cũ', brand: 'VinFast', model: 'Feliz S' },
    });
    expect((await request(claimant, 'GET', '/api/staff/plate-claims')).statusCode).toBe(403);
  });

  it('keeps the old owner on "Giữ chủ cũ", and a second decision on the same claim is 409', async () => {
    const [claim] = await pendingClaims('29MĐ1-771.01');
    const kept = await request(staff, 'POST', `/api/staff/plate-claims/${claim!.id}`, { decision: 'keep' });
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({ message: 'Đã giữ biển số cho chủ cũ.', data: { id: claim!.id, status: 'KEPT' } });
    expect(await livePlateOwners('29MĐ1-771.01')).toEqual([owner.id]);
    const again = await request(staff, 'POST', `/api/staff/plate-claims/${claim!.id}`, { decision: 'transfer' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'PLATE_CLAIM_RESOLVED', message: 'Yêu cầu này đã được xử lý. Vui lòng tải lại danh sách.' });
    const unknown = await request(staff, 'POST', '/api/staff/plate-claims/999999', { decision: 'keep' });
    expect(unknown.statusCode).toBe(404);
    const bad = await request(staff, 'POST', `/api/staff/plate-claims/${claim!.id}`, { decision: 'delete' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].message).toBe('Vui lòng chọn "Chuyển cho tài khoản mới" hoặc "Giữ chủ cũ".');
  });

  it('moves the plate to the claimant on "Chuyển cho tài khoản mới"', async () => {
    expect((await request(claimant, 'POST', '/api/vehicles', scooter('29MĐ1-771.01'))).statusCode).toBe(409);
    const [claim] = await pendingClaims('29MĐ1-771.01');
    const moved = await request(staff, 'POST', `/api/staff/plate-claims/${claim!.id}`, { decision: 'transfer' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ message: 'Đã chuyển biển số cho tài khoản mới.', data: { status: 'TRANSFERRED', owner: { userId: claimant.id } } });
    expect(await platesOf(claimant)).toContain('29MĐ1-771.01');
    expect(await platesOf(owner)).not.toContain('29MĐ1-771.01');
    expect(await livePlateOwners('29MĐ1-771.01')).toEqual([claimant.id]);
  });

  it('refuses changing a vehicle to a plate another account holds, with a claim', async () => {
    const own = await request(claimant, 'POST', '/api/vehicles', scooter('29MĐ1-771.02'));
    expect(own.statusCode).toBe(201);
    expect((await request(owner, 'POST', '/api/vehicles', scooter('29MĐ1-771.03'))).statusCode).toBe(201);
    const edit = await request(claimant, 'PUT', `/api/vehicles/${own.json().data.id}`, scooter('29MĐ1-771.03'));
    expect(edit.statusCode).toBe(409);
    expect(edit.json()).toMatchObject({ code: 'VEHICLE_PLATE_CLAIMED', message: CLAIMED });
    expect(await livePlateOwners('29MĐ1-771.03')).toEqual([owner.id]);
    expect(await pendingClaims('29MĐ1-771.03')).toHaveLength(1);
  });

  it('lets exactly one of ten accounts adding one plate at once own it; the others leave claims', async () => {
    const accounts = await Promise.all(Array.from({ length: 10 }, (_, index) => createUser(scratch.db, 'customer', `Khách Đua ${index}`)));
    const headers = await Promise.all(accounts.map((account) => authHeader(service.app, account)));
    const answers = await Promise.all(
      accounts.map((_, index) => service.app.inject({ method: 'POST', url: '/api/vehicles', headers: headers[index], payload: scooter(index % 2 ? '29md1 77104' : '29MĐ1-771.04') })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, ...Array(9).fill(409)]);
    expect(answers.filter((answer) => answer.statusCode === 409).every((answer) => answer.json().code === 'VEHICLE_PLATE_CLAIMED')).toBe(true);
    const winner = accounts[answers.findIndex((answer) => answer.statusCode === 201)]!;
    expect(await livePlateOwners('29MĐ1-771.04')).toEqual([winner.id]);
    expect(await pendingClaims('29MĐ1-771.04')).toHaveLength(9);
  });

  it('books a plate another account holds without copying it onto the booking customer', async () => {
    const centreId = await createCentre(scratch.db, { bays: 2, open: '08:00', close: '17:00' });
    const basic = await serviceId(scratch.db, 'bao-duong-co-ban');
    expect((await request(owner, 'POST', '/api/vehicles', scooter('29MĐ1-771.05'))).statusCode).toBe(201);
    const booked = await book(service.app, claimant, {
      vehicle: { type: 'scooter', brand: 'VinFast', model: 'Feliz S', licensePlate: '29md1-771.05' },
      serviceIds: [basic],
      centreId,
      start: '2026-11-20T09:00:00+07:00',
    });
    expect(booked.statusCode).toBe(201);
    expect(await platesOf(claimant)).not.toContain('29MĐ1-771.05');
    expect(await livePlateOwners('29MĐ1-771.05')).toEqual([owner.id]);
    const appointment = await scratch.db.selectFrom('appointments').select(['vehicle_id', 'license_plate']).where('id', '=', booked.json().data.id).executeTakeFirstOrThrow();
    expect(appointment).toEqual({ vehicle_id: null, license_plate: '29MĐ1-771.05' });
  });
});

describe.each(testDatabases())('migration 0023 on existing duplicate plates on $label', (target) => {
  const scratch = useScratchDatabase(target, { migrate: false });

  it('keeps the oldest owner and holds the others aside as pending claims, deleting nothing', async () => {
    const migrator = createMigrator(scratch.db);
    expect((await migrator.migrateTo('0022_appointment_vehicle_index')).error).toBeUndefined();
    const users = await Promise.all(['a', 'b', 'c'].map((name) => createUser(scratch.db, 'customer', `Khách ${name}`)));
    const insert = async (userId: number, plate: string, createdAt: string) =>
      (
        await scratch.db
          .insertInto('vehicles')
          .values({ user_id: userId, type: 'scooter', brand: 'VinFast', model: 'Evo200', year: 2024, license_plate: plate, odometer_km: 10, created_at: createdAt, updated_at: createdAt })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const newest = await insert(users[0]!.id, '29MĐ1-555.55', '2026-03-01T00:00:00.000Z');
    const oldest = await insert(users[1]!.id, '29md1 55555', '2025-01-01T00:00:00.000Z');
    const middle = await insert(users[2]!.id, '29MĐ1-555.55', '2025-06-01T00:00:00.000Z');

    expect((await migrator.migrateTo('0023_one_account_per_plate')).error).toBeUndefined();
    const rows = await scratch.db.selectFrom('vehicles').select(['id', 'license_plate', 'deleted_at']).orderBy('id').execute();
    expect(rows.map((row) => [row.id, row.license_plate, row.deleted_at === null])).toEqual([
      [newest, '29MĐ1-555.55', false],
      [oldest, '29MĐ1-555.55', true],
      [middle, '29MĐ1-555.55', false],
    ]);
    const claims = await scratch.db.selectFrom('vehicle_plate_claims').select(['claimant_user_id', 'claimant_vehicle_id', 'owner_vehicle_id', 'source', 'status']).orderBy('claimant_vehicle_id').execute();
    expect(claims).toEqual([
      { claimant_user_id: users[0]!.id, claimant_vehicle_id: newest, owner_vehicle_id: oldest, source: 'migration', status: 'PENDING' },
      { claimant_user_id: users[2]!.id, claimant_vehicle_id: middle, owner_vehicle_id: oldest, source: 'migration', status: 'PENDING' },
    ]);
    await expect(
      scratch.db
        .insertInto('vehicles')
        .values({ user_id: users[0]!.id, type: 'scooter', brand: 'VinFast', model: 'Evo200', year: 2024, license_plate: '29MĐ1-555.55', odometer_km: 10 })
        .execute(),
    ).rejects.toThrow();
  });
});
