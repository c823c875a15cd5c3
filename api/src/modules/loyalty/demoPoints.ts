import type { Kysely } from 'kysely';
import { HANDED_OVER_STATUSES } from 'shared-contracts/schemas';
import { toIsoUtc, toNumber } from '../../db/portable';
import type { Database } from '../../db/schema';
import { settingsTimeline } from './loyaltySettings';
import { lotExpiry, LOT_LIFETIME_MONTHS, pointsFor } from './loyaltyRules';
import { reviewTiers } from './memberTiers';
import { creditLot, lotEntry } from './pointsLedger';
import { expireLots } from './pointExpiry';

type Db = Kysely<Database>;

const DAY = 86_400_000;
/** Rows a statement writes (12 values a row: well under SQLite's and PostgreSQL's parameter limits). */
const BATCH = 500;

/** A sale's key: its web order or its service invoice. */
function saleKey(sale: { order_id: number | null; service_invoice_id: number | null }): string {
  return sale.order_id !== null ? `order-${sale.order_id}` : `invoice-${sale.service_invoice_id}`;
}

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
  const sales = [...orders, ...services]
    .map((sale) => ({ ...sale, paidIso: toIsoUtc(sale.paid_at) }))
    .sort((a, b) => a.paidIso.localeCompare(b.paidIso));
  const refunded = new Map<string, number>();
  for (const refund of await db.selectFrom('payment_refunds').select(['order_id', 'service_invoice_id', 'amount']).execute()) {
    const key = saleKey(refund);
    refunded.set(key, (refunded.get(key) ?? 0) + toNumber(refund.amount));
  }

  const customer = await db.selectFrom('users').select('id').where('email', '=', options.customerEmail).executeTakeFirst();
  if (customer) {
    // Earned LOT_LIFETIME_MONTHS months less 20 days ago: it expires within the month.
    const earnedAt = new Date(options.now.getTime() + 20 * DAY);
    earnedAt.setUTCMonth(earnedAt.getUTCMonth() - LOT_LIFETIME_MONTHS);
    await creditLot(db, { userId: customer.id, points: 500, key: 'demo-welcome-gift', reason: 'Quà chào mừng thành viên', saleId: null, actorId: null, at: earnedAt, expiresAt: lotExpiry(earnedAt) });
  }

  // What earning each sale in turn would write (settingsAt, creditLot), computed in one pass and written in batches.
  const rulesAt = await settingsTimeline(db);
  const earning = sales
    .filter((sale): sale is typeof sale & { user_id: number } => sale.user_id !== null)
    .map((sale) => {
      const amount = toNumber(sale.amount);
      const refundedAmount = refunded.get(saleKey(sale)) ?? 0;
      const rules = rulesAt(new Date(sale.paidIso));
      return { sale, amount, refunded: refundedAmount, rules, points: pointsFor(amount - refundedAmount, rules.pointsPer1000) };
    });
  const saleIds = new Map<string, number>();
  for (let index = 0; index < earning.length; index += BATCH) {
    const written = await db
      .insertInto('loyalty_sales')
      .values(
        earning.slice(index, index + BATCH).map(({ sale, amount, refunded: refundedAmount, rules, points }) => ({
          user_id: sale.user_id,
          order_id: sale.order_id,
          service_invoice_id: sale.service_invoice_id,
          amount,
          refunded: refundedAmount,
          status: 'EARNED' as const,
          points,
          settings_id: rules.id,
          paid_at: sale.paidIso,
          earned_at: sale.paidIso,
        })),
      )
      .onConflict((conflict) => conflict.doNothing())
      .returning(['id', 'order_id', 'service_invoice_id'])
      .execute();
    for (const row of written) saleIds.set(saleKey(row), row.id);
  }

  // Each lot as creditLot writes it (lotEntry), the members' balances kept here as each lot is added.
  const balances = new Map<number, number>();
  for (const row of await db.selectFrom('loyalty_entries').select((eb) => ['user_id', eb.fn.sum<number | string | null>('points').as('balance')]).groupBy('user_id').execute()) {
    balances.set(row.user_id, toNumber(row.balance ?? 0));
  }
  const lots = earning.flatMap(({ sale, points }) => {
    const saleId = saleIds.get(saleKey(sale));
    if (saleId === undefined || points <= 0) return [];
    const balance = balances.get(sale.user_id) ?? 0;
    balances.set(sale.user_id, balance + points);
    const paidAt = new Date(sale.paidIso);
    const reason = sale.order_id !== null ? 'Tích điểm đơn hàng' : 'Tích điểm dịch vụ';
    return [lotEntry({ userId: sale.user_id, points, key: `earn-sale-${saleId}`, reason, saleId, actorId: null, at: paidAt, expiresAt: lotExpiry(paidAt) }, balance)];
  });
  for (let index = 0; index < lots.length; index += BATCH) {
    await db.insertInto('loyalty_entries').values(lots.slice(index, index + BATCH)).onConflict((conflict) => conflict.column('entry_key').doNothing()).execute();
  }
  const earned = saleIds.size;
  while ((await expireLots(db, options.now)) > 0);
  // Each member's tier from the history's 12 months (the demo customer is Vàng: VIP promotions are theirs).
  await reviewTiers(db, options.now);
  return earned;
}
