import { sql, type Kysely } from 'kysely';
import { birthMonthOf, foldPromotionCode, loyaltyTierAtLeast, type LoyaltyTier, type Promotion, type PromotionCustomerContext } from 'shared-contracts/schemas';
import { toNumber } from '../../db/portable';
import { preparedQuery } from '../../db/preparedQuery';
import { AppError } from '../../http/appError';
import type { Database } from '../../db/schema';
import { memberTierOf } from '../loyalty';
import { toPromotion } from '../promotions';

/** A VIP promotion's customers: members of this tier or above. */
const VIP_TIER: LoyaltyTier = 'GOLD';

type Db = Kysely<Database>;

/** The promotion with this code as the admin stores it (folded: "giảm 10" is GIAM10), in any state, or null. */
export async function findPromotionByCode(db: Db, code: string): Promise<Promotion | null> {
  const row = await db.selectFrom('promotions').selectAll().where('code', '=', foldPromotionCode(code)).executeTakeFirst();
  return row ? toPromotion(row) : null;
}

export interface CustomerFacts {
  email: string;
  fullName: string;
  context: PromotionCustomerContext;
}

const customerBasics = preparedQuery<{ userId: number; cancelled: 'CANCELLED' }>()((db, param) =>
  db
    .selectFrom('users')
    .select((eb) => [
      'users.email',
      'users.full_name',
      'users.date_of_birth',
      eb
        .exists(eb.selectFrom('orders').select('orders.id').whereRef('orders.user_id', '=', 'users.id').where('orders.status', '<>', param('cancelled')))
        .as('has_live_order'),
    ])
    .where('users.id', '=', param('userId')),
);

const redemptionsByCustomer = preparedQuery<{ userId: number; promotionId: number }>()((db, param) =>
  db
    .selectFrom('promotion_redemptions')
    .select(sql<number>`count(*)`.as('count'))
    .where('promotion_redemptions.user_id', '=', param('userId'))
    .where('promotion_redemptions.promotion_id', '=', param('promotionId'))
    .where('promotion_redemptions.released_at', 'is', null),
);

/**
 * What the promotion rules need to know about a customer: a first order (no order that was not cancelled),
 * the birth month, and, only when a promotion is used, its uses not given back and (for a VIP promotion or one with
 * a minimum tier) the member's tier — VIP is Vàng or above (the loyalty module's daily review). An order without a
 * code reads one row. Inside the order transaction this runs after the customer's row is locked, so concurrent
 * orders of one customer see each other's redemptions.
 */
export async function loadCustomerFacts(db: Db, userId: number, promotion: Pick<Promotion, 'id' | 'eligibility' | 'minTier'> | null, now: Date): Promise<CustomerFacts> {
  const row = await customerBasics.first(db, { userId, cancelled: 'CANCELLED' });
  if (!row) throw AppError.unauthorized();
  const usedByCustomer = promotion ? toNumber((await redemptionsByCustomer.first(db, { userId, promotionId: promotion.id }))?.count ?? 0) : 0;
  const tier = promotion && (promotion.eligibility === 'vip' || promotion.minTier) ? (await memberTierOf(db, userId, now)).tier : undefined;
  const isVip = promotion?.eligibility === 'vip' ? loyaltyTierAtLeast(tier, VIP_TIER) : undefined;
  return {
    email: row.email,
    fullName: row.full_name,
    context: {
      now,
      isFirstOrder: Number(row.has_live_order) === 0, // SQLite answers 0 or 1, PostgreSQL false or true
      birthMonth: birthMonthOf(row.date_of_birth),
      usedByCustomer,
      isMember: true,
      ...(isVip === undefined ? {} : { isVip }),
      ...(tier === undefined ? {} : { tier }),
    },
  };
}
