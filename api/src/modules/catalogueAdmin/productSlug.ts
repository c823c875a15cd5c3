import { foldVietnamese } from 'shared-contracts/schemas';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

const SLUG_MAX = 150;

/** The slug a name gives: folded Vietnamese ("Lốp xe điện" → "lop-xe-dien"), a-z 0-9 and single dashes. */
export function slugFromName(name: string): string {
  const slug = foldVietnamese(name)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/, '');
  return slug || 'san-pham';
}

/**
 * The first free slug for `name`: its own, then -2, -3…; free means no other product has it, now or as an old
 * slug (a product's own old slug is free for it again: renaming back takes it back).
 */
export async function freeSlugFor(db: Kysely<Database>, name: string, productId: number | null): Promise<string> {
  const base = slugFromName(name);
  const taken = new Set<string>();
  const like = `${base}%`;
  const own = productId ?? 0;
  for (const row of await db.selectFrom('products').select('slug').where('slug', 'like', like).where('id', '<>', own).execute()) taken.add(row.slug);
  for (const row of await db.selectFrom('product_slug_redirects').select('slug').where('slug', 'like', like).where('product_id', '<>', own).execute()) {
    taken.add(row.slug);
  }
  return firstFreeSlug(base, taken);
}

/** `base` if it is not taken, else base-2, base-3… (within the length limit). */
export function firstFreeSlug(base: string, taken: { has(slug: string): boolean }): string {
  if (!taken.has(base)) return base;
  for (let suffix = 2; ; suffix += 1) {
    const candidate = `${base.slice(0, SLUG_MAX - String(suffix).length - 1)}-${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}
