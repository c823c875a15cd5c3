import { sql, type Kysely, type KyselyPlugin } from 'kysely';
import { batteryReportListResponseSchema, batteryReportResponseSchema, batteryVerifyResponseSchema, vehicleModelResponseSchema, type BatteryReport } from 'shared-contracts/schemas';
import type { Database } from '../../../src/db/schema';
import { parseBatteryReportInput, recordBatteryReport } from '../../../src/modules/batteryHealth/batteryReports';
import { pdfText } from '../../support/pdfText';
import { createUser, type TestUser } from '../../support/serviceTestKit';
import { productionDatabase, useFloor } from '../../support/floorTestKit';

const GOOD = { sohPercent: 91.5, capacityKwh: 80.2, cellSpreadMv: 18, internalResistanceMohm: 62.5, temperatureC: 27, odometerKm: 12_500, tool: 'Midtronics EXP-1000' };
const VIN = 'RLLVF8ABCDE123456';

/**
 * Battery health reports (issue 66 §3): recorded on the order by its technician or its centre's staff, flagged by the
 * server from the model's thresholds, read by the vehicle's owner only, printed as a certificate, and verified by
 * anyone through a code that tells nothing personal.
 */
describe.each(productionDatabase())('battery health reports on $label', (target) => {
  const floor = useFloor(target);

  /** An IN_PROGRESS order of centre A on the customer's VinFast VF 8 (the reference model, VIN set). */
  async function orderOnVf8() {
    const technician = await floor.addMember('technician');
    const order = await floor.startedOrder({ technician });
    const model = await floor.db.selectFrom('vehicle_models').select('id').where('slug', '=', 'vinfast-vf-8').executeTakeFirstOrThrow();
    const { vehicle_id: vehicleId } = await floor.db.selectFrom('service_orders').select('vehicle_id').where('id', '=', order.id).executeTakeFirstOrThrow();
    await floor.db.updateTable('vehicles').set({ model_id: model.id, vin: VIN }).where('id', '=', vehicleId!).execute();
    return { ...order, vehicleId: vehicleId!, modelId: model.id, technician };
  }

  async function record(orderId: number, body: unknown, user: TestUser) {
    return floor.request(user, 'POST', `/api/service-orders/${orderId}/battery-reports`, body);
  }

  const reportsOf = async (orderId: number) => floor.db.selectFrom('battery_health_reports').select(['id', 'flag', 'spread_warning']).where('service_order_id', '=', orderId).orderBy('id').execute();

  /**
   * The database as recordBatteryReport sees it, with `meanwhile` run once right after its first query (the order's
   * read) has answered and before its next: another request moving the order on between the read and the insert.
   */
  function movedOnAfterTheRead(meanwhile: () => Promise<unknown>): Kysely<Database> {
    let queries = 0;
    const plugin: KyselyPlugin = {
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        queries += 1;
        if (queries === 1) await meanwhile();
        return args.result;
      },
    };
    return floor.db.withPlugin(plugin);
  }

  /** recordBatteryReport on `db` as `user` of centre A: its report, or the AppError it refused with. */
  async function recordOn(db: Kysely<Database>, orderId: number, user: TestUser, role: 'technician' | 'staff') {
    const ctx = { db, publicUrl: 'https://evshop.test', now: () => floor.service.clock.now() };
    return recordBatteryReport(ctx, { userId: user.id, role, centreId: floor.centreA.id }, orderId, parseBatteryReportInput(GOOD)).then(
      (report) => ({ report, error: null }),
      (error: unknown) => ({ report: null, error: error as { statusCode: number; code: string; message: string } }),
    );
  }

  it('records the figures, flags "Pin suy giảm" by the thresholds and validates in Vietnamese', async () => {
    const order = await orderOnVf8();
    const created = await record(order.id, GOOD, order.technician);
    expect(created.statusCode).toBe(201);
    const good = batteryReportResponseSchema.parse(created.json()).data;
    expect(good).toMatchObject({ sohPercent: 91.5, flag: 'OK', flagLabel: 'Pin tốt', spreadWarning: false, modelLabel: 'VinFast VF 8', ratedCapacityKwh: 87.7, serviceOrderCode: order.code });
    expect(good.verifyCode).toMatch(/^[0-9A-HJKMNP-TV-Z]{12}$/);
    expect(good.verifyUrl).toMatch(new RegExp(`/xac-minh-pin/${good.verifyCode}$`));

    const degraded = batteryReportResponseSchema.parse((await record(order.id, { ...GOOD, sohPercent: 76, cellSpreadMv: 65 }, floor.users.staff)).json()).data;
    expect(degraded).toMatchObject({ flag: 'DEGRADED', flagLabel: 'Pin suy giảm', spreadWarning: true });
    expect(batteryReportResponseSchema.parse((await record(order.id, { ...GOOD, sohPercent: 64 }, order.technician)).json()).data.flag).toBe('REPLACE_SOON');

    // the model's own threshold wins over its chemistry's default
    await floor.db.updateTable('vehicle_models').set({ battery_soh_degraded_pct: 95 }).where('id', '=', order.modelId).execute();
    expect(batteryReportResponseSchema.parse((await record(order.id, GOOD, order.technician)).json()).data.flag).toBe('DEGRADED');
    await floor.db.updateTable('vehicle_models').set({ battery_soh_degraded_pct: null }).where('id', '=', order.modelId).execute();

    for (const [body, message] of [
      [{ ...GOOD, sohPercent: 101 }, 'SOH phải từ 0 đến 100%.'],
      [{ ...GOOD, sohPercent: undefined }, 'Vui lòng nhập SOH (% dung lượng danh định).'],
      [{ ...GOOD, capacityKwh: 250 }, 'Dung lượng đo được phải lớn hơn 0 và tối đa 200 kWh.'],
      [{ ...GOOD, cellSpreadMv: 2500 }, 'Chênh lệch điện áp cell phải là số nguyên từ 0 đến 2000 mV.'],
      [{ ...GOOD, internalResistanceMohm: 6000 }, 'Nội trở phải từ 0 đến 5000 mΩ.'],
      [{ ...GOOD, temperatureC: -40 }, 'Nhiệt độ pin phải từ -30 đến 90 °C.'],
      [{ ...GOOD, tool: '  ' }, 'Vui lòng nhập thiết bị đo.'],
    ] as const) {
      const refused = await record(order.id, body, order.technician);
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({ success: false, message });
    }
    const listed = batteryReportListResponseSchema.parse((await floor.request(floor.users.staff, 'GET', `/api/service-orders/${order.id}/battery-reports`)).json()).data.items;
    expect(listed).toHaveLength(4);
  });

  it('lets only the order’s technician and its centre’s staff record', async () => {
    const order = await orderOnVf8();
    const otherTechnician = await floor.addMember('technician');
    const notAssigned = await record(order.id, GOOD, otherTechnician);
    expect(notAssigned.statusCode).toBe(403);
    expect(notAssigned.json()).toMatchObject({ code: 'NOT_ASSIGNED', message: 'Phiếu dịch vụ này không được giao cho bạn.' });
    expect((await record(order.id, GOOD, floor.users.staffB)).statusCode).toBe(404);
    expect((await record(order.id, GOOD, floor.users.technicianB)).statusCode).toBe(404);
    expect((await record(order.id, GOOD, floor.users.admin)).json()).toMatchObject({ code: 'ADMIN_READ_ONLY' });
    expect((await record(order.id, GOOD, floor.users.customer)).statusCode).toBe(403);
    expect((await floor.request(null, 'POST', `/api/service-orders/${order.id}/battery-reports`, GOOD)).statusCode).toBe(401);
    expect((await record(order.id, GOOD, floor.users.manager)).statusCode).toBe(201);

    const open = await floor.openOrder();
    const locked = await record(open.id, GOOD, floor.users.staff);
    expect(locked.statusCode).toBe(409);
    expect(locked.json()).toMatchObject({ message: 'Chỉ ghi kết quả đo pin khi phiếu đang làm hoặc vừa xong việc.' });
  });

  it('flags a later report by the thresholds the admin set on the model, and keeps the flag of those written before', async () => {
    const order = await orderOnVf8();
    const figures = { ...GOOD, sohPercent: 84, cellSpreadMv: 45 };
    const before = batteryReportResponseSchema.parse((await record(order.id, figures, order.technician)).json()).data;
    expect(before).toMatchObject({ flag: 'OK', spreadWarning: false });

    // the admin's "Dòng xe" form sends the whole model with its own thresholds
    const model = vehicleModelResponseSchema.parse((await floor.request(null, 'GET', `/api/vehicle-models/${order.modelId}`)).json()).data;
    const body = { brand: model.brand, model: model.model, variant: model.variant, type: model.type, yearFrom: model.yearFrom, yearTo: model.yearTo, batteryKwh: model.batteryKwh, batteryChemistry: model.batteryChemistry };
    const saved = await floor.request(floor.users.admin, 'PUT', `/api/admin/vehicle-models/${order.modelId}`, { ...body, batterySohDegradedPct: 90, batterySohReplacePct: 85, batterySpreadWarnMv: 40 });
    expect(saved.statusCode).toBe(200);
    try {
      const after = batteryReportResponseSchema.parse((await record(order.id, figures, order.technician)).json()).data;
      expect(after).toMatchObject({ flag: 'REPLACE_SOON', flagLabel: 'Nên thay pin sớm', spreadWarning: true });
      expect(batteryReportResponseSchema.parse((await record(order.id, { ...figures, sohPercent: 88 }, order.technician)).json()).data.flag).toBe('DEGRADED');

      const listed = batteryReportListResponseSchema.parse((await floor.request(floor.users.staff, 'GET', `/api/service-orders/${order.id}/battery-reports`)).json()).data.items;
      expect(listed.find((item: BatteryReport) => item.id === before.id)).toMatchObject({ flag: 'OK', spreadWarning: false });
      const verified = await floor.request(null, 'GET', `/api/battery-reports/verify/${before.verifyCode}`);
      expect(batteryVerifyResponseSchema.parse(verified.json()).data).toMatchObject({ flag: 'OK', flagLabel: 'Pin tốt' });
    } finally {
      const reset = await floor.request(floor.users.admin, 'PUT', `/api/admin/vehicle-models/${order.modelId}`, { ...body, batterySohDegradedPct: null, batterySohReplacePct: null, batterySpreadWarnMv: null });
      expect(reset.statusCode).toBe(200);
    }
    // back to the chemistry's defaults
    expect(batteryReportResponseSchema.parse((await record(order.id, figures, order.technician)).json()).data).toMatchObject({ flag: 'OK', spreadWarning: false });
  });

  it('records nothing on an order invoiced between its read and the insert, answering 409 as for an invoiced order', async () => {
    const technician = await floor.addMember('technician');
    const order = await floor.finishedOrder({ technician });
    const db = movedOnAfterTheRead(async () => expect((await floor.request(floor.users.staff, 'POST', `/api/service-orders/${order.id}/invoice`)).statusCode).toBe(201));
    const { report, error } = await recordOn(db, order.id, technician, 'technician');
    expect(report).toBeNull();
    expect(error).toMatchObject({ statusCode: 409, message: 'Chỉ ghi kết quả đo pin khi phiếu đang làm hoặc vừa xong việc.' });
    expect((await floor.orderRow(order.id)).status).toBe('INVOICED');
    expect(await reportsOf(order.id)).toEqual([]);

    // read and written with nothing in between, the same call records
    const unmoved = await floor.finishedOrder({ technician });
    expect((await recordOn(floor.db, unmoved.id, technician, 'technician')).report).toMatchObject({ serviceOrderId: unmoved.id, flag: 'OK' });
  });

  it('records nothing on an order cancelled, or given to another technician, between its read and the insert', async () => {
    const technician = await floor.addMember('technician');
    const cancelled = await floor.startedOrder({ technician });
    const cancelling = movedOnAfterTheRead(async () => expect((await floor.act(cancelled.id, 'cancel', floor.users.staff, { reason: 'Khách lấy xe về' })).statusCode).toBe(200));
    expect((await recordOn(cancelling, cancelled.id, floor.users.staff, 'staff')).error).toMatchObject({ statusCode: 409, message: 'Chỉ ghi kết quả đo pin khi phiếu đang làm hoặc vừa xong việc.' });
    expect(await reportsOf(cancelled.id)).toEqual([]);

    const reassigned = await floor.startedOrder({ technician });
    const other = await floor.addMember('technician');
    const reassigning = movedOnAfterTheRead(async () => expect((await floor.assign(reassigned.id, { technicianId: other.id })).statusCode).toBe(200));
    expect((await recordOn(reassigning, reassigned.id, technician, 'technician')).error).toMatchObject({ statusCode: 403, code: 'NOT_ASSIGNED' });
    expect(await reportsOf(reassigned.id)).toEqual([]);
    // the technician it went to records on it
    expect((await record(reassigned.id, GOOD, other)).statusCode).toBe(201);
  });

  if (target.dialect === 'postgres') {
    it('waits for an invoice being written at that moment, and records nothing once it is committed', async () => {
      const technician = await floor.addMember('technician');
      const order = await floor.finishedOrder({ technician });
      let commit!: () => void;
      const committing = new Promise<void>((resolve) => (commit = resolve));
      let written!: () => void;
      const invoiceWritten = new Promise<void>((resolve) => (written = resolve));
      // the invoice's transaction has moved the order on, and not committed yet
      const invoicing = floor.db.transaction().execute(async (trx) => {
        await trx.updateTable('service_orders').set({ status: 'INVOICED' }).where('id', '=', order.id).execute();
        written();
        await committing;
      });
      await invoiceWritten;
      const answer = record(order.id, GOOD, technician);
      // the report's insert waits on the order's row
      const waiting = async () => Number((await sql<{ n: string }>`select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(floor.db)).rows[0]!.n);
      const startedAt = Date.now();
      while ((await waiting()) === 0 && Date.now() - startedAt < 5_000) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(await waiting()).toBeGreaterThan(0);
      commit();
      await invoicing;

      const refused = await answer;
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ message: 'Chỉ ghi kết quả đo pin khi phiếu đang làm hoặc vừa xong việc.' });
      expect(await reportsOf(order.id)).toEqual([]);
    });
  }

  it('shows the owner their own vehicle’s trend and certificate, and no one else’s', async () => {
    const order = await orderOnVf8();
    const first = batteryReportResponseSchema.parse((await record(order.id, GOOD, order.technician)).json()).data;
    floor.service.clock.advance(60_000);
    await record(order.id, { ...GOOD, sohPercent: 78 }, order.technician);

    const mine = await floor.request(floor.users.customer, 'GET', `/api/vehicles/${order.vehicleId}/battery-reports`);
    expect(mine.statusCode).toBe(200);
    const items = batteryReportListResponseSchema.parse(mine.json()).data.items;
    expect(items.map((item: BatteryReport) => item.sohPercent)).toEqual([91.5, 78]);

    const stranger = await floor.addMember('staff');
    const otherCustomer = await createUser(floor.db);
    expect((await floor.request(otherCustomer, 'GET', `/api/vehicles/${order.vehicleId}/battery-reports`)).statusCode).toBe(404);
    expect((await floor.request(otherCustomer, 'GET', `/api/vehicles/${order.vehicleId}/battery-reports/${first.id}/certificate.pdf`)).statusCode).toBe(404);
    expect((await floor.request(floor.users.staffB, 'GET', `/api/staff/battery-reports/${first.id}/certificate.pdf`)).statusCode).toBe(404);

    const pdf = await floor.request(floor.users.customer, 'GET', `/api/vehicles/${order.vehicleId}/battery-reports/${first.id}/certificate.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('CHỨNG NHẬN SỨC KHỎE PIN');
    expect(text).toContain('VinFast VF 8');
    expect(text).toContain('91,5 %');
    expect(text).toContain('…3456');
    expect(text).toContain(first.verifyCode);
    expect(text).not.toContain(VIN);
    expect(text).not.toContain(order.licensePlate);
    expect((await floor.request(stranger, 'GET', `/api/staff/battery-reports/${first.id}/certificate.pdf`)).statusCode).toBe(200);
  });

  it('verifies a certificate publicly with no personal data, and refuses a forged code', async () => {
    const order = await orderOnVf8();
    const report = batteryReportResponseSchema.parse((await record(order.id, { ...GOOD, sohPercent: 76 }, order.technician)).json()).data;
    const customer = await floor.db.selectFrom('users').select(['full_name', 'phone_number', 'email']).where('id', '=', floor.users.customer.id).executeTakeFirstOrThrow();
    const technician = await floor.db.selectFrom('users').select('full_name').where('id', '=', order.technician.id).executeTakeFirstOrThrow();

    const answer = await floor.request(null, 'GET', `/api/battery-reports/verify/${report.verifyCode.toLowerCase()}`);
    expect(answer.statusCode).toBe(200);
    const verified = batteryVerifyResponseSchema.parse(answer.json()).data;
    expect(verified).toMatchObject({ code: report.verifyCode, sohPercent: 76, flagLabel: 'Pin suy giảm', modelLabel: 'VinFast VF 8', odometerKm: 12_500 });
    expect(Object.keys(verified).sort()).toEqual(
      ['batteryChemistry', 'capacityKwh', 'cellSpreadMv', 'centreName', 'code', 'flag', 'flagLabel', 'internalResistanceMohm', 'measuredAt', 'modelLabel', 'odometerKm', 'ratedCapacityKwh', 'sohPercent', 'spreadWarning', 'temperatureC', 'tool'].sort(),
    );
    const body = answer.body;
    for (const personal of [customer.full_name, customer.phone_number, customer.email, order.licensePlate, VIN, '3456', technician.full_name]) {
      if (personal) expect(body).not.toContain(personal);
    }

    // a forged code of the right shape, one of the wrong shape, and an overlong one
    const forged = report.verifyCode.slice(0, 11) + (report.verifyCode.endsWith('0') ? '1' : '0');
    for (const code of [forged, 'ABC', 'I0I0I0I0I0I0']) {
      const refused = await floor.request(null, 'GET', `/api/battery-reports/verify/${code}`);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({ success: false, message: 'Không tìm thấy chứng nhận pin với mã này. Vui lòng kiểm tra lại mã trên chứng nhận.' });
    }
    expect((await floor.request(null, 'GET', `/api/battery-reports/verify/${'A'.repeat(40)}`)).statusCode).toBe(400);
  });
});
