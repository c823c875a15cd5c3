import { randomUUID } from 'node:crypto';
import { EInvoiceRefused } from '../../../src/modules/eInvoices/eInvoiceProvider';
import { vnptInvoiceProvider, type VnptSettings } from '../../../src/modules/eInvoices/providers/vnptInvoice';
import {
  VNPT_STAND_IN_ACCOUNT as CREDENTIALS,
  VNPT_STAND_IN_PATTERN as PATTERN,
  VNPT_STAND_IN_PDF as PDF_BYTES,
  VNPT_STAND_IN_SERIAL as SERIAL,
  vnptStandIn,
  type VnptStandIn,
} from '../../../src/modules/eInvoices/standIns/vnptStandIn';
import { invoiceTotals } from '../../../src/modules/invoices';
import { ProviderUnavailable } from '../../../src/outbound';
import { adjustmentOf, goods, orderDocument, original, party, signal } from '../../support/eInvoiceFixtures';

type Xml = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- VNPT's XML, read field by field

const num = (value: unknown) => Number(value);

describe('VNPT Invoice e-invoices', () => {
  let vnpt: VnptStandIn;
  const settings = (overrides: Partial<VnptSettings> = {}): VnptSettings => ({
    baseUrl: vnpt.url,
    ...CREDENTIALS,
    pattern: PATTERN,
    serial: SERIAL,
    timeoutMs: 2_000,
    retries: 0,
    ...overrides,
  });

  beforeEach(async () => {
    vnpt = await vnptStandIn();
  });
  afterEach(async () => {
    await vnpt.close();
  });

  it('issues an original whose answer carries the series, number, MCCQT and the lookup by Fkey', async () => {
    const request = original();
    const issued = await vnptInvoiceProvider(settings({ lookupUrl: 'https://0101243150-tt78.vnpt-invoice.com.vn/' })).issue(request, signal());
    const stored = vnpt.invoices.get(request.key)!;
    expect(stored.operation).toBe('ImportAndPublishInv');
    expect(issued).toMatchObject({
      providerRef: request.key,
      series: SERIAL,
      number: stored.number,
      taxAuthorityCode: stored.mccqt,
      lookupCode: request.key,
      lookupUrl: 'https://0101243150-tt78.vnpt-invoice.com.vn/',
      issuedAt: '2026-03-04T17:00:00.000Z',
    });
    expect(issued.raw).toBe(`OK:${PATTERN};${SERIAL}-${request.key}_1`);
    expect(stored.data).toMatchObject({ ArisingDate: '05/03/2026', CurrencyUnit: 'VND', PaymentMethod: 'CK', CusName: 'Nguyễn Văn An' });
  });

  it('sends the lines and totals of the receipt, to the đồng, with mixed 8 % and 10 %, a discount and shipping', async () => {
    const document = orderDocument({ company: party('Công ty TNHH Vận Tải Minh Phát', '0312345678'), buyer: party('Trần Thị Bình') });
    const totals = invoiceTotals(document.lines);
    const request = original(document);
    await vnptInvoiceProvider(settings()).issue(request, signal());
    const sent = vnpt.invoices.get(request.key)!.data;
    expect(num(sent.Amount)).toBe(document.lines.reduce((sum, line) => sum + line.amount, 0));
    expect(num(sent.Amount)).toBe(totals.gross);
    expect(num(sent.Total)).toBe(totals.net);
    expect(num(sent.VATAmount)).toBe(totals.vat);
    for (const row of totals.rows) {
      expect(num(sent[`GrossValue${row.rate}`])).toBe(row.net);
      expect(num(sent[`VatAmount${row.rate}`])).toBe(row.vat);
    }
    const products = sent.Products.Product as Xml[];
    expect(products.filter((product) => product.IsSum === '2')).toHaveLength(2);
    expect(products.find((product) => product.ProdName === 'Phí giao hàng')).toMatchObject({ VATRate: '8', Total: '27778', VATAmount: '2222', Amount: '30000' });
    expect(sent).toMatchObject({ Buyer: 'Công ty TNHH Vận Tải Minh Phát', CusTaxCode: '0312345678', CusName: 'Trần Thị Bình' });
    expect(sent.AmountInWords).toMatch(/đồng$/);
  });

  it('issues one invoice for the same key sent twice: the duplicate Fkey answers the invoice already issued', async () => {
    const provider = vnptInvoiceProvider(settings());
    const request = original();
    const first = await provider.issue(request, signal());
    const second = await provider.issue(request, signal());
    expect(vnpt.invoices.size).toBe(1);
    expect(vnpt.calls.filter((operation) => operation === 'ImportAndPublishInv')).toHaveLength(2);
    expect(second).toMatchObject({ providerRef: first.providerRef, number: first.number, taxAuthorityCode: first.taxAuthorityCode, series: SERIAL });
  });

  it('finds by its key an invoice whose answer was lost, and finds nothing for an unknown key', async () => {
    const provider = vnptInvoiceProvider(settings());
    const request = original();
    vnpt.nextPublish('drop');
    await expect(provider.issue(request, signal())).rejects.toBeInstanceOf(ProviderUnavailable);
    expect(vnpt.invoices.size).toBe(1);
    const stored = vnpt.invoices.get(request.key)!;
    const found = await provider.find(request.key, signal());
    expect(found).toMatchObject({ providerRef: request.key, series: SERIAL, number: stored.number, taxAuthorityCode: stored.mccqt, lookupCode: request.key, issuedAt: '2026-03-05T03:15:00.000Z' });
    await expect(provider.find(randomUUID(), signal())).resolves.toBeNull();
    await expect(provider.issue(request, signal())).resolves.toMatchObject({ number: stored.number });
    expect(vnpt.invoices.size).toBe(1);
  });

  it('sends a lost answer again itself when retries are allowed, and still issues once', async () => {
    const request = original();
    vnpt.nextPublish('drop');
    const issued = await vnptInvoiceProvider(settings({ retries: 2 })).issue(request, signal());
    expect(issued.number).toBe(1);
    expect(vnpt.invoices.size).toBe(1);
  });

  it('issues an adjustment that names the original by its Fkey, lowers the amounts and carries the reason', async () => {
    const provider = vnptInvoiceProvider(settings());
    const first = await provider.issue(original(), signal());
    const refund = orderDocument({ lines: [{ ...goods('Dầu nhớt Motul 1L', 1, 187_333, 10), unitPrice: -187_333, amount: -187_333 }] });
    const adjustment = adjustmentOf(first, refund, 'Khách trả lại 1 chai dầu nhớt');
    const issued = await provider.issue(adjustment, signal());
    const stored = vnpt.invoices.get(adjustment.key)!;
    expect(issued).toMatchObject({ number: 2, providerRef: adjustment.key, taxAuthorityCode: stored.mccqt });
    expect(stored.operation).toBe('AdjustInvoiceAction');
    expect(stored.corrects).toBe(first.providerRef);
    expect(stored.data).toMatchObject({ Type: '3', Amount: '187333' });
    expect(stored.data.ProcessInvNote).toContain('Khách trả lại 1 chai dầu nhớt');
    expect(stored.data.ProcessInvNote).toContain(`số ${first.number}, ký hiệu ${SERIAL}, ngày 05/03/2026`);
    // The same adjustment sent again answers the same invoice.
    await expect(provider.issue(adjustment, signal())).resolves.toMatchObject({ number: 2 });
    expect(vnpt.invoices.size).toBe(2);
  });

  it('turns a refusal of the data (ERR:3) into EInvoiceRefused with a Vietnamese message', async () => {
    const document = orderDocument({ company: party('Công ty Sai Mã', '12345') });
    const error = await vnptInvoiceProvider(settings()).issue(original(document), signal()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(EInvoiceRefused);
    expect((error as EInvoiceRefused).providerCode).toBe('ERR:3');
    expect((error as EInvoiceRefused).message).toBe('Dữ liệu hóa đơn gửi VNPT không đúng quy định.');
    expect(vnpt.invoices.size).toBe(0);
  });

  it('refuses wrong credentials (ERR:1) with a Vietnamese message', async () => {
    const error = await vnptInvoiceProvider(settings({ accountPassword: 'sai' })).issue(original(), signal()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(EInvoiceRefused);
    expect((error as EInvoiceRefused).message).toMatch(/Tài khoản VNPT Invoice sai/);
  });

  it('surfaces VNPT that never answers as ProviderUnavailable within the configured time-out', async () => {
    vnpt.nextPublish('hang');
    const started = Date.now();
    const error = await vnptInvoiceProvider(settings({ timeoutMs: 400 })).issue(original(), signal()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderUnavailable);
    expect((error as ProviderUnavailable).reason).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(1_400);
  });

  it('surfaces a 5xx answer (a SOAP fault) as ProviderUnavailable, so the invoice is retried', async () => {
    vnpt.nextPublish('http500');
    await expect(vnptInvoiceProvider(settings()).issue(original(), signal())).rejects.toBeInstanceOf(ProviderUnavailable);
    expect(vnpt.invoices.size).toBe(0);
  });

  it('downloads the issued invoice as PDF bytes and as XML', async () => {
    const provider = vnptInvoiceProvider(settings());
    const issued = await provider.issue(original(), signal());
    const pdf = await provider.download(issued, 'pdf', signal());
    expect(pdf.equals(PDF_BYTES)).toBe(true);
    const xml = await provider.download(issued, 'xml', signal());
    expect(xml.toString('utf8')).toContain(`<SHDon>${issued.number}</SHDon>`);
    await expect(provider.download({ ...issued, providerRef: randomUUID() }, 'pdf', signal())).rejects.toBeInstanceOf(EInvoiceRefused);
  });
});
