import { XMLParser } from 'fast-xml-parser';
import { amountInVietnameseWords } from 'shared-contracts/schemas';
import { DEMO_SELLER } from '../../../src/config';
import type { CorrectedInvoice, EInvoiceKind, EInvoiceRequest, IssuedEInvoice } from '../../../src/modules/eInvoices/eInvoiceProvider';
import { adjustmentLineName } from '../../../src/modules/eInvoices/eInvoiceRules';
import { standInEInvoiceProvider } from '../../../src/modules/eInvoices/providers/standInEInvoice';
import { discountLines, type InvoiceDocument, type InvoiceLine } from '../../../src/modules/invoices';
import { productionDatabase, useScratchDatabase } from '../../support/testDatabases';

/**
 * Issue 64: the XML of each kind of e-invoice (an ORIGINAL, a negative ADJUSTMENT, a REPLACEMENT), as the stand-in
 * keeps it from circular78Xml, has the structure of Circular 78/2021/TT-BTC as Decision 1450/QĐ-TCT lays it out —
 * the required elements with their types and patterns, TTHDLQuan on a correction only — and its numbers add up.
 */

type Node = Record<string, unknown>;

/** A Vietnamese tax code: 10 digits whose 10th is the check digit (weights 31 29 23 19 17 13 7 5 3), or that and -NNN of a branch. */
function validTaxCode(text: string): boolean {
  const match = /^(\d{10})(-\d{3})?$/.exec(text);
  if (!match) return false;
  const digits = [...match[1]!].map(Number);
  const sum = [31, 29, 23, 19, 17, 13, 7, 5, 3].reduce((total, weight, index) => total + weight * digits[index]!, 0);
  return 10 - (sum % 11) === digits[9];
}

const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const INTEGER = /^-?\d+$/;
const DECIMAL = /^-?\d+(\.\d+)?$/;
/** Ký hiệu: C (with the tax authority's code) or K, the year's 2 digits, the kind of seller (T a registered enterprise …), 2 of its own. */
const SERIES = /^[CK]\d{2}[TDLMNBGH][A-Z0-9]{2}$/;
const RATES = ['0%', '5%', '8%', '10%'];

/** What an element's text must be. */
type Check = RegExp | ((text: string) => boolean);
const nonEmpty: Check = (text) => text.trim().length > 0;

/** The element paths every VAT invoice has (Decision 1450, HĐ GTGT), each with what its text must be. */
const GENERAL: [string, Check][] = [
  ['PBan', /^\d+\.\d+\.\d+$/],
  ['THDon', nonEmpty],
  ['KHMSHDon', /^[1-6]$/],
  ['KHHDon', SERIES],
  ['SHDon', /^[1-9]\d{0,7}$/],
  ['NLap', DATE],
  ['DVTTe', /^[A-Z]{3}$/],
  ['TGia', DECIMAL],
  ['HTTToan', nonEmpty],
  ['MSTTCGP', validTaxCode],
];
/** The related invoice of a correction: TCHDon 1 thay thế, 2 điều chỉnh; LHDCLQuan 1–4 the kind of invoice related. */
const RELATED: [string, Check][] = [
  ['TCHDon', /^[12]$/],
  ['LHDCLQuan', /^[1-4]$/],
  ['KHMSHDCLQuan', /^[1-6]$/],
  ['KHHDCLQuan', SERIES],
  ['SHDCLQuan', /^[1-9]\d{0,7}$/],
  ['NLHDCLQuan', DATE],
  ['GChu', nonEmpty],
];
const LINE: [string, Check][] = [
  ['TChat', /^[1-4]$/],
  ['STT', /^[1-9]\d*$/],
  ['THHDVu', nonEmpty],
  ['DVTinh', () => true],
  ['SLuong', DECIMAL],
  ['DGia', DECIMAL],
  ['ThTien', INTEGER],
  ['TSuat', (text) => RATES.includes(text)],
];
const RATE_ROW: [string, Check][] = [
  ['TSuat', (text) => RATES.includes(text)],
  ['ThTien', INTEGER],
  ['TThue', INTEGER],
];
const TOTALS: [string, Check][] = [
  ['TgTCThue', INTEGER],
  ['TgTThue', INTEGER],
  ['TgTTTBSo', INTEGER],
  ['TgTTTBChu', nonEmpty],
];

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', parseTagValue: false, isArray: (name) => name === 'HHDVu' || name === 'LTSuat' });

