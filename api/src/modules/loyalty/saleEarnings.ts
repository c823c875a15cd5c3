import type { Kysely } from 'kysely';
import { HANDED_OVER_STATUSES } from 'shared-contracts/schemas';
import { toIsoUtc, toNumber } from '../../db/portable';
import type { LoyaltySaleRow } from '../../db/loyaltySchema';
import type { Database } from '../../db/schema';
import { lockForUpdate } from '../../db/sqlDialect';
import { settingsAt } from './loyaltySettings';
import { lotExpiry, pointsFor, pointsKept } from './loyaltyRules';
import { memberTierOf } from './memberTiers';
import { creditLot, debit, holdMember } from './pointsLedger';
import { tierRulesAt } from './tierRules';

type Db = Kysely<Database>;

/** Ledger events read per round. */
const EVENTS_PER_ROUND = 500;
/** Pending sales looked at per round. */
const SALES_PER_ROUND = 500;

const earnKeyOf = (saleId: number) => `earn-sale-${saleId}`;
const reverseKeyOf = (refundId: number) => `reverse-refund-${refundId}`;

/**
 * Turns the ledger's new sale events into points, in one transaction with the cursor: a `sale.paid` of a member's sale
 * → its loyalty_sales row (PENDING: earned when complete, below), a `sale.refunded` → the sale's refunded amount, and
 * once earned its share of the points reversed. Instances take the cursor in turn, so each event counts once (and a
 * sale has one row, a refund one reversal, by their unique keys besides). Answers the events read.
 */
export async function queueSaleEarnings(db: Db): Promise<number> {
  return db.transaction().execute(async (trx) => {
    // Held: instances read the events one after another, so a refund is counted on its sale once.
    const cursor = await lockForUpdate(trx, trx.selectFrom('loyalty_cursor').select('last_sale_event_id').where('id', '=', 1)).executeTakeFirstOrThrow();
    const events = await trx
      .selectFrom('sale_events')
      .select(['id', 'kind', 'order_id', 'service_invoice_id', 'amount', 'refund_id', 'created_at'])
      .where('id', '>', cursor.last_sale_event_id)
      .orderBy('id')
      .limit(EVENTS_PER_ROUND)
      .execute();
    if (events.length === 0) return 0;
    for (const event of events) {
      if (event.kind === 'sale.paid') {
        const userId = await memberOf(trx, event);
        if (userId === null) continue;
        await trx
          .insertInto('loyalty_sales')
          .values({ user_id: userId, order_id: event.order_id, service_invoice_id: event.service_invoice_id, amount: toNumber(event.amount), paid_at: toIsoUtc(event.created_at) })
          .onConflict((conflict) => conflict.doNothing())
          .execute();
      } else if (event.kind === 'sale.refunded' && event.refund_id !== null) {
        const found = await trx
          .selectFrom('loyalty_sales')
          .select(['id', 'user_id'])
          .where(event.order_id !== null ? 'order_id' : 'service_invoice_id', '=', (event.order_id ?? event.service_invoice_id)!)
          .executeTakeFirst();
        if (!found) continue;
        // The member held before the sale is read again: its earning (another transaction) is before or after, whole.
        await holdMember(trx, found.user_id);
        const sale = await trx.selectFrom('loyalty_sales').selectAll().where('id', '=', found.id).executeTakeFirstOrThrow();
        await refundShare(trx, sale, event.refund_id, toNumber(event.amount), new Date(toIsoUtc(event.created_at)));
      }
    }
    await trx.updateTable('loyalty_cursor').set({ last_sale_event_id: events.at(-1)!.id }).where('id', '=', 1).where('last_sale_event_id', '<', events.at(-1)!.id).execute();
    return events.length;
  });
}

/** The member a sale belongs to: the web order's account, or the visit's booking account (a walk-in without one earns nothing). */
async function memberOf(db: Db, event: { order_id: number | null; service_invoice_id: number | null }): Promise<number | null> {
  if (event.order_id !== null) {
    const order = await db.selectFrom('orders').select('user_id').where('id', '=', event.order_id).executeTakeFirst();
    return order?.user_id ?? null;
  }
  const visit = await db
    .selectFrom('service_invoices')
    .innerJoin('service_orders', 'service_orders.id', 'service_invoices.service_order_id')
    .innerJoin('appointments', 'appointments.id', 'service_orders.appointment_id')
    .select('appointments.user_id')
    .where('service_invoices.id', '=', event.service_invoice_id!)
    .executeTakeFirst();
  return visit?.user_id ?? null;
}

