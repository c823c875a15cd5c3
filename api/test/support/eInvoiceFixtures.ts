import { randomUUID } from 'node:crypto';
import type { EInvoiceRequest, IssuedEInvoice } from '../../src/modules/eInvoices/eInvoiceProvider';
import type { InvoiceDocument, InvoiceLine } from '../../src/modules/invoices';

/** The documents, requests and call signal the e-invoice provider tests send (misaMeInvoice, viettelSInvoice, vnptInvoice). */

/** A seller, buyer or company: with a tax code, an address too. */
export const party = (name: string, taxCode: string | null = null) => ({ name, taxCode, address: taxCode ? '12 Lê Lợi, Quận 1, TP. Hồ Chí Minh' : null, email: 'khach@example.vn', phone: '0901234567' });

/** A line of goods (kind 1) with VAT included. */
export const goods = (name: string, quantity: number, unitPrice: number, vatRate: 8 | 10): InvoiceLine => ({ kind: 1, name, unit: 'cái', quantity, unitPrice, amount: quantity * unitPrice, vatRate });

/** A web order: parts at 10 %, a service at 8 %, the shipping fee (8 %), a discount spread over both rates. */
export function orderDocument(overrides: Partial<InvoiceDocument> = {}): InvoiceDocument {
  return {
    kind: 'web-order',
    title: 'HÓA ĐƠN BÁN HÀNG',
    code: 'DH-2026-0042',
    orderCode: 'DH-2026-0042',
    issuedAt: new Date('2026-03-05T03:15:00Z'),
    paymentMethod: 'Chuyển khoản',
    paymentStatus: 'Đã thanh toán',
    seller: party('Cửa hàng Xe Máy Sài Gòn', '0101243150'),
    buyer: party('Nguyễn Văn An'),
    company: null,
    lines: [
      goods('Lốp Michelin 90/90-14', 2, 1_234_567, 10),
      goods('Dầu nhớt Motul 1L', 3, 187_333, 10),
      goods('Công thay lốp', 1, 99_999, 8),
      { kind: 1, name: 'Phí giao hàng', unit: 'lần', quantity: 1, unitPrice: 30_000, amount: 30_000, vatRate: 8 },
      { kind: 3, name: 'Chiết khấu khuyến mãi', unit: '', quantity: 1, unitPrice: -12_346, amount: -12_346, vatRate: 8 },
      { kind: 3, name: 'Chiết khấu khuyến mãi', unit: '', quantity: 1, unitPrice: -123_457, amount: -123_457, vatRate: 10 },
    ],
    lookupUrl: 'https://shop.example.vn/tra-cuu',
    ...overrides,
  };
}

/** An ORIGINAL of `document` under `key`. */
export const original = (document = orderDocument(), key: string = randomUUID()): EInvoiceRequest => ({ key, kind: 'ORIGINAL', document, corrects: null, reason: null });

/** An ADJUSTMENT of `first` (issued on `issuedOn`, orderDocument's day by default) by `document`'s lines, for `reason`. */
export const adjustmentOf = (first: IssuedEInvoice, document: InvoiceDocument, reason: string, issuedOn = '2026-03-05', key: string = randomUUID()): EInvoiceRequest => ({
  key,
  kind: 'ADJUSTMENT',
  document,
  corrects: { providerRef: first.providerRef, series: first.series, number: first.number, issuedOn, taxAuthorityCode: first.taxAuthorityCode },
  reason,
});

/** The signal of an adapter's call: longer than any time-out a test configures, so the adapter's own one is what ends it. */
export const signal = (): AbortSignal => AbortSignal.timeout(10_000);
