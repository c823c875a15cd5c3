import type { PromotionCategory, PromotionEligibility, PromotionType } from '../catalogue/enumerations';
import { vietnamMonthOf } from '../calendar';
import { LOYALTY_TIER_LABELS, loyaltyTierAtLeast, type LoyaltyTier } from './loyaltyTiers';

/**
 * Prices an order and applies (or refuses) one promotion code. Pure: the API runs it inside the order
 * transaction with what it read from the database, the storefront runs it for the preview. Money is integer
 * VND; every amount is rounded down to the đồng.
 *
 *   priceOrder({ lines, promotion, shippingFee, customer }) → OrderPricing
 *
 * Rules (issue 5):
 * - eligibleSubtotal: the lines of the promotion's categories (parts / accessories / equipment); every line
 *   when it names none. Service packages (promoGroup null) only count for promotions without categories.
 * - percentage: value % of eligibleSubtotal, capped by maxDiscount; fixed: value capped at eligibleSubtotal;
 *   shipping: waives the shipping fee up to value (refused when there is no fee to waive).
 * - minOrder is checked against eligibleSubtotal.
 * - refused when switched off, outside validFrom ≤ now < validTo, used up (usedCount ≥ usageLimit) or used
 *   perCustomerLimit times by this customer; eligibility 'new-customer' only on a first order,
 *   'birthday-month' only in the customer's birth month (Asia/Ho_Chi_Minh), 'member' for a logged-in
 *   customer, 'vip' for a VIP customer (isVip: a member of tier Vàng or above); a promotion with a minimum tier
 *   (minTier) only for a member of that tier or above.
 * - A refused code gives no discount: the totals are those without promotion and `refusal` says why.
 */

/** What the rules read of a promotion: the API's Promotion (schemas/catalogue.ts) has these fields and more. */
export interface PromotionTerms {
  type: PromotionType;
  /** A percent for 'percentage', VND otherwise. */
  value: number;
  minOrder: number;
  maxDiscount?: number;
  validFrom: string;
  validTo: string;
  isActive: boolean;
  usageLimit: number;
  usedCount: number;
  category?: PromotionCategory[];
  eligibility: PromotionEligibility;
  perCustomerLimit: number;
  /** The lowest members' tier that may use it (none: every customer the eligibility allows). */
  minTier?: LoyaltyTier | null;
}

export interface PricingLine {
  unitPrice: number;
  quantity: number;
  /** The product's category group; null for a service package. */
  promoGroup: PromotionCategory | null;
}

/** What the rules need to know about the customer. */
export interface PromotionCustomerContext {
  now: Date;
  /** No earlier order (cancelled ones do not count). */
  isFirstOrder: boolean;
  /** 1–12 from the customer's date of birth; null when unknown. */
  birthMonth: number | null;
  /** How many times this customer already used this promotion (cancelled orders do not count). */
  usedByCustomer: number;
  /** A logged-in customer (default true: checkout requires a login). */
  isMember?: boolean;
  /** A VIP customer: a member of tier Vàng or above (default false). */
  isVip?: boolean;
  /** The member's tier (default MEMBER). */
  tier?: LoyaltyTier;
}

export type PromotionRefusalCode =
  | 'PROMO_NOT_FOUND'
  | 'PROMO_INACTIVE'
  | 'PROMO_NOT_STARTED'
  | 'PROMO_EXPIRED'
  | 'PROMO_USED_UP'
  | 'PROMO_CUSTOMER_LIMIT'
  | 'PROMO_FIRST_ORDER_ONLY'
  | 'PROMO_BIRTHDAY_ONLY'
  | 'PROMO_BIRTHDAY_UNKNOWN'
  | 'PROMO_MEMBER_ONLY'
  | 'PROMO_VIP_ONLY'
  | 'PROMO_TIER_REQUIRED'
  | 'PROMO_CATEGORY'
  | 'PROMO_MIN_ORDER'
  | 'PROMO_NO_SHIPPING_FEE';

export interface PromotionRefusal {
  code: PromotionRefusalCode;
  /** Vietnamese, shown as is. */
  message: string;
}

