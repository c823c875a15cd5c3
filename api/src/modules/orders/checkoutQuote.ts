import type { CartLine, CheckoutQuoteRequest, Quote } from 'shared-contracts/schemas';
import { itemKey, loadShopItems, mergeRepeatedItems, toCartLine } from '../cart';
import { offerPoints } from '../loyalty';
import { availableAt } from '../stockLocations';
import { applyMemberPrices, withMemberNote } from './memberPricing';
import { assertCentreExists, priceCheckout } from './orderPricing';
import { quoteDelivery, type QuoteContext } from './shippingQuote';

/**
 * POST /checkout/quote: what the order would cost now (current prices, shipping, the code applied or why it
 * is refused, the member's points chosen or why they cannot pay). Unknown items are left out; unavailable or short ones are flagged in their line's issues. A
 * product's `stock` is what the order would draw on: the pick-up centre's for a pick-up, else the online stock.
 * A delivery to a coded ward lists the carriers' options and charges the chosen one (default: the cheapest); the
 * flat fee, said so, when the ward is not coded or the carriers do not answer in time.
 */
export async function quoteCheckout(ctx: QuoteContext, userId: number, input: CheckoutQuoteRequest): Promise<Quote> {
  const { db, clock } = ctx;
  const requested = mergeRepeatedItems(input.items);
  const items = await loadShopItems(db, requested, clock.now());
  // The member's prices where lower: a line answers its tier and the price without it.
  const memberNotes = await applyMemberPrices(db, userId, items, clock.now());
  if (input.fulfilment.method === 'pickup') await assertCentreExists(db, input.fulfilment.centreId);
  const productIds = requested.filter((entry) => entry.kind === 'product').map((entry) => entry.refId);
  const atPickup = input.fulfilment.method === 'pickup' ? await availableAt(db, input.fulfilment.centreId, productIds) : null;
  const lines: CartLine[] = [];
  for (const entry of requested) {
    const item = items.get(itemKey(entry));
    if (!item) continue;
    const stock = atPickup && item.kind === 'product' ? (atPickup.get(item.refId) ?? 0) : item.stock;
    lines.push(withMemberNote(toCartLine({ ...item, stock }, entry.quantity, null), memberNotes));
  }
  const shipped = lines.filter((line) => line.kind === 'product').map((line) => ({ refId: line.refId, quantity: line.quantity }));
  const delivery = await quoteDelivery(ctx, shipped, input.fulfilment, input.shippingChoice);
  const { pricing, promotion, refusal } = await priceCheckout(db, userId, lines, input.fulfilment, input.promoCode, clock.now(), delivery.fee);
  const { offer, refusal: pointsRefusal } = await offerPoints(db, userId, pricing.subtotal - pricing.discount, input.points ?? 0, clock.now());
  return {
    lines,
    subtotal: pricing.subtotal,
    eligibleSubtotal: pricing.eligibleSubtotal,
    discount: pricing.discount,
    shippingFee: pricing.shippingFee,
    shippingDiscount: pricing.shippingDiscount,
    total: pricing.total - offer.value,
    promotion: promotion && !refusal ? promotion : null,
    promoError: refusal ? { code: refusal.code, message: refusal.message } : null,
    points: offer,
    pointsError: pointsRefusal,
    shippingOptions: delivery.options,
    shippingChoice: delivery.choice,
    shippingFallback: delivery.fallback,
    shippingNotice: delivery.notice,
  };
}
