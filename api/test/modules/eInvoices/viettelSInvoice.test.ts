import { EInvoiceRefused, type EInvoiceRequest, type IssuedEInvoice } from '../../../src/modules/eInvoices/eInvoiceProvider';
import { viettelSInvoiceProvider } from '../../../src/modules/eInvoices/providers/viettelSInvoice';
import { VIETTEL_STAND_IN_ACCOUNT as SETTINGS, vietnamDay, viettelStandIn, type ViettelStandIn } from '../../../src/modules/eInvoices/standIns/viettelStandIn';
import { invoiceTotals, type InvoiceDocument, type InvoiceLine } from '../../../src/modules/invoices';
import { ProviderUnavailable } from '../../../src/outbound';
import { adjustmentOf, signal } from '../../support/eInvoiceFixtures';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

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