/**
 * A refund of `amount` ₫ (the member held): counted on the sale, and once its points are earned their share taken back
 * (its own lot first). A refund's event is read once per instance's transaction; the cursor's update keeps it once.
 */
async function refundShare(trx: Db, sale: LoyaltySaleRow, refundId: number, amount: number, at: Date): Promise<void> {
  const refunded = toNumber(sale.refunded) + amount;
  const moved = await trx.updateTable('loyalty_sales').set({ refunded }).where('id', '=', sale.id).where('refunded', '=', sale.refunded).executeTakeFirst();
  if (Number(moved.numUpdatedRows) === 0 || sale.status !== 'EARNED' || sale.points === null) return;
  const reversed = sale.points - pointsKept(sale.points, toNumber(sale.amount), refunded);
  const share = reversed - sale.reversed;
  if (share <= 0) return;
  const lot = await trx.selectFrom('loyalty_entries').select('id').where('entry_key', '=', earnKeyOf(sale.id)).executeTakeFirst();
  const written = await debit(trx, {
    userId: sale.user_id,
    points: share,
    kind: 'REVERSE',
    key: reverseKeyOf(refundId),
    reason: 'Trừ điểm do hoàn tiền',
    saleId: sale.id,
    refundId,
    actorId: null,
    at,
    ...(lot ? { fromLotId: lot.id } : {}),
  });
  if (written !== null) await trx.updateTable('loyalty_sales').set({ reversed }).where('id', '=', sale.id).execute();
}

/**
 * Earns what has become due: a service invoice's points at once (the service is complete when paid), a web order's once
 * its goods are handed over, on what was paid less what was refunded before, under the rules in force when it was paid
 * (never a later change's); a web order cancelled first is VOID. Each sale earns once: the row moves from PENDING in
 * the transaction that writes its lot. Answers the sales earned.
 */
export async function releaseEarnings(db: Db, now: Date): Promise<number> {
  const pending = await db
    .selectFrom('loyalty_sales')
    .leftJoin('orders', 'orders.id', 'loyalty_sales.order_id')
    .select(['loyalty_sales.id', 'loyalty_sales.service_invoice_id', 'orders.status as order_status'])
    .where('loyalty_sales.status', '=', 'PENDING')
    .orderBy('loyalty_sales.id')
    .limit(SALES_PER_ROUND)
    .execute();
  let earned = 0;
  for (const candidate of pending) {
    if (candidate.order_status === 'CANCELLED') {
      await db.updateTable('loyalty_sales').set({ status: 'VOID' }).where('id', '=', candidate.id).where('status', '=', 'PENDING').execute();
      continue;
    }
    const complete = candidate.service_invoice_id !== null || HANDED_OVER_STATUSES.includes(candidate.order_status as (typeof HANDED_OVER_STATUSES)[number]);
    if (complete && (await earnSale(db, candidate.id, now))) earned += 1;
  }
  return earned;
}

async function earnSale(db: Db, saleId: number, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const { user_id: userId } = await trx.selectFrom('loyalty_sales').select('user_id').where('id', '=', saleId).executeTakeFirstOrThrow();
    await holdMember(trx, userId);
    const sale = await trx.selectFrom('loyalty_sales').selectAll().where('id', '=', saleId).executeTakeFirstOrThrow();
    if (sale.status !== 'PENDING') return false;
    const paidAt = new Date(toIsoUtc(sale.paid_at));
    const rules = await settingsAt(trx, paidAt);
    // The member's tier when earning, its multiplier under the tiers' rules of when the sale was paid; kept on the sale.
    const { tier } = await memberTierOf(trx, sale.user_id, now);
    const tierRules = await tierRulesAt(trx, paidAt);
    const points = pointsFor(toNumber(sale.amount) - toNumber(sale.refunded), rules.pointsPer1000, tierRules.multiplierPercent[tier]);
    const moved = await trx
      .updateTable('loyalty_sales')
      .set({ status: 'EARNED', points, settings_id: rules.id, tier, earned_at: now.toISOString() })
      .where('id', '=', saleId)
      .where('status', '=', 'PENDING')
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) === 0) return false;
    if (points > 0) {
      await creditLot(trx, { userId: sale.user_id, points, key: earnKeyOf(saleId), reason: sale.order_id !== null ? 'Tích điểm đơn hàng' : 'Tích điểm dịch vụ', saleId, actorId: null, at: now, expiresAt: lotExpiry(now) });
    }
    return true;
  });
}
