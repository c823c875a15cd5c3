import { apiClient, readData } from 'shared-contracts';
import type {
  Brand,
  Category,
  ContactMessageInput,
  ContactReceipt,
  ProductAvailability,
  ProductDetail,
  ProductListParams,
  ProductPage,
  Promotion,
  SavedPromotion,
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

/**
 * Every call the storefront makes (all through the shared API client: /api, 10 s timeout, Bearer token).
 * Each returns the envelope's `data`; failures throw the client's ApiError with a Vietnamese message.
 */
export const storefrontApi = {
  products: (params: ProductListParams, signal?: AbortSignal) => getData<ProductPage>('/products', { ...params }, signal),
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
  /** GET /api/search; the chosen vehicle's fitModel + fitYear go along when there is one. */
  search: (q: string, limit?: number, signal?: AbortSignal, fit?: { fitModel?: number; fitYear?: number }) =>
    getData<SearchResult>('/search', { q, limit, ...fit }, signal),
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
