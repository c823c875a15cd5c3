import { apiClient, readData } from 'shared-contracts';
import type { PromotionAdminStatus } from 'shared-contracts/backoffice';
import type { BrandAdmin, CatalogueChange, CategoryAdmin, PromotionAdmin } from 'shared-contracts/schemas';

/** The promotions tab's search: the code or title, and where a promotion stands now ('' for all). */
export interface PromotionListQuery {
  q: string;
  status: PromotionAdminStatus | '';
  page: number;
}

export type PromotionTypeValue = PromotionAdmin['type'];
export type PromotionKindValue = PromotionAdmin['kind'];
export type PromotionEligibilityValue = PromotionAdmin['eligibility'];
export type PromotionGroupValue = PromotionAdmin['categories'][number];
/** The lowest members' tier that may use the promotion (null: none required). */
export type PromotionMinTierValue = PromotionAdmin['minTier'];

/** What the promotion form sends (a save adds the version it was edited from). */
export interface PromotionFormValues {
  code: string;
  title: string;
  description: string;
  type: PromotionTypeValue;
  value: number | '';
  minOrder: number | '';
  maxDiscount: number | null;
  validFrom: string | null;
  validTo: string | null;
  isActive: boolean;
  usageLimit: number | '';
  perCustomerLimit: number | '';
  categories: PromotionGroupValue[];
  kind: PromotionKindValue;
  eligibility: PromotionEligibilityValue;
  minTier: PromotionMinTierValue;
  image: { path: string; alt: string; url: string } | null;
  sortOrder: number;
}

export interface CategoryFormValues {
  name: string;
  parentId: number | null;
  description: string;
  promoGroup: PromotionGroupValue;
  sortOrder: number;
  isActive: boolean;
}

export interface BrandFormValues {
  name: string;
  country: string;
  isActive: boolean;
}

const promotionBody = (values: PromotionFormValues) => ({ ...values, image: values.image ? { path: values.image.path, alt: values.image.alt } : null });

/** The admin's promotions, categories and brands (/api/admin/catalogue/promotions, /categories, /brands). */
export const promotionAdminApi = {
  list: (query: PromotionListQuery, signal?: AbortSignal) =>
    readData<PromotionAdmin[]>(apiClient.get('/admin/catalogue/promotions', { query: { q: query.q || undefined, status: query.status || undefined }, signal })),
  promotion: (id: number, signal?: AbortSignal) => readData<PromotionAdmin>(apiClient.get(`/admin/catalogue/promotions/${id}`, { signal })),
  history: (id: number, signal?: AbortSignal) => readData<CatalogueChange[]>(apiClient.get(`/admin/catalogue/promotions/${id}/history`, { signal })),
  create: (values: PromotionFormValues) => readData<PromotionAdmin>(apiClient.post('/admin/catalogue/promotions', promotionBody(values))),
  save: (id: number, version: number, values: PromotionFormValues) => readData<PromotionAdmin>(apiClient.put(`/admin/catalogue/promotions/${id}`, { ...promotionBody(values), version })),
  setActive: (id: number, version: number, isActive: boolean) => readData<PromotionAdmin>(apiClient.put(`/admin/catalogue/promotions/${id}/active`, { isActive, version })),
  categories: (signal?: AbortSignal) => readData<CategoryAdmin[]>(apiClient.get('/admin/catalogue/categories', { signal })),
  createCategory: (values: CategoryFormValues) => readData<CategoryAdmin>(apiClient.post('/admin/catalogue/categories', values)),
  saveCategory: (id: number, version: number, values: CategoryFormValues) => readData<CategoryAdmin>(apiClient.put(`/admin/catalogue/categories/${id}`, { ...values, version })),
  deleteCategory: (id: number) => readData<CategoryAdmin>(apiClient.delete(`/admin/catalogue/categories/${id}`)),
  brands: (signal?: AbortSignal) => readData<BrandAdmin[]>(apiClient.get('/admin/catalogue/brands', { signal })),
  createBrand: (values: BrandFormValues) => readData<BrandAdmin>(apiClient.post('/admin/catalogue/brands', values)),
  saveBrand: (id: number, version: number, values: BrandFormValues) => readData<BrandAdmin>(apiClient.put(`/admin/catalogue/brands/${id}`, { ...values, version })),
};

export function promotionFormValuesOf(promotion: PromotionAdmin): PromotionFormValues {
  return {
    code: promotion.code,
    title: promotion.title,
    description: promotion.description,
    type: promotion.type,
    value: promotion.value,
    minOrder: promotion.minOrder,
    maxDiscount: promotion.maxDiscount,
    validFrom: promotion.validFrom,
    validTo: promotion.validTo,
    isActive: promotion.isActive,
    usageLimit: promotion.usageLimit,
    perCustomerLimit: promotion.perCustomerLimit,
    categories: promotion.categories,
    kind: promotion.kind,
    eligibility: promotion.eligibility,
    minTier: promotion.minTier,
    image: { path: promotion.image.path, alt: promotion.image.alt, url: promotion.image.url },
    sortOrder: promotion.sortOrder,
  };
}

export const EMPTY_PROMOTION: PromotionFormValues = {
  code: '',
  title: '',
  description: '',
  type: 'percentage',
  value: '',
  minOrder: 0,
  maxDiscount: null,
  validFrom: null,
  validTo: null,
  isActive: true,
  usageLimit: '',
  perCustomerLimit: 1,
  categories: [],
  kind: 'general',
  eligibility: 'everyone',
  minTier: null,
  image: null,
  sortOrder: 0,
};
