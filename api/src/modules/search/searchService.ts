import { sql, type Kysely } from 'kysely';
import { foldVietnamese, type SearchHit, type SearchResult } from 'shared-contracts/schemas';
import { toNumber } from '../../db/portable';
import type { Database } from '../../db/schema';
import { firstImageFromColumn, imageFromColumn } from '../catalogue/catalogueMapping';

interface Candidate {
  hit: SearchHit;
  /** Popularity inside a tier (products: units sold). */
  weight: number;
}

/** Where in the ranking a title falls for the folded query (lower is better). */
export function matchTier(title: string, foldedQuery: string, typedQuery: string): number {
  const foldedTitle = foldVietnamese(title);
  const words = foldedQuery.split(' ');
  const titleWords = foldedTitle.split(' ');
  let tier: number;
  if (foldedTitle === foldedQuery) tier = 0; // the whole name
  else if (foldedTitle.startsWith(`${foldedQuery} `)) tier = 2; // the name starts with the query
  else if (` ${foldedTitle} `.includes(` ${foldedQuery} `)) tier = 4; // the query as whole words in the name
  else if (words.every((word) => titleWords.some((titleWord) => titleWord.startsWith(word)))) tier = 6; // every word starts a word of the name
  else if (foldedTitle.includes(foldedQuery)) tier = 8; // inside a word of the name
  else tier = 10; // found in brand, category, compatible models, description
  // Typed with the right diacritics (not only folded): ahead of its tier.
  const typed = typedQuery.normalize('NFC').toLowerCase().trim();
  if (typed && title.normalize('NFC').toLowerCase().includes(typed)) tier -= 1;
  return tier;
}

/** LIKE conditions: every folded word somewhere in the folded search text. */
function likePatterns(foldedQuery: string): string[] {
  // Folded text holds only letters, digits and spaces: no LIKE wildcard to escape.
  return foldedQuery.split(' ').map((word) => `%${word}%`);
}

/** Candidates read per kind before ranking (the catalogue is small; this bounds the work of a vague query). */
const CANDIDATES_PER_KIND = 200;

/**
 * GET /api/search: products, services and packages whose folded search text holds every folded word of the
 * query (diacritics and case ignored: 'sac' finds 'Bộ sạc', 'đ' folds to 'd'), ranked: the whole name first,
 * then names starting with the query, the query as whole words, words starting with it, inside a word, then
 * matches found elsewhere (brand, category, compatible model). Same tier: typed diacritics first, then
 * products by units sold, then shorter names.
 */
export async function search(db: Kysely<Database>, query: string, limit: number): Promise<SearchResult> {
  const folded = foldVietnamese(query);
  if (!folded) return { query, total: 0, hits: [] };
  const patterns = likePatterns(folded);

  let products = db
    .selectFrom('products')
    .innerJoin('catalogue_categories', 'catalogue_categories.id', 'products.category_id')
    .innerJoin('catalogue_brands', 'catalogue_brands.id', 'products.brand_id')
    .select([
      'products.id',
      'products.slug',
      'products.name',
      'products.price',
      'products.images',
      'products.sales_count',
      'catalogue_brands.name as brand_name',
      'catalogue_categories.name as category_name',
    ])
    .where('products.is_active', '=', 1);
  let services = db.selectFrom('services').select(['id', 'slug', 'name', 'summary', 'price', 'image']).where('is_active', '=', 1);
  let packages = db
    .selectFrom('service_packages')
    .select(['id', 'slug', 'name', 'description', 'price', 'image', 'validity_months'])
    .where('is_active', '=', 1);
  for (const pattern of patterns) {
    products = products.where('products.search_text', 'like', pattern);
    services = services.where('search_text', 'like', pattern);
    packages = packages.where('search_text', 'like', pattern);
  }
  // The limit written in the SQL, not bound: better-sqlite3's SQLite (SQLITE_ENABLE_STAT4) prepares a statement
  // again on every run when its plan depends on a bound LIMIT (sqliteStablePlans.ts).
  const candidateLimit = sql.lit(CANDIDATES_PER_KIND);
  const [productRows, serviceRows, packageRows] = await Promise.all([
    products.orderBy('products.sales_count', 'desc').limit(candidateLimit).execute(),
    services.orderBy('sort_order').limit(candidateLimit).execute(),
    packages.orderBy('sort_order').limit(candidateLimit).execute(),
  ]);

  const candidates: Candidate[] = [
    ...productRows.map((row) => ({
      hit: {
        type: 'product' as const,
        id: row.id,
        slug: row.slug,
        title: row.name,
        subtitle: `${row.brand_name} · ${row.category_name}`,
        price: toNumber(row.price),
        image: firstImageFromColumn(row.images),
        url: `/products/${row.slug}`,
      },
      weight: toNumber(row.sales_count),
    })),
    ...serviceRows.map((row) => ({
      hit: {
        type: 'service' as const,
        id: row.id,
        slug: row.slug,
        title: row.name,
        subtitle: row.summary,
        price: toNumber(row.price),
        image: imageFromColumn(row.image),
        url: `/services#${row.slug}`,
      },
      weight: 0,
    })),
    ...packageRows.map((row) => ({
      hit: {
        type: 'package' as const,
        id: row.id,
        slug: row.slug,
        title: row.name,
        subtitle: `${toNumber(row.validity_months)} tháng · ${row.description}`,
        price: toNumber(row.price),
        image: imageFromColumn(row.image),
        url: `/packages#${row.slug}`,
      },
      weight: 0,
    })),
  ];

  const ranked = candidates
    .map((candidate) => ({ ...candidate, tier: matchTier(candidate.hit.title, folded, query) }))
    .sort((a, b) => a.tier - b.tier || b.weight - a.weight || a.hit.title.length - b.hit.title.length || a.hit.id - b.hit.id);
  return { query, total: ranked.length, hits: ranked.slice(0, limit).map((entry) => entry.hit) };
}
