import { act, screen } from '@testing-library/react';
import { loadRemote } from '@module-federation/enhanced/runtime';
import type { RemoteName } from 'shared-contracts';
import { resetRemote } from '../../src/federation/remoteLoader';
import { forgetRemotesManifest, startRemotes } from '../../src/federation/startRemotes';
import { startReleaseHealth, stopReleaseHealth } from '../../src/releaseHealth';
import { fakeRemoteRoutes } from '../remoteLoaderMock';
import { renderShell } from '../renderShell';
import { MANIFEST, STOREFRONT_BUILD, hidePage, recordBeacons, removeBeacon } from './beacons';

// The real remote loader, with the federation runtime's loadRemote answering for the remotes.
const load = jest.mocked(loadRemote) as unknown as jest.Mock<Promise<unknown>, [string]>;
const remoteOf = (id: string) => id.split('/')[0] as RemoteName;

/** A page load of the shell at `path`, sampled, with `manifest` written into index.html. */
function visit(path: string, manifest: Record<RemoteName, string> = MANIFEST) {
  forgetRemotesManifest();
  (window as unknown as { __evRemotes?: unknown }).__evRemotes = manifest;
  startReleaseHealth({ manifest: startRemotes(), random: () => 0 });
  return renderShell(path);
}

describe('release health of the remote areas', () => {
  beforeEach(async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    for (const remote of ['mfe_storefront', 'mfe_account', 'mfe_backoffice'] as const) await resetRemote(remote);
    load.mockReset();
    load.mockImplementation(async (id) => fakeRemoteRoutes(remoteOf(id)));
  });
  afterEach(() => {
    stopReleaseHealth();
    removeBeacon();
    jest.restoreAllMocks();
  });

  it('reports one view of the mounted remote’s build, however many of its pages are visited', async () => {
    const { sent } = recordBeacons();
    const { router } = visit('/');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('mfe_storefront /');
    await act(() => router.navigate('/about'));
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('mfe_storefront /about');
    hidePage();
    expect(await sent()).toEqual([[{ remote: 'mfe_storefront', buildId: STOREFRONT_BUILD, views: 1, errors: 0 }]]);
  });

  it('counts a page that throws while rendering as one error of its remote’s build', async () => {
    const { sent } = recordBeacons();
    load.mockImplementation(async (id) => ({
      pages: fakeRemoteRoutes(remoteOf(id)).pages.map((page) =>
        page.path === '/contact'
          ? {
              ...page,
              Component: () => {
                throw new Error('boom');
              },
            }
          : page,
      ),
    }));
    visit('/contact');
    expect(await screen.findByRole('alert')).toHaveTextContent('Không thể tải khu vực Cửa hàng');
    hidePage();
    expect(await sent()).toEqual([[{ remote: 'mfe_storefront', buildId: STOREFRONT_BUILD, views: 1, errors: 1 }]]);
  });

  it('counts a remote that cannot be loaded as a view with an error, so a broken canary raises its rate', async () => {
    const { sent } = recordBeacons();
    load.mockRejectedValue(new Error('remoteEntry.js: 404'));
    visit('/about');
    expect(await screen.findByRole('alert')).toHaveTextContent('Không thể tải khu vực Cửa hàng');
    hidePage();
    expect(await sent()).toEqual([[{ remote: 'mfe_storefront', buildId: STOREFRONT_BUILD, views: 1, errors: 1 }]]);
  });

  it('reports nothing of an unversioned remote', async () => {
    const { beacon } = recordBeacons();
    load.mockImplementation(async (id) =>
      remoteOf(id) === 'mfe_storefront' ? { pages: [{ path: '/', title: 'Trang chủ', Component: () => { throw new Error('boom'); } }] } : fakeRemoteRoutes(remoteOf(id)),
    );
    visit('/', { ...MANIFEST, mfe_storefront: 'http://localhost:3001/mf-manifest.json' });
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    hidePage();
    expect(beacon).not.toHaveBeenCalled();
  });
});
