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

/** A public page's first view: the route pattern it serves and the page as it renders before its data. */
interface FirstViewPage {
  path: string;
  file: string;
  Page: ComponentType;
  /** route parameter → the text the page's markup carries in its place */
  slots?: Record<string, string>;
}

/** The build's asset base (scripts/webpack/createFirstViewConfig.mts), which the shell's server replaces. */
declare const __webpack_public_path__: string;

const PAGES: FirstViewPage[] = [
  { path: '/', file: 'home.html', Page: HomePage },
  { path: '/products', file: 'products.html', Page: ProductsPage },
  { path: '/products/:slug', file: 'product.html', Page: ProductFirstView, slots: { slug: PRODUCT_SLUG_SLOT } },
  { path: '/services', file: 'services.html', Page: ServicesPage },
  { path: '/promotions', file: 'promotions.html', Page: PromotionsPage },
  { path: '/packages', file: 'packages.html', Page: PackagesPage },
  { path: '/about', file: 'about.html', Page: AboutPage },
];

/**
 * The storefront's first view (scripts/webpack/createFirstViewConfig.mts): each public page as it renders before
 * its data arrives, and `routes.json` naming the page of each route. The shell's server fills the page into its
 * frame; the product page's slug slot takes the path's slug there.
 */
export function renderFirstView(): Record<string, string> {
  const files: Record<string, string> = {};
  for (const { path, file, Page } of PAGES) {
    files[file] = renderToStaticMarkup(
      <MemoryRouter initialEntries={[path.replace(':slug', PRODUCT_SLUG_SLOT)]}>
        <Page />
      </MemoryRouter>,
    );
  }
  files['routes.json'] = JSON.stringify({ assetBase: __webpack_public_path__, pages: PAGES.map(({ path, file, slots }) => ({ path, file, slots })) }, null, 2);
  return files;
}
