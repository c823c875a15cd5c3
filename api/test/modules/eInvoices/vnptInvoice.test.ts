import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { XMLParser } from 'fast-xml-parser';
import { EInvoiceRefused } from '../../../src/modules/eInvoices/eInvoiceProvider';
import { vnptInvoiceProvider, type VnptSettings } from '../../../src/modules/eInvoices/providers/vnptInvoice';
import { invoiceTotals } from '../../../src/modules/invoices';
import { ProviderUnavailable } from '../../../src/outbound';
import { adjustmentOf, goods, orderDocument, original, party } from '../../support/eInvoiceFixtures';
import { signal, startLoopbackStandIn, type PublishMode } from '../../support/eInvoiceProviderStandIn';

type Xml = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- VNPT's XML, read field by field

const CREDENTIALS = { account: 'shopadmin', accountPassword: 'Einv@admin', username: 'shopservice', password: 'Einv@service' };
const PATTERN = '1/001';
const SERIAL = 'C26TYY';
const PDF_BYTES = Buffer.from('%PDF-1.4\n% hóa đơn VNPT\n');

interface StoredInvoice {
  fkey: string;
  number: number;
  mccqt: string;
  operation: string;
  data: Xml;
  /** The Fkey of the invoice it corrects, for an adjustment or a replacement. */
  corrects: string | null;
}

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', removeNSPrefix: true, parseTagValue: false, isArray: (name) => name === 'Product' });
const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const num = (value: unknown) => Number(value);

/**
 * A stand-in for a VNPT Invoice portal's .asmx services on loopback, as VNPT's integration document describes them:
 * SOAP 1.1 with SOAPAction, Account/ACpass + service user on every publishing call, invoices kept by Fkey (a repeat
 * answers ERR:13), numbers and MCCQTs of its own, listInvByCusFkey and the PDF download. It answers ERR:3 for an invoice
 * whose lines and totals disagree, so a wrong mapping fails the tests.
 */
