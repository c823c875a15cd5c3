import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { EInvoiceRow } from '../../db/eInvoiceSchema';
import { toIsoUtc, toNumber } from '../../db/portable';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/appError';
import { E_INVOICE_KIND_LABELS, ERROR_CODES, formatCalendarDate, type EInvoiceKind, type EInvoiceLookup } from 'shared-contracts/schemas';
import { renderInvoicePdf, serviceOrderFor, serviceOrderOfAppointment, webOrderFor, type Viewer } from '../invoices';
import { requestOf } from './eInvoiceSender';

type Db = Kysely<Database>;

const notFound = () => AppError.notFound('Không tìm thấy hóa đơn điện tử.', ERROR_CODES.E_INVOICE_NOT_FOUND);

/** A web order's invoices, its own first, for whoever may see the order (else 404 as for the order). */
export async function invoicesOfWebOrder(db: Db, viewer: Viewer, code: string): Promise<EInvoiceRow[]> {
  const order = await webOrderFor(db, viewer, code);
  return db.selectFrom('e_invoices').selectAll().where('order_id', '=', order.id).where('status', '!=', 'CANCELLED').orderBy('id').execute();
}

/** The invoices of the customer's visit (their appointment's service invoice), else 404. */
export async function invoicesOfVisit(db: Db, userId: number, appointmentId: number): Promise<EInvoiceRow[]> {
  const serviceOrder = await serviceOrderOfAppointment(db, userId, appointmentId);
  return db
    .selectFrom('e_invoices')
    .selectAll()
    .where('service_invoice_id', 'in', (eb) => eb.selectFrom('service_invoices').select('id').where('service_order_id', '=', serviceOrder.id))
    .where('status', '!=', 'CANCELLED')
    .orderBy('id')
    .execute();
}

/** An issued invoice `viewer` may see (the sale's customer, its centre's desk, admins), else 404. */
export async function issuedInvoiceFor(db: Db, viewer: Viewer, id: number): Promise<EInvoiceRow> {
  const row = await db.selectFrom('e_invoices').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row || row.status !== 'ISSUED') throw notFound();
  try {
    if (row.order_id !== null) {
      const order = await db.selectFrom('orders').select('code').where('id', '=', row.order_id).executeTakeFirstOrThrow();
      await webOrderFor(db, viewer, order.code);
    } else {
      const invoice = await db.selectFrom('service_invoices').select('service_order_id').where('id', '=', row.service_invoice_id!).executeTakeFirstOrThrow();
      await serviceOrderFor(db, viewer, invoice.service_order_id);
    }
  } catch {
    throw notFound();
  }
  return row;
}

/** The issued invoice's PDF: the sale's document as issued, with its series, number, MCCQT and lookup code. */
export async function eInvoicePdf(db: Db, config: Pick<Config, 'seller' | 'publicUrl'>, row: EInvoiceRow): Promise<Buffer> {
  const issuedAt = new Date(toIsoUtc(row.issued_at ?? row.created_at));
  const { document, corrects, reason } = await requestOf(db, config, row, issuedAt);
  const title = row.kind === 'ADJUSTMENT' ? 'HÓA ĐƠN GIÁ TRỊ GIA TĂNG (ĐIỀU CHỈNH)' : row.kind === 'REPLACEMENT' ? 'HÓA ĐƠN GIÁ TRỊ GIA TĂNG (THAY THẾ)' : 'HÓA ĐƠN GIÁ TRỊ GIA TĂNG';
  const note = corrects ? `${row.kind === 'ADJUSTMENT' ? 'Điều chỉnh' : 'Thay thế'} cho hóa đơn ký hiệu ${corrects.series} số ${corrects.number} ngày ${formatCalendarDate(corrects.issuedOn)}. Lý do: ${reason ?? ''}` : null;
  return renderInvoicePdf({
    ...document,
    title,
    lookupUrl: row.lookup_url ?? document.lookupUrl,
    eInvoice: { series: row.series ?? '', number: row.number ?? 0, taxAuthorityCode: row.tax_authority_code, lookupCode: row.lookup_code ?? '', note },
  });
}

/** "Nguyễn Văn An" → "N*** V** A*": who the invoice is for, not to whom a stranger could tie it. */
export function maskedName(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => `${[...word][0]}${'*'.repeat(Math.max(1, [...word].length - 1))}`)
    .join(' ');
}

/** The public lookup of an issued invoice by its lookup code (the stand-in's page; a provider's portal for theirs). */
export async function lookUpInvoice(db: Db, config: Pick<Config, 'seller'>, code: string): Promise<EInvoiceLookup> {
  const row = await db.selectFrom('e_invoices').selectAll().where('lookup_code', '=', code).where('status', '=', 'ISSUED').executeTakeFirst();
  if (!row || row.series === null || row.number === null || row.issued_at === null) throw notFound();
  const buyer =
    row.order_id !== null
      ? await db.selectFrom('orders').select('recipient_name as name').where('id', '=', row.order_id).executeTakeFirst()
      : await db
          .selectFrom('service_invoices')
          .innerJoin('service_orders', 'service_orders.id', 'service_invoices.service_order_id')
          .innerJoin('appointments', 'appointments.id', 'service_orders.appointment_id')
          .select('appointments.contact_name as name')
          .where('service_invoices.id', '=', row.service_invoice_id!)
          .executeTakeFirst();
  return {
    sellerName: config.seller.legalName,
    sellerTaxCode: config.seller.taxCode,
    kindLabel: E_INVOICE_KIND_LABELS[row.kind as EInvoiceKind],
    series: row.series,
    number: row.number,
    issuedAt: toIsoUtc(row.issued_at),
    taxAuthorityCode: row.tax_authority_code,
    gross: toNumber(row.gross),
    buyer: maskedName(buyer?.name ?? ''),
  };
}
