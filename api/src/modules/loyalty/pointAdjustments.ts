import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { ERROR_CODES, LOYALTY_HISTORY_PAGE_SIZE, type CustomerLoyalty } from 'shared-contracts/schemas';
import { toNumber } from '../../db/portable';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/appError';
import { settingsAt } from './loyaltySettings';
import { memberTierView } from './memberTiers';
import { entryView } from './loyaltyViews';
import { lotExpiry } from './loyaltyRules';
import { balanceOf, creditLot, debit, holdMember } from './pointsLedger';

type Db = Kysely<Database>;

export const adjustmentMessages = {
  customerNotFound: 'Không tìm thấy khách hàng.',
  adjusted: 'Đã điều chỉnh điểm thưởng của khách hàng.',
  replayed: 'Điều chỉnh này đã được ghi trước đó.',
  keyReused: 'Mã yêu cầu đã được dùng cho một điều chỉnh khác. Vui lòng tải lại và thử lại.',
  keyMissing: 'Thiếu mã yêu cầu: gửi tiêu đề Idempotency-Key hoặc clientKey để một lần bấm chỉ ghi một lần.',
  belowZero: (balance: number) => `Không thể trừ quá số điểm hiện có: khách hàng còn ${balance.toLocaleString('vi-VN')} điểm.`,
} as const;

/** The adjustment asked for, as its schema leaves it. */
export interface PointsAdjustment {
  points: number;
  reason: string;
}

/** An adjustment's entry key: its customer's and the request's key, hashed to fit the column (80). */
export const adjustmentKeyOf = (userId: number, requestKey: string) => `adjust-${createHash('sha256').update(`${userId}:${requestKey}`).digest('hex').slice(0, 48)}`;

/** 404 unless `userId` is a customer's account (another role's is nobody's points). */
async function assertCustomer(db: Db, userId: number): Promise<{ fullName: string }> {
  const user = await db.selectFrom('users').select(['full_name', 'role']).where('id', '=', userId).executeTakeFirst();
  if (!user || user.role !== 'customer') throw AppError.notFound(adjustmentMessages.customerNotFound);
  return { fullName: user.full_name };
}

/** GET /api/staff/customers/:userId/loyalty: the balance, its worth today and a page of the ledger, newest first, with who adjusted. */
export async function customerLoyalty(db: Db, userId: number, page: number, now: Date): Promise<CustomerLoyalty> {
  const { fullName } = await assertCustomer(db, userId);
  const [balance, rules, tier, count, rows] = await Promise.all([
    balanceOf(db, userId),
    settingsAt(db, now),
    memberTierView(db, userId, now),
    db.selectFrom('loyalty_entries').select((eb) => eb.fn.countAll<number | string>().as('total')).where('user_id', '=', userId).executeTakeFirstOrThrow(),
    db
      .selectFrom('loyalty_entries')
      .leftJoin('users as actor', 'actor.id', 'loyalty_entries.actor_id')
      .select([
        'loyalty_entries.id',
        'loyalty_entries.kind',
        'loyalty_entries.points',
        'loyalty_entries.reason',
        'loyalty_entries.created_at',
        'loyalty_entries.expires_at',
        'loyalty_entries.actor_id',
        'actor.full_name as actor_name',
      ])
      .where('loyalty_entries.user_id', '=', userId)
      .orderBy('loyalty_entries.id', 'desc')
      .limit(LOYALTY_HISTORY_PAGE_SIZE)
      .offset((page - 1) * LOYALTY_HISTORY_PAGE_SIZE)
      .execute(),
  ]);
  return {
    userId,
    fullName,
    balance,
    pointValue: rules.pointValue,
    balanceValue: balance * rules.pointValue,
    entries: rows.map((entry) => ({
      ...entryView(entry),
      actor: entry.actor_id === null ? null : { id: entry.actor_id, fullName: entry.actor_name ?? '' },
    })),
    tier,
    page,
    pageSize: LOYALTY_HISTORY_PAGE_SIZE,
    total: toNumber(count.total),
  };
}

/**
 * POST /api/staff/customers/:userId/loyalty/adjustments: an ADJUST entry by `actorId` (a manager or an admin), once per
 * request key, in a transaction holding the member: a positive one is a lot expiring like earned points, a negative one
 * a debit (soonest-expiring lots first) that may not take the balance below 0 (422). The same key again answers what
 * was written (replayed); the same key with another adjustment is a 409.
 */
export async function adjustPoints(db: Db, actorId: number, userId: number, requestKey: string, input: PointsAdjustment, now: Date): Promise<{ replayed: boolean }> {
  await assertCustomer(db, userId);
  const key = adjustmentKeyOf(userId, requestKey);
  return db.transaction().execute(async (trx) => {
    await holdMember(trx, userId);
    const earlier = await trx.selectFrom('loyalty_entries').select(['user_id', 'kind', 'points', 'reason']).where('entry_key', '=', key).executeTakeFirst();
    if (earlier) {
      if (earlier.user_id !== userId || earlier.kind !== 'ADJUST' || earlier.points !== input.points || earlier.reason !== input.reason) {
        throw new AppError(409, ERROR_CODES.IDEMPOTENCY_KEY_REUSED, adjustmentMessages.keyReused);
      }
      return { replayed: true };
    }
    const common = { userId, key, reason: input.reason, saleId: null, actorId, at: now };
    if (input.points > 0) {
      await creditLot(trx, { ...common, points: input.points, expiresAt: lotExpiry(now) });
    } else {
      const balance = await balanceOf(trx, userId);
      if (balance + input.points < 0) {
        const message = adjustmentMessages.belowZero(Math.max(0, balance));
        throw new AppError(422, ERROR_CODES.VALIDATION_ERROR, message, [{ field: 'points', message }]);
      }
      await debit(trx, { ...common, points: -input.points, kind: 'ADJUST', refundId: null });
    }
    return { replayed: false };
  });
}
