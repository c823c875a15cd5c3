import { XMLParser } from 'fast-xml-parser';
import type { CorrectedInvoice, EInvoiceKind, EInvoiceRequest } from '../../../src/modules/eInvoices/eInvoiceProvider';
import { adjustmentLineName } from '../../../src/modules/eInvoices/eInvoiceRules';
import { misaInvoiceData } from '../../../src/modules/eInvoices/providers/misaMeInvoice';
import { viettelInvoiceJson } from '../../../src/modules/eInvoices/providers/viettelSInvoice';
import { vnptInvoiceContent, vnptXmlInvData } from '../../../src/modules/eInvoices/providers/vnptInvoice';
import { circular78Xml, discountLines, invoiceTotals, VAT_RATES, type InvoiceDocument, type InvoiceLine, type InvoiceTotals, type VatRate } from '../../../src/modules/invoices';
import { seededRandom } from '../../support/seededRandom';

/**
 * Issue 64: what each provider is told an invoice totals is the receipt's total to the đồng. For 1,000 generated
 * baskets (1–8 lines, 1–5 of each at 1,000–50,000,000 đ, VAT 0/5/8/10 %, a promotion spread over the rates, a
 * shipping fee at 8 or 10 % or none) the receipt's invoiceTotals must equal the totals and per-rate rows of the MISA,
 * Viettel and VNPT payloads and of the Circular 78 XML, and each payload's lines must add up to its totals; a refund
 * of a random amount up to the total, adjusted as requestOf adjusts it, nets to −refund everywhere.
 * BASKET_TOTALS_SEED=<n> replays a run (printed in the name).
 */

const BASKETS = 1_000;
const SEED = Number(process.env.BASKET_TOTALS_SEED) || Math.floor(Math.random() * 2 ** 31);

/** A receipt's totals, signed: what the buyer paid (negative: given back), before tax, the VAT, and per rate. */
interface Totals {
  gross: number;
  net: number;
  vat: number;
  rows: { rate: number; net: number; vat: number }[];
}

type Json = Record<string, unknown>;
const num = (value: unknown) => Number(value);
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
const byRate = (rows: Totals['rows']) => [...rows].sort((a, b) => a.rate - b.rate);

/** MISA meInvoice: TotalAmount…, TaxRateInfo per rate; details whose ItemType 3 (trade discount) the totals subtract. */
function misaTotals(request: EInvoiceRequest): { stated: Totals; lines: Totals } {
  const data = misaInvoiceData(request, { series: '1C26TYY' });
  const details = data.OriginalInvoiceDetail as Json[];
  const signOf = (detail: Json) => (detail.ItemType === 3 ? -1 : 1);
  const rows = (data.TaxRateInfo as Json[]).map((row) => ({ rate: Number(String(row.VATRateName).replace('%', '')), net: num(row.AmountWithoutVATOC), vat: num(row.VATAmountOC) }));
  // Each pair MISA states twice (OC and in VND) must agree.
  const pairs: [string, string][] = [['TotalAmountOC', 'TotalAmount'], ['TotalVATAmountOC', 'TotalVATAmount'], ['TotalAmountWithoutVATOC', 'TotalAmountWithoutVAT'], ['TotalSaleAmountOC', 'TotalSaleAmount']];
  for (const [oc, vnd] of pairs) if (data[oc] !== data[vnd]) throw new Error(`MISA ${oc} ${String(data[oc])} ≠ ${vnd} ${String(data[vnd])}`);
  return {
    stated: { gross: num(data.TotalAmount), net: num(data.TotalAmountWithoutVAT), vat: num(data.TotalVATAmount), rows: byRate(rows) },
    lines: {
      gross: sum(details.map((detail) => signOf(detail) * (num(detail.AmountWithoutVAT) + num(detail.VATAmount)))),
      net: sum(details.map((detail) => signOf(detail) * num(detail.AmountWithoutVAT))),
      vat: sum(details.map((detail) => signOf(detail) * num(detail.VATAmount))),
      rows: byRate(rows),
    },
  };
}

