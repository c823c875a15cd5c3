import { randomUUID } from 'node:crypto';
import { EInvoiceRefused } from '../../../src/modules/eInvoices/eInvoiceProvider';
import { misaMeInvoiceProvider, type MisaSettings } from '../../../src/modules/eInvoices/providers/misaMeInvoice';
import { MISA_STAND_IN_ACCOUNT as CREDENTIALS, MISA_STAND_IN_PDF as PDF_BYTES, misaStandIn, type MisaStandIn } from '../../../src/modules/eInvoices/standIns/misaStandIn';
import { invoiceTotals } from '../../../src/modules/invoices';
import { ProviderUnavailable } from '../../../src/outbound';
import { adjustmentOf, goods, orderDocument, original, party, signal } from '../../support/eInvoiceFixtures';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- MISA's JSON, read field by field

describe('MISA meInvoice e-invoices', () => {
  let misa: MisaStandIn;
  const settings = (overrides: Partial<MisaSettings> = {}): MisaSettings => ({
    baseUrl: misa.url,
    appId: CREDENTIALS.appid,
    taxCode: CREDENTIALS.taxcode,
    username: CREDENTIALS.username,
    password: CREDENTIALS.password,
    series: '1C26TYY',
    timeoutMs: 2_000,
    retries: 0,
    ...overrides,
  });

  beforeEach(async () => {
    misa = await misaStandIn();
  });
  afterEach(async () => {
    await misa.close();
  });

  it('issues an original whose answer carries the series, number, MCCQT and the lookup', async () => {
    const provider = misaMeInvoiceProvider(settings());
    const request = original();
    const issued = await provider.issue(request, signal());
    const stored = misa.invoices.get(request.key)!;
    expect(stored).toBeDefined();
    expect(issued).toMatchObject({
      providerRef: stored.transactionId,
      series: 'C26TYY',
      number: Number(stored.invNo),
      taxAuthorityCode: stored.mccqt,
      lookupCode: stored.transactionId,
      lookupUrl: 'https://www.meinvoice.vn/tra-cuu/',
      issuedAt: '2026-03-04T17:00:00.000Z',
    });
    expect(issued.raw.length).toBeGreaterThan(0);
    expect(issued.raw.length).toBeLessThanOrEqual(4_000);
    // A second invoice reuses the token: MISA asks for one login per session, not per call.
    await provider.issue(original(), signal());
    expect(misa.logins()).toBe(1);
  });

  it('sends the lines and totals of the receipt, to the đồng, with mixed 8 % and 10 %, a discount and shipping', async () => {
    const document = orderDocument({ company: party('Công ty TNHH Vận Tải Minh Phát', '0312345678'), buyer: party('Trần Thị Bình') });
    const totals = invoiceTotals(document.lines);
    await misaMeInvoiceProvider(settings()).issue(original(document), signal());
    const sent = misa.published[0]!;
    expect(sent.TotalAmountOC).toBe(totals.gross);
    expect(sent.TotalAmountOC).toBe(document.lines.reduce((sum, line) => sum + line.amount, 0));
    expect(sent.TotalAmountWithoutVATOC).toBe(totals.net);
    expect(sent.TotalVATAmountOC).toBe(totals.vat);
    expect(sent.TaxRateInfo).toEqual(totals.rows.map((row) => ({ VATRateName: `${row.rate}%`, AmountWithoutVATOC: row.net, VATAmountOC: row.vat })));
    expect(sent.OriginalInvoiceDetail.filter((line: Json) => line.ItemType === 3)).toHaveLength(2);
    expect(sent.OriginalInvoiceDetail.find((line: Json) => line.ItemName === 'Phí giao hàng')).toMatchObject({ VATRateName: '8%', AmountOC: 27_778, VATAmountOC: 2_222 });
    expect(sent).toMatchObject({ BuyerLegalName: 'Công ty TNHH Vận Tải Minh Phát', BuyerTaxCode: '0312345678', BuyerFullName: 'Trần Thị Bình', InvSeries: '1C26TYY', IsTaxReduction43: true });
    expect(sent.TotalAmountInWords).toMatch(/đồng$/);
  });

  it('issues one invoice for the same key sent twice: the duplicate answers the invoice already issued', async () => {
    const provider = misaMeInvoiceProvider(settings());
    const request = original();
    const first = await provider.issue(request, signal());
    const second = await provider.issue(request, signal());
    expect(misa.invoices.size).toBe(1);
    expect(second).toMatchObject({ providerRef: first.providerRef, number: first.number, taxAuthorityCode: first.taxAuthorityCode });
  });

  it('finds by its key an invoice whose answer was lost, and finds nothing for an unknown key', async () => {
    const provider = misaMeInvoiceProvider(settings());
    const request = original();
    misa.nextPublish('drop');
    await expect(provider.issue(request, signal())).rejects.toBeInstanceOf(ProviderUnavailable);
    expect(misa.invoices.size).toBe(1);
    const found = await provider.find(request.key, signal());
    expect(found).toMatchObject({ providerRef: misa.invoices.get(request.key)!.transactionId, number: 1, taxAuthorityCode: misa.invoices.get(request.key)!.mccqt });
    await expect(provider.find(randomUUID(), signal())).resolves.toBeNull();
    // Issuing again under the same key answers that invoice, not a second one.
    await expect(provider.issue(request, signal())).resolves.toMatchObject({ number: 1 });
    expect(misa.invoices.size).toBe(1);
  });

  it('sends a lost answer again itself when retries are allowed, and still issues once', async () => {
    const request = original();
    misa.nextPublish('drop');
    const issued = await misaMeInvoiceProvider(settings({ retries: 2 })).issue(request, signal());
    expect(issued.number).toBe(1);
    expect(misa.invoices.size).toBe(1);
  });

  it('issues an adjustment that names the original and lowers the amounts', async () => {
    const provider = misaMeInvoiceProvider(settings());
    const first = await provider.issue(original(), signal());
    const refund = orderDocument({ lines: [{ ...goods('Dầu nhớt Motul 1L', 1, 187_333, 10), quantity: 1, unitPrice: -187_333, amount: -187_333 }] });
    const adjustment = adjustmentOf(first, refund, 'Khách trả lại 1 chai dầu nhớt');
    const issued = await provider.issue(adjustment, signal());
    expect(issued.number).toBe(2);
    const sent = misa.published[1]!;
    expect(sent).toMatchObject({ ReferenceType: 2, OrgInvTemplateNo: '1', OrgInvSeries: 'C26TYY', OrgInvNo: '00000001', OrgInvDate: '2026-03-05', InvoiceNote: 'Khách trả lại 1 chai dầu nhớt' });
    expect(sent.TotalAmountOC).toBe(-187_333);
    expect(sent.TotalVATAmountOC).toBeLessThan(0);
    expect(sent.OriginalInvoiceDetail[0].AmountOC).toBeLessThan(0);
  });

  it('logs in again once when MISA answers 401 for an expired token', async () => {
    const provider = misaMeInvoiceProvider(settings());
    await provider.issue(original(), signal());
    misa.expireTokens();
    const issued = await provider.issue(original(), signal());
    expect(issued.number).toBe(2);
    expect(misa.logins()).toBe(2);
  });

  it('turns a refusal of the data into EInvoiceRefused with a Vietnamese message', async () => {
    const document = orderDocument({ company: party('Công ty Sai Mã', '12345') });
    const error = await misaMeInvoiceProvider(settings()).issue(original(document), signal()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(EInvoiceRefused);
    expect((error as EInvoiceRefused).providerCode).toBe('InvalidTaxCode');
    expect((error as EInvoiceRefused).message).toMatch(/Mã số thuế không hợp lệ/);
    expect(misa.invoices.size).toBe(0);
  });

  it('refuses wrong credentials with a Vietnamese message', async () => {
    const error = await misaMeInvoiceProvider(settings({ password: 'sai' })).issue(original(), signal()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(EInvoiceRefused);
    expect((error as EInvoiceRefused).message).toMatch(/không chấp nhận tài khoản/);
  });

  it('surfaces MISA that never answers as ProviderUnavailable within the configured time-out', async () => {
    const provider = misaMeInvoiceProvider(settings({ timeoutMs: 400 }));
    await provider.find(randomUUID(), signal()); // logs in first, so only the publishing call hangs
    misa.nextPublish('hang');
    const started = Date.now();
    const error = await provider.issue(original(), signal()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderUnavailable);
    expect((error as ProviderUnavailable).reason).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(1_400);
  });

  it('surfaces a 5xx answer as ProviderUnavailable, so the invoice is retried', async () => {
    misa.nextPublish('http500');
    await expect(misaMeInvoiceProvider(settings()).issue(original(), signal())).rejects.toBeInstanceOf(ProviderUnavailable);
    expect(misa.invoices.size).toBe(0);
  });

  it('downloads the issued invoice as PDF bytes and as XML', async () => {
    const provider = misaMeInvoiceProvider(settings());
    const issued = await provider.issue(original(), signal());
    const pdf = await provider.download(issued, 'pdf', signal());
    expect(pdf.equals(PDF_BYTES)).toBe(true);
    const xml = await provider.download(issued, 'xml', signal());
    expect(xml.toString('utf8')).toContain(`<SHDon>${issued.number}</SHDon>`);
  });
});
