import type { Kysely } from 'kysely';
import {
  ERROR_CODES,
  VAT_INVOICE_REQUEST_LIST_MAX,
  VAT_INVOICE_REQUEST_STATUS_LABELS,
  vietnamDateOf,
  type VatInvoiceRequest,
  type VatInvoiceRequestStatus,
  type vatInvoiceRequestInputSchema,
  type vatInvoiceRequestListQuerySchema,
} from 'shared-contracts/schemas';
import type { z } from 'zod';
import type { Config } from '../../config';
import { toIsoUtc } from '../../db/portable';
import type { Database } from '../../db/schema';
import type { VatInvoiceRequestRow } from '../../db/vatInvoiceSchema';
import { AppError } from '../../http/appError';
import { centreScopeMessages, type CentreScope } from '../../security/centreScope';
import type { Clock } from '../../security/clock';
import { circular78Xml } from './circular78Xml';
import { invoiceOf, serviceOrderFor, webOrderFor, type Viewer } from './invoiceAccess';
import type { InvoiceDocument } from './invoiceDocument';
import { invoiceMessages } from './invoiceMessages';
import { serviceOrderDocument, webOrderDocument } from './invoiceSources';

type Db = Kysely<Database>;
type RequestInput = z.output<typeof vatInvoiceRequestInputSchema>;
type ListQuery = z.output<typeof vatInvoiceRequestListQuerySchema>;

export interface InvoiceContext {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'seller' | 'publicUrl'>;
}

interface RequestWithCodes extends VatInvoiceRequestRow {
  order_code: string | null;
  service_order_code: string | null;
}

export function toVatInvoiceRequest(row: RequestWithCodes): VatInvoiceRequest {
  const status = row.status as VatInvoiceRequestStatus;
  return {
    id: row.id,
    orderCode: row.order_code,
    serviceOrderId: row.service_order_id,
    serviceOrderCode: row.service_order_code,
    companyName: row.company_name,
    taxCode: row.tax_code,
    address: row.address,
    email: row.email,
    status,
    statusLabel: VAT_INVOICE_REQUEST_STATUS_LABELS[status],
    createdAt: toIsoUtc(row.created_at),
    issuedAt: row.issued_at === null ? null : toIsoUtc(row.issued_at),
    providerRef: row.provider_ref,
  };
}

function withCodes(db: Db) {
  return db
    .selectFrom('vat_invoice_requests')
    .leftJoin('orders', 'orders.id', 'vat_invoice_requests.order_id')
    .leftJoin('service_orders', 'service_orders.id', 'vat_invoice_requests.service_order_id')
    .selectAll('vat_invoice_requests')
    .select(['orders.code as order_code', 'service_orders.code as service_order_code', 'orders.desk_centre_id', 'service_orders.centre_id']);
}

async function readRequest(db: Db, id: number): Promise<(RequestWithCodes & { desk_centre_id: number | null; centre_id: number | null }) | undefined> {
  return withCodes(db).where('vat_invoice_requests.id', '=', id).executeTakeFirst();
}

/**
 * A company may ask from the moment the order is placed until the end of that month in Vietnam: the month whose VAT
 * return the sale belongs to (the invoice is dated at the sale, Decree 123/2020 art. 9).
 */
function assertWithinMonth(placedAt: Date | string, now: Date): void {
  if (vietnamDateOf(placedAt).slice(0, 7) !== vietnamDateOf(now).slice(0, 7)) throw new AppError(409, ERROR_CODES.VAT_REQUEST_WINDOW_CLOSED, invoiceMessages.windowClosed);
}

/**
 * One request per order: the first is stored (created), a second replaces it while it is REQUESTED (a typo put
 * right), and once ISSUED it cannot change (409). The upsert rides on the unique index, so two requests at once
 * leave one row.
 */