/** Viettel S-Invoice: amounts as magnitudes with …Pos flags (summarizeInfo, taxBreakdowns), lines with selection 3 or isIncreaseItem. */
function viettelTotals(request: EInvoiceRequest): { stated: Totals; lines: Totals } {
  const json = viettelInvoiceJson(request, { baseUrl: 'https://viettel.test', supplierTaxCode: '0123456787', username: 'u', password: 'p', templateCode: '1/001', series: 'C26TYY' }, new Date('2026-11-20T03:00:00.000Z'));
  const summary = json.summarizeInfo as Json;
  const signed = (amount: unknown, positive: unknown) => (positive === false ? -1 : 1) * num(amount);
  const rows = (json.taxBreakdowns as Json[]).map((row) => ({ rate: num(row.taxPercentage), net: signed(row.taxableAmount, row.taxableAmountPos), vat: signed(row.taxAmount, row.taxAmountPos) }));
  const items = json.itemInfo as Json[];
  const signOf = (item: Json) => (item.isIncreaseItem === false || (item.isIncreaseItem === undefined && item.selection === 3) ? -1 : 1);
  const net = signed(summary.totalAmountWithoutTax, summary.isTotalAmtWithoutTaxPos);
  // Its goods before tax less the discount is its amount before tax (and after discount).
  if (num(summary.totalAmountAfterDiscount) !== Math.abs(net)) throw new Error(`Viettel totalAmountAfterDiscount ${String(summary.totalAmountAfterDiscount)} ≠ ${net}`);
  if (Math.abs(num(summary.sumOfTotalLineAmountWithoutTax) - num(summary.discountAmount)) !== Math.abs(net)) throw new Error(`Viettel lines ${String(summary.sumOfTotalLineAmountWithoutTax)} − discount ${String(summary.discountAmount)} ≠ ${net}`);
  return {
    stated: { gross: signed(summary.totalAmountWithTax, summary.isTotalAmountPos), net, vat: signed(summary.totalTaxAmount, summary.isTotalTaxAmountPos), rows: byRate(rows) },
    lines: {
      gross: sum(items.map((item) => signOf(item) * num(item.itemTotalAmountWithTax))),
      net: sum(items.map((item) => signOf(item) * num(item.itemTotalAmountWithoutTax))),
      vat: sum(items.map((item) => signOf(item) * num(item.taxAmount))),
      rows: byRate(rows),
    },
  };
}

/** VNPT Invoice: Amount, VATAmount, Total and GrossValueN/VatAmountN, positive with Type 3 for a reducing adjustment; IsSum 2 lines subtracted. */
function vnptTotals(request: EInvoiceRequest): { stated: Totals; lines: Totals } {
  const content = vnptInvoiceContent(request);
  const direction = content.Type === 3 ? -1 : 1;
  const rows = VAT_RATES.filter((rate) => content[`GrossValue${rate}`] !== undefined).map((rate) => ({ rate, net: direction * num(content[`GrossValue${rate}`]), vat: direction * num(content[`VatAmount${rate}`]) }));
  const products = (content.Products as { Product: Json[] }).Product;
  const signOf = (product: Json) => direction * (product.IsSum === 2 ? -1 : 1);
  // What is sent is the xmlInvData: its amounts must survive the XML as the content has them.
  const root = new XMLParser({ parseTagValue: false }).parse(vnptXmlInvData(request)) as Record<string, Json>;
  const sent = (request.kind === 'ORIGINAL' ? ((root.Invoices!.Inv as Json).Invoice as Json) : root[request.kind === 'ADJUSTMENT' ? 'AdjustInv' : 'ReplaceInv'])!;
  for (const field of ['Amount', 'VATAmount', 'Total']) if (num(sent[field]) !== num(content[field])) throw new Error(`VNPT xmlInvData ${field} ${String(sent[field])} ≠ ${String(content[field])}`);
  return {
    stated: { gross: direction * num(content.Amount), net: direction * num(content.Total), vat: direction * num(content.VATAmount), rows },
    lines: {
      gross: sum(products.map((product) => signOf(product) * num(product.Amount))),
      net: sum(products.map((product) => signOf(product) * num(product.Total))),
      vat: sum(products.map((product) => signOf(product) * num(product.VATAmount))),
      rows,
    },
  };
}

