/**
 * What a receipt, an invoice PDF and the Circular 78 XML print: one document built from a paid web order or an
 * invoiced service order (invoiceSources.ts), so the three cannot disagree.
 *
 * Shop prices include VAT (retail prices in Vietnam are quoted with it). Per rate, the amount before tax is
 * round(gross × 100 / (100 + rate)) of each line, and the rate's VAT is its gross minus that, so the rows add up
 * to the total paid to the đồng.
 */
export const VAT_RATES = [0, 5, 8, 10] as const;
export type VatRate = (typeof VAT_RATES)[number];

/**
 * What the shop sells without a rate of its own (a package, the shipping fee, a service line whose service is
 * gone): 8 %, the reduced rate of 2025–2026 that services such as repair and maintenance have.
 */
export const DEFAULT_SERVICE_VAT_RATE: VatRate = 8;

export interface InvoiceParty {
  name: string;
  taxCode: string | null;
  address: string | null;
  email: string | null;
  phone: string | null;
}

/** A line as sold: gross amounts (VAT included). `kind` 1 goods or services, 3 a trade discount (negative). */
export interface InvoiceLine {
  kind: 1 | 3;
  name: string;
  unit: string;
  quantity: number;
  unitPrice: number;
  amount: number;
  vatRate: VatRate;
}

export interface VatRateRow {
  rate: VatRate;
  /** Before tax. */
  net: number;
  vat: number;
  gross: number;
}

export interface InvoiceDocument {
  kind: 'web-order' | 'service-order';
  title: string;
  /** The order's or the invoice's code, printed and in the QR. */
  code: string;
  /** The web order's code, or the service order's code. */
  orderCode: string;
  issuedAt: Date;
  paymentMethod: string;
  paymentStatus: string;
  seller: InvoiceParty;
  buyer: InvoiceParty;
  /** The company of a VAT-invoice request, when one was made. */
  company: InvoiceParty | null;
  lines: InvoiceLine[];
  lookupUrl: string;
  /** The e-invoice this document is (its series, number, the tax authority's code), when it is one; null: a receipt. */
  eInvoice?: { series: string; number: number; taxAuthorityCode: string | null; lookupCode: string; note: string | null } | null;
}

export interface InvoiceTotals {
  rows: VatRateRow[];
  net: number;
  vat: number;
  gross: number;
  /** Each line's amount before tax, in the order of `lines`. */
  lineNet: number[];
}

export function toVatRate(value: number | null | undefined): VatRate {
  return (VAT_RATES as readonly number[]).includes(value ?? -1) ? (value as VatRate) : DEFAULT_SERVICE_VAT_RATE;
}

function netOf(gross: number, rate: number): number {
  return Math.round((gross * 100) / (100 + rate));
}

/** The VAT rows (one per rate used, ascending) and the totals of `lines`. */
export function invoiceTotals(lines: readonly InvoiceLine[]): InvoiceTotals {
  const byRate = new Map<VatRate, VatRateRow>();
  const lineNet = lines.map((line) => {
    const net = netOf(line.amount, line.vatRate);
    const row = byRate.get(line.vatRate) ?? { rate: line.vatRate, net: 0, vat: 0, gross: 0 };
    row.net += net;
    row.gross += line.amount;
    row.vat = row.gross - row.net;
    byRate.set(line.vatRate, row);
    return net;
  });
  const rows = [...byRate.values()].sort((a, b) => a.rate - b.rate);
  const sum = (pick: (row: VatRateRow) => number) => rows.reduce((total, row) => total + pick(row), 0);
  return { rows, net: sum((row) => row.net), vat: sum((row) => row.vat), gross: sum((row) => row.gross), lineNet };
}

/**
 * Spreads a discount (gross, ≥ 0) over the lines' rates in proportion to their gross amounts (the last rate takes
 * the rounding), as trade-discount lines: one per rate, negative.
 */
export function discountLines(lines: readonly InvoiceLine[], discount: number, name: string): InvoiceLine[] {
  if (discount <= 0) return [];
  const grossByRate = new Map<VatRate, number>();
  for (const line of lines) grossByRate.set(line.vatRate, (grossByRate.get(line.vatRate) ?? 0) + line.amount);
  const entries = [...grossByRate.entries()].filter(([, gross]) => gross > 0).sort((a, b) => a[0] - b[0]);
  const total = entries.reduce((sum, [, gross]) => sum + gross, 0);
  if (total <= 0) return [];
  let left = Math.min(discount, total);
  return entries.map(([rate, gross], index) => {
    const share = index === entries.length - 1 ? left : Math.min(left, Math.round((discount * gross) / total));
    left -= share;
    return { kind: 3 as const, name, unit: '', quantity: 1, unitPrice: -share, amount: -share, vatRate: rate };
  }).filter((line) => line.amount !== 0);
}
