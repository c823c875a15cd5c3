import { sql, type Kysely } from 'kysely';
import {
  addCalendarDays,
  E_INVOICE_PAGE_SIZE,
  E_INVOICE_RANGE_MAX_DAYS,
  E_INVOICE_UNCOVERED_LIMIT,
  eInvoiceActionAllowed,
  ERROR_CODES,
  isCalendarDate,
  vietnamDateOf,
  type EInvoice,
  type EInvoiceAction,
  type EInvoiceKind,
  type EInvoiceList,
  type EInvoiceListQuery,
  type EInvoiceStatus,
  type UncoveredSales,
} from 'shared-contracts/schemas';
import { toIsoUtc, toNumber } from '../../db/portable';
import type { Database } from '../../db/schema';
import { lockForUpdate } from '../../db/sqlDialect';
import { vietnamDayBounds } from '../../db/vietnamDay';
import { AppError } from '../../http/appError';
import type { AccountRole as Role } from 'shared-contracts/schemas';
import { E_INVOICE_GRACE_MS, HANDED_OVER } from './eInvoiceRules';
import { ownerViews } from './eInvoiceViews';

type Db = Kysely<Database>;

/** Who acts on the shop's invoices: the owner (an admin). */
export interface EInvoiceActor {
  userId: number;
  role: Role;
}

function assertOwner(actor: EInvoiceActor): void {
  if (actor.role !== 'admin') throw AppError.forbidden('Chỉ chủ cửa hàng (quản trị viên) xử lý hóa đơn điện tử.');
}

const notFound = () => AppError.notFound('Không tìm thấy hóa đơn điện tử.', ERROR_CODES.E_INVOICE_NOT_FOUND);
const notAllowed = () => AppError.conflict('Hóa đơn điện tử vừa đổi trạng thái, thao tác này không còn áp dụng. Danh sách đã được tải lại.', ERROR_CODES.E_INVOICE_ACTION_NOT_ALLOWED);

const rangeMessage = `Khoảng ngày không hợp lệ: ngày dạng YYYY-MM-DD, "từ ngày" không sau "đến ngày" và tối đa ${E_INVOICE_RANGE_MAX_DAYS} ngày.`;

/** The list's local dates (default the last 30 days), 422 DATE_RANGE_INVALID as the reports answer. */
export function invoiceRange(query: { from?: string; to?: string }, now: Date): { from: string; to: string } {
  const to = (query.to ?? vietnamDateOf(now)).trim();
  const from = (query.from ?? (isCalendarDate(to) ? addCalendarDays(to, -29) : to)).trim();
  const invalid = (field: 'from' | 'to') => new AppError(422, ERROR_CODES.DATE_RANGE_INVALID, rangeMessage, [{ field, message: rangeMessage }]);
  if (!isCalendarDate(from)) throw invalid('from');
  if (!isCalendarDate(to)) throw invalid('to');
  if (from > to || addCalendarDays(from, E_INVOICE_RANGE_MAX_DAYS - 1) < to) throw invalid('to');
  return { from, to };
}

