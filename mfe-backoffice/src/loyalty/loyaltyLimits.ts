/**
 * The bounds the API checks (shared-contracts/src/schemas/loyalty.ts: LOYALTY_SETTINGS_BOUNDS, LOYALTY_SETTINGS_LABELS,
 * LOYALTY_ADJUSTMENT_*), repeated here because schemas never ship in the browser bundle; a test keeps them equal.
 */
export const SETTINGS_BOUNDS = {
  pointsPer1000: { min: 0, max: 100 },
  pointValue: { min: 0, max: 10_000 },
  redeemCapPercent: { min: 0, max: 100 },
  redeemMinimum: { min: 0, max: 1_000_000 },
  signupBonus: { min: 0, max: 100_000 },
  birthdayBonus: { min: 0, max: 100_000 },
} as const;

export const SETTINGS_LABELS = {
  pointsPer1000: 'Số điểm cho mỗi 1.000 ₫',
  pointValue: 'Giá trị một điểm (₫)',
  redeemCapPercent: 'Tối đa dùng điểm (% đơn hàng)',
  redeemMinimum: 'Số điểm tối thiểu để dùng',
  signupBonus: 'Điểm thưởng khi đăng ký',
  birthdayBonus: 'Điểm thưởng sinh nhật',
  effectiveFrom: 'Áp dụng từ',
} as const;

export const ADJUSTMENT_MAX = 1_000_000;
export const ADJUSTMENT_REASON_MIN = 5;
export const ADJUSTMENT_REASON_MAX = 300;
