import type { Kysely } from 'kysely';
import { ERROR_CODES, type InvoicePointsOffer, type ServiceInvoice, type ServiceOrderStatus } from 'shared-contracts/schemas';
import type { ServiceInvoiceRow } from '../../db/backOfficeSchema';
import { inTransaction } from '../../db/inTransaction';
import type { Database } from '../../db/schema';
import { lockForUpdate } from '../../db/sqlDialect';
import { AppError } from '../../http/appError';
import type { CounterStore } from '../../security/counters';
import { assertFloorWriter, assertInScope, centreScopeMessages, type CentreScope } from '../../security/centreScope';
import { counterPointsOffer, redeemAtCounter, returnCounterPoints } from '../loyalty';
import { toServiceInvoice } from './invoiceView';
import type { ServiceOrderContext } from './serviceOrderContext';
import { publishServiceOrderChange } from './serviceOrderEvents';

type Db = Kysely<Database>;

/**
 * Members' points on an unpaid service invoice at the counter (issue 67 §4): what they may pay, applying them with
 * the customer's consent code (the loyalty module checks the code and writes the REDEEM; the invoice's total drops by
 * their worth in the same transaction, so the VietQR, the cash and the ledger's sale.paid are of the money left), and
 * taking them off again before payment (RETURN, the total restored).
 */

const vnd = (amount: number) => `${new Intl.NumberFormat('vi-VN').format(amount)} ₫`;
const points = (count: number) => `${new Intl.NumberFormat('vi-VN').format(count)} điểm`;

export const invoicePointsMessages = {
  applied: (used: number, value: number) => `Đã dùng ${points(used)} (−${vnd(value)}) cho hoá đơn.`,
  removed: (used: number) => `Đã bỏ dùng điểm: hoàn ${points(used)} cho khách.`,
  guest: 'Hoá đơn của khách không có tài khoản thành viên nên không dùng được điểm thưởng.',
  paid: 'Hoá đơn đã được thanh toán nên không thể dùng hay bỏ dùng điểm thưởng.',
  alreadyUsed: (used: number) => `Hoá đơn đã dùng ${points(used)}. Bỏ dùng điểm trước khi áp dụng lại.`,
  noneUsed: 'Hoá đơn chưa dùng điểm thưởng.',
} as const;

/** The consent side the loyalty module needs: the codes' HMAC key and the wrong attempts' counters. */
export interface InvoicePointsConsent {
  secret: string;
  counters: CounterStore;
}

/** The invoice within the caller's centre (another centre's answers 404, as a missing one). */
async function invoiceInScope(db: Db, scope: CentreScope, invoiceId: number): Promise<ServiceInvoiceRow> {
  const row = await db.selectFrom('service_invoices').selectAll().where('id', '=', invoiceId).executeTakeFirst();
  if (!row) throw AppError.notFound(centreScopeMessages.notFound);
  assertInScope(scope, row.centre_id);
  return row;
}

/** The member the visit belongs to (the appointment's customer), or null for a guest's. */
async function memberOf(db: Db, invoice: ServiceInvoiceRow): Promise<{ id: number; fullName: string } | null> {
  const row = await db
    .selectFrom('service_orders')
    .innerJoin('appointments', 'appointments.id', 'service_orders.appointment_id')
    .innerJoin('users', 'users.id', 'appointments.user_id')
    .select(['users.id', 'users.full_name'])
    .where('service_orders.id', '=', invoice.service_order_id)
    .executeTakeFirst();
  return row ? { id: row.id, fullName: row.full_name } : null;
}

/** The services and parts after the package discount (₫): what the cap is a share of (never the points' worth). */
const goodsOf = (invoice: ServiceInvoiceRow) => Math.max(0, invoice.subtotal_services + invoice.subtotal_parts - invoice.package_discount);

const conflict = (message: string) => new AppError(409, ERROR_CODES.CONFLICT, message);

/** GET /staff/service-invoices/:id/points: the member's balance and the most their points may pay of the invoice. */
export async function invoicePointsOffer(db: Db, scope: CentreScope, invoiceId: number, now: Date): Promise<InvoicePointsOffer> {
  const invoice = await invoiceInScope(db, scope, invoiceId);
  const member = await memberOf(db, invoice);
  const base = { invoiceId, member, pointsUsed: invoice.points_used, pointsValue: invoice.points_value };
  if (!member) return { ...base, available: false, reason: invoicePointsMessages.guest, balance: 0, pointValue: 0, minimum: 0, capPercent: 0, maxUsable: 0 };
  const offer = await counterPointsOffer(db, member.id, goodsOf(invoice), now);
  const reason = invoice.payment_status !== 'UNPAID' ? invoicePointsMessages.paid : invoice.points_used > 0 ? invoicePointsMessages.alreadyUsed(invoice.points_used) : null;
  return {
    ...base,
    available: reason === null,
    reason,
    balance: offer.balance,
    pointValue: offer.pointValue,
    minimum: offer.minimum,
    capPercent: offer.capPercent,
    maxUsable: offer.maxUsable,
  };
}

