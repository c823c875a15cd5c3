import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { EInvoiceRefused } from '../../../src/modules/eInvoices/eInvoiceProvider';
import { misaMeInvoiceProvider, type MisaSettings } from '../../../src/modules/eInvoices/providers/misaMeInvoice';
import { invoiceTotals } from '../../../src/modules/invoices';
import { ProviderUnavailable } from '../../../src/outbound';
import { adjustmentOf, goods, orderDocument, original, party } from '../../support/eInvoiceFixtures';
import { sendJson, signal, startLoopbackStandIn, type PublishMode } from '../../support/eInvoiceProviderStandIn';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- MISA's JSON, read field by field

const CREDENTIALS = { appid: 'app-1', taxcode: '0101243150', username: 'ketoan@shop.vn', password: 'mat-khau' };
const PDF_BYTES = Buffer.from('%PDF-1.4\n% hóa đơn\n');

interface StoredInvoice {
  refId: string;
  transactionId: string;
  invNo: string;
  invDate: string;
  mccqt: string;
  data: Json;
}

/**
 * A stand-in for MISA meInvoice's api/v3 on loopback, as its documents describe it: a token for AppID + MST + user +
 * password, Bearer + CompanyTaxCode on every call, publishhsm keeping invoices by RefID (a repeat answers
 * DuplicateInvoiceRefID), numbers, TransactionIDs and MCCQTs of its own, status by RefID and downloads. It refuses an
 * invoice whose lines and totals disagree, so a wrong mapping fails the tests.
 */
