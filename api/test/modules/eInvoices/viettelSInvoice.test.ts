import { EInvoiceRefused, type EInvoiceRequest, type IssuedEInvoice } from '../../../src/modules/eInvoices/eInvoiceProvider';
import { VIETTEL_PATHS, viettelSInvoiceProvider, type ViettelSettings } from '../../../src/modules/eInvoices/providers/viettelSInvoice';
import { invoiceTotals, type InvoiceDocument, type InvoiceLine } from '../../../src/modules/invoices';
import { ProviderUnavailable } from '../../../src/outbound';
import { adjustmentOf } from '../../support/eInvoiceFixtures';
import { sendJson, signal, startLoopbackStandIn } from '../../support/eInvoiceProviderStandIn';

// A loopback stand-in of Viettel S-Invoice as its integration document describes it (§5.5 login and Cookie token,
// §7.2 createInvoice, §7.3 getInvoiceRepresentationFile, §7.21 searchInvoiceByTransactionUuid): it checks what it is
// sent, keeps invoices by transactionUuid, numbers them, and fails as a test asks.

type CreateMode = 'ok' | 'fail-once-5xx' | 'hang' | 'lose-answer';
type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

interface StoredInvoice {
  uuid: string;
  invoiceNo: string;
  reservationCode: string;
  codeOfTax: string;
  issueDate: number;
  body: Body;
}

interface ViettelStandIn {
  url: string;
  createMode: CreateMode;
  invoices: Map<string, StoredInvoice>;
  /** Bodies the stand-in refused as malformed (a wrong request shape, inconsistent amounts): none expected. */
  malformed: string[];
  logins: number;
  creates: Body[];
  expireTokens(): void;
  close(): Promise<void>;
}

const SETTINGS: Omit<ViettelSettings, 'baseUrl'> = {
  supplierTaxCode: '0100109106-712',
  username: '0100109106-712',
  password: 'loopback-Pa55word',
  templateCode: '1/001',
  series: 'C26TYY',
};

const vietnamDay = (millis: number) => new Date(millis + 7 * 3_600_000).toISOString().slice(0, 10);

