import { preloadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { forgetRemotesManifest, startRemotes } from '../src/federation/startRemotes';
import { remotesBootstrapScript } from '../../scripts/serve/remotesBootstrap';

const manifest = {
  mfe_storefront: 'http://localhost:3001/mf-manifest.json',
  mfe_account: 'http://localhost:3002/mf-manifest.json',
  mfe_backoffice: 'http://localhost:3003/mf-manifest.json',
};

/** Runs the inline script the server writes into index.html, as the browser does while parsing the page. */
function runInlineScript(value: Record<string, string>): void {
  const script = remotesBootstrapScript(value).replace(/^<script>/, '').replace(/<\/script>$/, '');
  new Function(script)();
}

describe('the remotes manifest written into index.html', () => {
  const fetchMock = jest.fn();
  beforeEach(() => {
    forgetRemotesManifest();
    jest.mocked(registerRemotes).mockClear();
    jest.mocked(preloadRemote).mockClear();
    fetchMock.mockReset();
    global.fetch = fetchMock as unknown as typeof fetch;
    document.head.querySelectorAll('link[rel=preload]').forEach((link) => link.remove());
    window.history.replaceState(null, '', '/');
  });

  it('registers the remotes without fetching /remotes.json and preloads the page remote’s manifest', async () => {
    window.history.replaceState(null, '', '/orders/EV2611220001');
    runInlineScript(manifest);
    const preload = document.head.querySelector<HTMLLinkElement>('link[rel=preload]');
    expect(preload?.href).toBe(manifest.mfe_account);
    expect(preload?.getAttribute('as')).toBe('fetch');
    expect(preload?.crossOrigin).toBe('anonymous');

    await expect(startRemotes()).resolves.toEqual(manifest);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(registerRemotes).toHaveBeenCalledWith([
      { name: 'mfe_storefront', entry: manifest.mfe_storefront },
      { name: 'mfe_account', entry: manifest.mfe_account },
      { name: 'mfe_backoffice', entry: manifest.mfe_backoffice },
    ]);
    expect(preloadRemote).toHaveBeenCalledWith([{ nameOrAlias: 'mfe_account', exposes: ['./routes'], resourceCategory: 'sync' }]);
  });

  it('preloads the storefront for a shop page', () => {
    window.history.replaceState(null, '', '/products/pin-lithium-48v');
    runInlineScript(manifest);
    expect(document.head.querySelector<HTMLLinkElement>('link[rel=preload]')?.href).toBe(manifest.mfe_storefront);
  });

  it('cannot be closed early by a value holding </script>', () => {
    expect(remotesBootstrapScript({ ...manifest, mfe_storefront: 'http://x/</script><script>alert(1)//' })).not.toMatch(/<\/script><script>alert/);
  });

  it('falls back to fetching /remotes.json when the page has no inline manifest', async () => {
    fetchMock.mockResolvedValue({ ok: true, json: async () => manifest });
    await expect(startRemotes()).resolves.toEqual(manifest);
    expect(fetchMock).toHaveBeenCalledWith('/remotes.json', expect.objectContaining({ cache: 'no-store' }));
    expect(registerRemotes).toHaveBeenCalledTimes(1);
  });
});