async function upsertRequest(
  db: Db,
  target: { order_id: number } | { service_order_id: number },
  input: RequestInput,
  userId: number,
): Promise<{ id: number; created: boolean }> {
  const column = 'order_id' in target ? 'order_id' : 'service_order_id';
  const targetId = 'order_id' in target ? target.order_id : target.service_order_id;
  const existing = await db.selectFrom('vat_invoice_requests').select(['id', 'status']).where(column, '=', targetId).executeTakeFirst();
  if (existing?.status === 'ISSUED') throw new AppError(409, ERROR_CODES.VAT_INVOICE_ISSUED, invoiceMessages.alreadyIssued);
  const values = { company_name: input.companyName, tax_code: input.taxCode, address: input.address, email: input.email, requested_by: userId };
  const row = await db
    .insertInto('vat_invoice_requests')
    .values({ ...target, ...values })
    .onConflict((conflict) => conflict.column(column).doUpdateSet(values).where('vat_invoice_requests.status', '=', 'REQUESTED'))
    .returning('id')
    .executeTakeFirst();
  if (!row) throw new AppError(409, ERROR_CODES.VAT_INVOICE_ISSUED, invoiceMessages.alreadyIssued);
  return { id: row.id, created: existing === undefined };
}

async function requestById(db: Db, id: number): Promise<VatInvoiceRequest> {
  const row = await readRequest(db, id);
  if (!row) throw AppError.notFound(invoiceMessages.requestNotFound, ERROR_CODES.VAT_REQUEST_NOT_FOUND);
  return toVatInvoiceRequest(row);
}

/** POST /orders/:code/vat-invoice-request: the order's customer only (another's order: 404). */
export async function requestForWebOrder(ctx: InvoiceContext, userId: number, code: string, input: RequestInput): Promise<{ request: VatInvoiceRequest; created: boolean }> {
  const order = await webOrderFor(ctx.db, { kind: 'customer', userId }, code);
  if (order.status === 'CANCELLED') throw new AppError(409, ERROR_CODES.ORDER_CANCELLED, invoiceMessages.orderCancelled);
  assertWithinMonth(order.created_at, ctx.clock.now());
  const { id, created } = await upsertRequest(ctx.db, { order_id: order.id }, input, userId);
  return { request: await requestById(ctx.db, id), created };
}

/** GET /orders/:code/vat-invoice-request: the customer's own request, or null. */
export async function webOrderRequestOf(db: Db, userId: number, code: string): Promise<VatInvoiceRequest | null> {
  const order = await webOrderFor(db, { kind: 'customer', userId }, code);
  const row = await withCodes(db).where('vat_invoice_requests.order_id', '=', order.id).executeTakeFirst();
  return row ? toVatInvoiceRequest(row) : null;
}

/** POST /service-orders/:id/vat-invoice-request: the customer of the appointment, or the counter of its centre (a walk-in). */
export async function requestForServiceOrder(ctx: InvoiceContext, viewer: Viewer, id: number, input: RequestInput): Promise<{ request: VatInvoiceRequest; created: boolean }> {
  if (viewer.kind === 'admin') throw new AppError(403, ERROR_CODES.ADMIN_READ_ONLY, 'Quản trị viên chỉ được xem công việc của trung tâm.');
  const order = await serviceOrderFor(ctx.db, viewer, id);
  if (order.status === 'CANCELLED') throw new AppError(409, ERROR_CODES.ORDER_CANCELLED, invoiceMessages.orderCancelled);
  assertWithinMonth(order.opened_at, ctx.clock.now());
  const { id: requestId, created } = await upsertRequest(ctx.db, { service_order_id: order.id }, input, viewer.userId);
  return { request: await requestById(ctx.db, requestId), created };
}