/** What a Viettel-valid createInvoice body must hold (§6), with its amounts consistent to the đồng; the first fault. */
function shapeFault(body: Body, invoices: Map<string, StoredInvoice>): string | null {
  const general = body.generalInvoiceInfo as Body | undefined;
  if (!general) return 'generalInvoiceInfo missing';
  const uuid = String(general.transactionUuid ?? '');
  if (uuid.length < 10 || uuid.length > 36) return 'transactionUuid must be 10–36 characters';
  if (general.templateCode !== SETTINGS.templateCode || general.invoiceSeries !== SETTINGS.series) return 'template/series';
  if (general.invoiceType !== '1' || general.currencyCode !== 'VND' || typeof general.paymentStatus !== 'boolean') return 'invoiceType/currency/paymentStatus';
  if (!body.payments?.[0]?.paymentMethodName) return 'payments[0].paymentMethodName missing';
  const buyer = body.buyerInfo as Body;
  if (!buyer?.buyerName && !buyer?.buyerLegalName) return 'buyer name missing';
  if (buyer.buyerNotGetInvoice === 0 && !buyer.buyerAddressLine) return 'buyerAddressLine required';
  const adjusting = general.adjustmentType === '5';
  if (general.adjustmentType !== '1') {
    if (adjusting && general.adjustmentInvoiceType !== '1' && general.adjustmentInvoiceType !== '2') return 'adjustmentInvoiceType';
    const original = [...invoices.values()].find((invoice) => invoice.invoiceNo === general.originalInvoiceId);
    if (!original) return 'original invoice not found';
    if (vietnamDay(Number(general.originalInvoiceIssueDate)) !== vietnamDay(original.issueDate)) return 'originalInvoiceIssueDate does not match';
    if (!general.additionalReferenceDesc || !general.additionalReferenceDate) return 'additionalReference required';
  }
  // Each line: no negative amounts; quantity × unitPrice within 5 đồng; VAT consistent with the rate.
  const byRate = new Map<number, { net: number; vat: number }>();
  let goods = 0;
  let discounts = 0;
  for (const item of body.itemInfo as Body[]) {
    for (const field of ['itemTotalAmountWithoutTax', 'taxAmount', 'unitPrice', 'quantity']) if (Number(item[field] ?? 0) < 0) return `${field} negative`;
    if (item.selection === 1 && Math.abs(item.quantity * item.unitPrice - item.itemTotalAmountWithoutTax) > 5) return 'quantity × unitPrice';
    if (Math.abs(item.itemTotalAmountWithoutTax * (item.taxPercentage / 100) - item.taxAmount) > 1) return `taxAmount of ${item.itemName}`;
    if (adjusting && typeof item.isIncreaseItem !== 'boolean') return 'isIncreaseItem required on an adjustment';
    // An adjustment's line raises or lowers by isIncreaseItem; an original's discount line (selection 3) lowers.
    const signed = adjusting ? (item.isIncreaseItem ? 1 : -1) : item.selection === 3 ? -1 : 1;
    const row = byRate.get(item.taxPercentage) ?? { net: 0, vat: 0 };
    row.net += signed * item.itemTotalAmountWithoutTax;
    row.vat += signed * item.taxAmount;
    byRate.set(item.taxPercentage, row);
    if (item.selection === 3) discounts += item.itemTotalAmountWithoutTax;
    else goods += signed * item.itemTotalAmountWithoutTax;
  }
  let net = 0;
  let vat = 0;
  for (const breakdown of body.taxBreakdowns as Body[]) {
    const row = byRate.get(breakdown.taxPercentage);
    const sign = breakdown.taxableAmountPos === false ? -1 : 1;
    if (!row || row.net !== sign * breakdown.taxableAmount || row.vat !== sign * breakdown.taxAmount) return `taxBreakdown ${breakdown.taxPercentage}`;
    net += row.net;
    vat += row.vat;
  }
  if (byRate.size !== (body.taxBreakdowns as Body[]).length) return 'a rate without its breakdown';
  const summary = body.summarizeInfo as Body;
  const pos = (flag: unknown) => (flag === false ? -1 : 1);
  if (pos(summary.isTotalAmtWithoutTaxPos) * summary.totalAmountWithoutTax !== net) return 'totalAmountWithoutTax';
  if (pos(summary.isTotalTaxAmountPos) * summary.totalTaxAmount !== vat) return 'totalTaxAmount';
  if (pos(summary.isTotalAmountPos) * summary.totalAmountWithTax !== net + vat) return 'totalAmountWithTax';
  if (!adjusting && (summary.sumOfTotalLineAmountWithoutTax !== goods || summary.discountAmount !== discounts)) return 'sumOfTotalLineAmountWithoutTax/discountAmount';
  return null;
}

