import type { Kysely } from 'kysely';
import {
  ERROR_CODES,
  priceOrder,
  promotionRefusalMessages,
  shippingFeeFor,
  type CartLine,
  type OrderPricing,
  type Promotion,
  type PromotionRefusal,
  type QuoteFulfilment,
} from 'shared-contracts/schemas';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/appError';
import type { CheckoutCustomer } from '../auth';
import { findPromotionByCode, loadCustomerFacts, type CustomerFacts } from './promotionContext';
import { orderMessages } from './orderMessages';

type Db = Kysely<Database>;

export interface PricedCheckout {
  pricing: OrderPricing;
  /** The promotion the code names (null: no code or no such code). */
  promotion: Promotion | null;
  /** Why the code gives nothing (unknown code included), or null. */
  refusal: PromotionRefusal | null;
  facts: CustomerFacts;
}

/** The centre of a pick-up must exist (a service centre: the warehouse hands nothing over): 422 otherwise. Answers its name. */
export async function assertCentreExists(db: Db, centreId: number): Promise<{ id: number; name: string }> {
  const centre = await db.selectFrom('service_centres').select(['id', 'name']).where('id', '=', centreId).where('kind', '=', 'SERVICE_CENTRE').executeTakeFirst();
  if (!centre) throw new AppError(422, ERROR_CODES.CENTRE_NOT_FOUND, orderMessages.centreNotFound, [{ field: 'fulfilment.centreId', message: orderMessages.centreNotFound }]);
  return centre;
}

/**
 * Prices lines on the server (the shared pricing rules with what the database says now): shipping by the
 * fulfilment (free when nothing ships: packages only) or the carrier's quoted fee when given (shippingQuote.ts),
 * the promotion code checked against the customer (a free-shipping promotion takes the quoted fee off). `customer`:
 * the customer when the caller has read them (an order's checkout lock), not read again.
 */
export async function priceCheckout(
  db: Db,
  userId: number,
  lines: readonly Pick<CartLine, 'kind' | 'price' | 'quantity' | 'promoGroup'>[],
  fulfilment: QuoteFulfilment,
  promoCode: string | undefined,
  now: Date,
  quotedShippingFee: number | null = null,
  customer?: CheckoutCustomer,
): Promise<PricedCheckout> {
  const promotion = promoCode ? await findPromotionByCode(db, promoCode) : null;
  const facts = await loadCustomerFacts(db, userId, promotion, now, customer);
  const hasProducts = lines.some((line) => line.kind === 'product');
  const shippingFee = quotedShippingFee !== null && hasProducts && fulfilment.method === 'delivery' ? quotedShippingFee : shippingFeeFor(fulfilment, hasProducts);
  const pricing = priceOrder({
    lines: lines.map((line) => ({ unitPrice: line.price, quantity: line.quantity, promoGroup: line.promoGroup })),
    promotion,
    shippingFee,
    customer: facts.context,
  });
  const refusal: PromotionRefusal | null =
    promoCode && !promotion ? { code: 'PROMO_NOT_FOUND', message: promotionRefusalMessages.notFound } : pricing.refusal;
  return { pricing, promotion, refusal, facts };
}
