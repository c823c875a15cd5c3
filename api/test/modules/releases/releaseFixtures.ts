import { createHash } from 'node:crypto';
import type { ReleaseInfo } from 'shared-contracts/schemas';

/** The singletons every app of the page shares, as the shell's build provides them. */
export const SHARED = {
  react: { version: '19.2.0', requiredVersion: '^19.2.0' },
  'react-dom': { version: '19.2.0', requiredVersion: '^19.2.0' },
  'react-router-dom': { version: '7.9.1', requiredVersion: '^7.9.0' },
  'shared-contracts': { version: '0.1.0', requiredVersion: '^0.1.0' },
};

const STOREFRONT_ROUTES = ['/', '/products', '/products/:slug', '/cart'];
const ACCOUNT_ROUTES = ['/account', '/account/orders'];

/** A shell build: the route table with owners, what it expects each remote to expose, its bus events. */
export function shellInfo(overrides: Partial<ReleaseInfo> = {}): ReleaseInfo {
  return {
    app: 'shell',
    package: 'shell',
    version: '1.0.0',
    commit: '0a1b2c3d4e',
    builtAt: '2026-11-19T01:00:00.000Z',
    contractsVersion: '0.1.0',
    shared: SHARED,
    exposes: [],
    routes: [],
    routeTable: [...STOREFRONT_ROUTES.map((path) => ({ path, owner: 'mfe_storefront' as const })), ...ACCOUNT_ROUTES.map((path) => ({ path, owner: 'mfe_account' as const }))],
    expects: { mfe_storefront: ['./routes'], mfe_account: ['./routes', './EmailVerificationBanner'], mfe_backoffice: ['./routes'] },
    busEvents: ['auth/login', 'auth/logout', 'cart/changed', 'toast/show'],
    ...overrides,
  };
}

/** A storefront build that agrees with shellInfo(). */
export function storefrontInfo(overrides: Partial<ReleaseInfo> = {}): ReleaseInfo {
  return {
    app: 'mfe_storefront',
    package: 'mfe-storefront',
    version: '1.4.0',
    commit: '5f6e7d8c9b',
    builtAt: '2026-11-19T01:05:00.000Z',
    contractsVersion: '0.1.0',
    shared: SHARED,
    exposes: ['./routes'],
    routes: STOREFRONT_ROUTES,
    busEvents: ['cart/changed', 'toast/show'],
    ...overrides,
  };
}

/** An account build that agrees with shellInfo(). */
export function accountInfo(overrides: Partial<ReleaseInfo> = {}): ReleaseInfo {
  return {
    ...storefrontInfo(),
    app: 'mfe_account',
    package: 'mfe-account',
    version: '2.0.0',
    exposes: ['./routes', './EmailVerificationBanner'],
    routes: ACCOUNT_ROUTES,
    busEvents: ['auth/logout'],
    ...overrides,
  };
}

/** A back-office build that agrees with shellInfo() (the shell's route table gives it no route). */
export function backofficeInfo(overrides: Partial<ReleaseInfo> = {}): ReleaseInfo {
  return {
    ...storefrontInfo(),
    app: 'mfe_backoffice',
    package: 'mfe-backoffice',
    version: '3.0.0',
    exposes: ['./routes'],
    routes: [],
    busEvents: ['toast/show'],
    ...overrides,
  };
}

/** A build's full content hash (SHA-256 hex), made from a label. */
export function contentHash(label: string): string {
  return createHash('sha256').update(label).digest('hex');
}

/** The build id the registry gives: '<version>-<first 10 hex digits>'. */
export function buildIdOf(info: ReleaseInfo, hash: string): string {
  return `${info.version}-${hash.slice(0, 10)}`;
}

/** The publish body of a build. */
export function publishBody(info: ReleaseInfo, hash: string) {
  return { releaseInfo: info, contentHash: hash, manifestUrl: `/remotes/${info.package}/${buildIdOf(info, hash)}/mf-manifest.json` };
}