async function viettelStandIn(): Promise<ViettelStandIn> {
  const tokens = new Set<string>();
  let counter = 0;
  const state: Omit<ViettelStandIn, 'url' | 'close' | 'expireTokens'> = { createMode: 'ok', invoices: new Map(), malformed: [], logins: 0, creates: [] };
  let failedOnce = false;

  const searchAnswer = (invoice: StoredInvoice) => ({
    supplierTaxCode: SETTINGS.supplierTaxCode,
    invoiceNo: invoice.invoiceNo,
    reservationCode: invoice.reservationCode,
    codeOfTax: invoice.codeOfTax,
    issueDate: invoice.issueDate,
    status: 'Hóa đơn gốc',
  });

  const server = await startLoopbackStandIn((request, response, text) => {
    const path = request.url ?? '';
    if (path === VIETTEL_PATHS.login) {
      const body = JSON.parse(text) as Body;
      if (body.username !== SETTINGS.username || body.password !== SETTINGS.password) return sendJson(response, 401, { code: 401, message: 'Unauthorized' });
      state.logins += 1;
      const token = `token-${state.logins}`;
      tokens.add(token);
      return sendJson(response, 200, { access_token: token, token_type: 'bearer', expires_in: 300 });
    }
    const cookie = /access_token=([^;]+)/.exec(request.headers.cookie ?? '')?.[1];
    if (!cookie || !tokens.has(cookie)) return sendJson(response, 401, { code: 401, message: 'Unauthorized' });

    if (path === VIETTEL_PATHS.create(SETTINGS.supplierTaxCode)) {
      if (request.headers['content-type'] !== 'application/json') return sendJson(response, 415, { code: 415, message: 'Unsupported media type' });
      const body = JSON.parse(text) as Body;
      state.creates.push(body);
      if (state.createMode === 'hang') return; // never answers
      if (state.createMode === 'fail-once-5xx' && !failedOnce) {
        failedOnce = true;
        return sendJson(response, 503, { code: 503, message: 'Service Unavailable' });
      }
      const fault = shapeFault(body, state.invoices);
      if (fault) {
        state.malformed.push(fault);
        return sendJson(response, 400, { code: 400, message: 'BAD_REQUEST', data: fault });
      }
      const uuid = String(body.generalInvoiceInfo.transactionUuid);
      if (state.invoices.has(uuid)) return sendJson(response, 200, { errorCode: 'TRANSACTION_UUID_EXISTED', description: 'transactionUuid đã tồn tại trên hệ thống', result: null });
      const taxCode = body.buyerInfo.buyerTaxCode as string | undefined;
      if (taxCode !== undefined && !/^\d{10}(-\d{3})?$/.test(taxCode)) {
        return sendJson(response, 200, { errorCode: 'INVOICE_BUYER_TAX_CODE_INVALID', description: 'Mã số thuế người mua không hợp lệ', result: null });
      }
      counter += 1;
      const invoice: StoredInvoice = {
        uuid,
        invoiceNo: `${SETTINGS.series}${counter}`,
        reservationCode: `RSV${String(counter).padStart(9, '0')}X`,
        codeOfTax: `00A1B2C3D4E5F6A7B8C9D0E1F2A3B4C5${counter}`,
        issueDate: Math.floor(Date.now() / 1000) * 1000,
        body,
      };
      state.invoices.set(uuid, invoice);
      if (state.createMode === 'lose-answer') return void request.socket.destroy(); // issued, but the answer is lost
      return sendJson(response, 200, {
        errorCode: null,
        description: null,
        result: { supplierTaxCode: SETTINGS.supplierTaxCode, invoiceNo: invoice.invoiceNo, transactionID: `17${counter}0000`, reservationCode: invoice.reservationCode, codeOfTax: invoice.codeOfTax },
      });
    }
    if (path === VIETTEL_PATHS.search) {
      const form = new URLSearchParams(text);
      if (form.get('supplierTaxCode') !== SETTINGS.supplierTaxCode) return sendJson(response, 400, { code: 400, message: 'BAD_REQUEST', data: 'supplierTaxCode' });
      const invoice = state.invoices.get(form.get('transactionUuid') ?? '');
      if (!invoice) return sendJson(response, 400, { code: 400, message: 'NOT_FOUND_DATA', data: 'Không tìm thấy bản ghi' });
      return sendJson(response, 200, { errorCode: null, description: null, transactionUuid: invoice.uuid, result: [searchAnswer(invoice)] });
    }
    if (path === VIETTEL_PATHS.file) {
      const body = JSON.parse(text) as Body;
      const invoice = [...state.invoices.values()].find((stored) => stored.invoiceNo === body.invoiceNo);
      if (!invoice || body.templateCode !== SETTINGS.templateCode || body.supplierTaxCode !== SETTINGS.supplierTaxCode) {
        return sendJson(response, 200, { errorCode: 'NOT_FOUND_DATA', description: 'Không tìm thấy hóa đơn' });
      }
      const file = body.fileType === 'PDF' ? `%PDF-1.4 hóa đơn ${invoice.invoiceNo}` : `PK zip ${invoice.invoiceNo}`;
      return sendJson(response, 200, { errorCode: null, description: null, fileName: `${invoice.invoiceNo}.${String(body.fileType).toLowerCase()}`, fileToBytes: Buffer.from(file).toString('base64') });
    }
    return sendJson(response, 404, { code: 404, message: 'Not Found' });
  });
  return Object.assign(state, {
    url: server.url,
    expireTokens: () => tokens.clear(),
    close: server.close,
  });
}

const line = (name: string, amount: number, vatRate: 8 | 10, quantity = 1, kind: 1 | 3 = 1): InvoiceLine => ({
  kind,
  name,
  unit: kind === 3 ? '' : 'Cái',
  quantity,
  unitPrice: amount / quantity,
  amount,
  vatRate,
});

