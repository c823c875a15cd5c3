/**
 * @jest-environment ./test/nodeServerEnvironment.cjs
 */
import { createServer, request, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

import { BROWSER_KEY_COOKIE, browserKeyOf, createLiveRemotes } from '../../../scripts/serve/liveRemotes';
import { startStaticSite } from '../../../scripts/serve/staticSite';

/** A fetch over a real socket for the site's calls to the stand-in registry (jsdom's environment has none). */
const realFetch = ((url: string, init?: RequestInit) =>
  new Promise((resolve, reject) => {
    const sent = request(url, { signal: init?.signal ?? undefined }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => {
        const status = response.statusCode ?? 0;
        resolve({ ok: status >= 200 && status < 300, status, json: async () => JSON.parse(body) as unknown });
      });
    });
    sent.on('error', reject).end();
  })) as unknown as typeof fetch;

/** GET over a real socket (the test setup replaces fetch). */
function get(url: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    })
      .on('error', reject)
      .end();
  });
}

/** The page's inline manifest (window.__evRemotes). */
function inlineManifest(html: string): Record<string, string> {
  const match = /\(function\(r\)\{[\s\S]*?\}\)\((\{[\s\S]*?\})\)<\/script>/.exec(html);
  if (!match?.[1]) throw new Error('no inline manifest in the page');
  return JSON.parse(match[1]) as Record<string, string>;
}

const LIVE = '/remotes/mfe-storefront/1.0.0-aaaaaaaaaa/mf-manifest.json';
const CANARY = '/remotes/mfe-storefront/1.1.0-bbbbbbbbbb/mf-manifest.json';
const CANARY_KEY = 'c'.repeat(22);
const CONFIGURED = {
  mfe_storefront: 'http://localhost:3001/mf-manifest.json',
  mfe_account: 'http://localhost:3002/mf-manifest.json',
  mfe_backoffice: 'http://localhost:3003/mf-manifest.json',
};

/**
 * A stand-in for the API's GET /api/releases/manifest: the storefront's live build, and the canary for the browser
 * whose key is CANARY_KEY (the registry's own share is tested in the API); `down` answers 503. Not a prefix: one new
 * browser in 64 would draw a key starting with 'c'.
 */
function registryStandIn(state: { down: boolean; asked: string[] }): Server {
  return createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://registry');
    if (url.pathname !== '/api/releases/manifest' || state.down) {
      res.writeHead(503).end();
      return;
    }
    const browser = url.searchParams.get('browser') ?? '';
    state.asked.push(browser);
    const canary = browser === CANARY_KEY;
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        success: true,
        data: {
          remotes: { mfe_storefront: { url: canary ? CANARY : LIVE, buildId: canary ? '1.1.0-bbbbbbbbbb' : '1.0.0-aaaaaaaaaa', canary } },
          contractsVersion: '1.0.0',
        },
      }),
    );
  });
}

