import { AREAS, areaPage, type RoleArea } from '../i18n/vi';

/** One entry of an area's side navigation: a page, or one view (`?view=`) of a page. */
export interface AreaNavItem {
  path: string;
  /** The `?view=` it opens, for a view of a page (the page's own entry has none). */
  view?: string;
  label: string;
}

/** Views of a page that its area's navigation also lists: the manager's staff board (the centre's people), the admin's points rules. */
const VIEW_ITEMS: Partial<Record<RoleArea, readonly AreaNavItem[]>> = {
  manager: [{ path: '/manager', view: 'roster', label: 'Nhân sự' }],
  admin: [{ path: '/admin', view: 'loyalty', label: 'Điểm thưởng' }],
};

const inbox: AreaNavItem = { path: '/staff/messages', label: areaPage('staff', '/staff/messages').navLabel };
const cashClose: AreaNavItem = { path: '/staff/cash-close', label: areaPage('staff', '/staff/cash-close').navLabel };
const customers: AreaNavItem = { path: '/staff/customers', label: areaPage('staff', '/staff/customers').navLabel };

/**
 * Another area's pages that its navigation also lists: the customers' records (their points, adjusted by a manager or
 * an admin) and the centre's inbox for managers and admins, the cashier's close for managers.
 */
const SHARED_ITEMS: Partial<Record<RoleArea, readonly AreaNavItem[]>> = {
  manager: [customers, inbox, cashClose],
  admin: [customers, inbox],
};

/** The area's pages, then the views it lists, then the other areas' pages it lists. */
export function areaNavigation(area: RoleArea): AreaNavItem[] {
  return [...AREAS[area].pages.map((page) => ({ path: page.path, label: page.navLabel })), ...(VIEW_ITEMS[area] ?? []), ...(SHARED_ITEMS[area] ?? [])];
}

export const hrefOf = (item: AreaNavItem) => (item.view ? `${item.path}?view=${item.view}` : item.path);

/** Whether `pathname` is the page at `path` or one of its sub-pages (/admin/catalogue/products/12 under /admin/catalogue). */
const isUnder = (pathname: string, path: string) => pathname === path || pathname.startsWith(`${path}/`);

/**
 * Whether the entry is the page shown: same path, and the same view; a page's own entry is current on the page
 * unless the view shown has an entry of its own. A sub-page without an entry of its own (an item's page) keeps the
 * entry of the closest page above it current.
 */
export function isCurrent(item: AreaNavItem, items: readonly AreaNavItem[], pathname: string, view: string | null): boolean {
  if (item.path !== pathname) {
    if (items.some((other) => other.path === pathname)) return false;
    const closest = items.filter((other) => !other.view && isUnder(pathname, other.path)).reduce<string>((longest, other) => (other.path.length > longest.length ? other.path : longest), '');
    return !item.view && item.path === closest && closest !== '';
  }
  if (item.view) return item.view === view;
  return !items.some((other) => other.path === pathname && other.view !== undefined && other.view === view);
}
