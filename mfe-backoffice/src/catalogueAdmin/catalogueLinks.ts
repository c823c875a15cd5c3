import { useLocation } from 'react-router-dom';

/** The catalogue's kinds of item that have a page of their own: /{admin|manager}/catalogue/{kind}/{id|new}. */
export const CATALOGUE_KINDS = ['products', 'services', 'packages', 'promotions'] as const;
export type CatalogueKind = (typeof CATALOGUE_KINDS)[number];
export type CatalogueBase = '/admin/catalogue' | '/manager/catalogue';

/** The catalogue page of the area shown: the manager's under /manager, else the admin's. */
export function useCatalogueBase(): CatalogueBase {
  return useLocation().pathname.startsWith('/manager') ? '/manager/catalogue' : '/admin/catalogue';
}

/** An item's page, or the new item's ('new'). */
export const catalogueItemPath = (base: CatalogueBase, kind: CatalogueKind, id: number | 'new') => `${base}/${kind}/${id}`;

/** The list of a kind: the catalogue page on its tab. */
export const catalogueListPath = (base: CatalogueBase, kind: CatalogueKind) => (kind === 'products' ? base : `${base}?tab=${kind}`);

/** The item id of a page's `:id` (null: a new item; NaN-free: anything else than digits is not an item). */
export function itemIdOf(param: string | undefined): number | null | 'invalid' {
  if (param === 'new') return null;
  if (param && /^\d{1,9}$/.test(param) && Number(param) > 0) return Number(param);
  return 'invalid';
}
