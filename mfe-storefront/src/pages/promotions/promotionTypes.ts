import { vi } from '../../i18n/vi';

export type PromotionType = (typeof vi.promotions.types)[number];

/** The promotion type named by a `?type=` value, or null when it is absent or unknown. */
export function findPromotionType(slug: string | null): PromotionType | null {
  if (!slug) return null;
  return vi.promotions.types.find((type) => type.slug === slug) ?? null;
}
