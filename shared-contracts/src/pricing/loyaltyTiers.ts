/**
 * Members' tiers (issue 67 §3): by what a member spent over the last 12 months, reviewed daily. Zod-free, so the
 * promotion rules (promotionPricing.ts) and the UI's lazy chunks read them too.
 */
export const LOYALTY_TIERS = ['MEMBER', 'SILVER', 'GOLD', 'DIAMOND'] as const;
export type LoyaltyTier = (typeof LOYALTY_TIERS)[number];

/** The tiers above MEMBER, each reached from a minimum spend the admin sets. */
export const LOYALTY_RANKED_TIERS = ['SILVER', 'GOLD', 'DIAMOND'] as const;
export type LoyaltyRankedTier = (typeof LOYALTY_RANKED_TIERS)[number];

export const LOYALTY_TIER_LABELS: Record<LoyaltyTier, string> = {
  MEMBER: 'Thành viên',
  SILVER: 'Bạc',
  GOLD: 'Vàng',
  DIAMOND: 'Kim cương',
};

/** A tier's points multiplier is a percent within these bounds (MEMBER's is always 100). */
export const LOYALTY_TIER_MULTIPLIER_BOUNDS = { min: 100, max: 300 } as const;

let multiplierFormat: Intl.NumberFormat | null = null;

/** ×1,25: a tier's points multiplier (a percent) as the member and the back office read it. */
export function formatTierMultiplier(percent: number): string {
  multiplierFormat ??= new Intl.NumberFormat('vi-VN', { maximumFractionDigits: 2 });
  return `×${multiplierFormat.format(percent / 100)}`;
}
/** The most a tier's minimum spend may be (VND). */
export const LOYALTY_TIER_SPEND_MAX = 100_000_000_000;

/** The tiers' rules' field names as the back office shows them and the messages name them. */
export const loyaltyTierFieldLabels = {
  minSpend: (tier: LoyaltyRankedTier) => `Chi tiêu 12 tháng tối thiểu hạng ${LOYALTY_TIER_LABELS[tier]} (₫)`,
  multiplierPercent: (tier: LoyaltyRankedTier) => `Hệ số điểm hạng ${LOYALTY_TIER_LABELS[tier]} (%)`,
} as const;

/** A change of the tiers' rules refused (the API's schema and the back office's form say the same). */
export const loyaltyTierRuleMessages = {
  minSpend: (tier: LoyaltyRankedTier) => `${loyaltyTierFieldLabels.minSpend(tier)} phải là số nguyên từ 1 đến ${LOYALTY_TIER_SPEND_MAX.toLocaleString('vi-VN')} ₫.`,
  multiplierPercent: (tier: LoyaltyRankedTier) =>
    `${loyaltyTierFieldLabels.multiplierPercent(tier)} phải là số nguyên từ ${LOYALTY_TIER_MULTIPLIER_BOUNDS.min} đến ${LOYALTY_TIER_MULTIPLIER_BOUNDS.max}.`,
  increasing: 'Mức chi tiêu tối thiểu phải tăng dần: Bạc < Vàng < Kim cương.',
} as const;

/** The spending that counts for a tier: the last this many months. */
export const LOYALTY_TIER_WINDOW_MONTHS = 12;

/** 0 for MEMBER up to 3 for DIAMOND. */
export function loyaltyTierRank(tier: LoyaltyTier): number {
  return LOYALTY_TIERS.indexOf(tier);
}

/** Whether `tier` is `minimum` or above (no minimum: always). */
export function loyaltyTierAtLeast(tier: LoyaltyTier | null | undefined, minimum: LoyaltyTier | null | undefined): boolean {
  if (!minimum) return true;
  return loyaltyTierRank(tier ?? 'MEMBER') >= loyaltyTierRank(minimum);
}

export function isLoyaltyTier(value: unknown): value is LoyaltyTier {
  return typeof value === 'string' && (LOYALTY_TIERS as readonly string[]).includes(value);
}

/** The tier a spend of `spend` ₫ reaches under the minimum spends `minSpend` (strictly increasing). */
export function loyaltyTierForSpend(spend: number, minSpend: Record<LoyaltyRankedTier, number>): LoyaltyTier {
  for (const tier of [...LOYALTY_RANKED_TIERS].reverse()) if (spend >= minSpend[tier]) return tier;
  return 'MEMBER';
}

/** The tier above `tier`, or null at the top. */
export function nextLoyaltyTier(tier: LoyaltyTier): LoyaltyRankedTier | null {
  return (LOYALTY_TIERS[loyaltyTierRank(tier) + 1] as LoyaltyRankedTier | undefined) ?? null;
}

/** What the admin's member prices say when refused (the API's schema, its 422s and the back office's form). */
export const memberPriceMessages = {
  product: 'Vui lòng chọn sản phẩm.',
  tier: 'Hạng áp dụng phải là Bạc, Vàng hoặc Kim cương.',
  price: 'Giá thành viên phải là số nguyên dương (₫).',
  notBelow: (normalPrice: string) => `Giá thành viên phải thấp hơn giá bán thường của sản phẩm (${normalPrice}).`,
  productNotFound: 'Không tìm thấy sản phẩm.',
  notFound: 'Không tìm thấy giá thành viên này, hoặc giá đã ngừng áp dụng.',
  set: 'Đã lưu giá thành viên.',
  ended: 'Đã ngừng áp dụng giá thành viên.',
} as const;
