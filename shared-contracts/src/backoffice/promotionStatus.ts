/** Where a promotion stands now: running, not started yet, ended, or paused by the admin (archived). */
export const PROMOTION_ADMIN_STATUSES = ['active', 'scheduled', 'expired', 'archived'] as const;
export type PromotionAdminStatus = (typeof PROMOTION_ADMIN_STATUSES)[number];

/** Where a promotion stands at `now` (ms): paused by the admin, else by its window. */
export function promotionAdminStatus(promotion: { isActive: boolean; validFrom: string; validTo: string }, now: number): PromotionAdminStatus {
  if (!promotion.isActive) return 'archived';
  if (Date.parse(promotion.validFrom) > now) return 'scheduled';
  if (Date.parse(promotion.validTo) < now) return 'expired';
  return 'active';
}
