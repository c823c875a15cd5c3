import { sql, type Kysely } from 'kysely';
import { birthMonthOf, VIP_SPENDING_THRESHOLD, type Promotion, type PromotionCustomerContext } from 'shared-contracts/schemas';
import { toNumber } from '../../db/portable';
import { AppError } from '../../http/appError';
import type { Database } from '../../db/schema';
import { toPromotion } from '../promotions/promotionQueries';

type Db = Kysely<Database>;

/** The promotion with this code (any state: the pricing rules say why it cannot be used), or null. */
export async function findPromotionByCode(db: Db, code: string): Promise<Promotion | null> {
  const row = await db.selectFrom('promotions').selectAll().where('code', '=', code.toUpperCase()).executeTakeFirst();
  return row ? toPromotion(row) : null;
}

export interface CustomerFacts {
  email: string;
  fullName: string;
  context: PromotionCustomerContext;
}

/**
 * What the promotion rules need to know about a customer, read in one round trip: a first order (no order
 * that was not cancelled), the birth month, the uses of `promotionId` not given back, VIP (paid orders
 * totalling VIP_SPENDING_THRESHOLD or more). Inside the order transaction this runs after the customer's row
 * is locked, so concurrent orders of one customer see each other's redemptions.
 */
export async function loadCustomerFacts(db: Db, userId: number, promotionId: number | null, now: Date): Promise<CustomerFacts> {
  const row = await db
    .selectFrom('users')
    .select((eb) => [
      'users.email',
      'users.full_name',
      'users.date_of_birth',
      eb
        .selectFrom('orders')
        .select(sql<number>`count(*)`.as('count'))
        .whereRef('orders.user_id', '=', 'users.id')
        .where('orders.status', '<>', 'CANCELLED')
        .as('live_orders'),
      eb
        .selectFrom('orders')
        .select(sql<number>`coalesce(sum(orders.total), 0)`.as('spent'))
        .whereRef('orders.user_id', '=', 'users.id')
        .where('orders.payment_status', '=', 'PAID')
        .as('paid_total'),
      eb
        .selectFrom('promotion_redemptions')
        .select(sql<number>`count(*)`.as('count'))
        .whereRef('promotion_redemptions.user_id', '=', 'users.id')
        .where('promotion_redemptions.promotion_id', '=', promotionId ?? 0)
        .where('promotion_redemptions.released_at', 'is', null)
        .as('used_by_customer'),
    ])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  if (!row) throw AppError.unauthorized();
  return {
    email: row.email,
    fullName: row.full_name,
    context: {
      now,
      isFirstOrder: toNumber(row.live_orders) === 0,
      birthMonth: birthMonthOf(row.date_of_birth),
      usedByCustomer: toNumber(row.used_by_customer),
      isMember: true,
      isVip: toNumber(row.paid_total) >= VIP_SPENDING_THRESHOLD,
    },
  };
}
