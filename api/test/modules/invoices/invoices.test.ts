import { XMLParser } from 'fast-xml-parser';
import { amountInVietnameseWords, envelopeSchema, serviceInvoiceSchema, vatInvoiceRequestSchema, type VatInvoiceRequest } from 'shared-contracts/schemas';
import { createUser, type TestUser } from '../../support/serviceTestKit';
import { testDatabases, useFloor } from '../../support/floorTestKit';
import { pdfText } from '../../support/pdfText';
import { DEMO_ACCOUNT_EMAILS } from '../../../src/security/demoDataGuard';
import { DEMO_VAT_COMPANY, seedDemoVatInvoices } from '../../../seed/demoVatInvoices';

const requestResponse = envelopeSchema(vatInvoiceRequestSchema);
const invoiceResponse = envelopeSchema(serviceInvoiceSchema);

const COMPANY = { companyName: 'Công ty TNHH Xe Điện Sài Gòn', taxCode: '0314409058 002', address: '12 Lê Lợi, Phường Bến Thành, TP. Hồ Chí Minh', email: 'KeToan@XeDien.vn' };

/**
 * Receipts and invoices (shop-operations §6): the PDF of a paid web order and of an invoiced service order (seller,
 * buyer, lines, VAT per rate, total in words), who may read them (the customer, the centre's staff and managers,
 * admins; anyone else 404), the company VAT-invoice request (checked, one per order, within the month) and its
 * Circular 78 XML through the stand-in provider.
 */
