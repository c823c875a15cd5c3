import type { Kysely } from 'kysely';
import { E_INVOICE_KIND_LABELS, formatVndPlain, vietnamDateOf, type EInvoiceKind } from 'shared-contracts/schemas';
import type { EInvoiceRow } from '../../db/eInvoiceSchema';
import { toNumber } from '../../db/portable';
import type { Database } from '../../db/schema';
import { notify, notifyWithin, type NotifyDeps, type NotifyInput } from '../notifications';
import { uncoveredSales } from './eInvoiceDesk';

type Db = Kysely<Database>;

/** The sale's customer and the page of theirs where the invoice shows (null: a guest, told by nobody). */
async function customerOf(db: Db, row: EInvoiceRow): Promise<{ userId: number; link: string; code: string } | null> {
  if (row.order_id !== null) {
    const order = await db.selectFrom('orders').select(['user_id', 'code']).where('id', '=', row.order_id).executeTakeFirst();
    return order?.user_id ? { userId: order.user_id, link: `/orders/${encodeURIComponent(order.code)}`, code: order.code } : null;
  }
  const visit = await db
    .selectFrom('service_invoices')
    .innerJoin('service_orders', 'service_orders.id', 'service_invoices.service_order_id')
    .innerJoin('appointments', 'appointments.id', 'service_orders.appointment_id')
    .select(['appointments.user_id', 'service_invoices.code'])
    .where('service_invoices.id', '=', row.service_invoice_id!)
    .executeTakeFirst();
  return visit?.user_id ? { userId: visit.user_id, link: '/dashboard', code: visit.code } : null;
}

/**
 * Tells the sale's customer their e-invoice was issued (in the transaction that records it, once per invoice): its
 * kind, series and number, with the page where its lookup code and PDF are. Answers the user told, if any.
 */
export async function tellInvoiceIssued(trx: Db, row: EInvoiceRow, issued: { series: string; number: number }, now: Date): Promise<number | null> {
  const customer = await customerOf(trx, row);
  if (!customer) return null;
  const kind = row.kind as EInvoiceKind;
  const input: NotifyInput = {
    userId: customer.userId,
    kind: 'e_invoice_issued',
    title: `${E_INVOICE_KIND_LABELS[kind]} ${issued.series} số ${issued.number} đã được phát hành`,
    body:
      kind === 'ADJUSTMENT'
        ? `Hóa đơn điều chỉnh giảm ${formatVndPlain(-toNumber(row.gross))} cho ${customer.code}. Xem mã tra cứu và tải bản PDF trong trang của bạn.`
        : `Hóa đơn điện tử của ${customer.code} (${formatVndPlain(toNumber(row.gross))}) đã có mã của cơ quan thuế. Xem mã tra cứu và tải bản PDF trong trang của bạn.`,
    link: customer.link,
    eventKey: `e-invoice:${row.id}:issued`,
  };
  await notifyWithin(trx, input, now);
  return customer.userId;
}

/**
 * The daily check's alert: when sales are past the grace period without their issued invoice, every admin is told once
 * that day ("Bán hàng chưa có hóa đơn"), linking to /admin/e-invoices. Answers how many sales were missing.
 */
export async function alertMissingInvoices(deps: NotifyDeps): Promise<number> {
  const check = await uncoveredSales(deps.db, deps.now, 1);
  if (check.total === 0) return 0;
  const admins = await deps.db.selectFrom('users').select('id').where('role', '=', 'admin').where('disabled_at', 'is', null).execute();
  const day = vietnamDateOf(deps.now);
  await notify(
    deps,
    admins.map((admin) => ({
      userId: admin.id,
      kind: 'staff_e_invoices_missing' as const,
      title: `${check.total} giao dịch chưa có hóa đơn điện tử`,
      body: `Có ${check.total} giao dịch đã thanh toán quá ${check.graceMinutes} phút mà hóa đơn điện tử chưa được phát hành. Vui lòng kiểm tra và gửi lại.`,
      link: '/admin/e-invoices',
      eventKey: `e-invoices-missing:${day}`,
    })),
  );
  return check.total;
}
