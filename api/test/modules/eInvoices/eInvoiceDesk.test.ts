import { strFromU8, unzipSync } from 'fflate';
import type { CustomerEInvoice, EInvoice, EInvoiceList, UncoveredSales } from 'shared-contracts/schemas';
import { createEInvoiceWorker } from '../../../src/modules/eInvoices/eInvoiceWorker';
import { objectStoreAt } from '../../../src/objectStorage';
import { standInEInvoiceProvider, type StandInFault } from '../../../src/modules/eInvoices/providers/standInEInvoice';
import { productionDatabase, useFloor } from '../../support/floorTestKit';
import { createUser } from '../../support/serviceTestKit';

const MINUTE = 60_000;

/**
 * Where people see the e-invoices (issue 64 §4): the customer on their visit (lookup code, PDF), the owner at
 * /api/admin/e-invoices (list, "Gửi lại", replacement, notice 04/SS-HĐĐT) and the daily check "Bán hàng chưa có hóa đơn".
 */
describe.each(productionDatabase())('the e-invoices seen and run on $label', (target) => {
  const floor = useFloor(target);
  let fault: StandInFault = null;
  beforeEach(() => (fault = null));

  const issuer = (archive = false) => {
    const { config, clock } = floor.service;
    const provider = standInEInvoiceProvider(floor.db, { sellerTaxCode: config.seller.taxCode, publicUrl: config.publicUrl, now: () => clock.now(), fault: () => fault });
    return createEInvoiceWorker({ db: floor.db, provider, config, clock, sendTimeoutMs: 200, store: archive ? objectStoreAt(config.uploadDir) : null });
  };

  /** A visit of the floor's customer, invoiced and paid in cash at the counter. */
  async function paidVisit() {
    const sale = await floor.paidServiceInvoice();
    const { appointment_id: appointmentId } = await floor.db.selectFrom('service_orders').select('appointment_id').where('id', '=', sale.orderId).executeTakeFirstOrThrow();
    return { appointmentId, invoice: { id: sale.invoiceId, code: sale.code, total: sale.total } };
  }

  const visitInvoices = async (appointmentId: number, user = floor.users.customer) => {
    const answer = await floor.request(user, 'GET', `/api/appointments/${appointmentId}/e-invoices`);
    return { status: answer.statusCode, items: answer.statusCode === 200 ? (answer.json().data.items as CustomerEInvoice[]) : [] };
  };
  const ownerList = async (query = '') => {
    const answer = await floor.request(floor.users.admin, 'GET', `/api/admin/e-invoices${query}`);
    expect(answer.statusCode).toBe(200);
    return answer.json().data as EInvoiceList;
  };

  it('shows the customer their visit’s invoice with its lookup code and PDF; nobody else sees it', async () => {
    const visit = await paidVisit();
    expect((await visitInvoices(visit.appointmentId)).items).toEqual([]);
    await issuer().runRound();
    const { items } = await visitInvoices(visit.appointmentId);
    expect(items).toEqual([
      expect.objectContaining({ kind: 'ORIGINAL', kindLabel: 'Hóa đơn bán hàng', status: 'ISSUED', statusLabel: 'Đã phát hành', gross: visit.invoice.total, series: 'C26TYY', lookupCode: expect.stringMatching(/^[0-9A-F]{12}$/) }),
    ]);
    const pdf = await floor.request(floor.users.customer, 'GET', items[0]!.pdfUrl!);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const stranger = await createUser(floor.db, 'customer', 'Người Lạ');
    expect((await visitInvoices(visit.appointmentId, stranger)).status).toBe(404);
    expect((await floor.request(stranger, 'GET', items[0]!.pdfUrl!)).statusCode).toBe(404);
    expect((await floor.request(floor.users.staffB, 'GET', items[0]!.pdfUrl!)).statusCode).toBe(404);
  });

  it('lists the invoices for the owner with the sale, centre and buyer; managers and staff are refused', async () => {
    const visit = await paidVisit();
    await issuer().runRound();
    const list = await ownerList('?saleKind=SERVICE_INVOICE&status=ISSUED');
    const mine = list.items.find((item) => item.saleCode === visit.invoice.code);
    expect(mine).toMatchObject({ saleKind: 'SERVICE_INVOICE', status: 'ISSUED', centreName: expect.any(String), buyerName: expect.any(String), provider: 'standin', replaced: false, notices: [] });
    expect(list.items.every((item) => item.status === 'ISSUED' && item.saleKind === 'SERVICE_INVOICE')).toBe(true);
    for (const user of [floor.users.manager, floor.users.staff]) expect((await floor.request(user, 'GET', '/api/admin/e-invoices')).statusCode).toBe(403);
    const badRange = await floor.request(floor.users.admin, 'GET', '/api/admin/e-invoices?from=2026-01-01&to=2026-11-19');
    expect(badRange.statusCode).toBe(422);
    expect(badRange.json().message).toMatch(/^Khoảng ngày không hợp lệ/);
  });

  it('lists a refused sale in the daily check past the grace period, lets the owner send it again, then clears it', async () => {
    const visit = await paidVisit();
    fault = 'refuse';
    await issuer().runRound();
    const failed = (await ownerList('?status=FAILED')).items.find((item) => item.saleCode === visit.invoice.code)!;
    expect(failed).toMatchObject({ status: 'FAILED', lastError: 'Nhà cung cấp (giả lập) từ chối hóa đơn.', nextAttemptAt: null });

    const check = async () => (await floor.request(floor.users.admin, 'GET', '/api/admin/e-invoices/check')).json().data as UncoveredSales;
    expect((await check()).items.map((item) => item.saleCode)).not.toContain(visit.invoice.code);
    floor.service.clock.advance(61 * MINUTE);
    expect((await check()).items).toContainEqual(expect.objectContaining({ saleCode: visit.invoice.code, status: 'FAILED', invoiceId: failed.id, amount: visit.invoice.total }));

    fault = null;
    const retried = await floor.request(floor.users.admin, 'POST', `/api/admin/e-invoices/${failed.id}/retry`);
    expect(retried.statusCode).toBe(200);
    expect(retried.json().message).toBe('Đã đưa hóa đơn vào hàng đợi gửi lại.');
    await issuer().runRound();
    expect((await check()).items.map((item) => item.saleCode)).not.toContain(visit.invoice.code);
    const again = await floor.request(floor.users.admin, 'POST', `/api/admin/e-invoices/${failed.id}/retry`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'E_INVOICE_ACTION_NOT_ALLOWED' });
  });

  it('replaces an issued invoice once, keeping the chain, and records a notice 04/SS-HĐĐT without a new invoice', async () => {
    const visit = await paidVisit();
    await issuer().runRound();
    const [original] = (await visitInvoices(visit.appointmentId)).items;
    const replaced = await floor.request(floor.users.admin, 'POST', `/api/admin/e-invoices/${original!.id}/replace`, { reason: 'Sai mã số thuế người mua' });
    expect(replaced.statusCode).toBe(201);
    expect(replaced.json().data).toMatchObject({ kind: 'REPLACEMENT', status: 'DRAFT', correctsId: original!.id, reason: 'Sai mã số thuế người mua' });
    expect((await floor.request(floor.users.admin, 'POST', `/api/admin/e-invoices/${original!.id}/replace`, { reason: 'Lần thứ hai' })).statusCode).toBe(409);
    await issuer().runRound();

    const items = (await visitInvoices(visit.appointmentId)).items;
    expect(items.map((item) => [item.kind, item.status])).toEqual([
      ['ORIGINAL', 'ISSUED'],
      ['REPLACEMENT', 'ISSUED'],
    ]);
    const standIn = await floor.db.selectFrom('e_invoice_standin').select('xml').where('id', '=', items[1]!.number!).executeTakeFirstOrThrow();
    expect(standIn.xml).toContain('<TgTTTBSo>');
    const owner = (await ownerList()).items.find((item) => item.id === original!.id)!;
    expect(owner.replaced).toBe(true);

    const replacement = items[1]!;
    const notice = await floor.request(floor.users.admin, 'POST', `/api/admin/e-invoices/${replacement.id}/notice`, { reason: 'Sai chính tả tên người mua' });
    expect(notice.statusCode).toBe(201);
    expect((notice.json().data as EInvoice).notices).toEqual([expect.objectContaining({ reason: 'Sai chính tả tên người mua', by: expect.any(String) })]);
    expect((await visitInvoices(visit.appointmentId)).items).toHaveLength(2);
    const tooShort = await floor.request(floor.users.admin, 'POST', `/api/admin/e-invoices/${replacement.id}/notice`, { reason: 'ab' });
    expect(tooShort.statusCode).toBe(400);
  });

  it('archives issued invoices and exports a month for the accountant: each XML and PDF, and a CSV that adds up', async () => {
    const visit = await paidVisit();
    await issuer(true).runRound();
    const [own] = (await visitInvoices(visit.appointmentId)).items;
    const row = await floor.db.selectFrom('e_invoices').select(['xml_key', 'pdf_key']).where('id', '=', own!.id).executeTakeFirstOrThrow();
    expect(row.pdf_key).toMatch(/^e-invoices\/2026\/11\/C26TYY-\d{8}\.pdf$/);
    expect(await objectStoreAt(floor.service.config.uploadDir).head(row.xml_key!)).not.toBeNull();

    const answer = await floor.request(floor.users.admin, 'GET', '/api/admin/e-invoices/export?month=2026-11');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(answer.rawPayload));
    // November in Vietnam: the demo history also has invoices issued in earlier months, which the export leaves out.
    const issued = await floor.db
      .selectFrom('e_invoices')
      .select(['series', 'number', 'gross'])
      .where('status', '=', 'ISSUED')
      .where('issued_at', '>=', '2026-10-31T17:00:00.000Z')
      .where('issued_at', '<', '2026-11-30T17:00:00.000Z')
      .execute();
    const base = `C26TYY-${String(own!.number).padStart(8, '0')}`;
    expect(strFromU8(files[`${base}.pdf`]!.subarray(0, 5))).toBe('%PDF-');
    expect(strFromU8(files[`${base}.xml`]!)).toContain(`<SHDon>${own!.number}</SHDon>`);
    const csv = strFromU8(files['bang-ke-hoa-don-2026-11.csv']!).replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(csv[0]).toBe('Loại hóa đơn,Ký hiệu,Số,Ngày,Mã của CQT,Mã tra cứu,Giao dịch,Người mua,Tiền trước thuế,Tiền thuế GTGT,Tổng cộng,Lý do');
    expect(csv).toHaveLength(issued.length + 1);
    const line = csv.find((text) => text.includes(`,${own!.number},`))!.split(',');
    expect(Number(line[8]) + Number(line[9])).toBe(Number(line[10]));
    expect(Number(line[10])).toBe(visit.invoice.total);

    for (const month of ['2026-13', '2027-01', 'abc']) expect((await floor.request(floor.users.admin, 'GET', `/api/admin/e-invoices/export?month=${month}`)).statusCode).toBe(422);
    expect((await floor.request(floor.users.manager, 'GET', '/api/admin/e-invoices/export?month=2026-11')).statusCode).toBe(403);
  });
});