/**
 * The structural problems of a Circular 78 invoice XML expected to be of `kind`: missing elements, texts of the wrong
 * type or pattern, a related-invoice block missing on a correction (or present on an original), and totals that do not
 * add up. Empty: the XML is sound.
 */
function circular78Problems(xml: string, kind: EInvoiceKind): string[] {
  const problems: string[] = [];
  const child = (node: unknown, name: string, at: string): Node | null => {
    const value = node !== null && typeof node === 'object' ? (node as Node)[name] : undefined;
    if (value === undefined || value === null || typeof value !== 'object') {
      problems.push(`missing ${at}/${name}`);
      return null;
    }
    return value as Node;
  };
  const fields = (node: Node | null, at: string, rules: [string, Check][]): Record<string, string> => {
    const texts: Record<string, string> = {};
    if (!node) return texts;
    for (const [name, check] of rules) {
      const value = node[name];
      if (value === undefined) {
        problems.push(`missing ${at}/${name}`);
        continue;
      }
      const text = typeof value === 'string' ? value : '';
      if (typeof value !== 'string' || !(typeof check === 'function' ? check(text) : check.test(text))) problems.push(`${at}/${name} is not valid: ${JSON.stringify(value)}`);
      texts[name] = text;
    }
    return texts;
  };

  const invoice = child(parser.parse(xml), 'HDon', '');
  const data = child(invoice, 'DLHDon', 'HDon');
  const general = child(data, 'TTChung', 'HDon/DLHDon');
  fields(general, 'HDon/DLHDon/TTChung', GENERAL);
  const related = general?.TTHDLQuan;
  if (kind === 'ORIGINAL') {
    if (related !== undefined) problems.push('an original has TTHDLQuan');
  } else {
    const texts = fields(child(general, 'TTHDLQuan', 'HDon/DLHDon/TTChung'), 'HDon/DLHDon/TTChung/TTHDLQuan', RELATED);
    if (texts.TCHDon !== undefined && texts.TCHDon !== (kind === 'REPLACEMENT' ? '1' : '2')) problems.push(`TCHDon ${texts.TCHDon} for ${kind}`);
  }
  const content = child(data, 'NDHDon', 'HDon/DLHDon');
  fields(child(content, 'NBan', 'HDon/DLHDon/NDHDon'), 'HDon/DLHDon/NDHDon/NBan', [['Ten', nonEmpty], ['MST', validTaxCode], ['DChi', nonEmpty]]);
  const buyer = child(content, 'NMua', 'HDon/DLHDon/NDHDon');
  fields(buyer, 'HDon/DLHDon/NDHDon/NMua', [['Ten', nonEmpty]]);
  if (buyer && typeof buyer.MST === 'string' && buyer.MST !== '' && !validTaxCode(buyer.MST)) problems.push(`HDon/DLHDon/NDHDon/NMua/MST is not valid: ${JSON.stringify(buyer.MST)}`);

  // Lines: each rate's amounts before tax, a trade discount (TChat 3) subtracted.
  const list = child(content, 'DSHHDVu', 'HDon/DLHDon/NDHDon');
  const lines = Array.isArray(list?.HHDVu) ? (list.HHDVu as Node[]) : [];
  if (list && lines.length === 0) problems.push('missing HDon/DLHDon/NDHDon/DSHHDVu/HHDVu');
  const netByRate = new Map<string, { net: number; lines: number }>();
  lines.forEach((line, index) => {
    const texts = fields(line, `HDon/DLHDon/NDHDon/DSHHDVu/HHDVu[${index + 1}]`, LINE);
    if (texts.STT !== undefined && texts.STT !== String(index + 1)) problems.push(`HHDVu[${index + 1}] has STT ${texts.STT}`);
    if (texts.TChat === '1' && !texts.DVTinh) problems.push(`HHDVu[${index + 1}] (goods or services) has no DVTinh`);
    if (texts.TSuat === undefined || texts.ThTien === undefined || !INTEGER.test(texts.ThTien)) return;
    const row = netByRate.get(texts.TSuat) ?? { net: 0, lines: 0 };
    row.net += (texts.TChat === '3' ? -1 : 1) * Number(texts.ThTien);
    row.lines += 1;
    netByRate.set(texts.TSuat, row);
  });

  const totalsNode = child(content, 'TToan', 'HDon/DLHDon/NDHDon');
  const rateRows = child(totalsNode, 'THTTLTSuat', 'HDon/DLHDon/NDHDon/TToan');
  const rows = Array.isArray(rateRows?.LTSuat) ? (rateRows.LTSuat as Node[]) : [];
  if (rateRows && rows.length === 0) problems.push('missing HDon/DLHDon/NDHDon/TToan/THTTLTSuat/LTSuat');
  let net = 0;
  let vat = 0;
  const seen = new Set<string>();
  rows.forEach((row, index) => {
    const texts = fields(row, `HDon/DLHDon/NDHDon/TToan/THTTLTSuat/LTSuat[${index + 1}]`, RATE_ROW);
    if (texts.TSuat === undefined || !INTEGER.test(texts.ThTien ?? '') || !INTEGER.test(texts.TThue ?? '')) return;
    if (seen.has(texts.TSuat)) problems.push(`rate ${texts.TSuat} has two LTSuat rows`);
    seen.add(texts.TSuat);
    const rowNet = Number(texts.ThTien);
    const rowVat = Number(texts.TThue);
    net += rowNet;
    vat += rowVat;
    const fromLines = netByRate.get(texts.TSuat);
    if (!fromLines) problems.push(`rate ${texts.TSuat} has no lines`);
    else if (fromLines.net !== rowNet) problems.push(`rate ${texts.TSuat}: lines total ${fromLines.net}, LTSuat ThTien ${rowNet}`);
    // VAT per rate: the rate of its amount, within the rounding of each line's amount before tax (≤ 1 đồng a line).
    const expected = Math.round((rowNet * Number(texts.TSuat.replace('%', ''))) / 100);
    if (Math.abs(rowVat - expected) > (fromLines?.lines ?? 1)) problems.push(`rate ${texts.TSuat}: TThue ${rowVat}, ${texts.TSuat} of ${rowNet} is ${expected}`);
  });
  for (const rate of netByRate.keys()) if (!seen.has(rate)) problems.push(`rate ${rate} has lines but no LTSuat row`);
  const totals = fields(totalsNode, 'HDon/DLHDon/NDHDon/TToan', TOTALS);
  if ([totals.TgTCThue, totals.TgTThue, totals.TgTTTBSo].every((text) => text !== undefined && INTEGER.test(text))) {
    const [beforeTax, tax, total] = [Number(totals.TgTCThue), Number(totals.TgTThue), Number(totals.TgTTTBSo)];
    if (beforeTax !== net) problems.push(`TgTCThue ${beforeTax}, LTSuat rows ${net}`);
    if (tax !== vat) problems.push(`TgTThue ${tax}, LTSuat rows ${vat}`);
    if (beforeTax + tax !== total) problems.push(`TgTCThue ${beforeTax} + TgTThue ${tax} ≠ TgTTTBSo ${total}`);
    const words = total < 0 ? `Âm ${amountInVietnameseWords(-total).replace(/^./, (first) => first.toLowerCase())}` : amountInVietnameseWords(total);
    if (totals.TgTTTBChu !== undefined && totals.TgTTTBChu !== words) problems.push(`TgTTTBChu "${totals.TgTTTBChu}" is not ${total} in words`);
    // An adjustment that gives money back reduces: its total is negative; the others are not.
    if ((kind === 'ADJUSTMENT') !== total < 0) problems.push(`${kind} totals ${total}`);
  }
  return problems;
}

