import type { ReleaseReport } from '../../src/releaseHealth';

/** The page's sendBeacon replaced by a recorder; `sent()` gives each beacon's reports, in order. */
export function recordBeacons() {
  const beacon = jest.fn((_url: string, _data?: BodyInit | null) => true);
  Object.defineProperty(navigator, 'sendBeacon', { configurable: true, writable: true, value: beacon });
  return {
    beacon,
    async sent(): Promise<ReleaseReport[][]> {
      return Promise.all(
        beacon.mock.calls.map(async ([url, data]) => {
          expect(url).toBe('/api/releases/reports');
          expect(data).toBeInstanceOf(Blob);
          expect((data as Blob).type).toBe('application/json');
          return ((JSON.parse(await (data as Blob).text()) as { reports: ReleaseReport[] }).reports);
        }),
      );
    },
  };
}

export function removeBeacon(): void {
  Reflect.deleteProperty(navigator, 'sendBeacon');
}

/** The page being left: what is pending goes out at once. */
export function hidePage(): void {
  window.dispatchEvent(new Event('pagehide'));
}

export const STOREFRONT_BUILD = '1.4.0-0a1b2c3d4e';
export const BACKOFFICE_BUILD = '2.1.0-abcdef0123';

/** A run-time manifest: storefront and back office versioned, the account remote a plain dev origin. */
export const MANIFEST = {
  mfe_storefront: `/remotes/mfe-storefront/${STOREFRONT_BUILD}/mf-manifest.json`,
  mfe_account: 'http://localhost:3001/mf-manifest.json',
  mfe_backoffice: `https://cdn.example.vn/remotes/mfe-backoffice/${BACKOFFICE_BUILD}/mf-manifest.json`,
};
