import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { startShellServer } from '../../scripts/serve/shellServer.ts';
import { expect, test } from '../support/fixtures.ts';
import { REPO_ROOT } from '../support/isolatedSite.ts';
import { E2E_PORTS } from '../support/ports.ts';
import { RELEASES_DIR, storefrontOfPage } from '../support/releases.ts';

/**
 * The shell as its container serves it (shell/Dockerfile runs scripts/serve/shellServer.ts): the browser reaches the
 * remotes at public URLs the server cannot (here a CDN name that does not resolve), and the server reads the
 * storefront's first-view pages at its address inside the deployment (here the e2e storefront).
 */
const PUBLIC_STOREFRONT = 'https://cdn.ev-shop.invalid/storefront';

test.describe('the shell container', () => {
  let site: FastifyInstance;
  let origin: string;

  test.beforeAll(async () => {
    site = await startShellServer({
      PORT: '0',
      HOST: '127.0.0.1',
      API_URL: `http://127.0.0.1:${E2E_PORTS.api}`,
      REMOTE_STOREFRONT_URL: PUBLIC_STOREFRONT,
      REMOTE_ACCOUNT_URL: 'https://cdn.ev-shop.invalid/account',
      REMOTE_BACKOFFICE_URL: 'https://cdn.ev-shop.invalid/backoffice',
      STOREFRONT_INTERNAL_URL: `http://localhost:${E2E_PORTS.storefront}`,
      SHELL_DIST: path.join(REPO_ROOT, 'shell', 'dist'),
      // the remotes at their configured URLs alone (the registry's builds: the test below)
      RELEASE_REGISTRY: 'off',
    });
    origin = `http://127.0.0.1:${(site.server.address() as AddressInfo).port}`;
  });
  test.afterAll(async () => {
    await site?.close();
  });

  test('starts the home page and a product page as their first view, its assets at the public storefront URL', async ({ request }) => {
    for (const url of ['/', '/products/ma-phanh-dia']) {
      // the server's first read of the storefront may time out on a loaded machine; it is asked again a second later
      await expect.poll(async () => (await request.get(`${origin}${url}`)).text(), { timeout: 15_000 }).toContain('<div id="ev-first-view">');
      const response = await request.get(`${origin}${url}`);
      expect(response.status(), url).toBe(200);
      const html = await response.text();
      expect(html, url).toContain('<div id="ev-first-view">');
      expect(html, url).toContain('<div id="root" hidden>');
      expect(html, url).not.toContain(`localhost:${E2E_PORTS.storefront}`);
      expect(html, url).toContain(`"mfe_storefront":"${PUBLIC_STOREFRONT}/mf-manifest.json"`);
      expect(response.headers()['content-security-policy']).toContain('https://cdn.ev-shop.invalid');
    }
    // a signed-in page is the app alone
    const login = await (await request.get(`${origin}/auth/login`)).text();
    expect(login).not.toContain('id="ev-first-view"');
  });

  test('serves the run-time manifest, proxies /api to the API, and sends HSTS only over HTTPS', async ({ request }) => {
    const manifest = await request.get(`${origin}/remotes.json`);
    expect(await manifest.json()).toEqual({
      mfe_storefront: `${PUBLIC_STOREFRONT}/mf-manifest.json`,
      mfe_account: 'https://cdn.ev-shop.invalid/account/mf-manifest.json',
      mfe_backoffice: 'https://cdn.ev-shop.invalid/backoffice/mf-manifest.json',
    });
    const health = await request.get(`${origin}/api/health`);
    expect(health.status()).toBe(200);
    expect((await health.json()) as { success: boolean }).toMatchObject({ success: true });

    expect((await request.get(`${origin}/`)).headers()['strict-transport-security']).toBeUndefined();
    const overHttps = await request.get(`${origin}/`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(overHttps.headers()['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  test('with the release registry: each browser gets the live builds, served from the releases folder for good', async ({ request }) => {
    const withRegistry = await startShellServer({
      PORT: '0',
      HOST: '127.0.0.1',
      API_URL: `http://127.0.0.1:${E2E_PORTS.api}`,
      REMOTE_STOREFRONT_URL: PUBLIC_STOREFRONT,
      SHELL_DIST: path.join(REPO_ROOT, 'shell', 'dist'),
      RELEASES_DIR,
      REPORT_SAMPLE_RATE: '0.2',
    });
    try {
      const registryOrigin = `http://127.0.0.1:${(withRegistry.server.address() as AddressInfo).port}`;
      const page = await request.get(`${registryOrigin}/`);
      expect(page.headers()['set-cookie']).toMatch(/^ev_browser=/);
      const html = await page.text();
      expect(html).toContain('window.__evReportRate=0.2;');
      const storefront = storefrontOfPage(html);
      expect(storefront).toMatch(/^\/remotes\/mfe-storefront\/\d+\.\d+\.\d+-[0-9a-f]{10}\/mf-manifest\.json$/);
      // the page starts as the published build's first view
      expect(html).toContain(storefront.replace('mf-manifest.json', ''));
      const entry = await request.get(`${registryOrigin}${storefront.replace('mf-manifest.json', 'remoteEntry.js')}`);
      expect(entry.status()).toBe(200);
      expect(entry.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    } finally {
      await withRegistry.close();
    }
  });
});
