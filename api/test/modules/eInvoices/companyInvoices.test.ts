import { XMLParser } from 'fast-xml-parser';
import { createEInvoiceWorker } from '../../../src/modules/eInvoices/eInvoiceWorker';
import { standInEInvoiceProvider } from '../../../src/modules/eInvoices/providers/standInEInvoice';
import { productionDatabase, useFloor } from '../../support/floorTestKit';

const COMPANY = { companyName: 'Công ty TNHH Xe Điện Sài Gòn', taxCode: '0314409058-002', address: '12 Lê Lợi, Phường Bến Thành, TP. Hồ Chí Minh', email: 'ketoan@xedien.vn' };

interface StandInXml {
  HDon: { DLHDon: { TTChung: { TTHDLQuan?: { TCHDon: number; SHDCLQuan: number } }; NDHDon: { NMua: { Ten: string; MST: string } } } };
}

/**
 * The company's VAT invoice is the sale's e-invoice (issue 64 §1: "the company's when its tax data was given — the
 * existing request flow"): asked before the invoice is issued, the invoice is issued in the company's name and the
 * request is answered with its series and number; asked after, the consumer's invoice is replaced by the company's
 * once, on its own; an adjusted invoice is never replaced. The request desk issues nothing itself.
 */
describe.each(productionDatabase())('the company’s e-invoice on $label', (target) => {
  const floor = useFloor(target);

  const worker = () => {
    const { config, clock } = floor.service;
    const provider = standInEInvoiceProvider(floor.db, { sellerTaxCode: config.seller.taxCode, publicUrl: config.publicUrl, now: () => clock.now() });
    return createEInvoiceWorker({ db: floor.db, provider, config, clock, sendTimeoutMs: 500 });
  };
  const pay = (orderId: number) => floor.request(floor.users.staff, 'POST', `/api/service-orders/${orderId}/payment/confirm`, { method: 'CASH' });
  const askCompany = (orderId: number, company = COMPANY) => floor.request(floor.users.staff, 'POST', `/api/service-orders/${orderId}/vat-invoice-request`, company);
  const requestOf = (orderId: number) => floor.db.selectFrom('vat_invoice_requests').selectAll().where('service_order_id', '=', orderId).executeTakeFirstOrThrow();
  const invoicesOf = (invoiceId: number) => floor.db.selectFrom('e_invoices').selectAll().where('service_invoice_id', '=', invoiceId).orderBy('id').execute();
  const buyerOf = async (key: string) => {
    const row = await floor.db.selectFrom('e_invoice_standin').select('xml').where('request_key', '=', key).executeTakeFirstOrThrow();
    const xml = new XMLParser({ parseTagValue: false }).parse(row.xml) as StandInXml;
    return { buyer: xml.HDon.DLHDon.NDHDon.NMua, related: xml.HDon.DLHDon.TTChung.TTHDLQuan };
  };
  const refOf = (invoice: { series: string | null; number: number | null }) => `${invoice.series}-${String(invoice.number).padStart(8, '0')}`;

  it('issues the sale’s invoice in the company’s name when asked before, and answers the request with it', async () => {
    const sale = await floor.invoicedServiceOrder();
    expect((await askCompany(sale.orderId)).statusCode).toBe(201);
    expect((await pay(sale.orderId)).statusCode).toBe(200);
    await worker().runRound();

    const [invoice, ...others] = await invoicesOf(sale.invoiceId);
    expect(others).toEqual([]);
    expect(invoice).toMatchObject({ kind: 'ORIGINAL', status: 'ISSUED' });
    expect((await buyerOf(invoice!.request_key)).buyer).toMatchObject({ Ten: COMPANY.companyName, MST: COMPANY.taxCode });
    expect(await requestOf(sale.orderId)).toMatchObject({ status: 'ISSUED', provider_ref: refOf(invoice!) });
    // Answered: the request is frozen, and nothing replaces the invoice.
    const changed = await askCompany(sale.orderId, { ...COMPANY, taxCode: '0100233488' });
    expect(changed.statusCode).toBe(409);
    expect(changed.json()).toMatchObject({ code: 'VAT_INVOICE_ISSUED' });
    await worker().runRound();
    expect(await invoicesOf(sale.invoiceId)).toHaveLength(1);
  });

  it('replaces the consumer’s issued invoice by the company’s once when asked after, keeping the chain', async () => {
    const sale = await floor.paidServiceInvoice();
    await worker().runRound();
    const [consumer] = await invoicesOf(sale.invoiceId);
    expect(consumer).toMatchObject({ kind: 'ORIGINAL', status: 'ISSUED' });
    expect((await buyerOf(consumer!.request_key)).buyer.MST).toBe('');

    expect((await askCompany(sale.orderId)).statusCode).toBe(201);
    await worker().runRound();
    await worker().runRound();
    const [, replacement, ...more] = await invoicesOf(sale.invoiceId);
    expect(more).toEqual([]);
    expect(replacement).toMatchObject({ kind: 'REPLACEMENT', status: 'ISSUED', corrects_id: consumer!.id, requested_by: null, reason: `Lập lại hóa đơn cho đơn vị mua theo yêu cầu: ${COMPANY.companyName}, MST ${COMPANY.taxCode}` });
    expect(Number(replacement!.gross)).toBe(sale.total);
    expect(await buyerOf(replacement!.request_key)).toEqual({ buyer: expect.objectContaining({ Ten: COMPANY.companyName, MST: COMPANY.taxCode }), related: expect.objectContaining({ TCHDon: '1', SHDCLQuan: String(consumer!.number) }) });
    expect(await requestOf(sale.orderId)).toMatchObject({ status: 'ISSUED', provider_ref: refOf(replacement!) });
  });

  it('never replaces an adjusted invoice for a company: the request waits (an information adjustment is not made by the shop)', async () => {
    const sale = await floor.paidServiceInvoice();
    await worker().runRound();
    const refunded = await floor.request(floor.users.manager, 'POST', `/api/service-orders/${sale.orderId}/invoice/refunds`, { amount: 10_000, method: 'CASH', reason: 'Bớt phí do chờ lâu' });
    expect(refunded.statusCode).toBe(201);
    await worker().runRound();
    expect((await askCompany(sale.orderId)).statusCode).toBe(201);
    await worker().runRound();
    expect((await invoicesOf(sale.invoiceId)).map((row) => row.kind)).toEqual(['ORIGINAL', 'ADJUSTMENT']);
    expect(await requestOf(sale.orderId)).toMatchObject({ status: 'REQUESTED' });
  });

  it('replaces once per request: a request corrected while its replacement was sent waits for the owner’s replacement', async () => {
    const sale = await floor.paidServiceInvoice();
    await worker().runRound();
    expect((await askCompany(sale.orderId)).statusCode).toBe(201);
    // The stand-in, with the request corrected while it issues the replacement (which carries the name as it was read).
    const { config, clock } = floor.service;
    const standIn = standInEInvoiceProvider(floor.db, { sellerTaxCode: config.seller.taxCode, publicUrl: config.publicUrl, now: () => clock.now() });
    const correcting = {
      ...standIn,
      issue: async (request: Parameters<typeof standIn.issue>[0], signal: AbortSignal) => {
        expect((await askCompany(sale.orderId, { ...COMPANY, companyName: 'Công ty CP Xe Điện Sài Gòn' })).statusCode).toBe(200);
        return standIn.issue(request, signal);
      },
    };
    await createEInvoiceWorker({ db: floor.db, provider: correcting, config, clock, sendTimeoutMs: 500 }).runRound();
    const [consumer, replacement] = await invoicesOf(sale.invoiceId);
    expect(replacement).toMatchObject({ kind: 'REPLACEMENT', status: 'ISSUED' });
    expect((await buyerOf(replacement!.request_key)).buyer.Ten).toBe(COMPANY.companyName);
    expect(await requestOf(sale.orderId)).toMatchObject({ status: 'REQUESTED', company_name: 'Công ty CP Xe Điện Sài Gòn' });

    // No second replacement of its own: the owner replaces the replacement, which carries the corrected name.
    await worker().runRound();
    expect((await invoicesOf(sale.invoiceId)).map((row) => row.id)).toEqual([consumer!.id, replacement!.id]);
    expect((await floor.request(floor.users.admin, 'POST', `/api/admin/e-invoices/${replacement!.id}/replace`, { reason: 'Sai tên đơn vị mua' })).statusCode).toBe(201);
    await worker().runRound();
    const last = (await invoicesOf(sale.invoiceId)).at(-1)!;
    expect(last).toMatchObject({ kind: 'REPLACEMENT', status: 'ISSUED', corrects_id: replacement!.id });
    expect((await buyerOf(last.request_key)).buyer.Ten).toBe('Công ty CP Xe Điện Sài Gòn');
    expect(await requestOf(sale.orderId)).toMatchObject({ status: 'ISSUED', provider_ref: refOf(last) });
  });

  it('offers no way to issue from the request desk: the route is gone', async () => {
    const sale = await floor.invoicedServiceOrder();
    const saved = (await askCompany(sale.orderId)).json().data as { id: number };
    expect((await floor.request(floor.users.staff, 'POST', `/api/vat-invoice-requests/${saved.id}/issue`)).statusCode).toBe(404);
  });
});
