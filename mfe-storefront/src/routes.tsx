import type { RemotePage } from 'shared-contracts';
import { watchCartSession } from './cart/cartSession';
import { lazyPage, preloadPageFor } from './components/lazyPage';
import { batteryVerifyText } from './batteryVerify/batteryVerifyText';
import { DIAGNOSIS_TITLE } from './diagnostics/diagnosisMeta';
import { vi } from './i18n/vi';
import { watchWishlistSession } from './wishlist';
import { HomePage } from './pages/home/HomePage';

/*
 * Home ships with this module (the first load of /); every other page is its own chunk, fetched when
 * the visitor goes there.
 */
const AboutPage = lazyPage(() => import('./pages/about/AboutPage'));
const ServicesPage = lazyPage(() => import('./pages/services/ServicesPage'));
const ProductsPage = lazyPage(() => import('./pages/products/ProductsPage'));
const ProductDetailPage = lazyPage(() => import('./pages/products/ProductDetailPage'));
const PromotionsPage = lazyPage(() => import('./pages/promotions/PromotionsPage'));
const PackagesPage = lazyPage(() => import('./pages/packages/PackagesPage'));
const ContactPage = lazyPage(() => import('./pages/contact/ContactPage'));
const BookingPage = lazyPage(() => import('./pages/booking/BookingPage'));
const CartPage = lazyPage(() => import('./pages/cart/CartPage'));
const CheckoutPage = lazyPage(() => import('./pages/checkout/CheckoutPage'));
const SearchPage = lazyPage(() => import('./pages/search/SearchPage'));
const DiagnosisPage = lazyPage(() => import('./diagnostics/DiagnosisPage'));
const BatteryVerifyPage = lazyPage(() => import('./batteryVerify/BatteryVerifyPage'));

// the cart owner loads on demand; this only notices a login/logout that needs it (see cartSession.ts)
watchCartSession();
// a guest's hearts are merged at login like the guest cart (see wishlist/wishlistSession.ts)
watchWishlistSession();

/**
 * The storefront's pages: exactly the paths the shared route table assigns to mfe_storefront.
 * The shell owns the router and renders `Component` in its public layout for the matching path.
 */
export const pages: RemotePage[] = [
  { path: '/', title: vi.home.title, Component: HomePage },
  { path: '/about', title: vi.about.title, Component: AboutPage },
  { path: '/services', title: vi.services.title, Component: ServicesPage },
  { path: '/services/chan-doan', title: DIAGNOSIS_TITLE, Component: DiagnosisPage },
  { path: '/products', title: vi.products.title, Component: ProductsPage },
  { path: '/products/:slug', title: vi.productDetail.title, Component: ProductDetailPage },
  { path: '/promotions', title: vi.promotions.title, Component: PromotionsPage },
  { path: '/packages', title: vi.packages.title, Component: PackagesPage },
  { path: '/contact', title: vi.contact.title, Component: ContactPage },
  { path: '/booking', title: vi.booking.title, Component: BookingPage },
  { path: '/cart', title: vi.cart.title, Component: CartPage },
  { path: '/checkout', title: vi.checkout.title, Component: CheckoutPage },
  { path: '/search', title: vi.search.title, Component: SearchPage },
  { path: '/xac-minh-pin/:code', title: batteryVerifyText.title, Component: BatteryVerifyPage },
];

if (typeof window !== 'undefined') preloadPageFor(window.location.pathname, pages);
