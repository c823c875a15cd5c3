import type { InvoiceDocument } from '../invoices';

/**
 * An e-invoice's place in its chain (Decree 123/2020 Art. 19 as amended by Decree 70/2025): the sale's own invoice,
 * an adjustment of an issued one (a refund: negative lines), or its replacement (a wrong price or buyer).
 */
export type EInvoiceKind = 'ORIGINAL' | 'ADJUSTMENT' | 'REPLACEMENT';

/** The invoice an adjustment or a replacement corrects, as the provider issued it. */
export interface CorrectedInvoice {
  /** The provider's id of it (MISA TransactionID, Viettel transactionUuid/invoiceNo, VNPT Fkey). */
  providerRef: string;
  /** Ký hiệu (e.g. C26TYY) and số hóa đơn. */
  series: string;
  number: number;
  /** Its date, yyyy-MM-dd (Vietnam). */
  issuedOn: string;
  /** Mã của cơ quan thuế (MCCQT), when it has one. */
  taxAuthorityCode: string | null;
}

/** One invoice to issue, the same on every try. */
export interface EInvoiceRequest {
  /**
   * Our key of this invoice, the same on every try: the provider's idempotency key (MISA `RefID`, Viettel
   * `transactionUuid`, VNPT `Fkey`), so a request sent again after a lost answer issues nothing twice.
   */
  key: string;
  kind: EInvoiceKind;
  /** What the invoice prints: lines with VAT included, per-line rates, discounts, exactly as the receipt (invoices module). An adjustment's lines are negative. */
  document: InvoiceDocument;
  /** The invoice corrected (ADJUSTMENT, REPLACEMENT); null for an ORIGINAL. */
  corrects: CorrectedInvoice | null;
  /** Why (an adjustment's or a replacement's reason, printed on it); null for an ORIGINAL. */
  reason: string | null;
}

/** What the provider answered for an issued invoice. */
export interface IssuedEInvoice {
  /** The provider's id of the invoice (to download it, look it up, correct it). */
  providerRef: string;
  series: string;
  number: number;
  /** MCCQT: the tax authority's code (null only for a provider that issues without one). */
  taxAuthorityCode: string | null;
  /** The buyer's lookup code ("mã tra cứu") and the page where it is looked up. */
  lookupCode: string;
  lookupUrl: string;
  /** ISO instant (UTC) the provider dated it. */
  issuedAt: string;
  /** The provider's answer as received (bounded by the caller): kept, the law depends on it. */
  raw: string;
}

/**
 * The provider refused the invoice itself (invalid data, a series not registered, a duplicate it will not match):
 * sending it again will not help, so it goes to the owner's queue with this message.
 */
export class EInvoiceRefused extends Error {
  constructor(
    readonly providerCode: string,
    message: string,
  ) {
    super(message);
    this.name = 'EInvoiceRefused';
  }
}

/**
 * An e-invoice provider (MISA meInvoice, Viettel S-Invoice, VNPT Invoice, the local stand-in). Every call goes through
 * api/src/outbound (time-outs, breaker, metrics); a provider that cannot be reached throws ProviderUnavailable and the
 * invoice is retried; a refusal throws EInvoiceRefused.
 */
export interface EInvoiceProvider {
  readonly name: 'standin' | 'misa' | 'viettel' | 'vnpt';
  /** Creates, signs and publishes the invoice with the tax authority's code; the same key answers the same invoice. */
  issue(request: EInvoiceRequest, signal: AbortSignal): Promise<IssuedEInvoice>;
  /** The invoice issued under our key, if the provider has one (after an answer was lost). */
  find(key: string, signal: AbortSignal): Promise<IssuedEInvoice | null>;
  /** The issued invoice's PDF or XML as the provider keeps it. */
  download(issued: Pick<IssuedEInvoice, 'providerRef' | 'series' | 'number'>, format: 'pdf' | 'xml', signal: AbortSignal): Promise<Buffer>;
}

/** A correction's related-invoice block of the Circular 78 XML (TTHDLQuan), from its request; undefined for an original. */
export function correctionOf(request: EInvoiceRequest): { kind: 'ADJUSTMENT' | 'REPLACEMENT'; series: string; number: number; issuedOn: string; reason: string } | undefined {
  if (request.kind === 'ORIGINAL' || !request.corrects) return undefined;
  return { kind: request.kind, series: request.corrects.series, number: request.corrects.number, issuedOn: request.corrects.issuedOn, reason: request.reason ?? '' };
}