/** The Circular 78 XML: TToan's TgTTTBSo, TgTThue, TgTCThue and LTSuat rows; lines' ThTien per rate (TChat 3 subtracted). */
const c78Parser = new XMLParser({ parseTagValue: false, isArray: (name) => name === 'HHDVu' || name === 'LTSuat' });
function circular78Totals(request: EInvoiceRequest): { stated: Totals; lines: Totals } {
  const xml = circular78Xml({ document: request.document, number: 1 }, '0123456787');
  const content = (c78Parser.parse(xml) as { HDon: { DLHDon: { NDHDon: { DSHHDVu: { HHDVu: Json[] }; TToan: Json & { THTTLTSuat: { LTSuat: Json[] } } } } } }).HDon.DLHDon.NDHDon;
  const rows = content.TToan.THTTLTSuat.LTSuat.map((row) => ({ rate: Number(String(row.TSuat).replace('%', '')), net: num(row.ThTien), vat: num(row.TThue) }));
  const lineRows = byRate(
    rows.map((row) => ({ rate: row.rate, net: sum(content.DSHHDVu.HHDVu.filter((line) => line.TSuat === `${row.rate}%`).map((line) => (line.TChat === '3' ? -1 : 1) * num(line.ThTien))), vat: row.vat })),
  );
  return {
    stated: { gross: num(content.TToan.TgTTTBSo), net: num(content.TToan.TgTCThue), vat: num(content.TToan.TgTThue), rows: byRate(rows) },
    lines: { gross: sum(lineRows.map((row) => row.net + row.vat)), net: sum(lineRows.map((row) => row.net)), vat: sum(rows.map((row) => row.vat)), rows: lineRows },
  };
}

const PROVIDERS = { misa: misaTotals, viettel: viettelTotals, vnpt: vnptTotals, circular78: circular78Totals } as const;

/** One generated basket: its receipt's lines as webOrderDocument builds them, and what the customer paid (computed apart). */
function basketOf(draw: () => number): { lines: InvoiceLine[]; paid: number } {
  const pick = <T>(items: readonly T[]) => items[Math.floor(draw() * items.length)]!;
  const goods: InvoiceLine[] = Array.from({ length: 1 + Math.floor(draw() * 8) }, (_, index) => {
    const quantity = 1 + Math.floor(draw() * 5);
    // 1,000–50,000,000 đ, log-uniform: cheap parts and whole vehicles alike.
    const unitPrice = Math.round(1_000 * 50_000 ** draw());
    return { kind: 1, name: `Mặt hàng ${index + 1}`, unit: 'cái', quantity, unitPrice, amount: quantity * unitPrice, vatRate: pick<VatRate>(VAT_RATES) };
  });
  const goodsTotal = sum(goods.map((line) => line.amount));
  // A promotion on two baskets in three: up to half the goods, often a round figure.
  const promotion = draw() < 1 / 3 ? 0 : draw() < 0.5 ? Math.floor(draw() * goodsTotal * 0.5) : Math.min(Math.floor(goodsTotal / 2), 1_000 * (1 + Math.floor(draw() * 500)));
  const shipping = draw() < 0.4 ? 0 : 1_000 * (15 + Math.floor(draw() * 186));
  const shippingLine: InvoiceLine[] = shipping > 0 ? [{ kind: 1, name: 'Phí vận chuyển', unit: 'lần', quantity: 1, unitPrice: shipping, amount: shipping, vatRate: draw() < 0.5 ? 8 : 10 }] : [];
  return { lines: [...goods, ...discountLines(goods, promotion, 'Chiết khấu khuyến mãi'), ...shippingLine], paid: goodsTotal - promotion + shipping };
}

const documentOf = (lines: InvoiceLine[], index: number): InvoiceDocument => ({
  kind: 'web-order',
  title: 'BIÊN NHẬN THANH TOÁN',
  code: `EVBASKET${index}`,
  orderCode: `EVBASKET${index}`,
  issuedAt: new Date('2026-11-20T03:00:00.000Z'),
  paymentMethod: 'Chuyển khoản',
  paymentStatus: 'Đã thanh toán',
  seller: { name: 'Công ty TNHH EV Service (demo)', taxCode: '0123456787', address: '1 Đường Demo, TP. Hồ Chí Minh', email: null, phone: null },
  buyer: { name: 'Nguyễn Văn Mua', taxCode: null, address: '12 Trần Duy Hưng, Hà Nội', email: 'mua@example.vn', phone: '0912345678' },
  company: null,
  lines,
  lookupUrl: `https://evshop.test/orders/EVBASKET${index}`,
});