function documentOf(lines: InvoiceLine[], company: InvoiceDocument['company'] = null): InvoiceDocument {
  return {
    kind: 'web-order',
    title: 'HÓA ĐƠN BÁN HÀNG',
    code: 'WO-2026-0042',
    orderCode: 'WO-2026-0042',
    issuedAt: new Date('2026-03-02T03:00:00Z'),
    paymentMethod: 'Chuyển khoản ngân hàng (VietQR)',
    paymentStatus: 'Đã thanh toán',
    seller: { name: 'EV Shop', taxCode: '0100109106', address: 'Hà Nội', email: null, phone: null },
    buyer: { name: 'Nguyễn Văn An', taxCode: null, address: '12 Láng Hạ, Hà Nội', email: 'an@example.vn', phone: '+84 912 345 678' },
    company,
    lines,
    lookupUrl: 'https://shop.example/hoa-don',
  };
}

// Mixed rates, a trade discount spread over both rates, a shipping fee: the receipt's total is 1,716,000 đ.
const MIXED_LINES: InvoiceLine[] = [
  line('Bộ sạc ô tô điện 7 kW', 1_100_000, 10),
  line('Dây sạc Type 2 (2 cái)', 217_001, 8, 2),
  line('Công lắp đặt', 350_000, 8),
  line('Phí vận chuyển', 99_999, 8),
  line('Giảm giá khuyến mại', -20_000, 8, 1, 3),
  line('Giảm giá khuyến mại', -31_000, 10, 1, 3),
];
const COMPANY = { name: 'Công ty TNHH Xe Xanh', taxCode: '0312770607', address: '1 Nguyễn Huệ, TP. Hồ Chí Minh', email: 'ketoan@xexanh.vn', phone: '028 3822 0000' };

let standIn: ViettelStandIn;
let keySeq = 0;
const newKey = () => `evshop-einv-${Date.now()}-${(keySeq += 1)}`;
const provider = (options: { timeoutMs?: number; retries?: number } = {}) => viettelSInvoiceProvider({ ...SETTINGS, baseUrl: standIn.url }, { ...options });
const original = (key: string, document = documentOf(MIXED_LINES)): EInvoiceRequest => ({ key, kind: 'ORIGINAL', document, corrects: null, reason: null });

beforeEach(async () => {
  standIn = await viettelStandIn();
});
afterEach(async () => {
  await standIn.close();
});