/** The invoice's row held for the transaction, still unpaid (409 otherwise). */
async function heldUnpaid(trx: Db, invoiceId: number): Promise<ServiceInvoiceRow> {
  const row = await lockForUpdate(trx, trx.selectFrom('service_invoices').selectAll().where('id', '=', invoiceId)).executeTakeFirstOrThrow();
  if (row.payment_status !== 'UNPAID') throw conflict(invoicePointsMessages.paid);
  return row;
}

async function announce(ctx: ServiceOrderContext, invoice: ServiceInvoiceRow, at: Date): Promise<void> {
  const order = await ctx.db.selectFrom('service_orders').selectAll().where('id', '=', invoice.service_order_id).executeTakeFirstOrThrow();
  await publishServiceOrderChange(ctx, { serviceOrderId: order.id, code: order.code, appointmentId: order.appointment_id, centreId: order.centre_id, userId: order.user_id, status: order.status as ServiceOrderStatus }, at);
}

/**
 * POST /staff/service-invoices/:id/points: the member spends `points` on the unpaid invoice with their consent code,
 * once (409 when it is paid, a guest's, or already used points). The worth is recomputed under today's rules and
 * taken off the total in the REDEEM's transaction.
 */
export async function applyInvoicePoints(
  ctx: ServiceOrderContext,
  consent: InvoicePointsConsent,
  scope: CentreScope,
  invoiceId: number,
  input: { points: number; consentCode: string },
  at: Date,
): Promise<{ invoice: ServiceInvoice; message: string }> {
  assertFloorWriter(scope);
  await invoiceInScope(ctx.db, scope, invoiceId);
  const updated = await inTransaction(ctx.db, async (trx) => {
    const invoice = await heldUnpaid(trx, invoiceId);
    if (invoice.points_used > 0) throw conflict(invoicePointsMessages.alreadyUsed(invoice.points_used));
    const member = await memberOf(trx, invoice);
    if (!member) throw conflict(invoicePointsMessages.guest);
    const spent = await redeemAtCounter(trx, consent, {
      userId: member.id,
      invoiceId,
      invoiceCode: invoice.code,
      goods: goodsOf(invoice),
      points: input.points,
      consentCode: input.consentCode,
      actorId: scope.userId,
      at,
    });
    return trx
      .updateTable('service_invoices')
      .set({ points_used: spent.points, points_value: spent.value, total: invoice.total - spent.value })
      .where('id', '=', invoiceId)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  await announce(ctx, updated, at);
  return { invoice: await toServiceInvoice(updated, ctx.vietQr), message: invoicePointsMessages.applied(updated.points_used, updated.points_value) };
}

/** DELETE /staff/service-invoices/:id/points: before payment, the points go back to the member and the total is restored. */
export async function removeInvoicePoints(ctx: ServiceOrderContext, scope: CentreScope, invoiceId: number, at: Date): Promise<{ invoice: ServiceInvoice; message: string }> {
  assertFloorWriter(scope);
  await invoiceInScope(ctx.db, scope, invoiceId);
  const { updated, returned } = await inTransaction(ctx.db, async (trx) => {
    const invoice = await heldUnpaid(trx, invoiceId);
    if (invoice.points_used <= 0) throw conflict(invoicePointsMessages.noneUsed);
    const member = await memberOf(trx, invoice);
    if (!member) throw conflict(invoicePointsMessages.guest);
    await returnCounterPoints(trx, { userId: member.id, invoiceId, invoiceCode: invoice.code, points: invoice.points_used, actorId: scope.userId, at });
    const row = await trx
      .updateTable('service_invoices')
      .set({ points_used: 0, points_value: 0, total: invoice.total + invoice.points_value })
      .where('id', '=', invoiceId)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { updated: row, returned: invoice.points_used };
  });
  await announce(ctx, updated, at);
  return { invoice: await toServiceInvoice(updated, ctx.vietQr), message: invoicePointsMessages.removed(returned) };
}