const line = (name: string, quantity: number, unitPrice: number, vatRate: InvoiceLine['vatRate'], unit = 'cái'): InvoiceLine => ({ kind: 1, name, unit, quantity, unitPrice, amount: quantity * unitPrice, vatRate });

describe.each(productionDatabase())('the Circular 78 XML of each kind of e-invoice on $label', (target) => {
  const scratch = useScratchDatabase(target);
  const issuedAt = new Date('2026-11-20T03:00:00.000Z');
  const goods = [line('Lốp xe máy điện 90/90-12', 2, 1_250_000, 10), line('Sạc nhanh 60V', 1, 3_490_000, 8), line('Sách hướng dẫn', 1, 85_000, 5), line('Bảo hiểm thiết bị', 1, 120_000, 0)];
  const document: InvoiceDocument = {
    kind: 'web-order',
    title: 'BIÊN NHẬN THANH TOÁN',
    code: 'EV26112000001',
    orderCode: 'EV26112000001',
    issuedAt,
    paymentMethod: 'Chuyển khoản',
    paymentStatus: 'Đã thanh toán',
    seller: { name: DEMO_SELLER.legalName, taxCode: DEMO_SELLER.taxCode, address: DEMO_SELLER.address, email: null, phone: null },
    buyer: { name: 'Nguyễn Văn Mua', taxCode: null, address: '12 Trần Duy Hưng, Hà Nội', email: 'mua@example.vn', phone: '0912345678' },
    company: { name: 'Công ty Cổ phần Giao Hàng Xanh', taxCode: '0100109106', address: '1 Giang Văn Minh, Hà Nội', email: 'ketoan@example.vn', phone: null },
    // The receipt's lines: goods at four rates, the promotion spread over them, the shipping fee at 8 %.
    lines: [...goods, ...discountLines(goods, 333_333, 'Chiết khấu khuyến mãi'), line('Phí vận chuyển', 1, 30_000, 8, 'lần')],
    lookupUrl: 'https://evshop.test/orders/EV26112000001',
  };
  const xmls = new Map<EInvoiceKind, string>();

  beforeAll(async () => {
    const provider = standInEInvoiceProvider(scratch.db, { sellerTaxCode: DEMO_SELLER.taxCode, publicUrl: 'https://evshop.test', now: () => issuedAt });
    const signal = new AbortController().signal;
    const issue = async (request: EInvoiceRequest): Promise<IssuedEInvoice> => {
      const issued = await provider.issue(request, signal);
      xmls.set(request.kind, (await provider.download(issued, 'xml', signal)).toString('utf8'));
      return issued;
    };
    const original = await issue({ key: 'structure-original', kind: 'ORIGINAL', document, corrects: null, reason: null });
    const corrects: CorrectedInvoice = { providerRef: original.providerRef, series: original.series, number: original.number, issuedOn: '2026-11-20', taxAuthorityCode: original.taxAuthorityCode };
    // A refund as requestOf adjusts it: spread over the original's rates, negative lines naming the original.
    const refund = discountLines(document.lines, 1_234_567, '').map((share) => ({ ...share, kind: 1 as const, name: adjustmentLineName(share.vatRate, corrects), unit: 'lần' }));
    await issue({ key: 'structure-adjustment', kind: 'ADJUSTMENT', document: { ...document, title: 'HÓA ĐƠN ĐIỀU CHỈNH', lines: refund }, corrects, reason: 'Khách trả lại sạc nhanh' });
    // A replacement: the right price of the charger, the whole invoice again.
    const corrected = document.lines.map((entry) => (entry.name === 'Sạc nhanh 60V' ? line(entry.name, 1, 3_190_000, 8) : entry));
    await issue({ key: 'structure-replacement', kind: 'REPLACEMENT', document: { ...document, lines: corrected }, corrects, reason: 'Sai đơn giá sạc nhanh' });
  });

  it.each(['ORIGINAL', 'ADJUSTMENT', 'REPLACEMENT'] as const)('the XML of the %s has the structure and its numbers add up', (kind) => {
    const xml = xmls.get(kind)!;
    expect(circular78Problems(xml, kind)).toEqual([]);
    const general = (parser.parse(xml) as { HDon: { DLHDon: { TTChung: Node } } }).HDon.DLHDon.TTChung;
    if (kind === 'ORIGINAL') return;
    // The correction names the original (the stand-in's first invoice, of the same series) and why.
    const original = (parser.parse(xmls.get('ORIGINAL')!) as { HDon: { DLHDon: { TTChung: Node } } }).HDon.DLHDon.TTChung;
    expect(general.TTHDLQuan).toEqual({
      TCHDon: kind === 'REPLACEMENT' ? '1' : '2',
      LHDCLQuan: '1',
      KHMSHDCLQuan: '1',
      KHHDCLQuan: original.KHHDon,
      SHDCLQuan: original.SHDon,
      NLHDCLQuan: '2026-11-20',
      GChu: kind === 'REPLACEMENT' ? 'Sai đơn giá sạc nhanh' : 'Khách trả lại sạc nhanh',
    });
  });

  it('states the adjustment as the refund: −1,234,567 đ in total, in words "Âm …"', () => {
    const totals = (parser.parse(xmls.get('ADJUSTMENT')!) as { HDon: { DLHDon: { NDHDon: { TToan: Node } } } }).HDon.DLHDon.NDHDon.TToan;
    expect(totals.TgTTTBSo).toBe('-1234567');
    expect(totals.TgTTTBChu).toMatch(/^Âm một triệu hai trăm ba mươi bốn nghìn/);
  });

  it('refuses a broken XML: an element missing, totals off by 1 đồng, a line off by 1 đồng, a correction without its related invoice', () => {
    const original = xmls.get('ORIGINAL')!;
    const adjustment = xmls.get('ADJUSTMENT')!;
    expect(circular78Problems(original.replace(/\s*<NLap>[^<]*<\/NLap>/, ''), 'ORIGINAL')).toEqual(['missing HDon/DLHDon/TTChung/NLap']);
    const total = /<TgTTTBSo>(-?\d+)<\/TgTTTBSo>/.exec(original)![1]!;
    expect(circular78Problems(original.replace(`<TgTTTBSo>${total}</TgTTTBSo>`, `<TgTTTBSo>${Number(total) + 1}</TgTTTBSo>`), 'ORIGINAL')).toEqual(
      expect.arrayContaining([expect.stringMatching(/^TgTCThue \d+ \+ TgTThue \d+ ≠ TgTTTBSo \d+$/)]),
    );
    const firstLine = /<ThTien>(\d+)<\/ThTien>/.exec(original)![1]!;
    expect(circular78Problems(original.replace(`<ThTien>${firstLine}</ThTien>`, `<ThTien>${Number(firstLine) + 1}</ThTien>`), 'ORIGINAL')).toEqual([expect.stringMatching(/^rate 10%: lines total \d+, LTSuat ThTien \d+$/)]);
    expect(circular78Problems(adjustment.replace(/\s*<TTHDLQuan>[\s\S]*<\/TTHDLQuan>/, ''), 'ADJUSTMENT')).toEqual(['missing HDon/DLHDon/TTChung/TTHDLQuan']);
    expect(circular78Problems(adjustment, 'ORIGINAL')).toEqual(expect.arrayContaining(['an original has TTHDLQuan']));
    expect(circular78Problems(original.replace(/<KHHDon>[^<]*<\/KHHDon>/, '<KHHDon>C2026YY</KHHDon>'), 'ORIGINAL')).toEqual(['HDon/DLHDon/TTChung/KHHDon is not valid: "C2026YY"']);
    expect(circular78Problems(original.replace(/<TSuat>10%<\/TSuat>/g, '<TSuat>7%</TSuat>'), 'ORIGINAL')).toEqual(expect.arrayContaining([expect.stringMatching(/TSuat is not valid: "7%"$/)]));
    expect(circular78Problems(original.replace(`<MST>${DEMO_SELLER.taxCode}</MST>`, '<MST>0123456789</MST>'), 'ORIGINAL')).toEqual(['HDon/DLHDon/NDHDon/NBan/MST is not valid: "0123456789"']);
  });
});
