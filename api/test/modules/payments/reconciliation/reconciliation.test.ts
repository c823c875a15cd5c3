import type { Reconciliation } from 'shared-contracts/schemas';
import { createCentre, startServiceApp, type ServiceApp } from '../../../support/serviceTestKit';
import { createUser, type TestUser } from '../../../support/shopTestKit';
import { productionDatabase, useScratchDatabase } from '../../../support/testDatabases';

/**
 * The admin's daily reconciliation (issue 35 §4): per local day (Asia/Ho_Chi_Minh) the transfers received, those
 * that paid an order, the exceptions open and resolved, the refunds; a CSV of the same (and of every transfer),
 * written by the reports' CSV writer (BOM, formulas guarded).
 */
describe.each(productionDatabase())('daily reconciliation on $label', (target) => {
  const scratch = useScratchDatabase(target);
  let service: ServiceApp;
  let admin: TestUser;
  let sequence = 0;
  let centreId = 0;

  /** A web order paid by VietQR, straight in the database. */
  async function webOrder(code: string, total: number) {
    return scratch.db
      .insertInto('orders')
      .values({
        code,
        user_id: admin.id,
        status: 'PLACED',
        payment_method: 'VIETQR',
        payment_status: 'PAID',
        subtotal: total,
        total,
        fulfilment_method: 'delivery',
        province: 'Hà Nội',
        ward: 'Phường Hoàn Kiếm',
        street: '1 Tràng Tiền',
        recipient_name: 'Trần Thị Mua Hàng',
        phone: '0912345678',
        idempotency_key: `rec-${code}`,
        request_hash: 'a'.repeat(64),
        desk_centre_id: centreId,
        created_at: '2026-11-24T00:00:00.000Z',
        updated_at: '2026-11-24T00:00:00.000Z',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  }

  /** A service invoice paid by its VietQR: its walk-in appointment and service order, straight in the database. */
  async function serviceInvoice(code: string, total: number) {
    const at = '2026-11-24T02:00:00.000Z';
    const vehicle = { vehicle_type: 'car', vehicle_brand: 'VinFast', vehicle_model: 'VF 8', license_plate: '30K-123.45', centre_id: centreId, user_id: null, vehicle_id: null };
    const appointment = await scratch.db
      .insertInto('appointments')
      .values({ ...vehicle, code: `LH${code}`, starts_at: at, ends_at: '2026-11-24T02:30:00.000Z', status: 'CHECKED_IN', estimated_price: 0, estimated_duration_minutes: 30, note: null, contact_name: 'Khách Dịch Vụ', contact_phone: '0912000000', contact_email: 'khach.dv@example.vn', package_credit_id: null, hold_expires_at: null, cancel_reason: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const order = await scratch.db
      .insertInto('service_orders')
      .values({ ...vehicle, code: `PDV${code}`, appointment_id: appointment.id, status: 'CLOSED', technician_id: null, bay_no: null, odometer_in_km: 1000, customer_concern: null, intake_note: null, opened_by: null, opened_at: at, started_at: at, work_done_at: at, cancelled_at: null, cancel_reason: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    return scratch.db
      .insertInto('service_invoices')
      .values({ code, service_order_id: order.id, centre_id: centreId, subtotal_services: total, subtotal_parts: 0, package_discount: 0, total, payment_method: 'VIETQR', payment_status: 'PAID', issued_by: null, issued_at: at, paid_at: at, confirmed_by: null })
      .returning('id')
      .executeTakeFirstOrThrow();
  }

  async function transfer(
    receivedAt: string,
    amount: number,
    outcome: 'MATCHED' | 'EXCEPTION',
    resolution: string | null = null,
    content = 'CK don hang',
    paid: { orderId?: number; serviceInvoiceId?: number; codeFound?: string } = {},
  ) {
    sequence += 1;
    return scratch.db
      .insertInto('payment_transactions')
      .values({
        provider: 'SEPAY',
        provider_ref: `rec-${sequence}`,
        order_id: paid.orderId ?? null,
        service_invoice_id: paid.serviceInvoiceId ?? null,
        order_code_found: paid.codeFound ?? null,
        amount,
        content,
        bank_reference: `FT${sequence}`,
        transferred_at: receivedAt,
        received_at: receivedAt,
        raw_payload: '{}',
        outcome,
        exception_reason: outcome === 'EXCEPTION' ? 'UNKNOWN_CODE' : null,
        resolution,
        resolved_at: resolution ? receivedAt : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  }

  beforeAll(async () => {
    centreId = await createCentre(scratch.db, { bays: 1 });
    service = await startServiceApp(scratch.db);
    admin = await createUser(service.app, scratch.db, { role: 'admin' });
    // 23:59:59 on the 19th in Vietnam: outside the range.
    await transfer('2026-11-19T16:59:59.000Z', 777_000, 'MATCHED');
    // The 20th (local): 00:00, midday, 23:59:59.999.
    await transfer('2026-11-19T17:00:00.000Z', 500_000, 'MATCHED');
    await transfer('2026-11-20T05:00:00.000Z', 120_000, 'EXCEPTION');
    await transfer('2026-11-20T16:59:59.999Z', 300_000, 'EXCEPTION', 'MATCHED');
    // The 21st: one refunded (refund recorded the same local day), one dismissed.
    const refunded = await transfer('2026-11-20T17:00:00.000Z', 80_000, 'EXCEPTION', 'REFUNDED', '=HYPERLINK("http://evil.example","Bấm vào")');
    await transfer('2026-11-21T03:00:00.000Z', 1_000_000, 'EXCEPTION', 'DISMISSED', '+84 chuyen von');
    await scratch.db
      .insertInto('payment_refunds')
      .values({ transaction_id: refunded.id, order_id: null, amount: 80_000, method: 'CASH', bank_reference: null, reason: 'Khách chuyển nhầm', actor_id: admin.id, created_at: '2026-11-21T02:00:00.000Z' })
      .execute();
  });
  afterAll(() => service.close());

  const get = (url: string) => service.app.inject({ method: 'GET', url, headers: admin.headers });

  it('sums each local day of the range and the totals', async () => {
    const response = await get('/api/reconciliation?from=2026-11-20&to=2026-11-22');
    expect(response.statusCode).toBe(200);
    const data = (response.json() as { data: Reconciliation }).data;
    expect(data.days).toEqual([
      { date: '2026-11-20', receivedCount: 3, receivedSum: 920_000, matchedCount: 2, matchedSum: 800_000, exceptionsOpen: 1, exceptionsResolved: 1, refundsSum: 0 },
      { date: '2026-11-21', receivedCount: 2, receivedSum: 1_080_000, matchedCount: 0, matchedSum: 0, exceptionsOpen: 0, exceptionsResolved: 2, refundsSum: 80_000 },
      { date: '2026-11-22', receivedCount: 0, receivedSum: 0, matchedCount: 0, matchedSum: 0, exceptionsOpen: 0, exceptionsResolved: 0, refundsSum: 0 },
    ]);
    expect(data.totals).toEqual({ receivedCount: 5, receivedSum: 2_000_000, matchedCount: 2, matchedSum: 800_000, exceptionsOpen: 1, exceptionsResolved: 3, refundsSum: 80_000 });
  });

  it('writes the daily table as CSV with a BOM, Vietnamese headers, dd/MM/yyyy dates and a total row', async () => {
    const response = await get('/api/reconciliation.csv?from=2026-11-20&to=2026-11-21');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toBe('attachment; filename="doi-soat_2026-11-20_2026-11-21.csv"');
    expect(response.body.split('\r\n')).toEqual([
      '\uFEFFNgày,Số giao dịch nhận,Tổng tiền nhận (VND),Số giao dịch khớp đơn,Tiền khớp đơn (VND),Ngoại lệ chưa xử lý,Ngoại lệ đã xử lý,Tiền hoàn (VND)',
      '20/11/2026,3,920000,2,800000,1,1,0',
      '21/11/2026,2,1080000,0,0,0,2,80000',
      'Tổng,5,2000000,2,800000,1,3,80000',
      '',
    ]);
  });

  it("lists every transfer with the sender's text guarded against spreadsheet formulas", async () => {
    const response = await get('/api/reconciliation.csv?from=2026-11-21&to=2026-11-21&view=transactions');
    expect(response.statusCode).toBe(200);
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe('\uFEFFThời điểm nhận,Nguồn,Mã giao dịch nhà cung cấp,Mã tham chiếu ngân hàng,Nội dung chuyển khoản,Số tiền (VND),Mã đơn,Mã hóa đơn dịch vụ,Kết quả,Xử lý');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain(`,"'=HYPERLINK(""http://evil.example"",""Bấm vào"")",80000,,,Ngoại lệ: Không tìm thấy mã đơn,Đã hoàn tiền`);
    expect(lines[1]!.startsWith('21/11/2026 00:00,SePay,')).toBe(true);
    expect(lines[2]).toContain(",'+84 chuyen von,1000000,,,");
  });

  it('names a web order in the order column and a service invoice in its own column', async () => {
    const order = await webOrder('EV2611240001', 450_000);
    const invoice = await serviceInvoice('HD2611240001', 199_000);
    await transfer('2026-11-24T03:00:00.000Z', 450_000, 'MATCHED', null, 'EV2611240001', { orderId: order.id, codeFound: 'EV2611240001' });
    await transfer('2026-11-24T04:00:00.000Z', 199_000, 'MATCHED', null, 'HD2611240001', { serviceInvoiceId: invoice.id, codeFound: 'HD2611240001' });
    await transfer('2026-11-24T05:00:00.000Z', 10_000, 'EXCEPTION', null, 'EV2611249999', { codeFound: 'EV2611249999' });
    const response = await get('/api/reconciliation.csv?from=2026-11-24&to=2026-11-24&view=transactions');
    expect(response.statusCode).toBe(200);
    const lines = response.body.split('\r\n');
    expect(lines[0]).toContain(',Số tiền (VND),Mã đơn,Mã hóa đơn dịch vụ,Kết quả,');
    expect(lines).toHaveLength(5);
    expect(lines[1]).toContain(',450000,EV2611240001,,Khớp đơn,');
    expect(lines[2]).toContain(',199000,,HD2611240001,Khớp đơn,');
    // a code read from the content that names no sale stays in the order column, as read
    expect(lines[3]).toContain(',10000,EV2611249999,,Ngoại lệ: Không tìm thấy mã đơn,');
  });

  it('refuses a range longer than 92 days, reversed or malformed (400, Vietnamese), and answers an empty range with zeros', async () => {
    for (const query of ['from=2026-01-01&to=2026-04-03', 'from=2026-11-22&to=2026-11-20', 'from=2026-02-30&to=2026-03-01', 'from=abc&to=2026-03-01', 'to=2026-03-01']) {
      for (const path of ['/api/reconciliation', '/api/reconciliation.csv']) {
        const response = await get(`${path}?${query}`);
        expect([path, query, response.statusCode]).toEqual([path, query, 400]);
        expect(response.json().message).toMatch(/[ạ-ỹđĐàáâãèéêìíòóôõùúýăơư]/i);
      }
    }
    const longest = await get('/api/reconciliation?from=2026-01-01&to=2026-04-02');
    expect(longest.statusCode).toBe(200);
    expect((longest.json() as { data: Reconciliation }).data.days).toHaveLength(92);
    expect((longest.json() as { data: Reconciliation }).data.totals.receivedCount).toBe(0);
  });
});
