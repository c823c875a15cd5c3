import type { Kysely } from 'kysely';
import { E_INVOICE_KIND_LABELS, E_INVOICE_STATUS_LABELS, type CustomerEInvoice, type EInvoice, type EInvoiceKind, type EInvoiceStatus } from 'shared-contracts/schemas';
import type { EInvoiceRow } from '../../db/eInvoiceSchema';
import { toIsoUtc, toNumber } from '../../db/portable';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/** What the customer sees of an invoice: its numbers and codes once issued, and where its PDF is. */
export function customerView(row: EInvoiceRow): CustomerEInvoice {
  const status = row.status as EInvoiceStatus;
  const kind = row.kind as EInvoiceKind;
  return {
    id: row.id,
    kind,
    kindLabel: E_INVOICE_KIND_LABELS[kind],
    status,
    statusLabel: E_INVOICE_STATUS_LABELS[status],
    gross: toNumber(row.gross),
    series: row.series,
    number: row.number,
    taxAuthorityCode: row.tax_authority_code,
    lookupCode: row.lookup_code,
    lookupUrl: row.lookup_url,
    issuedAt: row.issued_at === null ? null : toIsoUtc(row.issued_at),
    pdfUrl: status === 'ISSUED' ? `/api/e-invoices/${row.id}/invoice.pdf` : null,
  };
}

/** The owner's view of invoice rows: the sale's code, centre and buyer, whether it was replaced or adjusted, its notices. */
export async function ownerViews(db: Db, rows: readonly EInvoiceRow[]): Promise<EInvoice[]> {
  if (rows.length === 0) return [];
  const orderIds = [...new Set(rows.flatMap((row) => (row.order_id === null ? [] : [row.order_id])))];
  const invoiceIds = [...new Set(rows.flatMap((row) => (row.service_invoice_id === null ? [] : [row.service_invoice_id])))];
  const ids = rows.map((row) => row.id);
  const [orders, serviceInvoices, corrections, notices] = await Promise.all([
    orderIds.length === 0 ? [] : db.selectFrom('orders').select(['id', 'code', 'recipient_name']).where('id', 'in', orderIds).execute(),
    invoiceIds.length === 0
      ? []
      : db
          .selectFrom('service_invoices')
          .innerJoin('service_orders', 'service_orders.id', 'service_invoices.service_order_id')
          .innerJoin('appointments', 'appointments.id', 'service_orders.appointment_id')
          .innerJoin('service_centres', 'service_centres.id', 'service_invoices.centre_id')
          .select(['service_invoices.id', 'service_invoices.code', 'appointments.contact_name', 'service_centres.name as centre_name'])
          .where('service_invoices.id', 'in', invoiceIds)
          .execute(),
    db.selectFrom('e_invoices').select(['corrects_id', 'kind', 'gross']).where('corrects_id', 'in', ids).where('status', '!=', 'CANCELLED').execute(),
    db
      .selectFrom('e_invoice_notices')
      .innerJoin('users', 'users.id', 'e_invoice_notices.actor_id')
      .select(['e_invoice_notices.id', 'e_invoice_notices.e_invoice_id', 'e_invoice_notices.reason', 'e_invoice_notices.created_at', 'users.full_name'])
      .where('e_invoice_id', 'in', ids)
      .orderBy('e_invoice_notices.id')
      .execute(),
  ]);
  const orderOf = new Map(orders.map((order) => [order.id, order]));
  const serviceOf = new Map(serviceInvoices.map((invoice) => [invoice.id, invoice]));
  const replaced = new Set(corrections.filter((row) => row.kind === 'REPLACEMENT').map((row) => row.corrects_id));
  const adjustments = new Map<number, number>();
  for (const row of corrections) if (row.kind === 'ADJUSTMENT' && row.corrects_id !== null) adjustments.set(row.corrects_id, (adjustments.get(row.corrects_id) ?? 0) + toNumber(row.gross));
  return rows.map((row): EInvoice => {
    const order = row.order_id === null ? undefined : orderOf.get(row.order_id);
    const service = row.service_invoice_id === null ? undefined : serviceOf.get(row.service_invoice_id);
    return {
      ...customerView(row),
      saleKind: row.order_id !== null ? 'WEB_ORDER' : 'SERVICE_INVOICE',
      saleCode: order?.code ?? service?.code ?? '',
      centreName: service?.centre_name ?? null,
      buyerName: order?.recipient_name ?? service?.contact_name ?? '',
      provider: row.provider,
      attempts: row.attempts,
      lastError: row.last_error,
      reason: row.reason,
      correctsId: row.corrects_id,
      replaced: replaced.has(row.id),
      adjusted: adjustments.has(row.id),
      netGross: toNumber(row.gross) + (adjustments.get(row.id) ?? 0),
      notices: notices.filter((notice) => notice.e_invoice_id === row.id).map((notice) => ({ id: notice.id, reason: notice.reason, at: toIsoUtc(notice.created_at), by: notice.full_name })),
      createdAt: toIsoUtc(row.created_at),
      nextAttemptAt: row.next_attempt_at === null ? null : toIsoUtc(row.next_attempt_at),
    };
  });
}
