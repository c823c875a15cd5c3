import type { RemotePage } from 'shared-contracts';
import { vi } from './i18n/vi';
import { AboutPage } from './pages/about/AboutPage';
import { BookingPage } from './pages/booking/BookingPage';
import { CartPage } from './pages/cart/CartPage';
import { ContactPage } from './pages/contact/ContactPage';
import { HomePage } from './pages/home/HomePage';
import { PackagesPage } from './pages/packages/PackagesPage';
import { ProductDetailPage } from './pages/products/ProductDetailPage';
import { ProductsPage } from './pages/products/ProductsPage';
import { PromotionsPage } from './pages/promotions/PromotionsPage';
import { ServicesPage } from './pages/services/ServicesPage';

/**
 * The storefront's pages: exactly the paths the shared route table assigns to mfe_storefront.
 * The shell owns the router and renders `Component` in its public layout for the matching path.
 */
export const pages: RemotePage[] = [
  { path: '/', title: vi.home.title, Component: HomePage },
  { path: '/about', title: vi.about.title, Component: AboutPage },
  { path: '/services', title: vi.services.title, Component: ServicesPage },
  { path: '/products', title: vi.products.title, Component: ProductsPage },
  { path: '/products/:slug', title: vi.productDetail.title, Component: ProductDetailPage },
  { path: '/promotions', title: vi.promotions.title, Component: PromotionsPage },
  { path: '/packages', title: vi.packages.title, Component: PackagesPage },
  { path: '/contact', title: vi.contact.title, Component: ContactPage },
  { path: '/booking', title: vi.booking.title, Component: BookingPage },
  { path: '/cart', title: vi.cart.title, Component: CartPage },
];
