import { sql, type Kysely } from 'kysely';
import { birthMonthOf, foldPromotionCode, loyaltyTierAtLeast, type LoyaltyTier, type Promotion, type PromotionCustomerContext } from 'shared-contracts/schemas';
import { toNumber } from '../../db/portable';
import { preparedQuery } from '../../db/preparedQuery';
import type { Database } from '../../db/schema';
import { memberTierOf } from '../loyalty';
import { readCheckoutCustomer, type CheckoutCustomer } from '../auth';
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

/** Whether the customer has an order that was not cancelled, and their uses of the promotion not given back: one read. */
const promotionHistory = preparedQuery<{ userId: number; promotionId: number; cancelled: 'CANCELLED' }>()((db, param) =>
  db.selectNoFrom((eb) => [
    eb.exists(eb.selectFrom('orders').select('orders.id').where('orders.user_id', '=', param('userId')).where('orders.status', '<>', param('cancelled'))).as('has_live_order'),
    eb
      .selectFrom('promotion_redemptions')
      .select(sql<number>`count(*)`.as('count'))
      .where('promotion_redemptions.user_id', '=', param('userId'))
      .where('promotion_redemptions.promotion_id', '=', param('promotionId'))
      .where('promotion_redemptions.released_at', 'is', null)
      .as('used'),
  ]),
);

/**
 * What the promotion rules need to know about a customer: the birth month and, only when a promotion is used (the
 * rules ask nothing of the customer otherwise), a first order (no order that was not cancelled), its uses not given
 * back and (for a VIP promotion or one with a minimum tier) the member's tier — VIP is Vàng or above (the loyalty
 * module's daily review). `customer`: the customer when the caller has read them (the checkout's lock answers them),
 * not read again. Inside the order transaction this runs after the customer's row is locked, so concurrent orders of
 * one customer see each other's redemptions.
 */
export async function loadCustomerFacts(
  db: Db,
  userId: number,
  promotion: Pick<Promotion, 'id' | 'eligibility' | 'minTier'> | null,
  now: Date,
  customer?: CheckoutCustomer,
): Promise<CustomerFacts> {
  const profile = customer ?? (await readCheckoutCustomer(db, userId));
  const history = promotion ? await promotionHistory.first(db, { userId, promotionId: promotion.id, cancelled: 'CANCELLED' }) : undefined;
  const tier = promotion && (promotion.eligibility === 'vip' || promotion.minTier) ? (await memberTierOf(db, userId, now)).tier : undefined;
  const isVip = promotion?.eligibility === 'vip' ? loyaltyTierAtLeast(tier, VIP_TIER) : undefined;
  return {
    email: profile.email,
    fullName: profile.fullName,
    context: {
      now,
      isFirstOrder: Number(history?.has_live_order ?? 0) === 0, // SQLite answers 0 or 1, PostgreSQL false or true
      birthMonth: birthMonthOf(profile.dateOfBirth),
      usedByCustomer: toNumber(history?.used ?? 0),
      isMember: true,
      ...(isVip === undefined ? {} : { isVip }),
      ...(tier === undefined ? {} : { tier }),
    },
  };
}