describe('Viettel S-Invoice adapter', () => {
  it('issues an original with its series, number, MCCQT and lookup code', async () => {
    const issued = await provider().issue(original(newKey()), signal());
    expect(issued).toMatchObject({
      providerRef: 'C26TYY1',
      series: 'C26TYY',
      number: 1,
      taxAuthorityCode: expect.stringMatching(/^00A1B2/),
      lookupCode: 'RSV000000001X',
      lookupUrl: expect.stringMatching(/^https:\/\//),
    });
    expect(Number.isNaN(Date.parse(issued.issuedAt))).toBe(false);
    expect(issued.raw.length).toBeLessThanOrEqual(4_000);
    expect(standIn.malformed).toEqual([]);
  });

  it('sends totals equal to the document to the đồng (8 % and 10 %, a discount, shipping)', async () => {
    await provider().issue(original(newKey(), documentOf(MIXED_LINES, COMPANY)), signal());
    expect(standIn.malformed).toEqual([]);
    const sent = standIn.creates[0]!;
    const totals = invoiceTotals(MIXED_LINES);
    expect(totals.gross).toBe(1_716_000);
    expect(sent.summarizeInfo).toMatchObject({ totalAmountWithTax: totals.gross, totalAmountWithoutTax: totals.net, totalTaxAmount: totals.vat });
    expect(sent.taxBreakdowns).toEqual(totals.rows.map((row) => expect.objectContaining({ taxPercentage: row.rate, taxableAmount: row.net, taxAmount: row.vat })));
    // Lines: before tax each, discounts marked as Viettel's discount lines (selection 3, lowering).
    const discounts = (sent.itemInfo as Body[]).filter((item) => item.selection === 3);
    expect(discounts).toHaveLength(2);
    expect(discounts.every((item) => item.isIncreaseItem === false && item.itemTotalAmountWithoutTax > 0)).toBe(true);
    expect((sent.itemInfo as Body[]).map((item) => item.itemTotalAmountWithoutTax + item.taxAmount)).toEqual(MIXED_LINES.map((l) => Math.abs(l.amount)));
    expect(sent.buyerInfo).toMatchObject({ buyerLegalName: COMPANY.name, buyerTaxCode: COMPANY.taxCode, buyerAddressLine: COMPANY.address, buyerName: 'Nguyễn Văn An' });
    expect(sent.payments).toEqual([{ paymentMethodName: 'CK' }]);
  });

  it('issues one invoice for the same key sent twice', async () => {
    const key = newKey();
    const first = await provider().issue(original(key), signal());
    const second = await provider().issue(original(key), signal());
    expect(second).toMatchObject({ series: first.series, number: first.number, lookupCode: first.lookupCode });
    expect(standIn.invoices.size).toBe(1);
  });

  it('finds the invoice whose answer was lost, and none for an unknown key', async () => {
    const key = newKey();
    standIn.createMode = 'lose-answer';
    await expect(provider({ retries: 0 }).issue(original(key), signal())).rejects.toBeInstanceOf(ProviderUnavailable);
    expect(standIn.invoices.size).toBe(1);
    const found = await provider().find(key, signal());
    expect(found).toMatchObject({ series: 'C26TYY', number: 1, lookupCode: 'RSV000000001X' });
    expect(await provider().find(newKey(), signal())).toBeNull();
  });

  it('retries through a 5xx with the same key and still issues one invoice', async () => {
    standIn.createMode = 'fail-once-5xx';
    const issued = await provider().issue(original(newKey()), signal());
    expect(issued.number).toBe(1);
    expect(standIn.creates).toHaveLength(2);
    expect(standIn.invoices.size).toBe(1);
  });

  it('logs in again once when the token is refused', async () => {
    const viettel = provider();
    await viettel.issue(original(newKey()), signal());
    standIn.expireTokens();
    const issued = await viettel.issue(original(newKey()), signal());
    expect(issued.number).toBe(2);
    expect(standIn.logins).toBe(2);
  });

  it('issues an adjustment that references the original with lowering amounts', async () => {
    const viettel = provider();
    const first = await viettel.issue(original(newKey()), signal());
    const refund = [line('Dây sạc Type 2 (trả lại 1 cái)', -108_500, 8)];
    const issued = await viettel.issue(adjustmentOf(first, documentOf(refund), 'Khách trả lại 1 dây sạc', vietnamDay(Date.parse(first.issuedAt)), newKey()), signal());
    expect(standIn.malformed).toEqual([]);
    expect(issued.number).toBe(2);
    const sent = standIn.creates[1]!;
    expect(sent.generalInvoiceInfo).toMatchObject({ adjustmentType: '5', adjustmentInvoiceType: '1', originalInvoiceId: 'C26TYY1', additionalReferenceDesc: 'Khách trả lại 1 dây sạc' });
    expect(sent.generalInvoiceInfo.invoiceNote).toContain('số 1');
    const net = invoiceTotals(refund).net;
    expect(sent.itemInfo).toEqual([expect.objectContaining({ isIncreaseItem: false, itemTotalAmountWithoutTax: -net, quantity: 1 })]);
    expect(sent.taxBreakdowns).toEqual([expect.objectContaining({ taxPercentage: 8, taxableAmount: -net, taxableAmountPos: false, taxAmountPos: false })]);
    expect(sent.summarizeInfo).toMatchObject({ totalAmountWithTax: 108_500, isTotalAmountPos: false });
  });

  it('turns a data error into EInvoiceRefused with a Vietnamese message', async () => {
    const company = { ...COMPANY, taxCode: '03127' };
    const error = (await provider().issue(original(newKey(), documentOf(MIXED_LINES, company)), signal()).catch((caught: unknown) => caught)) as EInvoiceRefused;
    expect(error).toBeInstanceOf(EInvoiceRefused);
    expect(error.providerCode).toBe('INVOICE_BUYER_TAX_CODE_INVALID');
    expect(error.message).toMatch(/từ chối hóa đơn.*Mã số thuế người mua không hợp lệ/);
    expect(standIn.invoices.size).toBe(0);
  });

  it('gives up on a provider that never answers within the configured time-out', async () => {
    standIn.createMode = 'hang';
    const started = Date.now();
    await expect(provider({ timeoutMs: 400 }).issue(original(newKey()), signal())).rejects.toBeInstanceOf(ProviderUnavailable);
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('downloads the PDF as bytes', async () => {
    const viettel = provider();
    const issued: IssuedEInvoice = await viettel.issue(original(newKey()), signal());
    const pdf = await viettel.download(issued, 'pdf', signal());
    expect(Buffer.isBuffer(pdf)).toBe(true);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
