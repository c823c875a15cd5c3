import type { Kysely } from 'kysely';
import { customerApprovalSchema, customerServiceOrderSchema, envelopeSchema, partsDeskSchema, vietnamDateOf } from 'shared-contracts/schemas';
import { z } from 'zod';
import { toNumber } from '../../../src/db/portable';
import type { Database } from '../../../src/db/schema';
import { replayStockLedger } from '../../../src/modules/inventory/stockLedger';
import { seed } from '../../../seed';
import { seedPartsApprovalDemo, type PartsApprovalDemoReport } from '../../../seed/partsApprovalDemo';
import { startServiceApp, type ServiceApp } from '../../support/serviceTestKit';
import { testDatabases, useScratchDatabase } from '../../support/testDatabases';
import { emailOutbox } from '../../support/emailOutbox';

/**
 * The parts story's demo data: after `npm start` the demo customer has a car kept at the demo staff's centre with
 * a failed checklist item and a part waiting for their yes ('Cần bạn duyệt (1)' on /dashboard), the parts desk
 * has work, the stock figures stay consistent with the ledger, and a restart changes nothing.
 */
describe.each(testDatabases())('the parts approval demo on $label', (target) => {
  const scratch = useScratchDatabase(target, { seed: true });
  let service: ServiceApp;

  beforeAll(async () => {
    service = await startServiceApp(scratch.db, { now: new Date().toISOString() });
  });
  afterAll(() => service.close());

  async function headersOf(email: string) {
    const row = await scratch.db.selectFrom('users').select(['id', 'role']).where('email', '=', email).executeTakeFirstOrThrow();
    return { authorization: `Bearer ${(await service.app.accessTokens.issue({ userId: row.id, role: row.role as 'customer' })).token}` };
  }

  /** `npm start` again: the whole seed (its report carries the demo's line). */
  const reseed = async () => (await seed(scratch.db)) as Awaited<ReturnType<typeof seed>> & { partsApprovalDemo: PartsApprovalDemoReport };

  async function partsRows(db: Kysely<Database>) {
    const snapshot: Record<string, string[]> = {};
    for (const table of ['parts_requests', 'parts_request_history', 'service_orders', 'appointments', 'service_order_checklist_items', 'centre_stock', 'stock_movements', 'work_time_entries', 'bay_occupancy'] as const) {
      snapshot[table] = (await db.selectFrom(table as 'parts_requests').selectAll().execute()).map((row) => JSON.stringify(row)).sort();
    }
    return snapshot;
  }

  it("shows the demo customer one part to approve, for a FAIL finding of their car at the demo staff's centre, due in about a day", async () => {
    const customer = await headersOf('khachhang@evshop.vn');
    const answer = await service.app.inject({ method: 'GET', url: '/api/me/approvals', headers: customer });
    expect(answer.statusCode).toBe(200);
    const approvals = envelopeSchema(z.array(customerApprovalSchema)).parse(answer.json()).data;
    expect(approvals).toHaveLength(1);
    const [approval] = approvals;
    expect(approval).toMatchObject({
      licensePlate: '30K-567.89',
      centreName: 'EV Service Cầu Giấy',
      quantity: 1,
      status: 'AWAITING_CUSTOMER',
      part: { name: 'Dầu phanh Bosch DOT 4 (500 ml)' },
      finding: { code: 'BRAKE_FUNCTION', result: 'FAIL', note: 'Bàn đạp phanh sâu, dầu phanh sẫm màu: nên thay dầu phanh.' },
      reason: 'Bàn đạp phanh sâu, dầu phanh sẫm màu: nên thay dầu phanh.',
      decision: null,
    });
    expect(approval!.newEstimate).toBe(approval!.currentEstimate + approval!.lineTotal);
    const hoursLeft = (Date.parse(approval!.expiresAt!) - Date.now()) / 3_600_000;
    expect(hoursLeft).toBeGreaterThan(23);
    expect(hoursLeft).toBeLessThanOrEqual(24);

    const order = customerServiceOrderSchema.parse(
      (await service.app.inject({ method: 'GET', url: `/api/appointments/${approval!.appointmentId}/service-order`, headers: customer })).json().data,
    );
    expect(order).toMatchObject({ status: 'IN_PROGRESS', pendingApprovals: 1, statusLabel: 'Cần bạn duyệt (1)' });
    // The car came in yesterday (today's front desk day keeps its own appointments), and is still at the centre: upcoming.
    const upcoming = (await service.app.inject({ method: 'GET', url: '/api/appointments?scope=upcoming', headers: customer })).json().data as Array<{ id: number }>;
    expect(upcoming.map((appointment) => appointment.id)).toContain(approval!.appointmentId);
    // The scooter (the customer's first vehicle, which the browser suite books and looks up on the board by plate) is not kept.
    const scooterOrders = await scratch.db.selectFrom('service_orders').select('id').where('license_plate', '=', '29MĐ1-234.56').where('status', 'in', ['OPEN', 'IN_PROGRESS', 'WORK_DONE', 'INVOICED']).execute();
    expect(scooterOrders).toEqual([]);
  });

  it('gives the parts desk of nhanvien@ work: the request waiting for the customer, one reserved (or approved), one to decide', async () => {
    const desk = partsDeskSchema.parse((await service.app.inject({ method: 'GET', url: '/api/staff/parts-requests', headers: await headersOf('nhanvien@evshop.vn') })).json().data);
    expect(desk.centre.name).toBe('EV Service Cầu Giấy');
    const statuses = desk.requests.map((request) => request.status).sort();
    expect(statuses).toContain('AWAITING_CUSTOMER');
    expect(statuses).toContain('REQUESTED');
    expect(statuses.filter((status) => status === 'RESERVED' || status === 'APPROVED')).toHaveLength(1);
    for (const request of desk.requests) expect(request.availableActions.length).toBeGreaterThan(0);

    const stock = await scratch.db.selectFrom('centre_stock').select(['on_hand', 'reserved']).execute();
    for (const row of stock) expect(toNumber(row.reserved)).toBeLessThanOrEqual(toNumber(row.on_hand));
    expect((await replayStockLedger(scratch.db)).mismatches).toEqual([]);
    expect(await emailOutbox(scratch.db).select('id').where('kind', 'in', ['low_stock', 'parts_approval_request']).execute()).toEqual([]);
  });

  it('keeps everything on a restart; a decision the customer took today stays, and the next day brings a new request to decide', async () => {
    const before = await partsRows(scratch.db);
    const report = await reseed();
    expect(report).toMatchObject({ partsApprovalDemo: { awaitingCustomer: 1, deskRequests: 2 } });
    expect(await partsRows(scratch.db)).toEqual(before);

    const customer = await headersOf('khachhang@evshop.vn');
    const [approval] = (await service.app.inject({ method: 'GET', url: '/api/me/approvals', headers: customer })).json().data as Array<{ requestId: number }>;
    const declined = await service.app.inject({ method: 'POST', url: `/api/me/approvals/${approval!.requestId}`, headers: customer, payload: { decision: 'decline', reason: 'Để tôi tự thay sau.' } });
    expect(declined.statusCode).toBe(200);
    expect((await reseed()).partsApprovalDemo).toEqual({ awaitingCustomer: 0, deskRequests: 2 });
    expect((await service.app.inject({ method: 'GET', url: '/api/me/approvals', headers: customer })).json().data).toEqual([]);

    const tomorrow = new Date(Date.now() + 24 * 3_600_000);
    const next = await scratch.db.transaction().execute((trx) => seedPartsApprovalDemo(trx, tomorrow));
    expect(next).toEqual({ awaitingCustomer: 1, deskRequests: 2 });
    const requests = await scratch.db
      .selectFrom('parts_requests')
      .innerJoin('service_orders', 'service_orders.id', 'parts_requests.service_order_id')
      .innerJoin('users', 'users.id', 'service_orders.user_id')
      .select(['parts_requests.status', 'parts_requests.created_at'])
      .where('users.email', '=', 'khachhang@evshop.vn')
      .orderBy('parts_requests.id')
      .execute();
    expect(requests.map((request) => request.status)).toEqual(['DECLINED', 'AWAITING_CUSTOMER']);
    expect(vietnamDateOf(new Date(requests[1]!.created_at))).toBe(vietnamDateOf(tomorrow));
  });
});