export interface OrderPricing {
  subtotal: number;
  eligibleSubtotal: number;
  /** Off the goods (percentage and fixed promotions). */
  discount: number;
  shippingFee: number;
  /** Off the shipping fee (shipping promotions). */
  shippingDiscount: number;
  /** subtotal − discount + shippingFee − shippingDiscount. */
  total: number;
  refusal: PromotionRefusal | null;
}

export interface PriceOrderInput {
  lines: readonly PricingLine[];
  promotion: PromotionTerms | null;
  shippingFee: number;
  customer: PromotionCustomerContext;
}

export const PROMOTION_CATEGORY_LABELS: Record<PromotionCategory, string> = {
  parts: 'Phụ tùng',
  accessories: 'Phụ kiện',
  equipment: 'Thiết bị & dụng cụ',
};

let vndDigits: Intl.NumberFormat | null = null;

/** 1.000.000 ₫ (a plain space before ₫, as in the messages of the issue). */
export function formatVndPlain(amount: number): string {
  vndDigits ??= new Intl.NumberFormat('vi-VN');
  return `${vndDigits.format(Math.round(amount))} ₫`;
}

export const promotionRefusalMessages = {
  notFound: 'Mã khuyến mãi không tồn tại.',
  inactive: 'Mã khuyến mãi đang tạm ngưng.',
  notStarted: 'Mã khuyến mãi chưa đến thời gian áp dụng.',
  expired: 'Mã khuyến mãi đã hết hạn.',
  usedUp: 'Mã đã hết lượt sử dụng',
  customerLimit: 'Bạn đã dùng hết lượt của mã này.',
  firstOrderOnly: 'Mã chỉ áp dụng cho đơn hàng đầu tiên.',
  birthdayOnly: 'Mã chỉ áp dụng trong tháng sinh nhật của bạn.',
  birthdayUnknown: 'Vui lòng cập nhật ngày sinh trong hồ sơ để dùng mã sinh nhật.',
  memberOnly: 'Mã chỉ dành cho thành viên. Vui lòng đăng nhập.',
  vipOnly: 'Mã chỉ dành cho thành viên VIP.',
  noShippingFee: 'Đơn hàng không có phí vận chuyển để áp dụng mã này.',
} as const;

/** A promotion's minimum tier not reached. */
export function tierRequiredMessage(minTier: LoyaltyTier): string {
  return `Khuyến mãi dành cho thành viên hạng ${LOYALTY_TIER_LABELS[minTier]} trở lên.`;
}

function refusal(code: PromotionRefusalCode, message: string): PromotionRefusal {
  return { code, message };
}

export { vietnamMonthOf };


/** The month (1–12) of a 'YYYY-MM-DD' date of birth, or null. */
export function birthMonthOf(dateOfBirth: string | null | undefined): number | null {
  const match = dateOfBirth ? /^\d{4}-(\d{2})-\d{2}$/.exec(dateOfBirth) : null;
  if (!match) return null;
  const month = Number(match[1]);
  return month >= 1 && month <= 12 ? month : null;
}

export function subtotalOf(lines: readonly PricingLine[]): number {
  return lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
}

/** The part of the subtotal a promotion applies to (its categories; everything when it names none). */
export function eligibleSubtotalOf(lines: readonly PricingLine[], promotion: Pick<PromotionTerms, 'category'> | null): number {
  const categories = promotion?.category;
  if (!categories || categories.length === 0) return subtotalOf(lines);
  return subtotalOf(lines.filter((line) => line.promoGroup !== null && categories.includes(line.promoGroup)));
}

