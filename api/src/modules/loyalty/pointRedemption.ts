import type { Kysely } from 'kysely';
import { ERROR_CODES, type PointsOffer } from 'shared-contracts/schemas';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/appError';
import { settingsAndBalanceAt } from './loyaltySettings';
import { lotExpiry } from './loyaltyRules';
import { balanceOf, creditLot, debit, holdMember } from './pointsLedger';

type Db = Kysely<Database>;

const vnd = (amount: number) => `${new Intl.NumberFormat('vi-VN').format(amount)} ₫`;
const points = (count: number) => `${new Intl.NumberFormat('vi-VN').format(count)} điểm`;

/**
 * What the member's points may pay of an order whose goods cost `goods` ₫ after its promotion, under today's rules:
 * at most the cap's share of the goods (never the shipping), from the minimum, within the balance; and what `requested`
 * points would take off (or why they cannot: the refusal, with nothing used).
 */
export async function offerPoints(db: Db, userId: number, goods: number, requested: number, now: Date): Promise<{ offer: PointsOffer; refusal: string | null }> {
  const { rules, balance } = await settingsAndBalanceAt(db, userId, now);
  const byCap = rules.pointValue > 0 ? Math.floor(Math.floor((Math.max(0, goods) * rules.redeemCapPercent) / 100) / rules.pointValue) : 0;
  const maxUsable = Math.max(0, Math.min(balance, byCap));
  const base = { balance, pointValue: rules.pointValue, minimum: rules.redeemMinimum, capPercent: rules.redeemCapPercent, maxUsable };
  let refusal: string | null = null;
  if (requested > 0) {
    if (requested > balance) refusal = `Bạn chỉ có ${points(Math.max(0, balance))}.`;
    else if (requested < rules.redeemMinimum) refusal = `Dùng tối thiểu ${points(rules.redeemMinimum)} mỗi đơn.`;
    else if (requested > byCap) refusal = `Điểm thưởng trả tối đa ${rules.redeemCapPercent}% tiền hàng (${vnd(byCap * rules.pointValue)}): tối đa ${points(byCap)}.`;
  }
  const used = refusal === null ? requested : 0;
  return { offer: { ...base, used, value: used * rules.pointValue }, refusal };
}

/**
 * The points a new order pays with, as offerPoints decides them (`refusal`: why the requested points cannot pay); an
 * order that asks for none reads nothing.
 */
export async function pointsForOrder(db: Db, userId: number, goods: number, requested: number, now: Date): Promise<{ used: number; value: number; refusal: string | null }> {
  if (requested <= 0) return { used: 0, value: 0, refusal: null };
  const { offer, refusal } = await offerPoints(db, userId, goods, requested, now);
  return { used: offer.used, value: offer.value, refusal };
}

/** The net points order `orderId` holds now: its redemptions less what was given back. */
async function heldByOrder(trx: Db, orderId: number): Promise<{ held: number; returns: number }> {
  const rows = await trx.selectFrom('loyalty_entries').select(['kind', 'points']).where('order_id', '=', orderId).execute();
  return { held: -rows.reduce((sum, row) => sum + row.points, 0), returns: rows.filter((row) => row.kind === 'RETURN').length };
}

/**
 * Within the order's transaction: the member pays `count` points towards web order `orderId` (REDEEM), holding the
 * member so redemptions against one balance never overspend (409 POINTS_INSUFFICIENT).
 */
export async function redeemForOrder(trx: Db, redemption: { userId: number; orderId: number; points: number; at: Date }): Promise<void> {
  if (redemption.points <= 0) return;
  await holdMember(trx, redemption.userId);
  const balance = await balanceOf(trx, redemption.userId);
  if (balance < redemption.points) throw new AppError(409, ERROR_CODES.POINTS_INSUFFICIENT, `Số điểm thưởng không đủ: bạn còn ${points(Math.max(0, balance))}.`, [{ field: 'points', message: `Bạn còn ${points(Math.max(0, balance))}.` }]);
  const { returns } = await heldByOrder(trx, redemption.orderId);
  await debit(trx, { userId: redemption.userId, points: redemption.points, kind: 'REDEEM', key: `redeem-order-${redemption.orderId}-${returns}`, reason: 'Dùng điểm cho đơn hàng', saleId: null, refundId: null, actorId: redemption.userId, at: redemption.at, orderId: redemption.orderId });
}

/** Within a cancellation's transaction: the points the order used come back to the member as a lot (RETURN), once. */
export async function returnOrderPoints(trx: Db, order: { id: number; userId: number; at: Date }): Promise<void> {
  await holdMember(trx, order.userId);
  const { held, returns } = await heldByOrder(trx, order.id);
  if (held <= 0) return;
  await creditLot(trx, { userId: order.userId, points: held, key: `return-order-${order.id}-${returns}`, reason: 'Hoàn điểm do đơn hàng bị hủy', saleId: null, actorId: null, at: order.at, expiresAt: lotExpiry(order.at), kind: 'RETURN', orderId: order.id });
}

/**
 * Within a reopening's transaction (a cancelled order paid after all): the points it used are taken again, the balance
 * going negative if they were spent meanwhile (the order keeps the price it was placed at).
 */
export async function retakeOrderPoints(trx: Db, order: { id: number; userId: number; pointsUsed: number; at: Date }): Promise<void> {
  if (order.pointsUsed <= 0) return;
  await holdMember(trx, order.userId);
  const { held, returns } = await heldByOrder(trx, order.id);
  if (held >= order.pointsUsed) return;
  await debit(trx, { userId: order.userId, points: order.pointsUsed - held, kind: 'REDEEM', key: `redeem-order-${order.id}-${returns}`, reason: 'Dùng điểm cho đơn hàng (đơn được mở lại)', saleId: null, refundId: null, actorId: null, at: order.at, orderId: order.id });
}
