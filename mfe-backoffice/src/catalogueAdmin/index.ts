// The shop's catalogue (products, promotions, categories and brands, services and packages) on /admin and /manager.
export { AdminCataloguePage, ManagerCataloguePage } from './CataloguePages';