/** The owner's list: the invoices created in the range, newest first, filtered by status, kind, sale and centre. */
export async function listEInvoices(db: Db, actor: EInvoiceActor, query: EInvoiceListQuery & { page?: number }, now: Date): Promise<EInvoiceList> {
  assertOwner(actor);
  const range = invoiceRange(query, now);
  const page = query.page ?? 1;
  let filtered = db
    .selectFrom('e_invoices')
    .where('e_invoices.created_at', '>=', vietnamDayBounds(range.from).from)
    .where('e_invoices.created_at', '<', vietnamDayBounds(range.to).to);
  if (query.status) filtered = filtered.where('e_invoices.status', '=', query.status);
  if (query.kind) filtered = filtered.where('e_invoices.kind', '=', query.kind);
  if (query.saleKind) filtered = filtered.where(query.saleKind === 'WEB_ORDER' ? 'e_invoices.order_id' : 'e_invoices.service_invoice_id', 'is not', null);
  if (query.centreId !== undefined) {
    const centreId = Number(query.centreId);
    filtered = filtered.where('e_invoices.service_invoice_id', 'in', (eb) => eb.selectFrom('service_invoices').select('id').where('centre_id', '=', centreId));
  }
  const [rows, count] = await Promise.all([
    filtered.selectAll('e_invoices').orderBy('e_invoices.id', 'desc').limit(E_INVOICE_PAGE_SIZE).offset((page - 1) * E_INVOICE_PAGE_SIZE).execute(),
    filtered.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: await ownerViews(db, rows), total: Number(count.n), page, pageSize: E_INVOICE_PAGE_SIZE, ...range };
}

async function invoiceFor(db: Db, id: number, action: EInvoiceAction) {
  const row = await db.selectFrom('e_invoices').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  const corrections = await db.selectFrom('e_invoices').select(['kind', 'gross']).where('corrects_id', '=', id).where('status', '!=', 'CANCELLED').execute();
  const adjustments = corrections.filter((correction) => correction.kind === 'ADJUSTMENT');
  const standing = {
    status: row.status as EInvoiceStatus,
    kind: row.kind as EInvoiceKind,
    replaced: corrections.some((correction) => correction.kind === 'REPLACEMENT'),
    adjusted: adjustments.length > 0,
  };
  if (!eInvoiceActionAllowed(action, standing)) throw notAllowed();
  return { row, netGross: toNumber(row.gross) + adjustments.reduce((sum, adjustment) => sum + toNumber(adjustment.gross), 0) };
}

async function viewOf(db: Db, id: number): Promise<EInvoice> {
  const row = await db.selectFrom('e_invoices').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  return (await ownerViews(db, [row]))[0]!;
}

/** "Gửi lại": a failed invoice is due now (the same key: the provider issues it once). */
export async function retryEInvoice(db: Db, actor: EInvoiceActor, id: number, now: Date): Promise<EInvoice> {
  assertOwner(actor);
  await invoiceFor(db, id, 'retry');
  const nowIso = now.toISOString();
  const moved = await db.updateTable('e_invoices').set({ next_attempt_at: nowIso, last_error: null, updated_at: nowIso }).where('id', '=', id).where('status', '=', 'FAILED').executeTakeFirst();
  if (Number(moved.numUpdatedRows) === 0) throw notAllowed();
  return viewOf(db, id);
}

/**
 * "Lập hóa đơn thay thế" (Decree 123 Art. 19(2)(b)): a replacement of an issued invoice, from the sale as it stands now
 * (the buyer's corrected details), with the owner's reason; one per invoice (a second answers 409).
 */
export async function replaceEInvoice(db: Db, actor: EInvoiceActor, id: number, reason: string, now: Date): Promise<EInvoice> {
  assertOwner(actor);
  const { row: original } = await invoiceFor(db, id, 'replace');
  const nowIso = now.toISOString();
  const inserted = await db
    .insertInto('e_invoices')
    .values({
      order_id: original.order_id,
      service_invoice_id: original.service_invoice_id,
      kind: 'REPLACEMENT',
      corrects_id: original.id,
      refund_id: null,
      provider: original.provider,
      request_key: `evshop-replacement-${original.id}`,
      reason,
      gross: toNumber(original.gross),
      next_attempt_at: nowIso,
      requested_by: actor.userId,
      created_at: nowIso,
      updated_at: nowIso,
    })
    .onConflict((conflict) => conflict.doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) throw notAllowed();
  return viewOf(db, inserted.id);
}

const vnd = (amount: number) => `${new Intl.NumberFormat('vi-VN').format(amount)} ₫`;

/**
 * "Lập hóa đơn điều chỉnh" (Decree 123 Art. 19(2)(b) as amended by Decree 70/2025): an adjustment of an issued invoice
 * whose amount was wrong, up or down, with the owner's reason; its lines spread the amount over the invoice's VAT rates.
 * The invoice's amount after its adjustments stays between 0 and its own gross (422 otherwise), checked and written in
 * one transaction holding the invoice's row, so owners adjusting at once never pass the bound.
 */
export async function adjustEInvoice(db: Db, actor: EInvoiceActor, id: number, input: { reason: string; direction: 'INCREASE' | 'DECREASE'; amount: number }, now: Date): Promise<EInvoice> {
  assertOwner(actor);
  const insertedId = await db.transaction().execute(async (trx) => {
    await lockForUpdate(trx, trx.selectFrom('e_invoices').select('id').where('id', '=', id)).execute();
    const { row: adjusted, netGross } = await invoiceFor(trx, id, 'adjust');
    const gross = toNumber(adjusted.gross);
    const most = input.direction === 'DECREASE' ? netGross : gross - netGross;
    if (input.amount > most) {
      const message =
        input.direction === 'DECREASE'
          ? `Hóa đơn hiện còn ${vnd(netGross)}: số tiền điều chỉnh giảm tối đa ${vnd(most)}.`
          : `Số tiền điều chỉnh tăng tối đa ${vnd(most)}: hóa đơn không vượt quá ${vnd(gross)} đã phát hành.`;
      throw new AppError(422, ERROR_CODES.VALIDATION_ERROR, message, [{ field: 'amount', message }]);
    }
    const byOwner = await trx.selectFrom('e_invoices').select((eb) => eb.fn.countAll<number | string>().as('n')).where('corrects_id', '=', id).where('kind', '=', 'ADJUSTMENT').where('refund_id', 'is', null).executeTakeFirstOrThrow();
    const nowIso = now.toISOString();
    const inserted = await trx
      .insertInto('e_invoices')
      .values({
        order_id: adjusted.order_id,
        service_invoice_id: adjusted.service_invoice_id,
        kind: 'ADJUSTMENT',
        corrects_id: adjusted.id,
        refund_id: null,
        provider: adjusted.provider,
        // The chain's next key: the same adjustment is never written twice.
        request_key: `evshop-adjustment-${adjusted.id}-${Number(byOwner.n) + 1}`,
        reason: input.reason,
        gross: input.direction === 'DECREASE' ? -input.amount : input.amount,
        next_attempt_at: nowIso,
        requested_by: actor.userId,
        created_at: nowIso,
        updated_at: nowIso,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return inserted.id;
  });
  return viewOf(db, insertedId);
}

/** A notice 04/SS-HĐĐT of a slip of the buyer's name or address (Art. 19(1)(a)): recorded, the invoice stands. */
export async function recordEInvoiceNotice(db: Db, actor: EInvoiceActor, id: number, reason: string, now: Date): Promise<EInvoice> {
  assertOwner(actor);
  await invoiceFor(db, id, 'notice');
  await db.insertInto('e_invoice_notices').values({ e_invoice_id: id, reason, actor_id: actor.userId, created_at: now.toISOString() }).execute();
  return viewOf(db, id);
}

/**
 * The daily check "Bán hàng chưa có hóa đơn": the sales paid (a web order's goods handed over) more than the grace
 * period ago whose own invoice is not issued, with the invoice's state when there is one.
 */
export async function uncoveredSales(db: Db, now: Date, limit = E_INVOICE_UNCOVERED_LIMIT): Promise<UncoveredSales> {
  const before = new Date(now.getTime() - E_INVOICE_GRACE_MS).toISOString();
  // Web orders and service invoices apart: each joins its invoice on its own indexed column.
  const webOrders = db
    .selectFrom('sale_payments')
    .innerJoin('orders', 'orders.id', 'sale_payments.order_id')
    .leftJoin('e_invoices', (join) => join.onRef('e_invoices.order_id', '=', 'sale_payments.order_id').on('e_invoices.kind', '=', 'ORIGINAL'))
    .where('sale_payments.paid_at', '<', before)
    .where('orders.status', 'in', [...HANDED_OVER])
    .where((eb) => eb.or([eb('e_invoices.id', 'is', null), eb('e_invoices.status', 'not in', ['ISSUED', 'CANCELLED'])]));
  const services = db
    .selectFrom('sale_payments')
    .innerJoin('service_invoices', 'service_invoices.id', 'sale_payments.service_invoice_id')
    .leftJoin('e_invoices', (join) => join.onRef('e_invoices.service_invoice_id', '=', 'sale_payments.service_invoice_id').on('e_invoices.kind', '=', 'ORIGINAL'))
    .where('sale_payments.paid_at', '<', before)
    .where((eb) => eb.or([eb('e_invoices.id', 'is', null), eb('e_invoices.status', 'not in', ['ISSUED', 'CANCELLED'])]));
  const columns = ['sale_payments.paid_at', 'sale_payments.amount', 'e_invoices.id as invoice_id', 'e_invoices.status', 'e_invoices.last_error'] as const;
  const [orderRows, serviceRows, orderCount, serviceCount] = await Promise.all([
    webOrders.select([...columns, 'orders.code']).orderBy('sale_payments.paid_at').limit(limit).execute(),
    services.select([...columns, 'service_invoices.code']).orderBy('sale_payments.paid_at').limit(limit).execute(),
    webOrders.select(sql<number | string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
    services.select(sql<number | string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  const items = [
    ...orderRows.map((row) => ({ row, saleKind: 'WEB_ORDER' as const })),
    ...serviceRows.map((row) => ({ row, saleKind: 'SERVICE_INVOICE' as const })),
  ]
    .map(({ row, saleKind }) => ({
      saleKind,
      saleCode: row.code,
      paidAt: toIsoUtc(row.paid_at),
      amount: toNumber(row.amount),
      invoiceId: row.invoice_id,
      status: (row.status as EInvoiceStatus | null) ?? null,
      lastError: row.last_error,
    }))
    .sort((a, b) => a.paidAt.localeCompare(b.paidAt))
    .slice(0, limit);
  return { total: Number(orderCount.n) + Number(serviceCount.n), items, checkedAt: now.toISOString(), graceMinutes: E_INVOICE_GRACE_MS / 60_000 };
}
