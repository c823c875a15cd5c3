import { createHash } from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { startStaticSite } from '../../scripts/serve/staticSite.ts';
import { expect, test } from '../support/fixtures.ts';
import { REPO_ROOT } from '../support/isolatedSite.ts';
import { E2E_PORTS } from '../support/ports.ts';

const REMOTES = [E2E_PORTS.storefront, E2E_PORTS.account, E2E_PORTS.backoffice].map((port) => `http://localhost:${port}`);
/** `npm start` made its builds live: the page's remotes are published builds on the site's own origin ('self'). */
const PUBLISHED = /^\/remotes\/mfe-storefront\/[^/]+\/mf-manifest\.json$/;

/** The directives of a Content-Security-Policy header, by name. */
function directives(policy: string | undefined): Map<string, string[]> {
  const parsed = new Map<string, string[]>();
  for (const part of (policy ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) parsed.set(name, sources);
  }
  return parsed;
}

test.describe('the page as `npm start` serves it', () => {
  test('the shell page: a strict policy of its own origin (the remotes’ published builds) and the hashes of its inline scripts (the manifest; on a first view, its script loader)', async ({ request }) => {
    for (const url of ['/', '/products', '/auth/login']) {
      const response = await request.get(url);
      expect(response.status()).toBe(200);
      const headers = response.headers();
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['x-frame-options']).toBe('DENY');
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');

      const policy = directives(headers['content-security-policy']);
      const html = await response.text();
      const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '');
      // the remotes manifest everywhere; the public storefront pages' first view also starts the scripts after its paint
      expect(inline).toHaveLength(url === '/auth/login' ? 1 : 2);
      const hashes = inline.map((script) => `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`);
      const scripts = policy.get('script-src') ?? [];
      expect(scripts).toEqual(expect.arrayContaining(["'self'", ...hashes]));
      expect(JSON.parse(/window\.__evRemotes=r;[\s\S]*?\}\)\((\{[\s\S]*?\})\)<\/script>/.exec(html)?.[1] ?? '{}').mfe_storefront).toMatch(PUBLISHED);
      for (const remote of REMOTES) expect(scripts).not.toContain(remote);
      expect(scripts).not.toContain("'unsafe-inline'");
      expect(scripts).not.toContain("'unsafe-eval'");
      expect(scripts.filter((source) => source.startsWith("'sha256-"))).toEqual(hashes);
      expect(policy.get('connect-src')).toEqual(expect.arrayContaining(["'self'"]));
      expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
      expect(policy.get('object-src')).toEqual(["'none'"]);
    }
  });

  test('a remote and the shell’s files: nosniff, no framing, nothing may run in them as a page', async ({ request }) => {
    const page = await (await request.get('/')).text();
    const published = JSON.parse(/window\.__evRemotes=r;[\s\S]*?\}\)\((\{[\s\S]*?\})\)<\/script>/.exec(page)?.[1] ?? '{}').mfe_storefront as string;
    for (const url of [`${REMOTES[0]}/mf-manifest.json`, `${REMOTES[1]}/remoteEntry.js`, '/main.js', '/remotes.json', published, published.replace('mf-manifest.json', 'remoteEntry.js')]) {
      const response = await request.get(url);
      expect(response.status(), url).toBe(200);
      const headers = response.headers();
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['x-frame-options']).toBe('DENY');
      expect(directives(headers['content-security-policy']).get('default-src')).toEqual(["'none'"]);
    }
  });

  test('the API through the site keeps its own headers: nosniff, and not the page’s policy (Swagger UI at /api/docs)', async ({ request }) => {
    const health = await request.get('/api/health');
    expect(health.headers()['x-content-type-options']).toBe('nosniff');
    expect(health.headers()['content-security-policy']).toBeUndefined();
    const docs = await request.get('/api/docs');
    expect(docs.status()).toBe(200);
    expect(docs.headers()['content-security-policy'] ?? '').not.toContain('frame-ancestors');
  });

  test('an inline script the page did not bring is blocked, and the suite sees it', async ({ page, cspViolations }) => {
    await page.goto('/');
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true;';
      document.head.append(script);
    });
    await expect.poll(() => cspViolations.length).toBeGreaterThan(0);
    expect(cspViolations[0]).toMatchObject({ directive: 'script-src-elem', blocked: 'inline' });
    expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
    cspViolations.length = 0; // caused on purpose
  });
});

test.describe('the development mailbox through the site’s /api proxy', () => {
  let site: FastifyInstance;

  test.beforeAll(async () => {
    // The same server code as `npm start`, in front of the suite's API; inject() sets the client's socket address.
    site = await startStaticSite({
      root: path.join(REPO_ROOT, 'shell', 'dist'),
      port: 0,
      spaFallback: true,
      apiTarget: `http://127.0.0.1:${E2E_PORTS.api}`,
      remotesManifest: () => ({ mfe_storefront: `${REMOTES[0]}/mf-manifest.json` }),
    });
  });
  test.afterAll(async () => {
    await site.close();
  });

  test('a client elsewhere gets 404 for /api/dev/*, however written, and even claiming to be local', async () => {
    for (const url of ['/api/dev/outbox', '/api/DEV/Outbox/', '/api/%64ev/outbox', '/api//dev/outbox', '/api/x/../dev/outbox']) {
      const response = await site.inject({ method: 'GET', url, remoteAddress: '203.0.113.9', headers: { 'x-forwarded-for': '127.0.0.1' } });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ success: false, message: 'Không tìm thấy đường dẫn API yêu cầu.', code: 'ROUTE_NOT_FOUND' });
    }
    // the rest of the API is unaffected
    const health = await site.inject({ method: 'GET', url: '/api/health', remoteAddress: '203.0.113.9' });
    expect(health.statusCode).toBe(200);
  });

  test('a browser on this machine still reads it (the README’s first steps)', async () => {
    for (const remoteAddress of ['127.0.0.1', '::1']) {
      const response = await site.inject({ method: 'GET', url: '/api/dev/outbox', remoteAddress });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('Hộp thư phát triển');
    }
  });

  test('the README flow: the outbox opens in the browser through the site', async ({ page }) => {
    await page.goto('/api/dev/outbox');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hộp thư phát triển');
  });
});
