import {
  customerServiceOrderSchema,
  envelopeSchema,
  invoicePreviewSchema,
  serviceInvoiceSchema,
  serviceOrderDetailSchema,
  warrantyClaimListResponseSchema,
  warrantyClaimResponseSchema,
  warrantyReportResponseSchema,
  type LinePayer,
  type ServiceOrderDetail,
} from 'shared-contracts/schemas';
import { serviceOrderDocument } from '../../../src/modules/invoices';
import { productionDatabase, useFloor } from '../../support/floorTestKit';
import { seededRandom } from '../../support/seededRandom';

const detailResponse = envelopeSchema(serviceOrderDetailSchema);
const previewResponse = envelopeSchema(invoicePreviewSchema);
const invoiceResponse = envelopeSchema(serviceInvoiceSchema);
const customerOrderResponse = envelopeSchema(customerServiceOrderSchema);

const PART_UNDER_WARRANTY = 1_850_000;
const PART_AS_GOODWILL = 240_000;

/**
 * Issue 66 §5: who pays a service-order line. A line under the manufacturer's warranty or the centre's goodwill keeps
 * its worth but never reaches what the customer pays — not the preview, the invoice, the VietQR amount, the customer's
 * view nor the invoice document; the invoice drafts the manufacturer's claim, which the manager sends and records to
 * the money received, and the report sums per manufacturer and month.
 */
