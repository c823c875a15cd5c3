import type { RemoteName } from '../federation/remotes';

export type LayoutName = 'public' | 'auth' | 'staff' | 'manager' | 'technician' | 'admin';

export interface RouteContract {
  /** react-router path pattern, absolute */
  path: string;
  owner: RemoteName;
  layout: LayoutName;
  /** true: needs a token, else redirect to /auth/login?redirect=... */
  requiresLogin?: boolean;
}

/**
 * Every route of the spec (§2), the remote that owns it and the layout it renders in. The shell builds
 * its router from this table; each remote's exposed `./routes` provides exactly the pages it owns.
 */
export const ROUTES: readonly RouteContract[] = [
  { path: '/', owner: 'mfe_storefront', layout: 'public' },
  { path: '/about', owner: 'mfe_storefront', layout: 'public' },
  { path: '/services', owner: 'mfe_storefront', layout: 'public' },
  { path: '/services/chan-doan', owner: 'mfe_storefront', layout: 'public' },
  { path: '/products', owner: 'mfe_storefront', layout: 'public' },
  { path: '/products/:slug', owner: 'mfe_storefront', layout: 'public' },
  { path: '/promotions', owner: 'mfe_storefront', layout: 'public' },
  { path: '/packages', owner: 'mfe_storefront', layout: 'public' },
  { path: '/contact', owner: 'mfe_storefront', layout: 'public' },
  { path: '/booking', owner: 'mfe_storefront', layout: 'public' },
  { path: '/cart', owner: 'mfe_storefront', layout: 'public' },
  { path: '/checkout', owner: 'mfe_storefront', layout: 'public', requiresLogin: true },
  { path: '/search', owner: 'mfe_storefront', layout: 'public' },
  { path: '/xac-minh-pin/:code', owner: 'mfe_storefront', layout: 'public' },
  { path: '/profile', owner: 'mfe_account', layout: 'public' },
  { path: '/dashboard', owner: 'mfe_account', layout: 'public', requiresLogin: true },
  { path: '/my-vehicles', owner: 'mfe_account', layout: 'public', requiresLogin: true },
  { path: '/maintenance-history', owner: 'mfe_account', layout: 'public', requiresLogin: true },
  { path: '/orders', owner: 'mfe_account', layout: 'public', requiresLogin: true },
  { path: '/orders/:code', owner: 'mfe_account', layout: 'public', requiresLogin: true },
  { path: '/wishlist', owner: 'mfe_account', layout: 'public', requiresLogin: true },
  { path: '/messages', owner: 'mfe_account', layout: 'public', requiresLogin: true },
  { path: '/messages/:id', owner: 'mfe_account', layout: 'public', requiresLogin: true },
  { path: '/notifications', owner: 'mfe_account', layout: 'public', requiresLogin: true },
  { path: '/loyalty', owner: 'mfe_account', layout: 'public', requiresLogin: true },
  { path: '/auth/login', owner: 'mfe_account', layout: 'auth' },
  { path: '/auth/register', owner: 'mfe_account', layout: 'auth' },
  { path: '/auth/forgot-password', owner: 'mfe_account', layout: 'auth' },
  { path: '/auth/forgot-password/confirm', owner: 'mfe_account', layout: 'auth' },
  { path: '/staff', owner: 'mfe_backoffice', layout: 'staff' },
  { path: '/staff/customers', owner: 'mfe_backoffice', layout: 'staff' },
  { path: '/staff/appointments', owner: 'mfe_backoffice', layout: 'staff' },
  { path: '/staff/service-orders', owner: 'mfe_backoffice', layout: 'staff' },
  { path: '/manager', owner: 'mfe_backoffice', layout: 'manager' },
  { path: '/technician', owner: 'mfe_backoffice', layout: 'technician' },
  { path: '/technician/work-queue', owner: 'mfe_backoffice', layout: 'technician' },
  { path: '/technician/checklists', owner: 'mfe_backoffice', layout: 'technician' },
  { path: '/technician/parts-request', owner: 'mfe_backoffice', layout: 'technician' },
  { path: '/admin', owner: 'mfe_backoffice', layout: 'admin' },
  { path: '/admin/users', owner: 'mfe_backoffice', layout: 'admin' },
  { path: '/admin/reports', owner: 'mfe_backoffice', layout: 'admin' },
  { path: '/admin/staff-management', owner: 'mfe_backoffice', layout: 'admin' },
  { path: '/admin/models', owner: 'mfe_backoffice', layout: 'admin' },
  { path: '/admin/catalogue', owner: 'mfe_backoffice', layout: 'admin' },
  { path: '/manager/catalogue', owner: 'mfe_backoffice', layout: 'manager' },
  { path: '/admin/vehicle-models', owner: 'mfe_backoffice', layout: 'admin' },
  { path: '/admin/recalls', owner: 'mfe_backoffice', layout: 'admin' },
  // a catalogue item's own page; `:id` is its id or `new`
  { path: '/admin/catalogue/products/:id', owner: 'mfe_backoffice', layout: 'admin' },
  { path: '/admin/catalogue/services/:id', owner: 'mfe_backoffice', layout: 'admin' },
  { path: '/admin/catalogue/packages/:id', owner: 'mfe_backoffice', layout: 'admin' },
  { path: '/admin/catalogue/promotions/:id', owner: 'mfe_backoffice', layout: 'admin' },
  { path: '/manager/catalogue/products/:id', owner: 'mfe_backoffice', layout: 'manager' },
  { path: '/manager/catalogue/services/:id', owner: 'mfe_backoffice', layout: 'manager' },
  { path: '/manager/catalogue/packages/:id', owner: 'mfe_backoffice', layout: 'manager' },
  { path: '/manager/catalogue/promotions/:id', owner: 'mfe_backoffice', layout: 'manager' },
  { path: '/admin/stock', owner: 'mfe_backoffice', layout: 'admin' },
  { path: '/manager/stock', owner: 'mfe_backoffice', layout: 'manager' },
  { path: '/staff/web-orders', owner: 'mfe_backoffice', layout: 'staff' },
  { path: '/manager/web-orders', owner: 'mfe_backoffice', layout: 'manager' },
  { path: '/admin/web-orders', owner: 'mfe_backoffice', layout: 'admin' },
  { path: '/admin/reviews', owner: 'mfe_backoffice', layout: 'admin' },
  { path: '/manager/ratings', owner: 'mfe_backoffice', layout: 'manager' },
  { path: '/admin/ratings', owner: 'mfe_backoffice', layout: 'admin' },
  { path: '/staff/messages', owner: 'mfe_backoffice', layout: 'staff' },
  { path: '/staff/cash-close', owner: 'mfe_backoffice', layout: 'staff' },
  { path: '/admin/e-invoices', owner: 'mfe_backoffice', layout: 'admin' },
  { path: '/admin/cod-statements', owner: 'mfe_backoffice', layout: 'admin' },
  { path: '/manager/cod-statements', owner: 'mfe_backoffice', layout: 'manager' },
  { path: '/admin/warranty-claims', owner: 'mfe_backoffice', layout: 'admin' },
  { path: '/manager/warranty-claims', owner: 'mfe_backoffice', layout: 'manager' },
  { path: '/admin/releases', owner: 'mfe_backoffice', layout: 'admin' },
];

export function routesOwnedBy(owner: RemoteName): string[] {
  return ROUTES.filter((route) => route.owner === owner).map((route) => route.path);
}

/** The redirect target of the login guard: /auth/login?redirect={path plus query}. */
export function loginRedirectPath(pathWithQuery: string): string {
  return `/auth/login?redirect=${encodeURIComponent(pathWithQuery)}`;
}

/** An auth page's link that keeps where the visitor was going (`?redirect=`); home ('/') needs no query. */
export function authPathKeepingRedirect(authPath: string, redirect: string): string {
  return redirect === '/' ? authPath : `${authPath}?redirect=${encodeURIComponent(redirect)}`;
}

// A `redirect` query value made safe: the one rule, shared with the API (safeRedirect.ts).
export { REDIRECT_PATH_MAX_LENGTH, safeRedirectTarget } from './safeRedirect';
