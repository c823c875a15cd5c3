// The shop's catalogue (products, promotions, categories and brands, services and packages) on /admin and /manager,
// and each product's, service's, package's and promotion's own page.
export { AdminCataloguePage, ManagerCataloguePage } from './CataloguePages';
export { catalogueItemPage } from './CatalogueItemPage';
export { CATALOGUE_KINDS, type CatalogueKind } from './catalogueLinks';