describe(`${BASKETS} generated baskets (seed ${SEED})`, () => {
  it("each provider's totals, its per-rate rows and its lines equal the receipt's to the đồng, and a refund's adjustment nets to −refund", () => {
    const draw = seededRandom(SEED);
    const differences: string[] = [];
    const figures = { lines: 0, rates: 0, discounted: 0, shipped: 0, refunded: 0 };
    const compare = (basket: number, kind: EInvoiceKind, request: EInvoiceRequest, document: InvoiceTotals) => {
      const receipt: Totals = { gross: document.gross, net: document.net, vat: document.vat, rows: document.rows.map(({ rate, net, vat }) => ({ rate, net, vat })) };
      for (const [provider, totalsOf] of Object.entries(PROVIDERS)) {
        try {
          const { stated, lines } = totalsOf(request);
          for (const [what, totals] of [['totals', stated], ['lines', lines]] as const) {
            const fields = (['gross', 'net', 'vat'] as const).filter((field) => totals[field] !== receipt[field]);
            if (fields.length > 0) differences.push(`basket ${basket} ${kind} ${provider} ${what}: ${fields.map((field) => `${field} ${totals[field]} ≠ ${receipt[field]}`).join(', ')}`);
          }
          if (JSON.stringify(stated.rows) !== JSON.stringify(receipt.rows)) differences.push(`basket ${basket} ${kind} ${provider} rows ${JSON.stringify(stated.rows)} ≠ ${JSON.stringify(receipt.rows)}`);
          if (JSON.stringify(lines.rows.map((row) => [row.rate, row.net])) !== JSON.stringify(receipt.rows.map((row) => [row.rate, row.net]))) differences.push(`basket ${basket} ${kind} ${provider} lines per rate ${JSON.stringify(lines.rows)} ≠ ${JSON.stringify(receipt.rows)}`);
        } catch (error) {
          differences.push(`basket ${basket} ${kind} ${provider}: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    };

    for (let basket = 0; basket < BASKETS; basket += 1) {
      const { lines, paid } = basketOf(draw);
      const document = documentOf(lines, basket);
      const receipt = invoiceTotals(document.lines);
      figures.lines += lines.length;
      figures.rates += receipt.rows.length;
      if (lines.some((line) => line.kind === 3)) figures.discounted += 1;
      if (lines.some((line) => line.name === 'Phí vận chuyển')) figures.shipped += 1;
      // The receipt itself: its rows add up to what was paid, the discount spread to the đồng.
      if (receipt.gross !== paid || receipt.net + receipt.vat !== paid) differences.push(`basket ${basket} receipt: gross ${receipt.gross}, net ${receipt.net} + vat ${receipt.vat}, paid ${paid}`);
      compare(basket, 'ORIGINAL', { key: `basket-${basket}`, kind: 'ORIGINAL', document, corrects: null, reason: null }, receipt);

      // A refund up to the total, adjusted as requestOf adjusts it: the refund over the original's rates, negative lines.
      const refund = 1 + Math.floor(draw() * paid);
      const corrects: CorrectedInvoice = { providerRef: `STANDIN-${basket + 1}`, series: 'C26TYY', number: basket + 1, issuedOn: '2026-11-20', taxAuthorityCode: null };
      const adjustment = discountLines(document.lines, refund, '').map((line) => ({ ...line, kind: 1 as const, name: adjustmentLineName(line.vatRate, corrects), unit: 'lần' }));
      const adjustmentTotals = invoiceTotals(adjustment);
      figures.refunded += 1;
      if (sum(adjustment.map((line) => line.amount)) !== -refund || adjustmentTotals.gross !== -refund) differences.push(`basket ${basket} refund ${refund}: lines net to ${sum(adjustment.map((line) => line.amount))}`);
      if (adjustment.some((line) => !receipt.rows.some((row) => row.rate === line.vatRate))) differences.push(`basket ${basket} refund ${refund}: a rate the original has not`);
      compare(basket, 'ADJUSTMENT', { key: `basket-refund-${basket}`, kind: 'ADJUSTMENT', document: { ...document, title: 'HÓA ĐƠN ĐIỀU CHỈNH', lines: adjustment }, corrects, reason: 'Hoàn tiền cho khách hàng' }, adjustmentTotals);
    }

    console.log(`basket totals, seed ${SEED}: ${BASKETS} baskets, ${figures.lines} lines, ${figures.rates} VAT rows, ${figures.discounted} with a promotion, ${figures.shipped} with shipping, ${figures.refunded} refunds; ${differences.length} differences`);
    expect(differences.slice(0, 20)).toEqual([]);
  });
});
