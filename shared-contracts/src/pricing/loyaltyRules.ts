/**
 * The bounds of members' points rules and manual adjustments (issue 67), zod-free: the API's schemas
 * (schemas/loyalty.ts) and the back office's forms check the same numbers.
 */

/** The bounds of the rules an admin may set (issue 67 §1). */
export const LOYALTY_SETTINGS_BOUNDS = {
  pointsPer1000: { min: 0, max: 100 },
  pointValue: { min: 0, max: 10_000 },
  redeemCapPercent: { min: 0, max: 100 },
  redeemMinimum: { min: 0, max: 1_000_000 },
  signupBonus: { min: 0, max: 100_000 },
  birthdayBonus: { min: 0, max: 100_000 },
} as const;

/** The field names the back office shows and the messages name. */
export const LOYALTY_SETTINGS_LABELS = {
  pointsPer1000: 'Số điểm cho mỗi 1.000 ₫',
  pointValue: 'Giá trị một điểm (₫)',
  redeemCapPercent: 'Tối đa dùng điểm (% đơn hàng)',
  redeemMinimum: 'Số điểm tối thiểu để dùng',
  signupBonus: 'Điểm thưởng khi đăng ký',
  birthdayBonus: 'Điểm thưởng sinh nhật',
  effectiveFrom: 'Áp dụng từ',
} as const;

/** A manual adjustment's points (±) and its reason's length. */
export const LOYALTY_ADJUSTMENT_MAX = 1_000_000;
export const LOYALTY_ADJUSTMENT_REASON_MIN = 5;
export const LOYALTY_ADJUSTMENT_REASON_MAX = 300;
