import { apiClient, readData } from 'shared-contracts';
import { productCardOf, searchCardHitOf } from 'shared-contracts/pricing';
import type {
  Brand,
  Category,
  ContactMessageInput,
  ContactReceipt,
  ProductAvailability,
  ProductCardItem,
  ProductCardPage,
  ProductDetail,
  ProductListParams,
  ProductPage,
  ProductSummary,
  Promotion,
  SavedPromotion,
  SearchCardHit,
  SearchCardResult,
  SearchHit,
  SearchResult,
  Service,
  ServiceCentre,
  ServicePackage,
  Profile,
  WardSearchAnswer,
} from 'shared-contracts/schemas';

function getData<T>(path: string, query?: Record<string, string | number | boolean | undefined>, signal?: AbortSignal): Promise<T> {
  return readData<T>(apiClient.get(path, { query, signal }));
}

/** A product list asked in the card form, as cards: an API older than the card form answers the full form (its brand an object). */
function productCards(page: ProductCardPage | ProductPage): ProductCardPage {
  const items: Array<ProductCardItem | ProductSummary> = page.items;
  return { ...page, items: items.map((item) => (typeof item.brand === 'string' ? (item as ProductCardItem) : productCardOf(item as ProductSummary))) };
}

/** A search asked in the card form, as rows: a hit of the full form has a slug. */
function searchCards(result: SearchCardResult | SearchResult): SearchCardResult {
  const hits: Array<SearchCardHit | SearchHit> = result.hits;
  return { ...result, hits: hits.map((hit) => ('slug' in hit ? searchCardHitOf(hit) : hit)) };
}

/**
 * Every call the storefront makes (all through the shared API client: /api, 10 s timeout, Bearer token).
 * Each returns the envelope's `data`; failures throw the client's ApiError with a Vietnamese message.
 */
export const storefrontApi = {
  /**
   * GET /api/products?view=card: the items as their cards show them (issue 70 §2); an API older than the card form
   * answers the full form, read as cards all the same.
   */
  products: async (params: Omit<ProductListParams, 'view'>, signal?: AbortSignal): Promise<ProductCardPage> =>
    productCards(await getData<ProductCardPage | ProductPage>('/products', { ...params, view: 'card' }, signal)),
  /** GET /api/products/:slug; with the chosen vehicle's fitModel + fitYear the product carries its `fit`. */
  product: (slug: string, signal?: AbortSignal, fit?: { fitModel?: number; fitYear?: number }) =>
    getData<ProductDetail>(`/products/${encodeURIComponent(slug)}`, fit ? { ...fit } : undefined, signal),
  /** GET /api/products/:slug/availability: online units, and what each service centre has for pick-up. */
  availability: (slug: string, signal?: AbortSignal) => getData<ProductAvailability>(`/products/${encodeURIComponent(slug)}/availability`, undefined, signal),
  categories: (signal?: AbortSignal) => getData<Category[]>('/categories', undefined, signal),
  brands: (signal?: AbortSignal) => getData<Brand[]>('/brands', undefined, signal),
  services: (signal?: AbortSignal) => getData<Service[]>('/services', undefined, signal),
  packages: (signal?: AbortSignal) => getData<ServicePackage[]>('/packages', undefined, signal),
  promotions: (signal?: AbortSignal) => getData<Promotion[]>('/promotions', undefined, signal),
  centres: (signal?: AbortSignal) => getData<ServiceCentre[]>('/centres', undefined, signal),
  /**
   * GET /api/search?view=card (the hits as search rows show them, whichever form the API answered in); the chosen
   * vehicle's fitModel + fitYear go along when there is one; `offset`: the next page, from that rank on.
   */
  search: async (q: string, limit?: number, signal?: AbortSignal, fit?: { fitModel?: number; fitYear?: number }, offset?: number): Promise<SearchCardResult> =>
    searchCards(await getData<SearchCardResult | SearchResult>('/search', { q, limit, offset, view: 'card', ...fit }, signal)),
  sendContact: (input: ContactMessageInput) => readData<ContactReceipt>(apiClient.post('/contact', input)),
  savedPromotions: (signal?: AbortSignal) => getData<SavedPromotion[]>('/me/saved-promotions', undefined, signal),
  /** POST /api/me/saved-promotions {promotionId}: answers the user's saved list. */
  savePromotion: (promotionId: number) => readData<SavedPromotion[]>(apiClient.post('/me/saved-promotions', { promotionId })),
  /** DELETE /api/me/saved-promotions/:promotionId: answers the user's saved list. */
  unsavePromotion: (promotionId: number) => readData<SavedPromotion[]>(apiClient.delete(`/me/saved-promotions/${promotionId}`)),
  /** GET /api/addresses/wards: the province's wards matching `q` (accent-insensitive, former names too). */
  wards: (query: { province: string; q: string; limit: number }, signal?: AbortSignal) => getData<WardSearchAnswer>('/addresses/wards', query, signal),
  /** GET /api/auth/profile: the signed-in customer's profile (its saved delivery address fills the checkout). */
  profile: (signal?: AbortSignal) => getData<Profile>('/auth/profile', undefined, signal),
};

export type StorefrontApi = typeof storefrontApi;
