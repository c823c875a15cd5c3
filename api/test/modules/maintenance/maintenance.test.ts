import {
  maintenanceRecordDetailResponseSchema,
  maintenanceRecordListResponseSchema,
  vehicleListResponseSchema,
  vietnamDateOf,
  type Vehicle,
} from 'shared-contracts/schemas';
import { createMigrator } from '../../../src/db/migrate';
import { migrations } from '../../../src/db/migrations';
import { addCalendarMonths } from '../../../src/modules/vehicles/reminder';
import { sendDueReminders } from '../../../src/modules/maintenance/reminderWorker';
import { DEMO_ACCOUNTS, seed } from '../../../seed';
import { productionDatabase, useScratchDatabase } from '../../support/testDatabases';
import { addScooter, authHeader, createCentre, createUser, startServiceApp, type ServiceApp, type TestUser } from '../../support/serviceTestKit';
import { emailOutbox } from '../../support/emailOutbox';

const DAY_MS = 86_400_000;

describe.each(productionDatabase())('maintenance history and reminders on $label', (target) => {
  const scratch = useScratchDatabase(target, { seed: true });
  let service: ServiceApp;
  let demo: TestUser;
  let anchor: Date;

  beforeAll(async () => {
    const email = DEMO_ACCOUNTS.find((account) => account.role === 'customer')!.email;
    const user = await scratch.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    demo = { id: user.id, email, role: 'customer' };
    // The seeded history counts back from when the vehicles were first seeded: read it at that moment.
    const first = await scratch.db.selectFrom('vehicles').select('created_at').where('user_id', '=', user.id).orderBy('id').executeTakeFirstOrThrow();
    anchor = new Date(first.created_at);
    service = await startServiceApp(scratch.db, { now: anchor.toISOString() });
  });
  afterAll(() => service.close());

  async function get(url: string, user: TestUser = demo) {
    return service.app.inject({ method: 'GET', url, headers: await authHeader(service.app, user) });
  }

  async function demoVehicles(): Promise<Vehicle[]> {
    return vehicleListResponseSchema.parse((await get('/api/vehicles')).json()).data;
  }

  it('gives the demo customer a Klara S with an MĐ plate and a VF 5, each due for a basic check in about a month', async () => {
    const [klara, vf5] = await demoVehicles();
    expect(klara).toMatchObject({ type: 'scooter', brand: 'VinFast', model: 'Klara S', licensePlate: '29MĐ1-234.56', odometerKm: 12_320, batteryCapacityKwh: 3.5 });
    expect(vf5).toMatchObject({ type: 'car', brand: 'VinFast', model: 'VF 5', licensePlate: '30K-567.89', vin: 'RLLVFPNT5RH123456', odometerKm: 16_200, batteryCapacityKwh: 37.23 });
    // Klara S: last advanced maintenance 60 days ago at 11 000 km, 22 km/day → basic 3 months later (before 14 000 km).
    expect(klara!.nextMaintenance).toMatchObject({
      serviceSlug: 'bao-duong-co-ban',
      serviceName: 'Bảo dưỡng cơ bản',
      dueBy: 'time',
      dueDate: addCalendarMonths(vietnamDateOf(new Date(anchor.getTime() - 60 * DAY_MS)), 3),
      dueKm: 14_000,
      kmLeft: 1_680,
      estimatedKmPerDay: 22,
      overdue: false,
    });
    // VF 5: last advanced 150 days ago at 11 700 km, 30 km/day → basic 6 months later (before 17 700 km).
    expect(vf5!.nextMaintenance).toMatchObject({
      serviceSlug: 'bao-duong-co-ban',
      dueBy: 'time',
      dueDate: addCalendarMonths(vietnamDateOf(new Date(anchor.getTime() - 150 * DAY_MS)), 6),
      dueKm: 17_700,
      kmLeft: 1_500,
      estimatedKmPerDay: 30,
      overdue: false,
    });
    for (const vehicle of [klara!, vf5!]) {
      expect(vehicle.nextMaintenance!.daysLeft).toBeGreaterThanOrEqual(28);
      expect(vehicle.nextMaintenance!.daysLeft).toBeLessThanOrEqual(35);
      expect(vehicle.nextMaintenance!.bookingUrl).toBe(`/booking?vehicleId=${vehicle.id}&service=bao-duong-co-ban`);
    }
  });

  it('lists six believable maintenance records, newest first, filterable by vehicle', async () => {
    const records = maintenanceRecordListResponseSchema.parse((await get('/api/maintenance-records')).json()).data;
    expect(records).toHaveLength(6);
    const dates = records.map((record) => record.servicedAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(anchor.getTime() - Date.parse(dates.at(-1)!)).toBeLessThanOrEqual(18 * 31 * DAY_MS);
    expect(records[0]).toMatchObject({
      vehicle: { licensePlate: '29MĐ1-234.56', brand: 'VinFast', model: 'Klara S' },
      centre: { name: 'EV Service Cầu Giấy' },
      odometerKm: 11_000,
      services: ['Bảo dưỡng nâng cao'],
      parts: [{ name: 'Gioăng chống nước cổng sạc', quantity: 1, unitPrice: 45_000 }],
      cost: 494_000,
      technicianName: 'Lê Văn Cường',
      checklistSummary: { pass: 13, fail: 1, na: 0 },
    });
    for (const record of records) {
      // the seeded history came from outside: no visit of this account behind it
      expect(record.appointmentId).toBeNull();
      const partsCost = record.parts.reduce((sum, part) => sum + part.quantity * part.unitPrice, 0);
      expect(record.cost).toBeGreaterThan(partsCost);
      expect(record.checklistSummary.pass).toBeGreaterThan(0);
    }

    const [klara, vf5] = await demoVehicles();
    const klaraRecords = maintenanceRecordListResponseSchema.parse((await get(`/api/maintenance-records?vehicleId=${klara!.id}`)).json()).data;
    expect(klaraRecords.map((record) => record.odometerKm)).toEqual([11_000, 7_920, 3_960, 1_980]);
    const carRecords = maintenanceRecordListResponseSchema.parse((await get(`/api/maintenance-records?vehicleId=${vf5!.id}`)).json()).data;
    expect(carRecords.map((record) => record.services)).toEqual([['Bảo dưỡng nâng cao', 'Cập nhật phần mềm'], ['Bảo dưỡng cơ bản']]);
  });

  it('shows a record with its checklist, and nothing of it to another customer (404)', async () => {
    const records = maintenanceRecordListResponseSchema.parse((await get('/api/maintenance-records')).json()).data;
    const premium = records.find((record) => record.services.includes('Bảo dưỡng cao cấp'))!;
    const detail = maintenanceRecordDetailResponseSchema.parse((await get(`/api/maintenance-records/${premium.id}`)).json()).data;
    expect(detail.checklist.length).toBe(detail.checklistSummary.pass + detail.checklistSummary.fail + detail.checklistSummary.na);
    expect(detail.checklist).toEqual(
      expect.arrayContaining([
        { label: 'Độ mòn gai lốp, vết nứt, vật lạ', result: 'FAIL', note: 'Gai lốp sau còn 0,8 mm, đã thay lốp mới' },
        { label: 'Phiên bản phần mềm, cập nhật nếu có', result: 'NA', note: 'Đang ở phiên bản mới nhất' },
        { label: 'Nội trở từng cell', result: 'PASS', note: null },
      ]),
    );
    expect(detail.parts.map((part) => part.name)).toEqual(['Lốp sau không săm 90/90-14', 'Má phanh sau Klara S']);

    const stranger = await createUser(scratch.db);
    expect(maintenanceRecordListResponseSchema.parse((await get('/api/maintenance-records', stranger)).json()).data).toEqual([]);
    expect((await get(`/api/maintenance-records/${premium.id}`, stranger)).statusCode).toBe(404);
    expect((await get(`/api/maintenance-records?vehicleId=${premium.vehicle.id}`, stranger)).statusCode).toBe(404);
    expect((await service.app.inject({ method: 'GET', url: '/api/maintenance-records' })).statusCode).toBe(401);
  });

  it('is idempotent: seeding again keeps the same vehicles, records and odometer', async () => {
    const before = maintenanceRecordListResponseSchema.parse((await get('/api/maintenance-records')).json()).data;
    const report = await seed(scratch.db);
    expect(report.serviceHistory).toEqual({ vehicles: 2, maintenanceRecords: 6 });
    const after = maintenanceRecordListResponseSchema.parse((await get('/api/maintenance-records')).json()).data;
    expect(after).toEqual(before);
    expect(await demoVehicles()).toHaveLength(2);
  });

  it('emails a reminder once when the maintenance is due within a week (to an owner who chose email)', async () => {
    // The notification centre tells the reminder on the owner's channel: email for an owner without a phone.
    await scratch.db.updateTable('users').set({ phone_number: null }).where('id', '=', demo.id).execute();
    const reminderCount = async () =>
      (await emailOutbox(scratch.db).select('id').where('to_address', '=', demo.email).where('kind', '=', 'maintenance_reminder').execute()).length;
    expect(await sendDueReminders(scratch.db, service.clock, { publicUrl: 'https://evshop.vn' })).toBe(0);
    expect(await reminderCount()).toBe(0);

    // Three weeks on: nothing due within 7 days yet.
    service.clock.set(new Date(anchor.getTime() + 21 * DAY_MS));
    expect(await sendDueReminders(scratch.db, service.clock, { publicUrl: 'https://evshop.vn' })).toBe(0);

    // Six weeks on: both vehicles are due (or overdue) → one email each, and only once.
    service.clock.set(new Date(anchor.getTime() + 42 * DAY_MS));
    expect(await sendDueReminders(scratch.db, service.clock, { publicUrl: 'https://evshop.vn' })).toBe(2);
    expect(await sendDueReminders(scratch.db, service.clock, { publicUrl: 'https://evshop.vn' })).toBe(0);
    expect(await reminderCount()).toBe(2);
    const [klara] = await demoVehicles();
    const email = await emailOutbox(scratch.db)
      .select(['subject', 'text_body'])
      .where('to_address', '=', demo.email)
      .where('kind', '=', 'maintenance_reminder')
      .where('subject', 'like', '%29MĐ1-234.56%')
      .executeTakeFirstOrThrow();
    expect(email.subject).toBe('Xe 29MĐ1-234.56 đã đến hạn bảo dưỡng');
    expect(email.text_body).toContain('bảo dưỡng cơ bản cho xe VinFast Klara S (29MĐ1-234.56)');
    expect(email.text_body).toContain(`https://evshop.vn/booking?vehicleId=${klara!.id}&service=bao-duong-co-ban`);
    expect(email.text_body).toContain('14.000 km');
  });
});

describe.each(productionDatabase())('the visit behind a maintenance record on $label', (target) => {
  const scratch = useScratchDatabase(target);
  let service: ServiceApp;
  beforeAll(async () => {
    service = await startServiceApp(scratch.db);
  });
  afterAll(() => service.close());

  it('answers the appointment of a record of the customer’s visit, null for one entered by hand or another account’s booking', async () => {
    const db = scratch.db;
    const customer = await createUser(db);
    const other = await createUser(db, 'customer', 'Lê Thị Khác');
    const centreId = await createCentre(db, { bays: 2 });
    const scooter = await addScooter(service.app, customer);
    const plate = (await db.selectFrom('vehicles').select('license_plate').where('id', '=', scooter.id).executeTakeFirstOrThrow()).license_plate;
    const appointment = async (user: TestUser, code: string, startsAt: string) =>
      (
        await db
          .insertInto('appointments')
          .values({
            code,
            user_id: user.id,
            vehicle_id: scooter.id,
            vehicle_type: 'scooter',
            vehicle_brand: 'VinFast',
            vehicle_model: 'Klara S',
            license_plate: plate,
            centre_id: centreId,
            starts_at: startsAt,
            ends_at: new Date(Date.parse(startsAt) + 3_600_000).toISOString(),
            status: 'COMPLETED',
            estimated_price: 0,
            estimated_duration_minutes: 60,
            note: null,
            contact_name: 'Trần Thị Khách',
            contact_phone: '0912345678',
            contact_email: user.email,
            package_credit_id: null,
            hold_expires_at: null,
            cancel_reason: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const visit = await appointment(customer, `LHV${process.pid}1`, '2026-10-01T02:00:00.000Z');
    const othersBooking = await appointment(other, `LHV${process.pid}2`, '2026-09-01T02:00:00.000Z');
    await db
      .insertInto('service_orders')
      .values({
        code: `PDVV${process.pid}`,
        appointment_id: visit,
        centre_id: centreId,
        user_id: customer.id,
        vehicle_id: scooter.id,
        vehicle_type: 'scooter',
        vehicle_brand: 'VinFast',
        vehicle_model: 'Klara S',
        license_plate: plate,
        status: 'CLOSED',
        technician_id: null,
        bay_no: null,
        odometer_in_km: 1000,
        customer_concern: null,
        intake_note: null,
        opened_by: null,
        closed_at: '2026-10-01T04:00:00.000Z',
        cancel_reason: null,
      })
      .execute();
    const record = async (appointmentId: number | null, servicedAt: string) =>
      (
        await db
          .insertInto('maintenance_records')
          .values({
            vehicle_id: scooter.id,
            appointment_id: appointmentId,
            centre_id: centreId,
            serviced_at: servicedAt,
            odometer_km: 1000,
            service_names: JSON.stringify(['Bảo dưỡng cơ bản']),
            service_slugs: JSON.stringify(['bao-duong-co-ban']),
            cost: 300_000,
            technician_id: null,
            technician_name: null,
            notes: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const ofVisit = await record(visit, '2026-10-01T04:00:00.000Z');
    const byHand = await record(null, '2026-08-01T04:00:00.000Z');
    const ofOthersBooking = await record(othersBooking, '2026-09-01T04:00:00.000Z');

    const headers = await authHeader(service.app, customer);
    const list = maintenanceRecordListResponseSchema.parse((await service.app.inject({ method: 'GET', url: '/api/maintenance-records', headers })).json()).data;
    expect(list.map((entry) => [entry.id, entry.appointmentId])).toEqual([
      [ofVisit, visit],
      [ofOthersBooking, null],
      [byHand, null],
    ]);
    const filtered = (await service.app.inject({ method: 'GET', url: `/api/maintenance-records?vehicleId=${scooter.id}`, headers })).json();
    expect(maintenanceRecordListResponseSchema.parse(filtered).data.map((entry) => entry.appointmentId)).toEqual([visit, null, null]);
    const detail = (id: number) => service.app.inject({ method: 'GET', url: `/api/maintenance-records/${id}`, headers });
    expect(maintenanceRecordDetailResponseSchema.parse((await detail(ofVisit)).json()).data.appointmentId).toBe(visit);
    expect(maintenanceRecordDetailResponseSchema.parse((await detail(byHand)).json()).data.appointmentId).toBeNull();

    // the id answered is the one the visit's e-invoices are asked by (none yet: the visit was not invoiced)
    const eInvoices = await service.app.inject({ method: 'GET', url: `/api/appointments/${visit}/e-invoices`, headers });
    expect(eInvoices.statusCode).toBe(200);
    expect(eInvoices.json().data).toEqual({ items: [] });
  });
});

describe.each(productionDatabase())('the service-booking migration on $label', (target) => {
  const scratch = useScratchDatabase(target, { migrate: true });

  it('rolls back (down) to the shop tables and applies again', async () => {
    const migrator = createMigrator(scratch.db);
    const down = await migrator.migrateTo('0004_shop');
    expect(down.error).toBeUndefined();
    // Every migration after the shop's, newest first.
    const after = Object.keys(migrations).filter((name) => name > '0004_shop').reverse();
    expect(after.slice(-2)).toEqual(['0006_back_office', '0005_service_booking']);
    expect(down.results?.map((result) => result.migrationName)).toEqual(after);
    const tables = async () => (await scratch.db.introspection.getTables()).map((table) => table.name);
    expect(await tables()).not.toEqual(expect.arrayContaining(['vehicles']));
    expect(await tables()).toEqual(expect.arrayContaining(['package_credits', 'services']));
    const up = await migrator.migrateToLatest();
    expect(up.error).toBeUndefined();
    expect(await tables()).toEqual(expect.arrayContaining(['vehicles', 'appointments', 'slot_occupancy', 'maintenance_records', 'maintenance_reminders_sent', 'service_orders', 'staff_assignments']));
  });
});