describe.each(productionDatabase())('warranty on $label', (target) => {
  const floor = useFloor(target);
  let slot = 0;

  /** A finished order with two booked services and two issued parts (lines as the parts desk writes them). */
  async function finishedOrderWithParts(): Promise<ServiceOrderDetail> {
    slot += 1;
    const technician = await floor.addMember('technician');
    const order = await floor.finishedOrder({ time: `${String(7 + slot).padStart(2, '0')}:00`, technician, serviceSlugs: ['bao-duong-co-ban', 'kiem-tra-pin-bms'] });
    const products = await floor.db.selectFrom('products').select(['id', 'name']).orderBy('id').limit(2).execute();
    for (const [product, price] of [[products[0]!, PART_UNDER_WARRANTY], [products[1]!, PART_AS_GOODWILL]] as const) {
      await floor.db
        .insertInto('service_order_lines')
        .values({ service_order_id: order.id, kind: 'part', ref_id: product.id, name: product.name, quantity: 1, unit_price: price, line_total: price, source: 'parts_request', parts_request_id: null })
        .execute();
    }
    return floor.detail(order.id);
  }

  const payerUrl = (orderId: number, lineId: number) => `/api/service-orders/${orderId}/lines/${lineId}/payer`;
  async function setPayer(order: ServiceOrderDetail, lineId: number, payer: LinePayer, user = floor.users.staff) {
    return floor.request(user, 'PUT', payerUrl(order.id, lineId), { payer, version: order.version });
  }

  it('keeps warranty and goodwill lines out of every total the customer sees, and drafts the claim', async () => {
    let order = await finishedOrderWithParts();
    const [basic, battery, warrantyPart, goodwillPart] = order.lines;
    expect(order.lines.map((line) => line.payer)).toEqual(['CUSTOMER', 'CUSTOMER', 'CUSTOMER', 'CUSTOMER']);

    // The desk puts the battery check's labour and the first part under warranty.
    for (const line of [battery!, warrantyPart!]) {
      const answer = await setPayer(order, line.id, 'WARRANTY');
      expect(answer.statusCode).toBe(200);
      order = detailResponse.parse(answer.json()).data;
    }
    expect(order.lines.map((line) => line.payer)).toEqual(['CUSTOMER', 'WARRANTY', 'WARRANTY', 'CUSTOMER']);

    // Goodwill is a manager's to give; a stale version is refused and explained.
    const byStaff = await setPayer(order, goodwillPart!.id, 'GOODWILL');
    expect(byStaff.statusCode).toBe(403);
    expect(byStaff.json()).toMatchObject({ message: 'Chỉ quản lý trung tâm được cho khách miễn phí (trung tâm hỗ trợ).' });
    const manager = await floor.addMember('manager');
    const stale = await floor.request(manager, 'PUT', payerUrl(order.id, goodwillPart!.id), { payer: 'GOODWILL', version: order.version - 1 });
    expect(stale.statusCode).toBe(409);
    const byManager = await setPayer(order, goodwillPart!.id, 'GOODWILL', manager);
    expect(byManager.statusCode).toBe(200);
    order = detailResponse.parse(byManager.json()).data;
    expect((await floor.request(floor.users.staff, 'PUT', payerUrl(order.id, 999_999), { payer: 'WARRANTY', version: order.version })).statusCode).toBe(404);
    expect((await floor.request(floor.users.staffB, 'PUT', payerUrl(order.id, basic!.id), { payer: 'WARRANTY', version: order.version })).statusCode).toBe(404);

    const preview = previewResponse.parse((await floor.request(floor.users.staff, 'GET', `/api/service-orders/${order.id}/invoice-preview`)).json()).data;
    expect(preview).toMatchObject({
      subtotalServices: basic!.lineTotal,
      subtotalParts: 0,
      warrantyCovered: battery!.lineTotal + PART_UNDER_WARRANTY,
      goodwillCovered: PART_AS_GOODWILL,
      total: basic!.lineTotal,
    });

    const issued = await floor.request(floor.users.staff, 'POST', `/api/service-orders/${order.id}/invoice`);
    expect(issued.statusCode).toBe(201);
    const invoice = invoiceResponse.parse(issued.json()).data;
    expect(invoice).toMatchObject({ total: basic!.lineTotal, warrantyCovered: preview.warrantyCovered, goodwillCovered: PART_AS_GOODWILL });
    expect(invoice.vietQr).not.toBeNull();

    // Once invoiced, the payer is frozen.
    const late = await setPayer(await floor.detail(order.id), basic!.id, 'WARRANTY');
    expect(late.statusCode).toBe(409);

    // The customer's view and the invoice document: covered lines at 0 ₫, the document's lines sum to the total.
    const customerView = customerOrderResponse.parse((await floor.request(floor.users.customer, 'GET', `/api/appointments/${order.appointmentId}/service-order`)).json()).data;
    expect(customerView.invoice?.total).toBe(basic!.lineTotal);
    expect(customerView.lines.map((line) => line.payer)).toEqual(['CUSTOMER', 'WARRANTY', 'WARRANTY', 'GOODWILL']);
    const orderRow = await floor.db.selectFrom('service_orders').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow();
    const invoiceRow = await floor.db.selectFrom('service_invoices').selectAll().where('service_order_id', '=', order.id).executeTakeFirstOrThrow();
    const document = await serviceOrderDocument(floor.db, floor.service.config, orderRow, invoiceRow);
    expect(document.lines.reduce((sum, line) => sum + line.amount, 0)).toBe(basic!.lineTotal);
    expect(document.lines.filter((line) => line.amount === 0).map((line) => line.name)).toEqual([
      `${battery!.name} (Bảo hành hãng)`,
      `${warrantyPart!.name} (Bảo hành hãng)`,
      `${goodwillPart!.name} (Trung tâm hỗ trợ)`,
    ]);

    // Paid at the counter: the ledger's sale is the customer's total only.
    const paid = await floor.request(floor.users.staff, 'POST', `/api/service-orders/${order.id}/payment/confirm`, { method: 'CASH' });
    expect(paid.statusCode).toBe(200);
    const received = await floor.db.selectFrom('sale_payments').select(['amount']).where('service_invoice_id', '=', invoice.id).execute();
    expect(received.map((payment) => Number(payment.amount))).toEqual([basic!.lineTotal]);

    // The manufacturer's claim: the warranty lines only, a draft of the order's centre.
    const claims = warrantyClaimListResponseSchema.parse((await floor.request(manager, 'GET', '/api/warranty/claims')).json()).data.items;
    const summary = claims.find((claim) => claim.serviceOrderCode === order.code)!;
    expect(summary).toMatchObject({ status: 'DRAFT', manufacturer: 'VinFast', claimedAmount: battery!.lineTotal + PART_UNDER_WARRANTY, licensePlate: order.licensePlate });
    const claim = warrantyClaimResponseSchema.parse((await floor.request(manager, 'GET', `/api/warranty/claims/${summary.id}`)).json()).data;
    expect(claim).toMatchObject({ partsAmount: PART_UNDER_WARRANTY, labourAmount: battery!.lineTotal, invoiceCode: invoice.code, actions: ['submit'] });
    expect(claim.lines.map((line) => line.name)).toEqual([battery!.name, warrantyPart!.name]);
  });

  it('moves a claim DRAFT → SUBMITTED → APPROVED → CREDITED with the money recorded, once, in its centre only', async () => {
    let order = await finishedOrderWithParts();
    const part = order.lines[2]!;
    order = detailResponse.parse((await setPayer(order, part.id, 'WARRANTY')).json()).data;
    expect((await floor.request(floor.users.staff, 'POST', `/api/service-orders/${order.id}/invoice`)).statusCode).toBe(201);
    const manager = await floor.addMember('manager');
    const { id } = (await floor.db.selectFrom('warranty_claims').select('id').where('service_order_id', '=', order.id).executeTakeFirstOrThrow());
    const url = `/api/warranty/claims/${id}`;
    const read = async () => warrantyClaimResponseSchema.parse((await floor.request(manager, 'GET', url)).json()).data;

    expect((await floor.request(floor.users.staff, 'GET', url)).statusCode).toBe(403);
    expect((await floor.request(floor.users.managerB, 'GET', url)).statusCode).toBe(404);
    expect((await floor.request(floor.users.managerB, 'POST', `${url}/submit`, { version: 1 })).statusCode).toBe(404);

    const edited = await floor.request(manager, 'PUT', url, { version: 1, failureNote: 'Bộ điều khiển sạc báo lỗi E07 khi sạc nhanh.', photoIds: [] });
    expect(edited.statusCode).toBe(200);
    expect((await floor.request(manager, 'PUT', url, { version: 2, failureNote: 'x', photoIds: [2_000_000] })).json()).toMatchObject({ message: 'Ảnh đã chọn không thuộc phiếu dịch vụ của hồ sơ.' });

    // Two managers send it at once: one wins, the other is told it changed.
    const sends = await Promise.all([floor.request(manager, 'POST', `${url}/submit`, { version: 2 }), floor.request(floor.users.manager, 'POST', `${url}/submit`, { version: 2 })]);
    expect(sends.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    let claim = await read();
    expect(claim).toMatchObject({ status: 'SUBMITTED', actions: ['approve', 'reject'], failureNote: 'Bộ điều khiển sạc báo lỗi E07 khi sạc nhanh.' });

    const over = await floor.request(manager, 'POST', `${url}/approve`, { version: claim.version, approvedAmount: PART_UNDER_WARRANTY + 1, manufacturerReference: 'VF-WC-2611-0042' });
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({ message: 'Số tiền hãng duyệt không được lớn hơn số tiền yêu cầu.' });
    const approved = await floor.request(manager, 'POST', `${url}/approve`, { version: claim.version, approvedAmount: 1_700_000, manufacturerReference: 'VF-WC-2611-0042' });
    expect(approved.statusCode).toBe(200);
    claim = warrantyClaimResponseSchema.parse(approved.json()).data;
    expect((await floor.request(manager, 'POST', `${url}/reject`, { version: claim.version, reason: 'Hết hạn bảo hành' })).statusCode).toBe(409);
    expect((await floor.request(manager, 'POST', `${url}/credit`, { version: claim.version, amount: 1_700_001, method: 'BANK_TRANSFER', reference: 'UNC-7781' })).statusCode).toBe(422);
    const credited = await floor.request(manager, 'POST', `${url}/credit`, { version: claim.version, amount: 1_700_000, method: 'BANK_TRANSFER', reference: 'UNC-7781' });
    expect(credited.statusCode).toBe(200);
    claim = warrantyClaimResponseSchema.parse(credited.json()).data;
    expect(claim).toMatchObject({ status: 'CREDITED', approvedAmount: 1_700_000, creditedAmount: 1_700_000, creditMethod: 'BANK_TRANSFER', creditReference: 'UNC-7781', actions: [] });
    expect(claim.history.map((entry) => [entry.status, entry.by !== null])).toEqual([
      ['DRAFT', true],
      ['SUBMITTED', true],
      ['APPROVED', true],
      ['CREDITED', true],
    ]);
    const row = await floor.db.selectFrom('warranty_claims').select(['credited_by', 'credited_at']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.credited_by).toBe(manager.id);
    expect(row.credited_at).not.toBeNull();

    const month = floor.service.clock.now().toISOString().slice(0, 7);
    const report = warrantyReportResponseSchema.parse((await floor.request(manager, 'GET', `/api/warranty/report?from=${month}&to=${month}`)).json()).data;
    const vinfast = report.rows.find((entry) => entry.manufacturer === 'VinFast')!;
    expect(vinfast).toMatchObject({ month, submitted: 1, claimedAmount: PART_UNDER_WARRANTY, approved: 1, approvedAmount: 1_700_000, rejected: 0, creditedAmount: 1_700_000, outstandingAmount: 0 });
    const tooLong = await floor.request(manager, 'GET', '/api/warranty/report?from=2024-01&to=2026-11');
    expect(tooLong.statusCode).toBe(400);
  });

  it('never puts a covered line into the customer’s total, whatever the payers (200 generated assignments)', async () => {
    const order = await finishedOrderWithParts();
    const random = seededRandom(66);
    const payers: LinePayer[] = ['CUSTOMER', 'WARRANTY', 'GOODWILL'];
    for (let round = 0; round < 200; round += 1) {
      const chosen = order.lines.map(() => payers[Math.floor(random() * payers.length)]!);
      for (const [index, line] of order.lines.entries()) await floor.db.updateTable('service_order_lines').set({ payer: chosen[index]! }).where('id', '=', line.id).execute();
      const preview = previewResponse.parse((await floor.request(floor.users.staff, 'GET', `/api/service-orders/${order.id}/invoice-preview`)).json()).data;
      const paidByCustomer = order.lines.filter((_, index) => chosen[index] === 'CUSTOMER').reduce((sum, line) => sum + line.lineTotal, 0);
      const covered = (payer: LinePayer) => order.lines.filter((_, index) => chosen[index] === payer).reduce((sum, line) => sum + line.lineTotal, 0);
      expect([preview.total, preview.warrantyCovered, preview.goodwillCovered]).toEqual([paidByCustomer, covered('WARRANTY'), covered('GOODWILL')]);
    }
  });
});
