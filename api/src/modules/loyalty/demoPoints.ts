import type { Kysely } from 'kysely';
import { HANDED_OVER_STATUSES } from 'shared-contracts/schemas';
import { toIsoUtc, toNumber } from '../../db/portable';
import type { Database } from '../../db/schema';
import { settingsAt } from './loyaltySettings';
import { lotExpiry, LOT_LIFETIME_MONTHS, pointsFor } from './loyaltyRules';
import { reviewTiers } from './memberTiers';
import { creditLot } from './pointsLedger';
import { expireLots } from './pointExpiry';

type Db = Kysely<Database>;

const DAY = 86_400_000;

/**
 * The demo history's points (development only; the seed's sales are written as history, without the ledger's events):
 * every member's complete paid sale (a service invoice, a web order handed over) earns on the day it was paid, on what
 * was paid less what was refunded, oldest first; the demo customer also has a welcome gift earned almost a year ago,
 * so part of their points expire within the month. Lots past their date expire. Idempotent; answers the sales earned.
 */
export async function seedDemoPoints(db: Db, options: { now: Date; customerEmail: string }): Promise<number> {
  const [orders, services] = await Promise.all([
    db
      .selectFrom('sale_payments')
      .innerJoin('orders', 'orders.id', 'sale_payments.order_id')
      .leftJoin('loyalty_sales', 'loyalty_sales.order_id', 'sale_payments.order_id')
      .select(['sale_payments.order_id', 'sale_payments.service_invoice_id', 'sale_payments.amount', 'sale_payments.paid_at', 'orders.user_id'])
      .where('loyalty_sales.id', 'is', null)
      .where('orders.status', 'in', [...HANDED_OVER_STATUSES])
      .execute(),
    db
      .selectFrom('sale_payments')
      .innerJoin('service_invoices', 'service_invoices.id', 'sale_payments.service_invoice_id')
      .innerJoin('service_orders', 'service_orders.id', 'service_invoices.service_order_id')
      .innerJoin('appointments', 'appointments.id', 'service_orders.appointment_id')
      .leftJoin('loyalty_sales', 'loyalty_sales.service_invoice_id', 'sale_payments.service_invoice_id')
      .select(['sale_payments.order_id', 'sale_payments.service_invoice_id', 'sale_payments.amount', 'sale_payments.paid_at', 'appointments.user_id'])
      .where('loyalty_sales.id', 'is', null)
      .where('appointments.user_id', 'is not', null)
      .execute(),
  ]);
  const sales = [...orders, ...services].sort((a, b) => toIsoUtc(a.paid_at).localeCompare(toIsoUtc(b.paid_at)));
  const refunds = await db.selectFrom('payment_refunds').select(['order_id', 'service_invoice_id', 'amount']).execute();
  const refundedOf = (sale: { order_id: number | null; service_invoice_id: number | null }) =>
    refunds.filter((refund) => (sale.order_id !== null ? refund.order_id === sale.order_id : refund.service_invoice_id === sale.service_invoice_id)).reduce((sum, refund) => sum + toNumber(refund.amount), 0);

  const customer = await db.selectFrom('users').select('id').where('email', '=', options.customerEmail).executeTakeFirst();
  if (customer) {
    // Earned LOT_LIFETIME_MONTHS months less 20 days ago: it expires within the month.
    const earnedAt = new Date(options.now.getTime() + 20 * DAY);
    earnedAt.setUTCMonth(earnedAt.getUTCMonth() - LOT_LIFETIME_MONTHS);
    await creditLot(db, { userId: customer.id, points: 500, key: 'demo-welcome-gift', reason: 'Quà chào mừng thành viên', saleId: null, actorId: null, at: earnedAt, expiresAt: lotExpiry(earnedAt) });
  }

  let earned = 0;
  for (const sale of sales) {
    if (sale.user_id === null) continue;
    const paidAt = new Date(toIsoUtc(sale.paid_at));
    const amount = toNumber(sale.amount);
    const refunded = refundedOf(sale);
    const rules = await settingsAt(db, paidAt);
    const points = pointsFor(amount - refunded, rules.pointsPer1000);
    const row = await db
      .insertInto('loyalty_sales')
      .values({ user_id: sale.user_id, order_id: sale.order_id, service_invoice_id: sale.service_invoice_id, amount, refunded, status: 'EARNED', points, settings_id: rules.id, paid_at: paidAt.toISOString(), earned_at: paidAt.toISOString() })
      .onConflict((conflict) => conflict.doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!row) continue;
    earned += 1;
    if (points > 0) await creditLot(db, { userId: sale.user_id, points, key: `earn-sale-${row.id}`, reason: sale.order_id !== null ? 'Tích điểm đơn hàng' : 'Tích điểm dịch vụ', saleId: row.id, actorId: null, at: paidAt, expiresAt: lotExpiry(paidAt) });
  }
  while ((await expireLots(db, options.now)) > 0);
  // Each member's tier from the history's 12 months (the demo customer is Vàng: VIP promotions are theirs).
  await reviewTiers(db, options.now);
  return earned;
}
