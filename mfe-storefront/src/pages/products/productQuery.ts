import type { ProductListParams, ProductSort } from 'shared-contracts/schemas';
import type { FitQuery } from '../../vehicleFit';

export const PRODUCTS_PAGE_SIZE = 12;
const SORTS: readonly ProductSort[] = ['popular', 'newest', 'price_asc', 'price_desc'];
export const DEFAULT_SORT: ProductSort = 'popular';
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX_VND = 10_000_000_000;

/** The filters the URL query may carry (the products page's whole state: shareable, back button, reload). */
export interface ProductFilters {
  category: string | null;
  brand: string | null;
  minPrice: number | null;
  maxPrice: number | null;
  inStock: boolean;
  model: string | null;
  /** only the parts that fit the chosen vehicle ("Chỉ hiện phụ tùng vừa xe"; ignored without a chosen vehicle) */
  fitOnly: boolean;
  sort: ProductSort;
  page: number;
}

function slugParam(value: string | null): string | null {
  return value && SLUG.test(value) ? value : null;
}

function vndParam(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value)) return null;
  const amount = Number(value);
  return amount <= MAX_VND ? amount : null;
}

/** Reads the filters from the URL query; unknown or malformed values are ignored (never sent to the API). */
export function readFilters(query: URLSearchParams): ProductFilters {
  const sort = query.get('sort');
  const page = Number(query.get('page'));
  const model = query.get('model')?.trim().slice(0, 100) ?? '';
  let minPrice = vndParam(query.get('minPrice'));
  let maxPrice = vndParam(query.get('maxPrice'));
  if (minPrice !== null && maxPrice !== null && minPrice > maxPrice) [minPrice, maxPrice] = [maxPrice, minPrice];
  return {
    category: slugParam(query.get('category')),
    brand: slugParam(query.get('brand')),
    minPrice,
    maxPrice,
    inStock: query.get('inStock') === '1' || query.get('inStock') === 'true',
    model: model || null,
    fitOnly: query.get('fitOnly') === '1' || query.get('fitOnly') === 'true',
    sort: SORTS.includes(sort as ProductSort) ? (sort as ProductSort) : DEFAULT_SORT,
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

/** The GET /api/products query for these filters and the chosen vehicle's fit query (each product's `fit`; fitOnly). */
export function apiParams(filters: ProductFilters, fit: FitQuery = {}): ProductListParams {
  const params: ProductListParams = { sort: filters.sort, page: filters.page, pageSize: PRODUCTS_PAGE_SIZE };
  if (filters.category) params.category = filters.category;
  if (filters.brand) params.brand = filters.brand;
  if (filters.minPrice !== null) params.minPrice = filters.minPrice;
  if (filters.maxPrice !== null) params.maxPrice = filters.maxPrice;
  if (filters.inStock) params.inStock = true;
  if (filters.model) params.model = filters.model;
  if (fit.fitModel !== undefined && fit.fitYear !== undefined) {
    params.fitModel = fit.fitModel;
    params.fitYear = fit.fitYear;
    if (filters.fitOnly) params.fitOnly = true;
  }
  return params;
}

/** The URL query for these filters (defaults left out, so links stay short). */
export function toQuery(filters: ProductFilters): URLSearchParams {
  const query = new URLSearchParams();
  if (filters.category) query.set('category', filters.category);
  if (filters.brand) query.set('brand', filters.brand);
  if (filters.minPrice !== null) query.set('minPrice', String(filters.minPrice));
  if (filters.maxPrice !== null) query.set('maxPrice', String(filters.maxPrice));
  if (filters.inStock) query.set('inStock', '1');
  if (filters.model) query.set('model', filters.model);
  if (filters.fitOnly) query.set('fitOnly', '1');
  if (filters.sort !== DEFAULT_SORT) query.set('sort', filters.sort);
  if (filters.page > 1) query.set('page', String(filters.page));
  return query;
}

/** The filters after a change: any change other than the page goes back to page 1. */
export function changeFilters(filters: ProductFilters, change: Partial<ProductFilters>): ProductFilters {
  return { ...filters, ...change, page: change.page ?? 1 };
}

export function hasFilters(filters: ProductFilters): boolean {
  return Boolean(filters.category || filters.brand || filters.minPrice !== null || filters.maxPrice !== null || filters.inStock || filters.model || filters.fitOnly);
}

/** Page numbers to show: first, last, and two around the current one, with null for a gap ('…'). */
export function pageWindow(current: number, totalPages: number): Array<number | null> {
  const pages: Array<number | null> = [];
  for (let page = 1; page <= totalPages; page += 1) {
    if (page === 1 || page === totalPages || Math.abs(page - current) <= 1) pages.push(page);
    else if (pages[pages.length - 1] !== null) pages.push(null);
  }
  return pages;
}
