import { useCallback, useMemo } from 'react';
import { priceOrder, shippingFeeFor } from 'shared-contracts/pricing';
import type { CartLine, PointsOffer, Promotion, QuoteFulfilment, ShippingChoiceInput, ShippingOption } from 'shared-contracts/schemas';
import { keepUnlessFailed, useAsync } from '../../hooks/useAsync';
import { checkoutApi, type CheckoutApi } from '../../cart/checkoutApi';
import type { ShippingSelection } from '../../cart/checkoutSlice';

/** The totals the cart and checkout show: the server's quote (customer) or the shared pricing preview (guest). */
export interface QuoteView {
  subtotal: number;
  discount: number;
  shippingFee: number;
  shippingDiscount: number;
  total: number;
  /** the code that gives this discount (null: none, or refused) */
  promotion: Promotion | null;
  /** why the applied code gives nothing (Vietnamese), or null */
  promoError: { code: string; message: string } | null;
  /** the server priced it (false: a guest's preview, checked again at checkout) */
  authoritative: boolean;
  /** the lines as the server priced them (customer only) */
  lines: CartLine[] | null;
  /** the member's points: balance, rules, the most this order may use and what the chosen points take off (customer only) */
  points: PointsOffer | null;
  /** why the chosen points cannot be used (Vietnamese; none used), or null */
  pointsError: string | null;
  /** the carriers' options for a delivery to a coded ward, cheapest first ([]: the flat fee) */
  shippingOptions: ShippingOption[];
  /** the option the shipping fee is (null: the flat fee, or nothing ships) */
  shippingChoice: ShippingChoiceInput | null;
  /** why the flat fee applies (the carriers did not answer, or the ward is not coded), or null */
  shippingNotice: string | null;
}

export type QuoteState = { status: 'idle' } | { status: 'loading'; previous: QuoteView | null } | { status: 'ready'; quote: QuoteView } | { status: 'error'; message: string };

/** The quote's fulfilment for a shipping choice (with the ward's code, for the carriers' fees); null while no pick-up centre is chosen. */
export function quoteFulfilmentOf(shipping: ShippingSelection, wardCode?: string | null): QuoteFulfilment | null {
  if (shipping.method === 'delivery') return wardCode ? { method: 'delivery', province: shipping.province, wardCode } : { method: 'delivery', province: shipping.province };
  return shipping.centreId === null ? null : { method: 'pickup', centreId: shipping.centreId };
}

/**
 * A guest's preview with the shared pricing rules (the server runs the same function at checkout). A guest
 * has no orders yet (a first order), no known birthday and is not a member: codes that need those say why.
 */
export function previewQuote(items: readonly CartLine[], promotion: Promotion | null, shipping: ShippingSelection, now: Date = new Date()): QuoteView {
  const shippingFee = shippingFeeFor(shipping.method === 'pickup' ? { method: 'pickup' } : shipping, items.some((item) => item.kind === 'product'));
  const pricing = priceOrder({
    lines: items.map((item) => ({ unitPrice: item.price, quantity: item.quantity, promoGroup: item.promoGroup })),
    promotion,
    shippingFee,
    customer: { now, isFirstOrder: true, birthMonth: null, usedByCustomer: 0, isMember: false },
  });
  return {
    subtotal: pricing.subtotal,
    discount: pricing.discount,
    shippingFee: pricing.shippingFee,
    shippingDiscount: pricing.shippingDiscount,
    total: pricing.total,
    promotion: pricing.refusal ? null : promotion,
    promoError: pricing.refusal,
    authoritative: false,
    lines: null,
    points: null,
    pointsError: null,
    shippingOptions: [],
    shippingChoice: null,
    shippingNotice: null,
  };
}

/** Asks the server for the quote of these lines with this code, fulfilment and points (POST /checkout/quote). */
export async function serverQuote(
  items: readonly CartLine[],
  promoCode: string | null,
  fulfilment: QuoteFulfilment,
  api: Pick<CheckoutApi, 'quote'> = checkoutApi,
  signal?: AbortSignal,
  points = 0,
  shippingChoice: ShippingChoiceInput | null = null,
): Promise<QuoteView> {
  const quote = await api.quote(
    {
      items: items.map((item) => ({ kind: item.kind, refId: item.refId, quantity: item.quantity })),
      ...(promoCode ? { promoCode } : {}),
      fulfilment,
      ...(points > 0 ? { points } : {}),
      ...(shippingChoice ? { shippingChoice } : {}),
    },
    signal,
  );
  return {
    subtotal: quote.subtotal,
    discount: quote.discount,
    shippingFee: quote.shippingFee,
    shippingDiscount: quote.shippingDiscount,
    total: quote.total,
    promotion: quote.promotion,
    promoError: quote.promoError,
    authoritative: true,
    lines: quote.lines,
    points: quote.points ?? null,
    pointsError: quote.pointsError ?? null,
    shippingOptions: quote.shippingOptions ?? [],
    shippingChoice: quote.shippingChoice ?? null,
    shippingNotice: quote.shippingNotice ?? null,
  };
}

const QUOTE_DELAY_MS = 250;

/**
 * The totals of the cart as it is now: previewed at once for a guest; for a customer asked of the server a
 * moment after the last change (earlier requests cancelled), the previous totals kept while it answers. A
 * customer's `points` (checkout) go with the request; a new `revision` asks again (the balance may have moved). A
 * delivery's `wardCode` asks the carriers' fees, `shippingChoice` the option the customer picked (default: the cheapest).
 */
export function useOrderQuote(
  items: readonly CartLine[],
  promotion: Promotion | null,
  shipping: ShippingSelection,
  loggedIn: boolean,
  {
    points = 0,
    revision = 0,
    wardCode = null,
    shippingChoice = null,
  }: { points?: number; revision?: number; wardCode?: string | null; shippingChoice?: ShippingChoiceInput | null } = {},
): QuoteState {
  const fulfilment = quoteFulfilmentOf(shipping, wardCode);
  const choiceKey = shippingChoice ? `${shippingChoice.carrier}:${shippingChoice.service}` : '';
  const fulfilmentKey = JSON.stringify(fulfilment);
  const itemsKey = items.map((item) => `${item.id}:${item.quantity}:${item.price}:${item.promoGroup}`).join(',');
  const code = promotion?.code ?? null;
  const asked = loggedIn && items.length > 0 && fulfilment !== null;

  // the keys stand for items, shipping and the code
  /* eslint-disable react-hooks/exhaustive-deps */
  const read = useCallback(
    (signal: AbortSignal) => serverQuote(items, code, fulfilment!, checkoutApi, signal, points, shippingChoice),
    [itemsKey, fulfilmentKey, code, points, choiceKey],
  );
  const preview = useMemo(() => (loggedIn || items.length === 0 ? null : previewQuote(items, promotion, shipping)), [itemsKey, fulfilmentKey, code, loggedIn, shipping.method]);
  /* eslint-enable react-hooks/exhaustive-deps */
  // a failed quote is not shown as the previous totals of the next one
  const { state } = useAsync(read, { enabled: asked, start: keepUnlessFailed, delayMs: QUOTE_DELAY_MS, reloadKey: revision });

  if (items.length === 0) return { status: 'idle' };
  if (preview) return { status: 'ready', quote: preview };
  if (!asked) return { status: 'idle' };
  if (state.loading) return { status: 'loading', previous: state.error === null ? (state.data ?? null) : null };
  if (state.error !== null) return { status: 'error', message: state.error };
  return state.data ? { status: 'ready', quote: state.data } : { status: 'loading', previous: null };
}