async function vnptStandIn() {
  const invoices = new Map<string, StoredInvoice>();
  let number = 0;
  /** What the next publishing call (ImportAndPublishInv, AdjustInvoiceAction, ReplaceInvoiceAction) meets. */
  let publishMode: PublishMode = 'normal';
  const calls: string[] = [];

  /** ERR:3 for anything VNPT's "Dữ liệu xml đầu vào không đúng quy định" would refuse, else null. */
  function checkInvoice(data: Xml, adjusting: boolean): string | null {
    for (const field of ['CusName', 'PaymentMethod', 'ArisingDate', 'Total', 'VATRate', 'VATAmount', 'Amount', 'AmountInWords']) {
      if (data[field] === undefined || data[field] === '') return `ERR:3 thiếu ${field}`;
    }
    if (data.CusTaxCode && !/^\d{10}(-\d{3})?$/.test(data.CusTaxCode)) return 'ERR:3 CusTaxCode';
    if (!/^\d{2}\/\d{2}\/\d{4}$/.test(data.ArisingDate)) return 'ERR:3 ArisingDate';
    const products = (data.Products?.Product ?? []) as Xml[];
    if (products.length === 0) return 'ERR:3 Products';
    const byRate = new Map<number, { net: number; vat: number }>();
    let net = 0;
    let vat = 0;
    for (const product of products) {
      const [total, tax, amount, rate, isSum] = [num(product.Total), num(product.VATAmount), num(product.Amount), num(product.VATRate), num(product.IsSum)];
      if (!product.ProdName || ![0, 2].includes(isSum) || ![0, 5, 8, 10].includes(rate)) return 'ERR:3 Product';
      if (total < 0 || tax < 0 || amount < 0) return 'ERR:3 âm';
      if (amount !== total + tax) return 'ERR:3 Product Amount';
      if (Math.abs(tax - (total * rate) / 100) > 1) return 'ERR:3 Product VATAmount';
      if (Math.abs(num(product.ProdPrice) * num(product.ProdQuantity) - total) > 1) return 'ERR:3 ProdPrice';
      const sign = isSum === 2 ? -1 : 1;
      net += sign * total;
      vat += sign * tax;
      const row = byRate.get(rate) ?? { net: 0, vat: 0 };
      row.net += sign * total;
      row.vat += sign * tax;
      byRate.set(rate, row);
    }
    if (num(data.Total) !== net || num(data.VATAmount) !== vat || num(data.Amount) !== net + vat) return 'ERR:3 tổng';
    for (const [rate, row] of byRate) {
      if (num(data[`GrossValue${rate}`]) !== row.net || num(data[`VatAmount${rate}`]) !== row.vat) return `ERR:3 GrossValue${rate}`;
    }
    if (adjusting && !['2', '3'].includes(data.Type)) return 'ERR:3 Type';
    return null;
  }

  function publish(fkey: string, data: Xml, operation: string, corrects: string | null): string {
    if (invoices.has(fkey)) return 'ERR:13';
    const error = checkInvoice(data, operation === 'AdjustInvoiceAction');
    if (error) return error.split(' ')[0]!;
    number += 1;
    invoices.set(fkey, { fkey, number, mccqt: `M1-26-${randomUUID().slice(0, 5).toUpperCase()}-${String(number).padStart(11, '0')}`, operation, data, corrects });
    // The document's answer: pattern;serial-key_number (the MCCQT is read from listInvByCusFkey).
    return `OK:${PATTERN};${SERIAL}-${fkey}_${number}`;
  }

  function listItem(stored: StoredInvoice): string {
    return `<Item><index>3</index><fkey>${stored.fkey}</fkey><name>Hóa đơn giá trị gia tăng</name><publishDate>3/5/2026 10:15:00 AM</publishDate>`
      + `<signStatus>0</signStatus><pattern>${PATTERN}</pattern><serial>${SERIAL}</serial><invNum>${stored.number}</invNum><payment>1</payment>`
      + `<Amount>${stored.data.Amount}</Amount><status>1</status><MCCQT>${stored.mccqt}</MCCQT></Item>`;
  }

  /** The answer of `operation`, or null to say nothing (hang / drop). */
  function answer(operation: string, parameters: Xml): string | null {
    const service = parameters.username ?? parameters.userName;
    const servicePassword = parameters.password ?? parameters.userPass;
    if (service !== CREDENTIALS.username || servicePassword !== CREDENTIALS.password) return 'ERR:1';
    if (operation === 'ImportAndPublishInv' || operation === 'AdjustInvoiceAction' || operation === 'ReplaceInvoiceAction') {
      if (parameters.Account !== CREDENTIALS.account || parameters.ACpass !== CREDENTIALS.accountPassword) return 'ERR:1';
      if (parameters.pattern !== PATTERN || parameters.serial !== SERIAL) return 'ERR:20';
      const xml = parser.parse(parameters.xmlInvData) as Xml;
      if (operation === 'ImportAndPublishInv') {
        const inv = xml.Invoices?.Inv;
        if (!inv?.key || !inv.Invoice) return 'ERR:3';
        return publish(inv.key, inv.Invoice, operation, null);
      }
      const root = xml[operation === 'AdjustInvoiceAction' ? 'AdjustInv' : 'ReplaceInv'];
      if (!root?.key) return 'ERR:3';
      if (!invoices.has(parameters.fkey)) return 'ERR:2';
      return publish(root.key, root, operation, parameters.fkey);
    }
    if (operation === 'listInvByCusFkey') {
      const stored = invoices.get(parameters.key);
      return `<Data>${stored ? listItem(stored) : ''}</Data>`;
    }
    if (operation === 'downloadInvPDFFkeyNoPay') return invoices.has(parameters.fkey) ? PDF_BYTES.toString('base64') : 'ERR:6';
    if (operation === 'downloadInvFkeyNoPay') {
      const stored = invoices.get(parameters.fkey);
      return stored ? `<HDon><DLHDon><TTChung><SHDon>${stored.number}</SHDon></TTChung></DLHDon></HDon>` : 'ERR:6';
    }
    return null;
  }

  const SERVICES: Record<string, string[]> = {
    '/PublishService.asmx': ['ImportAndPublishInv'],
    '/BusinessService.asmx': ['AdjustInvoiceAction', 'ReplaceInvoiceAction'],
    '/PortalService.asmx': ['listInvByCusFkey', 'downloadInvPDFFkeyNoPay', 'downloadInvFkeyNoPay'],
  };

  function handle(request: IncomingMessage, response: ServerResponse, body: string): void {
    const fault = (status: number, message: string): void => void
      response.writeHead(status, { 'content-type': 'text/xml; charset=utf-8' })
        .end(`<?xml version="1.0"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><soap:Fault><faultcode>soap:Client</faultcode><faultstring>${escape(message)}</faultstring></soap:Fault></soap:Body></soap:Envelope>`);
    if (request.method !== 'POST' || !/^text\/xml/.test(request.headers['content-type'] ?? '')) return fault(415, 'SOAP 1.1 expected');
    const envelope = (parser.parse(body) as Xml).Envelope;
    const [operation, parameters] = Object.entries((envelope?.Body ?? {}) as Xml)[0] ?? [];
    // removeNSPrefix drops xmlns attributes: the operation's namespace is checked on the text.
    if (!operation || !new RegExp(`<${operation} xmlns="http://tempuri.org/">`).test(body)) return fault(500, 'Body without a tempuri.org operation');
    if (request.headers.soapaction !== `"http://tempuri.org/${operation}"`) return fault(500, 'SOAPAction does not match');
    if (!SERVICES[request.url ?? '']?.includes(operation)) return fault(500, `${operation} is not on ${request.url}`);
    calls.push(operation);
    const publishing = !SERVICES['/PortalService.asmx']!.includes(operation);
    const mode = publishing ? publishMode : 'normal';
    if (publishing) publishMode = 'normal';
    if (mode === 'hang') return;
    if (mode === 'http500') return fault(500, 'Server was unable to process request.');
    const result = answer(operation, parameters as Xml);
    if (result === null) return fault(500, 'Unknown operation');
    if (mode === 'drop') return void request.socket.destroy();
    response.writeHead(200, { 'content-type': 'text/xml; charset=utf-8' }).end(
      `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>`
        + `<${operation}Response xmlns="http://tempuri.org/"><${operation}Result>${escape(result)}</${operation}Result></${operation}Response></soap:Body></soap:Envelope>`,
    );
  }

  const server = await startLoopbackStandIn(handle);
  return {
    url: server.url,
    invoices,
    calls,
    nextPublish: (mode: PublishMode) => void (publishMode = mode),
    close: server.close,
  };
}


describe('VNPT Invoice e-invoices', () => {
  let vnpt: Awaited<ReturnType<typeof vnptStandIn>>;
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