describe('the shell’s site serves the registry’s builds (decision 0070)', () => {
  let root: string;
  let releasesDir: string;
  let site: FastifyInstance;
  let registry: Server;
  let siteUrl: string;
  const state = { down: false, asked: [] as string[] };

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'ev-site-'));
    releasesDir = mkdtempSync(path.join(tmpdir(), 'ev-releases-'));
    writeFileSync(path.join(root, 'index.html'), '<!doctype html><html lang="vi"><head><title>EV Service</title></head><body><div id="root"></div></body></html>');
    const build = path.join(releasesDir, 'mfe-storefront', '1.0.0-aaaaaaaaaa');
    mkdirSync(build, { recursive: true });
    writeFileSync(path.join(build, 'mf-manifest.json'), '{"name":"mfe_storefront"}');
    writeFileSync(path.join(build, 'remoteEntry.js'), 'var mfe_storefront;');
    registry = registryStandIn(state);
    await new Promise<void>((resolve) => registry.listen(0, '127.0.0.1', resolve));
    // asking for each page (what the server does while the live table's stream is down; following it: below)
    const live = createLiveRemotes({ apiOrigin: `http://127.0.0.1:${(registry.address() as AddressInfo).port}`, configured: CONFIGURED, fetch: realFetch, follow: false });
    site = await startStaticSite({ root, port: 0, host: '127.0.0.1', spaFallback: true, remotesManifest: (key) => live.forBrowser(key), releasesDir, reportSampleRate: 0.25 });
    siteUrl = `http://127.0.0.1:${(site.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await site.close();
    registry.closeAllConnections();
    await new Promise((resolve) => registry.close(resolve));
    rmSync(root, { recursive: true, force: true });
    rmSync(releasesDir, { recursive: true, force: true });
  });

  it('gives a new browser a key, the live build in its page, and the rate its remotes report at', async () => {
    const page = await get(`${siteUrl}/`);
    expect(page.status).toBe(200);
    const cookie = String(page.headers['set-cookie']);
    expect(cookie).toMatch(new RegExp(`^${BROWSER_KEY_COOKIE}=[A-Za-z0-9_-]{22}; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly$`));
    const key = browserKeyOf(cookie.split(';')[0]);
    expect(state.asked).toContain(key);
    expect(inlineManifest(page.body)).toEqual({ ...CONFIGURED, mfe_storefront: LIVE });
    expect(page.body).toContain('window.__evReportRate=0.25;');
  });

  it('keeps a browser on the build its key gives, page after page, and /remotes.json agrees', async () => {
    for (let load = 0; load < 3; load++) {
      const page = await get(`${siteUrl}/products`, { cookie: `theme=dark; ${BROWSER_KEY_COOKIE}=${CANARY_KEY}` });
      expect(page.headers['set-cookie']).toBeUndefined();
      expect(inlineManifest(page.body).mfe_storefront).toBe(CANARY);
    }
    const manifest = await get(`${siteUrl}/remotes.json`, { cookie: `${BROWSER_KEY_COOKIE}=${CANARY_KEY}` });
    expect(JSON.parse(manifest.body).mfe_storefront).toBe(CANARY);
    const other = await get(`${siteUrl}/products`, { cookie: `${BROWSER_KEY_COOKIE}=${'l'.repeat(22)}` });
    expect(inlineManifest(other.body).mfe_storefront).toBe(LIVE);
  });

  it('serves a published build’s files for good, and a missing file as a 404 (not the page)', async () => {
    const entry = await get(`${siteUrl}/remotes/mfe-storefront/1.0.0-aaaaaaaaaa/remoteEntry.js`);
    expect(entry.status).toBe(200);
    expect(entry.body).toBe('var mfe_storefront;');
    expect(entry.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get(`${siteUrl}/remotes/mfe-storefront/1.0.0-aaaaaaaaaa/mf-manifest.json`)).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await get(`${siteUrl}/remotes/mfe-storefront/9.9.9-cccccccccc/remoteEntry`);
    expect(missing.status).toBe(404);
    expect(missing.body).not.toContain('<!doctype html>');
    // nothing outside the releases folder
    const escaping = await get(`${siteUrl}/remotes/%2e%2e/%2e%2e/%2e%2e/etc/passwd`);
    expect(escaping.body).not.toContain('root:');
  });

  it('a folder published while the site runs is served at once', async () => {
    const build = path.join(releasesDir, 'mfe-storefront', '1.1.0-bbbbbbbbbb');
    mkdirSync(build, { recursive: true });
    writeFileSync(path.join(build, 'remoteEntry.js'), 'var mfe_storefront_next;');
    expect((await get(`${siteUrl}/remotes/mfe-storefront/1.1.0-bbbbbbbbbb/remoteEntry.js`)).body).toBe('var mfe_storefront_next;');
  });

  it('while the registry does not answer, every browser gets the last live build it named (not a canary)', async () => {
    await get(`${siteUrl}/`, { cookie: `${BROWSER_KEY_COOKIE}=${'l'.repeat(22)}` });
    state.down = true;
    try {
      const page = await get(`${siteUrl}/`, { cookie: `${BROWSER_KEY_COOKIE}=${CANARY_KEY}` });
      expect(page.status).toBe(200);
      expect(inlineManifest(page.body)).toEqual({ ...CONFIGURED, mfe_storefront: LIVE });
    } finally {
      state.down = false;
    }
  });
});

describe('following the live table', () => {
  const streams: ServerResponse[] = [];
  const state = { streaming: true, asked: 0 };
  let registry: Server;
  let site: FastifyInstance;
  let siteUrl: string;
  let live: ReturnType<typeof createLiveRemotes>;
  const table = (canaryPercent: number | null) => ({
    remotes: {
      mfe_storefront: { live: { buildId: '1.0.0-aaaaaaaaaa', url: LIVE }, canary: canaryPercent === null ? null : { buildId: '1.1.0-bbbbbbbbbb', url: CANARY, percent: canaryPercent } },
    },
  });
  const push = (frame: unknown) => {
    for (const response of streams) response.write(`event: live\ndata: ${JSON.stringify(frame)}\n\n`);
  };
  const until = async (check: () => boolean) => {
    const deadline = Date.now() + 5_000;
    while (!check()) {
      if (Date.now() > deadline) throw new Error('not in time');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const storefrontFor = async (key: string) => inlineManifest((await get(`${siteUrl}/`, { cookie: `${BROWSER_KEY_COOKIE}=${key}` })).body).mfe_storefront;

  beforeAll(async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'ev-site-'));
    writeFileSync(path.join(root, 'index.html'), '<!doctype html><html lang="vi"><head><title>EV Service</title></head><body><div id="root"></div></body></html>');
    registry = createServer((req, res) => {
      if (req.url === '/api/releases/live/stream' && state.streaming) {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write(': connected\n\n');
        res.write(`event: live\ndata: ${JSON.stringify(table(100))}\n\n`);
        streams.push(res);
        return;
      }
      if (req.url?.startsWith('/api/releases/manifest')) {
        state.asked += 1;
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ success: true, data: { remotes: { mfe_storefront: { url: LIVE, buildId: '1.0.0-aaaaaaaaaa', canary: false } } } }));
        return;
      }
      res.writeHead(503).end();
    });
    await new Promise<void>((resolve) => registry.listen(0, '127.0.0.1', resolve));
    const apiOrigin = `http://127.0.0.1:${(registry.address() as AddressInfo).port}`;
    live = createLiveRemotes({ apiOrigin, configured: CONFIGURED, fetch: realFetch });
    site = await startStaticSite({ root, port: 0, host: '127.0.0.1', spaFallback: true, apiTarget: apiOrigin, remotesManifest: (key) => live.forBrowser(key), onClose: () => live.close() });
    siteUrl = `http://127.0.0.1:${(site.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await site.close();
    expect(live.following()).toBe(false);
    registry.closeAllConnections();
    await new Promise((resolve) => registry.close(resolve));
  });

  it('gives each browser its share from the table, without asking the API for the page, and takes each new table', async () => {
    await until(() => live.following());
    expect(await storefrontFor('k'.repeat(22))).toBe(CANARY);
    push(table(null));
    await until(() => live.following());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await storefrontFor('k'.repeat(22))).toBe(LIVE);
    expect(state.asked).toBe(0);
  });

  it('asks for each page while the stream is down, and follows again once it is back', async () => {
    state.streaming = false;
    for (const response of streams.splice(0)) response.end();
    await until(() => !live.following());
    await storefrontFor('k'.repeat(22));
    expect(state.asked).toBe(1);
    state.streaming = true;
    await until(() => live.following());
    expect(await storefrontFor('k'.repeat(22))).toBe(CANARY);
    expect(state.asked).toBe(1);
  });

  it('does not pass the table or its stream on from a browser', async () => {
    for (const url of ['/api/releases/live', '/api/releases/live/stream', '/api/Releases//live', '/api/releases/%6Cive/stream']) {
      const answer = await get(`${siteUrl}${url}`);
      expect(answer.status).toBe(404);
      expect(JSON.parse(answer.body)).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
    }
  });
});

describe('createLiveRemotes', () => {
  const answer = (remotes: unknown) => async () => ({ ok: true, status: 200, json: async () => ({ success: true, data: { remotes, contractsVersion: '1.0.0' } }) });

  it('keeps the configured URL of a remote the registry does not know, and refuses a URL the shell would not load', async () => {
    const live = createLiveRemotes({ apiOrigin: 'http://api', configured: CONFIGURED, follow: false, fetch: answer({ mfe_account: { url: '//evil.example/x.json', buildId: 'x', canary: false } }) as unknown as typeof fetch });
    expect(await live.forBrowser('k'.repeat(22))).toEqual(CONFIGURED);
  });

  it('with a registry that never answered, a failure gives the configured URLs', async () => {
    const live = createLiveRemotes({ apiOrigin: 'http://api', configured: CONFIGURED, follow: false, fetch: (async () => { throw new Error('ECONNREFUSED'); }) as typeof fetch });
    expect(await live.forBrowser(undefined)).toEqual(CONFIGURED);
  });

  it('asks with the browser’s key, escaped, and waits no longer than its time-out', async () => {
    const urls: string[] = [];
    const hanging = ((url: string, init: RequestInit) => {
      urls.push(url);
      return new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new Error('aborted'))));
    }) as unknown as typeof fetch;
    const live = createLiveRemotes({ apiOrigin: 'http://api', configured: CONFIGURED, follow: false, fetch: hanging, timeoutMs: 50 });
    const started = Date.now();
    expect(await live.forBrowser('a b&c')).toEqual(CONFIGURED);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(urls).toEqual(['http://api/api/releases/manifest?browser=a%20b%26c']);
  });
});