/** GET /vat-invoice-requests: the requests of the caller's centre (an admin's: every centre, or `centreId`), newest first. */
export async function listVatInvoiceRequests(db: Db, scope: CentreScope, query: ListQuery): Promise<VatInvoiceRequest[]> {
  // Another centre's list is 404, as every centre-scoped list answers (centreScope.test.ts).
  if (scope.centreId !== null && query.centreId !== undefined && query.centreId !== scope.centreId) throw AppError.notFound(centreScopeMessages.notFound);
  const centreId = scope.centreId ?? query.centreId ?? null;
  let select = withCodes(db);
  if (centreId !== null) select = select.where((eb) => eb.or([eb('orders.desk_centre_id', '=', centreId), eb('service_orders.centre_id', '=', centreId)]));
  if (query.status) select = select.where('vat_invoice_requests.status', '=', query.status);
  if (query.orderCode) select = select.where('orders.code', '=', query.orderCode);
  if (query.serviceOrderId !== undefined) select = select.where('vat_invoice_requests.service_order_id', '=', query.serviceOrderId);
  const rows = await select.orderBy('vat_invoice_requests.id', 'desc').limit(VAT_INVOICE_REQUEST_LIST_MAX).execute();
  return rows.map(toVatInvoiceRequest);
}

/** The request `id` within the caller's centre (another centre's: 404) and the document it is for (409 before payment/invoice). */
async function requestAndDocument(ctx: InvoiceContext, scope: CentreScope, id: number): Promise<{ row: VatInvoiceRequestRow; document: InvoiceDocument }> {
  const row = await readRequest(ctx.db, id);
  const centre = row ? (row.desk_centre_id ?? row.centre_id) : null;
  if (!row || (scope.centreId !== null && centre !== scope.centreId)) throw AppError.notFound(invoiceMessages.requestNotFound, ERROR_CODES.VAT_REQUEST_NOT_FOUND);
  const viewer: Viewer = { kind: 'admin', userId: scope.userId };
  if (row.order_code !== null) {
    const order = await webOrderFor(ctx.db, viewer, row.order_code);
    if (order.paid_at === null) throw new AppError(409, ERROR_CODES.ORDER_UNPAID, invoiceMessages.notPaidForIssue);
    return { row, document: await webOrderDocument(ctx.db, ctx.config, order) };
  }
  const order = await serviceOrderFor(ctx.db, viewer, row.service_order_id!);
  return { row, document: await serviceOrderDocument(ctx.db, ctx.config, order, await invoiceOf(ctx.db, order)) };
}

/**
 * GET /vat-invoice-requests/:id/xml: the invoice data in Circular 78's structure, as the provider is sent it on
 * issue (built here, not by the provider: reading it must not issue anything).
 */
export async function vatInvoiceXml(ctx: InvoiceContext, scope: CentreScope, id: number): Promise<string> {
  const { row, document } = await requestAndDocument(ctx, scope, id);
  return circular78Xml({ document, number: row.id }, ctx.config.seller.taxCode);
}

/**
 * The company's request answered by an issued e-invoice (the eInvoices module's, when it settles one): the sale's
 * REQUESTED request becomes ISSUED with the invoice's series and number, if the invoice carried the request as it
 * stands (a request corrected while the invoice was on its way stays REQUESTED: a replacement carries it).
 * Answers whether it changed.
 */
export async function markVatRequestInvoiced(
  db: Db,
  sale: { orderId: number } | { serviceOrderId: number },
  carried: { taxCode: string | null; name: string; address: string | null },
  invoice: { series: string; number: number; issuedAt: string },
): Promise<boolean> {
  if (carried.taxCode === null) return false;
  const result = await db
    .updateTable('vat_invoice_requests')
    .set({ status: 'ISSUED', provider_ref: `${invoice.series}-${String(invoice.number).padStart(8, '0')}`, issued_at: invoice.issuedAt })
    .where('orderId' in sale ? 'order_id' : 'service_order_id', '=', 'orderId' in sale ? sale.orderId : sale.serviceOrderId)
    .where('status', '=', 'REQUESTED')
    .where('tax_code', '=', carried.taxCode)
    .where('company_name', '=', carried.name)
    .where('address', '=', carried.address ?? '')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
