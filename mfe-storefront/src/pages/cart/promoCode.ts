import { promotionRefusalMessages } from 'shared-contracts/pricing';
import type { CartLine, Promotion } from 'shared-contracts/schemas';
import { errorMessage } from '../../hooks/useAsync';
import { checkoutApi, type CheckoutApi } from '../../cart/checkoutApi';
import type { ShippingSelection } from '../../cart/checkoutSlice';
import { previewQuote, quoteFulfilmentOf, serverQuote } from './orderQuote';

export const promoText = {
  empty: 'Vui lòng nhập mã khuyến mãi.',
  applied: (code: string) => `Đã áp dụng mã ${code}.`,
  removed: 'Đã bỏ mã khuyến mãi.',
};

export type PromoCheck = { ok: true; promotion: Promotion } | { ok: false; message: string };

interface PromoContext {
  items: readonly CartLine[];
  shipping: ShippingSelection;
  loggedIn: boolean;
  /** the promotions the page knows (the active ones and the saved ones): what a guest's code is looked up in */
  known: readonly Promotion[];
  api?: Pick<CheckoutApi, 'quote'>;
}

/** 'save500k ' → 'SAVE500K' */
export function normalisePromoCode(input: string): string {
  return input.trim().toUpperCase();
}

/**
 * Whether a code can be applied to this cart, and why not (Vietnamese). A customer asks the server (POST
 * /checkout/quote, authoritative: limits, first order, birthday...); a guest's code is looked up among the
 * active promotions and checked with the shared pricing rules (checked again by the server at checkout).
 */
export async function checkPromoCode(input: string, { items, shipping, loggedIn, known, api = checkoutApi }: PromoContext): Promise<PromoCheck> {
  const code = normalisePromoCode(input);
  if (!code) return { ok: false, message: promoText.empty };
  if (!loggedIn) {
    const promotion = known.find((candidate) => candidate.code === code);
    if (!promotion) return { ok: false, message: promotionRefusalMessages.notFound };
    const preview = previewQuote(items, promotion, shipping);
    return preview.promoError ? { ok: false, message: preview.promoError.message } : { ok: true, promotion };
  }
  try {
    const quote = await serverQuote(items, code, quoteFulfilmentOf(shipping) ?? { method: 'delivery', province: 'Hà Nội' }, api);
    if (quote.promotion) return { ok: true, promotion: quote.promotion };
    return { ok: false, message: quote.promoError?.message ?? promotionRefusalMessages.notFound };
  } catch (error) {
    return { ok: false, message: errorMessage(error) };
  }
}
