import {
  reportRemoteError,
  reportRemoteLoadFailure,
  reportRemoteView,
  startReleaseHealth,
  stopReleaseHealth,
} from '../../src/releaseHealth';
import { BACKOFFICE_BUILD, MANIFEST, STOREFRONT_BUILD, hidePage, recordBeacons, removeBeacon } from './beacons';

type RateHolder = { __evReportRate?: unknown; __evRemotes?: unknown; __evRemotesManifest?: unknown };
const page = window as unknown as RateHolder;

/** Lets the manifest's promise settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function uncaughtError(filename: string, stack?: string): void {
  const error = new Error('hỏng');
  if (stack !== undefined) error.stack = stack;
  window.dispatchEvent(new ErrorEvent('error', { message: 'hỏng', filename, error }));
}

describe('release health reports of a page', () => {
  beforeEach(() => {
    page.__evReportRate = undefined;
  });
  afterEach(() => {
    stopReleaseHealth();
    removeBeacon();
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('samples a page with the rate the server wrote, else one in ten, and an unsampled page sends nothing', async () => {
    const { beacon } = recordBeacons();
    const visit = async (random: number) => {
      stopReleaseHealth();
      beacon.mockClear();
      startReleaseHealth({ manifest: MANIFEST, random: () => random });
      await settle();
      reportRemoteLoadFailure('mfe_storefront');
      reportRemoteError('mfe_storefront');
      hidePage();
      return beacon.mock.calls.length > 0;
    };

    page.__evReportRate = 0.3;
    expect(await visit(0.29)).toBe(true);
    expect(await visit(0.31)).toBe(false);
    page.__evReportRate = 0;
    expect(await visit(0)).toBe(false);
    page.__evReportRate = 1;
    expect(await visit(0.999)).toBe(true);
    // not a number in [0, 1]: the default 0.1
    page.__evReportRate = '1';
    expect(await visit(0.09)).toBe(true);
    expect(await visit(0.11)).toBe(false);
    page.__evReportRate = 5;
    expect(await visit(0.5)).toBe(false);
  });

  it('draws the sample from Math.random once per page', async () => {
    const { beacon } = recordBeacons();
    const random = jest.spyOn(Math, 'random').mockReturnValue(0.05);
    startReleaseHealth({ manifest: MANIFEST });
    startReleaseHealth({ manifest: MANIFEST });
    await settle();
    expect(random).toHaveBeenCalledTimes(1);
    reportRemoteView('mfe_storefront');
    hidePage();
    expect(beacon).toHaveBeenCalledTimes(1);
  });

  it('batches what happens within two seconds into one beacon, one report per remote build', async () => {
    jest.useFakeTimers();
    const { beacon, sent } = recordBeacons();
    startReleaseHealth({ manifest: MANIFEST, random: () => 0 });
    await jest.advanceTimersByTimeAsync(0);
    reportRemoteView('mfe_storefront');
    reportRemoteError('mfe_storefront');
    await jest.advanceTimersByTimeAsync(500);
    reportRemoteLoadFailure('mfe_backoffice');
    reportRemoteError('mfe_storefront');
    await jest.advanceTimersByTimeAsync(1400);
    expect(beacon).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(100);
    expect(beacon).toHaveBeenCalledTimes(1);

    // later errors come without a view, in a batch of their own
    reportRemoteError('mfe_storefront');
    reportRemoteView('mfe_storefront');
    await jest.advanceTimersByTimeAsync(2000);
    expect(await sent()).toEqual([
      [
        { remote: 'mfe_storefront', buildId: STOREFRONT_BUILD, views: 1, errors: 2 },
        { remote: 'mfe_backoffice', buildId: BACKOFFICE_BUILD, views: 1, errors: 1 },
      ],
      [{ remote: 'mfe_storefront', buildId: STOREFRONT_BUILD, views: 0, errors: 1 }],
    ]);
  });

  it('counts an uncaught error from a script under a build folder or its own origin, not one from elsewhere', async () => {
    const { sent } = recordBeacons();
    startReleaseHealth({ manifest: MANIFEST, random: () => 0 });
    await settle();
    reportRemoteView('mfe_storefront');
    reportRemoteView('mfe_backoffice');
    const origin = window.location.origin;

    uncaughtError(`${origin}/remotes/mfe-storefront/${STOREFRONT_BUILD}/412.3f9a.js`);
    uncaughtError('', `TypeError: x is undefined\n    at Cart (${origin}/remotes/mfe-storefront/${STOREFRONT_BUILD}/cart.js:1:200)\n    at ${origin}/main.js:1:10`);
    const rejection = Object.assign(new Event('unhandledrejection'), {
      reason: Object.assign(new Error('từ chối'), { stack: `load@https://cdn.example.vn/remotes/mfe-backoffice/${BACKOFFICE_BUILD}/board.js:3:4` }),
    });
    window.dispatchEvent(rejection);
    // the back office's CDN is its own origin
    uncaughtError('https://cdn.example.vn/shared-vendor.js');

    // not a remote's: the shell, another build of the remote, an unversioned remote, no URL at all
    uncaughtError(`${origin}/main.js`);
    uncaughtError(`${origin}/remotes/mfe-storefront/1.3.9-9999999999/412.js`);
    uncaughtError('http://localhost:3001/remoteEntry.js');
    uncaughtError('', 'Error: no frames');
    window.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: 'chuỗi' }));

    hidePage();
    expect(await sent()).toEqual([
      [
        { remote: 'mfe_storefront', buildId: STOREFRONT_BUILD, views: 1, errors: 2 },
        { remote: 'mfe_backoffice', buildId: BACKOFFICE_BUILD, views: 1, errors: 2 },
      ],
    ]);
  });

  it('counts at most 20 errors of a remote per page, and sends what is left when the tab is hidden', async () => {
    const { beacon, sent } = recordBeacons();
    startReleaseHealth({ manifest: MANIFEST, random: () => 0 });
    await settle();
    reportRemoteView('mfe_storefront');
    for (let i = 0; i < 25; i += 1) reportRemoteError('mfe_storefront');
    hidePage();
    for (let i = 0; i < 5; i += 1) reportRemoteError('mfe_storefront');
    reportRemoteError('mfe_backoffice');
    document.dispatchEvent(new Event('visibilitychange')); // still visible: nothing goes yet
    expect(beacon).toHaveBeenCalledTimes(1);
    // the tab hidden (switched away, phone locked) may be the page's last moment
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    try {
      document.dispatchEvent(new Event('visibilitychange'));
    } finally {
      Reflect.deleteProperty(document, 'visibilityState');
    }
    expect(await sent()).toEqual([
      [{ remote: 'mfe_storefront', buildId: STOREFRONT_BUILD, views: 1, errors: 20 }],
      [{ remote: 'mfe_backoffice', buildId: BACKOFFICE_BUILD, views: 0, errors: 1 }],
    ]);
  });

  it('reports nothing of an unversioned remote', async () => {
    const { beacon } = recordBeacons();
    startReleaseHealth({ manifest: MANIFEST, random: () => 0 });
    await settle();
    reportRemoteLoadFailure('mfe_account');
    reportRemoteError('mfe_account');
    hidePage();
    expect(beacon).not.toHaveBeenCalled();
  });

  it('falls back to a keepalive fetch without sendBeacon, and a failing send never breaks the page', async () => {
    const fetchMock = global.fetch as jest.Mock;
    startReleaseHealth({ manifest: MANIFEST, random: () => 0 });
    await settle();
    reportRemoteLoadFailure('mfe_storefront');
    hidePage();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/releases/reports');
    expect(init).toMatchObject({ method: 'POST', keepalive: true, credentials: 'same-origin' });
    expect(JSON.parse(init.body as string)).toEqual({ reports: [{ remote: 'mfe_storefront', buildId: STOREFRONT_BUILD, views: 1, errors: 1 }] });

    fetchMock.mockRejectedValue(new Error('offline'));
    reportRemoteError('mfe_storefront');
    expect(() => hidePage()).not.toThrow();
    const { beacon } = recordBeacons();
    beacon.mockImplementation(() => {
      throw new Error('quota');
    });
    reportRemoteError('mfe_storefront');
    expect(() => hidePage()).not.toThrow();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