describe.each(testDatabases())('receipts and VAT invoices on $label', (target) => {
  const floor = useFloor(target);
  let otherCustomer: TestUser;
  let products: Array<{ id: number; name: string; price: number }>;
  let orderCounter = 0;

  beforeAll(async () => {
    otherCustomer = await createUser(floor.db, 'customer', 'Lê Văn Khác');
    products = await floor.db.selectFrom('products').select(['id', 'name', 'price']).orderBy('id').limit(2).execute();
    await floor.db.updateTable('products').set({ vat_rate: 10 }).where('id', '=', products[0]!.id).execute();
    await floor.db.updateTable('products').set({ vat_rate: 5 }).where('id', '=', products[1]!.id).execute();
  });

  /**
   * A web order of the demo customer handled by centre A's desk, straight in the database: two products (10 % and
   * 5 %), a shipping fee; paid unless `paid` is false.
   */
  async function webOrder(options: { paid?: boolean; createdAt?: string; status?: string; centreId?: number } = {}): Promise<{ code: string; total: number }> {
    orderCounter += 1;
    const code = `EV261119${String(9000 + orderCounter).padStart(4, '0')}${target.label.length}`;
    const [first, second] = products as [(typeof products)[0], (typeof products)[0]];
    const subtotal = first.price * 2 + second.price;
    const total = subtotal - 20_000 + 30_000;
    const at = options.createdAt ?? floor.service.clock.now().toISOString();
    const paid = options.paid ?? true;
    const row = await floor.db
      .insertInto('orders')
      .values({
        code,
        user_id: floor.users.customer.id,
        status: options.status ?? (paid ? 'CONFIRMED' : 'PLACED'),
        payment_method: 'VIETQR',
        payment_status: paid ? 'PAID' : 'UNPAID',
        subtotal,
        discount: 20_000,
        shipping_fee: 30_000,
        shipping_discount: 0,
        total,
        fulfilment_method: 'delivery',
        province: 'Hà Nội',
        ward: 'Phường Cửa Nam',
        street: '25 Trần Hưng Đạo',
        centre_id: null,
        recipient_name: 'Trần Thị Khách',
        phone: '0912345678',
        note: null,
        idempotency_key: `invoice-test-${code}`,
        request_hash: 'x'.repeat(64),
        paid_at: paid ? at : null,
        created_at: at,
        updated_at: at,
        desk_centre_id: options.centreId ?? floor.centreA.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await floor.db
      .insertInto('order_lines')
      .values([
        { order_id: row.id, kind: 'product', ref_id: first.id, slug: `p-${first.id}`, name: first.name, image: null, promo_group: null, unit_price: first.price, quantity: 2, line_total: first.price * 2 },
        { order_id: row.id, kind: 'product', ref_id: second.id, slug: `p-${second.id}`, name: second.name, image: null, promo_group: null, unit_price: second.price, quantity: 1, line_total: second.price },
      ])
      .execute();
    return { code, total };
  }

  /** A service order of centre A, finished and invoiced by staff. */
  async function invoicedServiceOrder(): Promise<{ id: number; code: string; total: number }> {
    const technician = await floor.addMember('technician');
    orderCounter += 1;
    const order = await floor.finishedOrder({ serviceSlugs: ['bao-duong-co-ban', 'kiem-tra-pin-bms'], technician, time: `${String(7 + (orderCounter % 10)).padStart(2, '0')}:30` });
    const issued = await floor.request(floor.users.staff, 'POST', `/api/service-orders/${order.id}/invoice`);
    expect(issued.statusCode).toBe(201);
    const invoice = invoiceResponse.parse(issued.json()).data;
    return { id: order.id, code: invoice.code, total: invoice.total };
  }

  const receipt = (user: TestUser | null, code: string) => floor.request(user, 'GET', `/api/orders/${code}/receipt.pdf`);
  const askVat = (user: TestUser | null, code: string, body: Record<string, unknown> = COMPANY) => floor.request(user, 'POST', `/api/orders/${code}/vat-invoice-request`, body);

  describe('the receipt PDF of a web order', () => {
    it('opens, with the seller, the order code, the lines, a VAT row per rate, the total in words and the company asked for', async () => {
      const order = await webOrder();
      expect((await askVat(floor.users.customer, order.code)).statusCode).toBe(201);
      const response = await receipt(floor.users.customer, order.code);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toBe(`inline; filename="bien-nhan-${order.code}.pdf"`);
      expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const text = await pdfText(response.rawPayload);
      expect(text).toContain('BIÊN NHẬN THANH TOÁN');
      expect(text).toContain(order.code);
      expect(text).toContain(floor.service.config.seller.legalName);
      expect(text).toContain(`Mã số thuế: ${floor.service.config.seller.taxCode}`);
      for (const product of products) expect(text).toContain(product.name);
      expect(text).toContain('Phí vận chuyển');
      expect(text).toContain('Chiết khấu khuyến mãi');
      expect(text).toMatch(/Thuế suất 5%/);
      expect(text).toMatch(/Thuế suất 8%/);
      expect(text).toMatch(/Thuế suất 10%/);
      expect(text).toContain(`Số tiền viết bằng chữ: ${amountInVietnameseWords(order.total)}`);
      expect(text).toContain('Công ty TNHH Xe Điện Sài Gòn');
      expect(text).toContain('Mã số thuế: 0314409058-002');
      expect(text).toContain('Ngày: 19/11/2026');
    });

    it('is 409 "Đơn chưa thanh toán" before the order is paid', async () => {
      const order = await webOrder({ paid: false });
      const response = await receipt(floor.users.customer, order.code);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ success: false, code: 'ORDER_UNPAID', message: 'Đơn chưa thanh toán' });
    });

    it('is the customer’s, the desk centre’s staff and manager’s, and admins’; another customer or centre gets 404, no login 401', async () => {
      const order = await webOrder();
      const cases: Array<[string, TestUser | null, number]> = [
        ['owner', floor.users.customer, 200],
        ['other customer', otherCustomer, 404],
        ['staff of the desk centre', floor.users.staff, 200],
        ['manager of the desk centre', floor.users.manager, 200],
        ['staff of another centre', floor.users.staffB, 404],
        ['manager of another centre', floor.users.managerB, 404],
        ['admin', floor.users.admin, 200],
        ['technician', floor.users.technician, 403],
        ['anonymous', null, 401],
      ];
      for (const [who, user, status] of cases) expect([who, (await receipt(user, order.code)).statusCode]).toEqual([who, status]);
      expect((await receipt(floor.users.customer, 'EV2611199999999')).statusCode).toBe(404);
      expect((await receipt(floor.users.customer, 'not-a-code')).statusCode).toBe(400);
    });
  });

  describe('the invoice PDF of a service order', () => {
    it('opens once invoiced, with the invoice code, the services, the VAT rows and the words; before that 409', async () => {
      const technician = await floor.addMember('technician');
      const notYet = await floor.finishedOrder({ technician, time: '16:00' });
      const early = await floor.request(floor.users.staff, 'GET', `/api/service-orders/${notYet.id}/invoice.pdf`);
      expect(early.statusCode).toBe(409);
      expect(early.json()).toMatchObject({ code: 'NOT_INVOICED' });

      const order = await invoicedServiceOrder();
      const response = await floor.request(floor.users.customer, 'GET', `/api/service-orders/${order.id}/invoice.pdf`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      const text = await pdfText(response.rawPayload);
      expect(text).toContain('HÓA ĐƠN DỊCH VỤ');
      expect(text).toContain(order.code);
      const services = await floor.db.selectFrom('service_order_lines').select('name').where('service_order_id', '=', order.id).execute();
      for (const line of services) expect(text).toContain(line.name);
      expect(text).toMatch(/Thuế suất \d+%/);
      expect(text).toContain(`Số tiền viết bằng chữ: ${amountInVietnameseWords(order.total)}`);
    });

    it('is the appointment’s customer’s and the centre’s; another customer or centre 404, no login 401', async () => {
      const order = await invoicedServiceOrder();
      const cases: Array<[string, TestUser | null, number]> = [
        ['owner', floor.users.customer, 200],
        ['other customer', otherCustomer, 404],
        ['staff of the centre', floor.users.staff, 200],
        ['staff of another centre', floor.users.staffB, 404],
        ['admin', floor.users.admin, 200],
        ['technician', floor.users.technician, 403],
        ['anonymous', null, 401],
      ];
      for (const [who, user, status] of cases) {
        expect([who, (await floor.request(user, 'GET', `/api/service-orders/${order.id}/invoice.pdf`)).statusCode]).toEqual([who, status]);
      }
      // The customer's own, by their appointment (the dashboard knows the appointment).
      const { appointment_id: appointmentId } = await floor.db.selectFrom('service_orders').select('appointment_id').where('id', '=', order.id).executeTakeFirstOrThrow();
      const mine = await floor.request(floor.users.customer, 'GET', `/api/appointments/${appointmentId}/service-order/invoice.pdf`);
      expect(mine.statusCode).toBe(200);
      expect(await pdfText(mine.rawPayload)).toContain(order.code);
      expect((await floor.request(otherCustomer, 'GET', `/api/appointments/${appointmentId}/service-order/invoice.pdf`)).statusCode).toBe(404);
      expect((await floor.request(null, 'GET', `/api/appointments/${appointmentId}/service-order/invoice.pdf`)).statusCode).toBe(401);
    });
  });

  describe('the company VAT-invoice request', () => {
    it('stores the checked request (tax code normalised), replaces it while REQUESTED, and shows it to its owner only', async () => {
      const order = await webOrder();
      const first = await askVat(floor.users.customer, order.code);
      expect(first.statusCode).toBe(201);
      const saved = requestResponse.parse(first.json()).data;
      expect(saved).toMatchObject({ orderCode: order.code, taxCode: '0314409058-002', email: 'ketoan@xedien.vn', status: 'REQUESTED', statusLabel: 'Đã yêu cầu' });

      const fixed = await askVat(floor.users.customer, order.code, { ...COMPANY, companyName: 'Công ty CP Xe Điện Sài Gòn', taxCode: '0100233488' });
      expect(fixed.statusCode).toBe(200);
      expect(requestResponse.parse(fixed.json()).data).toMatchObject({ id: saved.id, companyName: 'Công ty CP Xe Điện Sài Gòn', taxCode: '0100233488' });
      const rows = await floor.db.selectFrom('vat_invoice_requests').innerJoin('orders', 'orders.id', 'vat_invoice_requests.order_id').select('tax_code').where('orders.code', '=', order.code).execute();
      expect(rows).toEqual([{ tax_code: '0100233488' }]);

      const mine = await floor.request(floor.users.customer, 'GET', `/api/orders/${order.code}/vat-invoice-request`);
      expect(mine.json()).toMatchObject({ data: { id: saved.id, taxCode: '0100233488' } });
      expect((await floor.request(otherCustomer, 'GET', `/api/orders/${order.code}/vat-invoice-request`)).statusCode).toBe(404);
      expect((await askVat(otherCustomer, order.code)).statusCode).toBe(404);
      expect((await askVat(null, order.code)).statusCode).toBe(401);
    });

    it('keeps one request when the same order asks five times at once', async () => {
      const order = await webOrder({ paid: false });
      const answers = await Promise.all(Array.from({ length: 5 }, () => askVat(floor.users.customer, order.code)));
      expect(answers.every((answer) => [200, 201].includes(answer.statusCode))).toBe(true);
      const rows = await floor.db.selectFrom('vat_invoice_requests').innerJoin('orders', 'orders.id', 'vat_invoice_requests.order_id').select('vat_invoice_requests.id').where('orders.code', '=', order.code).execute();
      expect(rows).toHaveLength(1);
    });

    it.each([
      ['taxCode', { taxCode: '0100233480' }, 'Mã số thuế không hợp lệ (chữ số kiểm tra không đúng).'],
      ['taxCode', { taxCode: '12345' }, 'Mã số thuế gồm 10 chữ số, hoặc 13 chữ số dạng 0123456789-001 cho chi nhánh.'],
      ['companyName', { companyName: 'C'.repeat(201) }, 'Tên công ty tối đa 200 ký tự.'],
      ['address', { address: 'Đ'.repeat(301) }, 'Địa chỉ tối đa 300 ký tự.'],
      ['email', { email: 'ketoan@' }, 'Email không hợp lệ.'],
      ['companyName', { companyName: 'Công ty\u0000' }, 'Nội dung có ký tự không hợp lệ (ký tự điều khiển hoặc lỗi mã hóa).'],
    ])('refuses a bad %s with a Vietnamese 400 naming the field', async (field, change, message) => {
      const order = await webOrder();
      const response = await askVat(floor.users.customer, order.code, { ...COMPANY, ...change });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
      expect((response.json() as { errors: Array<{ field: string; message: string }> }).errors).toContainEqual({ field, message });
    });

    it('answers hostile values with a Vietnamese 4xx, never a 5xx', async () => {
      const order = await webOrder();
      const serviceOrder = await invoicedServiceOrder();
      const hostile: unknown[] = [null, 12345, true, [], {}, '\u0000', '\ud800', 'x'.repeat(100_000), 1e308];
      for (const value of hostile) {
        for (const field of Object.keys(COMPANY)) {
          for (const url of [`/api/orders/${order.code}/vat-invoice-request`, `/api/service-orders/${serviceOrder.id}/vat-invoice-request`]) {
            const answer = await floor.request(url.includes('service') ? floor.users.staff : floor.users.customer, 'POST', url, { ...COMPANY, [field]: value });
            expect([field, answer.statusCode]).toEqual([field, 400]);
            expect((answer.json() as { message: string }).message).toMatch(/[À-ỹĐđ]/);
          }
        }
      }
      for (const path of ['/api/service-orders/99999999999/invoice.pdf', '/api/vat-invoice-requests/-1/xml', '/api/vat-invoice-requests/1e3/xml', `/api/orders/${'E'.repeat(5000)}/receipt.pdf`]) {
        const answer = await floor.request(floor.users.admin, 'GET', path);
        expect([path, answer.statusCode >= 400 && answer.statusCode < 500]).toEqual([path, true]);
      }
    });

    it('is refused after the month of the order and for a cancelled order (409)', async () => {
      const lastMonth = await webOrder({ createdAt: '2026-10-31T16:59:00.000Z' });
      expect((await askVat(floor.users.customer, lastMonth.code)).json()).toMatchObject({ code: 'VAT_REQUEST_WINDOW_CLOSED' });
      // 31/10 23:59 in Vietnam is still October; 1/11 00:00 in Vietnam (17:00 UTC) is this month.
      const thisMonth = await webOrder({ createdAt: '2026-10-31T17:00:00.000Z' });
      expect((await askVat(floor.users.customer, thisMonth.code)).statusCode).toBe(201);
      const cancelled = await webOrder({ paid: false, status: 'CANCELLED' });
      expect((await askVat(floor.users.customer, cancelled.code)).statusCode).toBe(409);
    });

    it('is listed to the desk centre’s staff and to admins, not to another centre or a customer', async () => {
      const order = await webOrder();
      const saved = requestResponse.parse((await askVat(floor.users.customer, order.code)).json()).data;
      const ids = async (user: TestUser, query = '') => {
        const response = await floor.request(user, 'GET', `/api/vat-invoice-requests${query}`);
        expect(response.statusCode).toBe(200);
        return (response.json() as { data: VatInvoiceRequest[] }).data.map((request) => request.id);
      };
      expect(await ids(floor.users.staff)).toContain(saved.id);
      expect(await ids(floor.users.staff, `?orderCode=${order.code.toLowerCase()}`)).toEqual([saved.id]);
      expect(await ids(floor.users.admin, `?centreId=${floor.centreA.id}&status=REQUESTED`)).toContain(saved.id);
      expect(await ids(floor.users.staffB)).not.toContain(saved.id);
      expect((await floor.request(floor.users.customer, 'GET', '/api/vat-invoice-requests')).statusCode).toBe(403);
      expect((await floor.request(null, 'GET', '/api/vat-invoice-requests')).statusCode).toBe(401);
      expect((await floor.request(floor.users.staff, 'GET', '/api/vat-invoice-requests?status=DONE')).statusCode).toBe(400);
    });

    it('for a service order: the counter of its centre (a walk-in) or the customer; another centre 404, admin 403', async () => {
      const order = await invoicedServiceOrder();
      const url = `/api/service-orders/${order.id}/vat-invoice-request`;
      expect((await floor.request(floor.users.staffB, 'POST', url, COMPANY)).statusCode).toBe(404);
      expect((await floor.request(floor.users.admin, 'POST', url, COMPANY)).statusCode).toBe(403);
      expect((await floor.request(otherCustomer, 'POST', url, COMPANY)).statusCode).toBe(404);
      expect((await floor.request(floor.users.staff, 'POST', url, COMPANY)).statusCode).toBe(201);
      const byCustomer = await floor.request(floor.users.customer, 'POST', url, { ...COMPANY, taxCode: '0309612872' });
      expect(byCustomer.statusCode).toBe(200);
      expect(requestResponse.parse(byCustomer.json()).data).toMatchObject({ serviceOrderId: order.id, taxCode: '0309612872' });
      const pdf = await floor.request(floor.users.staff, 'GET', `/api/service-orders/${order.id}/invoice.pdf`);
      expect(await pdfText(pdf.rawPayload)).toContain('Mã số thuế: 0309612872');
    });
  });

  describe('the Circular 78 XML', () => {
    const parser = new XMLParser({ ignoreAttributes: false, parseTagValue: false, isArray: (name) => ['HHDVu', 'LTSuat'].includes(name) });

    it('gives the XML with the buyer’s tax code and totals that add up; the desk issues nothing itself (the e-invoice queue does)', async () => {
      const order = await webOrder();
      const saved = requestResponse.parse((await askVat(floor.users.customer, order.code)).json()).data;
      const xmlAnswer = await floor.request(floor.users.staff, 'GET', `/api/vat-invoice-requests/${saved.id}/xml`);
      expect(xmlAnswer.statusCode).toBe(200);
      expect(xmlAnswer.headers['content-type']).toBe('application/xml; charset=utf-8');
      const invoice = parser.parse(xmlAnswer.body).HDon.DLHDon;
      expect(invoice.TTChung).toMatchObject({ KHMSHDon: '1', SHDon: String(saved.id), NLap: '2026-11-19', DVTTe: 'VND' });
      expect(invoice.NDHDon.NBan).toMatchObject({ MST: floor.service.config.seller.taxCode, Ten: floor.service.config.seller.legalName });
      expect(invoice.NDHDon.NMua).toMatchObject({ Ten: COMPANY.companyName, MST: '0314409058-002', DCTDTu: 'ketoan@xedien.vn' });
      const totals = invoice.NDHDon.TToan;
      expect(Number(totals.TgTTTBSo)).toBe(order.total);
      expect(Number(totals.TgTCThue) + Number(totals.TgTThue)).toBe(order.total);
      const rates = totals.THTTLTSuat.LTSuat as Array<{ TSuat: string; ThTien: string; TThue: string }>;
      expect(rates.map((rate) => rate.TSuat)).toEqual(['5%', '8%', '10%']);
      expect(rates.reduce((sum, rate) => sum + Number(rate.ThTien) + Number(rate.TThue), 0)).toBe(order.total);
      expect(rates.reduce((sum, rate) => sum + Number(rate.ThTien), 0)).toBe(Number(totals.TgTCThue));
      expect(totals.TgTTTBChu).toBe(amountInVietnameseWords(order.total));
      const lines = invoice.NDHDon.DSHHDVu.HHDVu as Array<{ TChat: string; ThTien: string }>;
      const net = lines.reduce((sum, line) => sum + (line.TChat === '3' ? -1 : 1) * Number(line.ThTien), 0);
      expect(net).toBe(Number(totals.TgTCThue));

      expect((await floor.request(floor.users.staffB, 'GET', `/api/vat-invoice-requests/${saved.id}/xml`)).statusCode).toBe(404);
      expect((await floor.request(floor.users.customer, 'GET', `/api/vat-invoice-requests/${saved.id}/xml`)).statusCode).toBe(403);
      // One way to issue: the sale's e-invoice, which carries the company (api/test/modules/eInvoices/companyInvoices.test.ts).
      expect((await floor.request(floor.users.staff, 'POST', `/api/vat-invoice-requests/${saved.id}/issue`)).statusCode).toBe(404);
    });

    it('seeds the demo’s request once, on the demo customer’s latest paid order, and its XML names the company', async () => {
      expect(await seedDemoVatInvoices(floor.db, DEMO_ACCOUNT_EMAILS.customer)).toBe(1);
      expect(await seedDemoVatInvoices(floor.db, DEMO_ACCOUNT_EMAILS.customer)).toBe(1);
      const rows = await floor.db.selectFrom('vat_invoice_requests').selectAll().where('tax_code', '=', DEMO_VAT_COMPANY.tax_code).where('company_name', '=', DEMO_VAT_COMPANY.company_name).execute();
      expect(rows).toHaveLength(1);
      const xml = await floor.request(floor.users.admin, 'GET', `/api/vat-invoice-requests/${rows[0]!.id}/xml`);
      expect(xml.statusCode).toBe(200);
      expect(parser.parse(xml.body).HDon.DLHDon.NDHDon.NMua).toMatchObject({ Ten: DEMO_VAT_COMPANY.company_name, MST: DEMO_VAT_COMPANY.tax_code });
    });

    it('is 409 for an unpaid order’s request, and 404 for a request that does not exist', async () => {
      const order = await webOrder({ paid: false });
      const saved = requestResponse.parse((await askVat(floor.users.customer, order.code)).json()).data;
      expect((await floor.request(floor.users.staff, 'GET', `/api/vat-invoice-requests/${saved.id}/xml`)).statusCode).toBe(409);
      expect((await floor.request(floor.users.staff, 'GET', '/api/vat-invoice-requests/999999/xml')).statusCode).toBe(404);
    });
  });
});