async function misaStandIn() {
  const invoices = new Map<string, StoredInvoice>();
  const published: Json[] = [];
  let tokens = new Set<string>();
  let logins = 0;
  let number = 0;
  /** What the next call to the publishing endpoint meets. */
  let publishMode: PublishMode = 'normal';

  const envelope = (data: unknown, errorCode: string | null = null) => ({ Success: errorCode === null, Data: data, ErrorCode: errorCode, Errors: [] });

  function checkInvoice(item: Json): string | null {
    const data = item.OriginalInvoiceData as Json | undefined;
    if (!data || item.RefID !== data.RefID) return 'RequireError_RefID';
    for (const field of ['InvSeries', 'InvoiceName', 'InvDate', 'CurrencyCode', 'PaymentMethodName', 'TotalAmountInWords', 'OptionUserDefined']) {
      if (data[field] === undefined || data[field] === '') return `RequireError_${field}`;
    }
    if (!/^[12][CK]\d{2}[A-Z][A-Z0-9]{2}$/.test(data.InvSeries)) return 'InvoiceTemplateNotExist';
    if (data.BuyerTaxCode !== undefined && !/^\d{10}(-\d{3})?$/.test(data.BuyerTaxCode)) return 'InvalidTaxCode';
    const details = data.OriginalInvoiceDetail as Json[];
    if (!Array.isArray(details) || details.length === 0) return 'RequireError_OriginalInvoiceDetail';
    const byRate = new Map<string, { net: number; vat: number }>();
    let net = 0;
    let vat = 0;
    for (const line of details) {
      if (![1, 3].includes(line.ItemType)) return 'InvoiceDetail_ItemType';
      if (!line.ItemName) return 'InvoiceDetail_ItemName';
      const rate = /^(0|5|8|10)%$/.exec(line.VATRateName)?.[1];
      if (rate === undefined) return 'InvoiceDetail_VATRateName';
      // Invoice_recipe: AmountOC = UnitPrice × Quantity (unit prices to 2 decimals), VAT = net × rate, to the đồng.
      if (Math.abs(line.UnitPrice * line.Quantity - line.AmountOC) > Math.max(1, Math.abs(line.Quantity) * 0.005)) return 'InvoiceDetail_UnitPrice';
      if (line.AmountWithoutVATOC !== line.AmountOC - line.DiscountAmountOC) return 'InvoiceDetail_AmountWithoutVATOC';
      if (Math.abs(line.VATAmountOC - (line.AmountWithoutVATOC * Number(rate)) / 100) > 1) return 'InvoiceDetail_VATAmountOC';
      const sign = line.ItemType === 3 ? -1 : 1;
      net += sign * line.AmountWithoutVATOC;
      vat += sign * line.VATAmountOC;
      const row = byRate.get(line.VATRateName) ?? { net: 0, vat: 0 };
      row.net += sign * line.AmountWithoutVATOC;
      row.vat += sign * line.VATAmountOC;
      byRate.set(line.VATRateName, row);
    }
    if (data.TotalAmountWithoutVATOC !== net || data.TotalSaleAmountOC !== net) return 'InvalidInvoiceData';
    if (data.TotalVATAmountOC !== vat || data.TotalAmountOC !== net + vat) return 'InvalidInvoiceData';
    const rates = data.TaxRateInfo as Json[];
    if (!Array.isArray(rates) || rates.length !== byRate.size) return 'TaxRateInfo_VATRateName';
    for (const rate of rates) {
      const row = byRate.get(rate.VATRateName);
      if (!row || row.net !== rate.AmountWithoutVATOC || row.vat !== rate.VATAmountOC) return 'TaxRateInfo_VATRateName';
    }
    if (byRate.has('8%') && data.IsTaxReduction43 !== true) return 'TaxReductionDateInValid';
    if (data.ReferenceType !== undefined) {
      for (const field of ['OrgInvoiceType', 'OrgInvTemplateNo', 'OrgInvSeries', 'OrgInvNo', 'OrgInvDate', 'InvoiceNote']) {
        if (!data[field]) return `RequireError_${field}`;
      }
      const original = [...invoices.values()].find((stored) => stored.invNo === data.OrgInvNo);
      if (!original) return 'InvoiceCannotAdjust';
    }
    return null;
  }

  function statusRecord(stored: StoredInvoice): Json {
    return { RefID: stored.refId, TransactionID: stored.transactionId, InvNo: stored.invNo, InvDate: stored.invDate, InvSeries: 'C26TYY', InvTempl: '1', InvoiceCode: stored.mccqt, EInvoiceStatus: 1, PublishStatus: 1 };
  }

  async function handle(request: IncomingMessage, response: ServerResponse, body: string): Promise<void> {
    const send = (status: number, payload: unknown) => sendJson(response, status, payload);
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const json = body ? (JSON.parse(body) as unknown) : null;
    if (request.method !== 'POST') return void send(405, envelope(null, 'MethodNotAllowed'));
    if (url.pathname === '/auth/token') {
      const given = json as Json;
      if (Object.entries(CREDENTIALS).some(([name, value]) => given?.[name] !== value)) return void send(200, envelope(null, 'UnAuthorize'));
      logins += 1;
      const token = `token-${logins}-${randomUUID()}`;
      tokens.add(token);
      return void send(200, envelope(token));
    }
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!bearer || !tokens.has(bearer) || request.headers.companytaxcode !== CREDENTIALS.taxcode) return void send(401, { Message: 'Authorization has been denied for this request.' });

    if (url.pathname === '/code/itg/invoicepublishing/publishhsm') {
      const mode = publishMode;
      publishMode = 'normal';
      if (mode === 'hang') return;
      if (mode === 'http500') return void send(500, envelope(null, 'Exception'));
      const results = (json as Json[]).map((item) => {
        const refId = String(item.RefID);
        if (invoices.has(refId)) return { RefID: refId, ErrorCode: 'DuplicateInvoiceRefID' };
        const error = checkInvoice(item);
        if (error) return { RefID: refId, ErrorCode: error };
        number += 1;
        const stored: StoredInvoice = {
          refId,
          transactionId: `TX${String(number).padStart(4, '0')}${randomUUID().slice(0, 6).toUpperCase()}`,
          invNo: String(number).padStart(8, '0'),
          invDate: item.OriginalInvoiceData.InvDate,
          mccqt: `00${randomUUID().replace(/-/g, '').toUpperCase()}`,
          data: item.OriginalInvoiceData,
        };
        invoices.set(refId, stored);
        published.push(item.OriginalInvoiceData);
        // The publish answer carries the number and the TransactionID; the MCCQT is read from the status.
        return { RefID: refId, TransactionID: stored.transactionId, InvNo: stored.invNo, InvDate: stored.invDate, InvSeries: 'C26TYY', InvTemplateNo: '1', ErrorCode: '' };
      });
      if (mode === 'drop') return void request.socket.destroy();
      return void send(200, envelope(JSON.stringify(results)));
    }
    if (url.pathname === '/code/invoicepublished/invoice-status/refid') {
      const records = (json as string[]).flatMap((refId) => (invoices.has(refId) ? [statusRecord(invoices.get(refId)!)] : []));
      return void send(200, envelope(JSON.stringify(records)));
    }
    if (url.pathname === '/code/itg/invoicepublished/downloadinvoice') {
      const type = url.searchParams.get('downloadDataType');
      const records = (json as string[]).flatMap((transactionId) => {
        const stored = [...invoices.values()].find((invoice) => invoice.transactionId === transactionId);
        if (!stored) return [];
        return [{ TransactionID: transactionId, Data: type === 'PDF' ? PDF_BYTES.toString('base64') : `<HDon><SHDon>${Number(stored.invNo)}</SHDon></HDon>` }];
      });
      return void send(200, envelope(JSON.stringify(records)));
    }
    send(404, envelope(null, 'NotFound'));
  }

  const server = await startLoopbackStandIn(handle);
  return {
    url: server.url,
    invoices,
    published,
    logins: () => logins,
    /** Every token given so far stops being accepted (MISA's 15 days are over). */
    expireTokens: () => void (tokens = new Set()),
    nextPublish: (mode: PublishMode) => void (publishMode = mode),
    close: server.close,
  };
}


describe('MISA meInvoice e-invoices', () => {
  let misa: Awaited<ReturnType<typeof misaStandIn>>;
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
