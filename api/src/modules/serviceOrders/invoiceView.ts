import type { Kysely, Transaction } from 'kysely';
import type { InvoicePaymentMethod, InvoicePaymentStatus, ServiceInvoice } from 'shared-contracts/schemas';
import type { VietQrConfig } from '../../config';
import type { ServiceInvoiceRow } from '../../db/backOfficeSchema';
import { toIsoUtc } from '../../db/portable';
import { preparedQuery } from '../../db/preparedQuery';
import type { Database } from '../../db/schema';
import { buildVietQrPayload, qrSvgDataUrl, transferContentOf } from '../../lib/vietQr';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The invoice of a service order as the back office and the customer see it. While it is UNPAID (and not
 * zero) it carries the VietQR picture of a transfer of its total (after any points spent on it), with the invoice code as the transfer
 * content, so that staff can match the transfer to the invoice.
 */
export async function toServiceInvoice(row: ServiceInvoiceRow, vietQr: Pick<VietQrConfig, 'bankBin' | 'accountNumber'>): Promise<ServiceInvoice> {
  const unpaid = row.payment_status === 'UNPAID';
  let qr: ServiceInvoice['vietQr'] = null;
  if (unpaid && row.total > 0) {
    const payload = buildVietQrPayload(vietQr, { amount: row.total, purpose: row.code });
    qr = { imageDataUrl: await qrSvgDataUrl(payload), content: transferContentOf(row.code) };
  }
  return {
    id: row.id,
    code: row.code,
    subtotalServices: row.subtotal_services,
    subtotalParts: row.subtotal_parts,
    packageDiscount: row.package_discount,
    warrantyCovered: row.warranty_covered,
    goodwillCovered: row.goodwill_covered,
    total: row.total,
    pointsUsed: row.points_used,
    pointsValue: row.points_value,
    paymentMethod: row.payment_method as InvoicePaymentMethod | null,
    paymentStatus: row.payment_status as InvoicePaymentStatus,
    issuedAt: toIsoUtc(row.issued_at),
    paidAt: row.paid_at === null ? null : toIsoUtc(row.paid_at),
    vietQr: qr,
  };
}

/** The invoice of service order `serviceOrderId`, or null before it is invoiced. */
/** Read with every order's detail: compiled once per dialect. */
const invoiceOfOrder = preparedQuery<{ serviceOrderId: number }>()((db, param) =>
  db.selectFrom('service_invoices').selectAll().where('service_order_id', '=', param('serviceOrderId')),
);

export async function readInvoice(db: Db, serviceOrderId: number, vietQr: Pick<VietQrConfig, 'bankBin' | 'accountNumber'>): Promise<ServiceInvoice | null> {
  const row = await invoiceOfOrder.first(db, { serviceOrderId });
  return row ? toServiceInvoice(row, vietQr) : null;
}
