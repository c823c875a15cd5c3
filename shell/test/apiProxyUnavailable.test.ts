/**
 * @jest-environment ./test/nodeServerEnvironment.cjs
 */
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { errorEnvelopeSchema } from 'shared-contracts/schemas';

import { createProxyErrorLog } from '../../scripts/serve/proxyErrorLog';
import { startStaticSite } from '../../scripts/serve/staticSite';

/** A port on 127.0.0.1 that nothing listens on (taken from the system, then let go). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** GET over a real socket (the test setup replaces fetch). */
function get(url: string): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    request(url, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    })
      .on('error', reject)
      .end();
  });
}

describe("the shell's /api proxy while the API is down (npm start restarting it)", () => {
  let root: string;
  let site: FastifyInstance;
  let upstream: Server | null = null;
  let apiPort: number;
  let siteUrl: string;
  // The site server's log of failed proxy requests (stderr under npm start).
  const logged: string[] = [];

  beforeEach(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'ev-site-'));
    writeFileSync(path.join(root, 'index.html'), '<!doctype html><html lang="vi"><head><title>EV Service</title></head><body></body></html>');
    apiPort = await freePort();
    logged.length = 0;
    site = await startStaticSite({ root, port: 0, host: '127.0.0.1', spaFallback: true, apiTarget: `http://127.0.0.1:${apiPort}`, logProxyError: (line) => logged.push(line) });
    siteUrl = `http://127.0.0.1:${(site.server.address() as AddressInfo).port}`;
  });
  afterEach(async () => {
    await site.close();
    await new Promise((resolve) => (upstream ? upstream.close(resolve) : resolve(undefined)));
    upstream = null;
    rmSync(root, { recursive: true, force: true });
  });

  it('answers 503 with the API’s error envelope, in Vietnamese, and Retry-After', async () => {
    const response = await get(`${siteUrl}/api/health`);
    expect(response.status).toBe(503);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    expect(response.headers['cache-control']).toBe('no-store');
    const body: unknown = JSON.parse(response.body);
    expect(errorEnvelopeSchema.strict().parse(body)).toEqual({
      success: false,
      message: 'Máy chủ đang khởi động lại. Vui lòng thử lại sau ít giây.',
      code: 'API_UNAVAILABLE',
    });
  });

  it('proxies again as soon as the API listens', async () => {
    expect((await get(`${siteUrl}/api/products?page=1`)).status).toBe(503);
    upstream = createServer((req, res) => {
      res.setHeader('content-type', 'application/json; charset=utf-8');
      res.end(JSON.stringify({ success: true, message: 'Thành công', data: { url: req.url } }));
    });
    await new Promise<void>((resolve) => upstream!.listen(apiPort, '127.0.0.1', resolve));
    const response = await get(`${siteUrl}/api/products?page=1`);
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body)).toEqual({ success: true, message: 'Thành công', data: { url: '/api/products?page=1' } });
  });

  it('keeps serving the page meanwhile', async () => {
    const page = await get(`${siteUrl}/orders`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('<title>EV Service</title>');
  });

  it('logs one line with the error code, the API it tried and the path (no query) when the API is down', async () => {
    expect((await get(`${siteUrl}/api/products?token=bi-mat`)).status).toBe(503);
    expect(logged).toEqual([`site: /api proxy → http://127.0.0.1:${apiPort} failed: ECONNREFUSED on GET /api/products`]);
  });

  it('says the same failure once per few seconds while the API restarts', async () => {
    for (let i = 0; i < 5; i += 1) expect((await get(`${siteUrl}/api/health`)).status).toBe(503);
    expect(logged).toHaveLength(1);
  });

  it('logs nothing for requests the API answers, nor for pages', async () => {
    upstream = createServer((_request, response) => response.writeHead(200, { 'content-type': 'application/json' }).end('{"success":true}'));
    await new Promise<void>((resolve) => upstream!.listen(apiPort, '127.0.0.1', resolve));
    expect((await get(`${siteUrl}/api/health`)).status).toBe(200);
    expect((await get(`${siteUrl}/`)).status).toBe(200);
    expect(logged).toEqual([]);
  });
});

describe('createProxyErrorLog', () => {
  it('counts what it left out and says so on the next line for that code', () => {
    const lines: string[] = [];
    let now = 0;
    const log = createProxyErrorLog({ target: 'http://api:4000', write: (line) => lines.push(line), quietMs: 5_000, now: () => now });
    const refused = Object.assign(new Error('upstream'), { code: 'FST_REPLY_FROM_INTERNAL_SERVER_ERROR', cause: Object.assign(new Error('x'), { code: 'ECONNREFUSED' }) });
    const timeout = Object.assign(new Error('timeout'), { code: 'FST_REPLY_FROM_GATEWAY_TIMEOUT' });
    log(refused, { method: 'GET', url: '/api/a' });
    log(refused, { method: 'GET', url: '/api/b' });
    log(refused, { method: 'POST', url: '/api/c' });
    log(timeout, { method: 'GET', url: '/api/d' });
    now = 5_000;
    log(refused, { method: 'GET', url: '/api/e?x=1' });
    expect(lines).toEqual([
      'site: /api proxy → http://api:4000 failed: ECONNREFUSED on GET /api/a',
      'site: /api proxy → http://api:4000 failed: FST_REPLY_FROM_GATEWAY_TIMEOUT on GET /api/d',
      'site: /api proxy → http://api:4000 failed: ECONNREFUSED on GET /api/e (+2 more since the last line)',
    ]);
  });
});
