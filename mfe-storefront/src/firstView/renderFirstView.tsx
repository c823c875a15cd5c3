import type { ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { AboutPage } from '../pages/about/AboutPage';
import { HomePage } from '../pages/home/HomePage';
import { PackagesPage } from '../pages/packages/PackagesPage';
import { ProductsPage } from '../pages/products/ProductsPage';
import { PromotionsPage } from '../pages/promotions/PromotionsPage';
import { ServicesPage } from '../pages/services/ServicesPage';
import { PRODUCT_SLUG_SLOT, ProductFirstView } from './ProductFirstView';
import { FIRST_PRODUCT_SLUG_SLOT, ProductsFirstView } from './ProductsFirstView';

/** A public page's first view: the route pattern it serves and the page as it renders before its data. */
interface FirstViewPage {
  path: string;
  file: string;
  Page: ComponentType;
  /** route parameter → the text the page's markup carries in its place */
  slots?: Record<string, string>;
  /**
   * Without a query, the page as it shows with the first item of an API listing: the file, the API path (under
   * /api/) whose answer's data.items[0].slug the server writes into `slot`. Otherwise, or without an answer, `file`.
   */
  listing?: { file: string; Page: ComponentType; api: string; slot: string };
}

/** The build's asset base (scripts/webpack/createFirstViewConfig.mts), which the shell's server replaces. */
declare const __webpack_public_path__: string;

const PAGES: FirstViewPage[] = [
  { path: '/', file: 'home.html', Page: HomePage },
  {
    path: '/products',
    file: 'products.html',
    Page: ProductsPage,
    // the products page's first API query (productQuery.ts: default sort, first page; storefrontApi: the card form)
    listing: { file: 'products-listing.html', Page: ProductsFirstView, api: 'products?sort=popular&page=1&pageSize=12&view=card', slot: FIRST_PRODUCT_SLUG_SLOT },
  },
  { path: '/products/:slug', file: 'product.html', Page: ProductFirstView, slots: { slug: PRODUCT_SLUG_SLOT } },
  { path: '/services', file: 'services.html', Page: ServicesPage },
  { path: '/promotions', file: 'promotions.html', Page: PromotionsPage },
  { path: '/packages', file: 'packages.html', Page: PackagesPage },
  { path: '/about', file: 'about.html', Page: AboutPage },
];

/**
 * The storefront's first view (scripts/webpack/createFirstViewConfig.mts): each public page as it renders before
 * its data arrives, and `routes.json` naming the page of each route. The shell's server fills the page into its
 * frame; the product page's slug slot takes the path's slug there, /products' listing slot the slug of its first product.
 */
export function renderFirstView(): Record<string, string> {
  const files: Record<string, string> = {};
  const render = (path: string, Page: ComponentType) =>
    renderToStaticMarkup(
      <MemoryRouter initialEntries={[path.replace(':slug', PRODUCT_SLUG_SLOT)]}>
        <Page />
      </MemoryRouter>,
    );
  for (const { path, file, Page, listing } of PAGES) {
    files[file] = render(path, Page);
    if (listing) files[listing.file] = render(path, listing.Page);
  }
  const routes = PAGES.map(({ path, file, slots, listing }) => ({
    path,
    file,
    slots,
    listing: listing && { file: listing.file, api: listing.api, slot: listing.slot },
  }));
  files['routes.json'] = JSON.stringify({ assetBase: __webpack_public_path__, pages: routes }, null, 2);
  return files;
}