/** Why the promotion cannot be used by this customer at all (window, switch, limits, eligibility), or null. */
export function promotionAvailabilityRefusal(promotion: PromotionTerms, customer: PromotionCustomerContext): PromotionRefusal | null {
  const at = customer.now.getTime();
  if (!promotion.isActive) return refusal('PROMO_INACTIVE', promotionRefusalMessages.inactive);
  if (at < Date.parse(promotion.validFrom)) return refusal('PROMO_NOT_STARTED', promotionRefusalMessages.notStarted);
  if (at >= Date.parse(promotion.validTo)) return refusal('PROMO_EXPIRED', promotionRefusalMessages.expired);
  if (promotion.usedCount >= promotion.usageLimit) return refusal('PROMO_USED_UP', promotionRefusalMessages.usedUp);
  if (customer.usedByCustomer >= promotion.perCustomerLimit) return refusal('PROMO_CUSTOMER_LIMIT', promotionRefusalMessages.customerLimit);
  switch (promotion.eligibility) {
    case 'new-customer':
      if (!customer.isFirstOrder) return refusal('PROMO_FIRST_ORDER_ONLY', promotionRefusalMessages.firstOrderOnly);
      break;
    case 'birthday-month':
      if (customer.birthMonth === null) return refusal('PROMO_BIRTHDAY_UNKNOWN', promotionRefusalMessages.birthdayUnknown);
      if (customer.birthMonth !== vietnamMonthOf(customer.now)) return refusal('PROMO_BIRTHDAY_ONLY', promotionRefusalMessages.birthdayOnly);
      break;
    case 'member':
      if (customer.isMember === false) return refusal('PROMO_MEMBER_ONLY', promotionRefusalMessages.memberOnly);
      break;
    case 'vip':
      if (customer.isVip !== true) return refusal('PROMO_VIP_ONLY', promotionRefusalMessages.vipOnly);
      break;
    default:
      break;
  }
  if (promotion.minTier && !loyaltyTierAtLeast(customer.tier, promotion.minTier)) return refusal('PROMO_TIER_REQUIRED', tierRequiredMessage(promotion.minTier));
  return null;
}

/** The discount of one promotion on these lines, or why it is refused. */
export function quotePromotion(
  promotion: PromotionTerms,
  lines: readonly PricingLine[],
  shippingFee: number,
  customer: PromotionCustomerContext,
): { eligibleSubtotal: number; discount: number; shippingDiscount: number; refusal: PromotionRefusal | null } {
  const eligibleSubtotal = eligibleSubtotalOf(lines, promotion);
  const refused = (reason: PromotionRefusal) => ({ eligibleSubtotal, discount: 0, shippingDiscount: 0, refusal: reason });
  const unavailable = promotionAvailabilityRefusal(promotion, customer);
  if (unavailable) return refused(unavailable);
  if (promotion.category && promotion.category.length > 0 && eligibleSubtotal === 0) {
    const names = promotion.category.map((category) => PROMOTION_CATEGORY_LABELS[category]).join(', ');
    return refused(refusal('PROMO_CATEGORY', `Mã chỉ áp dụng cho sản phẩm thuộc danh mục: ${names}.`));
  }
  if (eligibleSubtotal < promotion.minOrder) {
    return refused(refusal('PROMO_MIN_ORDER', `Đơn hàng tối thiểu ${formatVndPlain(promotion.minOrder)}`));
  }
  switch (promotion.type) {
    case 'percentage': {
      const raw = Math.floor((eligibleSubtotal * promotion.value) / 100);
      const discount = promotion.maxDiscount === undefined ? raw : Math.min(raw, promotion.maxDiscount);
      return { eligibleSubtotal, discount, shippingDiscount: 0, refusal: null };
    }
    case 'fixed':
      return { eligibleSubtotal, discount: Math.min(promotion.value, eligibleSubtotal), shippingDiscount: 0, refusal: null };
    case 'shipping':
      if (shippingFee <= 0) return refused(refusal('PROMO_NO_SHIPPING_FEE', promotionRefusalMessages.noShippingFee));
      return { eligibleSubtotal, discount: 0, shippingDiscount: Math.min(promotion.value, shippingFee), refusal: null };
    default:
      return { eligibleSubtotal, discount: 0, shippingDiscount: 0, refusal: null };
  }
}

/** Subtotal, discount, shipping and total of an order with at most one promotion. */
export function priceOrder({ lines, promotion, shippingFee, customer }: PriceOrderInput): OrderPricing {
  const subtotal = subtotalOf(lines);
  if (!promotion) {
    return { subtotal, eligibleSubtotal: subtotal, discount: 0, shippingFee, shippingDiscount: 0, total: subtotal + shippingFee, refusal: null };
  }
  const quote = quotePromotion(promotion, lines, shippingFee, customer);
  return {
    subtotal,
    eligibleSubtotal: quote.eligibleSubtotal,
    discount: quote.discount,
    shippingFee,
    shippingDiscount: quote.shippingDiscount,
    total: subtotal - quote.discount + shippingFee - quote.shippingDiscount,
    refusal: quote.refusal,
  };
}
