/**
 * The members' points rules that are not settings (issue 67), in one place: how long an earned lot lives, when its
 * member is told, how a sale's points are counted and how a refund takes back its share.
 */

/** Earned points expire this many months after they were earned, oldest first. */
export const LOT_LIFETIME_MONTHS = 12;
/** A member is told this many days before points expire (the notification centre). */
export const EXPIRY_NOTICE_DAYS = 30;

/** When a lot earned at `earnedAt` expires: the same instant LOT_LIFETIME_MONTHS later (the month's end if shorter). */
export function lotExpiry(earnedAt: Date): Date {
  const at = new Date(earnedAt.getTime());
  const day = at.getUTCDate();
  at.setUTCDate(1);
  at.setUTCMonth(at.getUTCMonth() + LOT_LIFETIME_MONTHS);
  const lastDay = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 0)).getUTCDate();
  at.setUTCDate(Math.min(day, lastDay));
  return at;
}

/**
 * The points a payment of `amount` ₫ earns at `pointsPer1000` points per 1.000 ₫, times the member's tier multiplier
 * (`multiplierPercent`, 100: ×1): whole points, rounded down once.
 */
export function pointsFor(amount: number, pointsPer1000: number, multiplierPercent = 100): number {
  return amount <= 0 ? 0 : Math.floor((amount * pointsPer1000 * multiplierPercent) / 100_000);
}

/**
 * The points a sale keeps of the `points` it earned on `amount` ₫ once `refunded` ₫ went back: its unrefunded share,
 * rounded down, so refunds reverse their share and a whole refund reverses every point.
 */
export function pointsKept(points: number, amount: number, refunded: number): number {
  if (amount <= 0 || refunded >= amount) return 0;
  return Math.floor((points * (amount - Math.max(0, refunded))) / amount);
}
