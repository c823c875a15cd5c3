import { vi } from '../../i18n/vi';

export type ProductCategory = (typeof vi.products.categories)[number];

/** The category named by a `?category=` value, or null when it is absent or unknown. */
export function findCategory(slug: string | null): ProductCategory | null {
  if (!slug) return null;
  return vi.products.categories.find((category) => category.slug === slug) ?? null;
}
