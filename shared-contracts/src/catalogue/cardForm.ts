/**
 * The card form of the catalogue's lists (issue 70 §2: GET /api/products?view=card, GET /api/search?view=card): what
 * a product card or a search row shows. The API writes it with these functions; the storefront reads with the same
 * ones an answer in the full form, which an API older than the card form gives (it ignores `view`). Zod-free and
 * importing nothing (the schemas import this folder): the types below are the fields of ProductSummary and SearchHit
 * they read, and the schemas' ProductCardItem and SearchCardHit (schemas/catalogue.ts) take what they return.
 */

/** What the card form reads of a product list item (a ProductSummary). */
export interface CardFormProduct<Fit extends string> {
  id: number;
  slug: string;
  name: string;
  brand: { name: string };
  price: number;
  originalPrice: number | null;
  discountPercent: number | null;
  stock: number;
  image: { url: string } | null;
  ratingAverage: number | null;
  ratingCount: number;
  fit?: Fit;
}

/** A product in the card form (schemas/catalogue.ts: productCardItemSchema). */
export interface ProductCardForm<Fit extends string> {
  id: number;
  slug: string;
  name: string;
  brand: string;
  price: number;
  stock: number;
  originalPrice?: number;
  discountPercent?: number;
  image?: string;
  ratingAverage?: number;
  ratingCount?: number;
  fit?: Fit;
}

/** A product list item in the card form: the optional fields only when they hold something, `fit` last. */
export function productCardOf<Fit extends string>(product: CardFormProduct<Fit>): ProductCardForm<Fit> {
  const card: ProductCardForm<Fit> = { id: product.id, slug: product.slug, name: product.name, brand: product.brand.name, price: product.price, stock: product.stock };
  if (product.originalPrice !== null) card.originalPrice = product.originalPrice;
  if (product.discountPercent !== null) card.discountPercent = product.discountPercent;
  if (product.image) card.image = product.image.url;
  if (product.ratingCount > 0 && product.ratingAverage !== null) {
    card.ratingAverage = product.ratingAverage;
    card.ratingCount = product.ratingCount;
  }
  // Last, as the list adds it to an item's JSON (productListMirror.ts: itemWithFit).
  if (product.fit !== undefined) card.fit = product.fit;
  return card;
}

/** What the card form reads of a search hit (a SearchHit). */
export interface CardFormHit<Type extends string> {
  type: Type;
  title: string;
  subtitle: string;
  price: number;
  url: string;
  image: { url: string } | null;
}

/** A search hit in the card form (schemas/catalogue.ts: searchCardHitSchema): its URL names it, so no id or slug. */
export interface SearchCardForm<Type extends string> {
  type: Type;
  title: string;
  subtitle: string;
  price: number;
  url: string;
  image?: string;
}

/** A search hit in the card form. */
export function searchCardHitOf<Type extends string>(hit: CardFormHit<Type>): SearchCardForm<Type> {
  const card: SearchCardForm<Type> = { type: hit.type, title: hit.title, subtitle: hit.subtitle, price: hit.price, url: hit.url };
  if (hit.image) card.image = hit.image.url;
  return card;
}

/**
 * Paging of the search page (GET /api/search?view=card&limit=&offset=), zod-free for the storefront: the hits a page
 * asks for (a broad query's card-form page stays within 3 kB, issue 70), and the furthest hit a page may start at
 * (the search schema bounds `offset` with it).
 */
export const SEARCH_PAGE_SIZE = 8;
export const SEARCH_OFFSET_MAX = 1_000;

/** Where the next page of a search starts with `shown` hits of `total` on screen; null when there is none to ask for. */
export function nextSearchOffset(shown: number, total: number): number | null {
  return shown < total && shown <= SEARCH_OFFSET_MAX ? shown : null;
}
