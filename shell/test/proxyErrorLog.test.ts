/**
 * @jest-environment ./test/nodeServerEnvironment.cjs
 */
import { createServer, request, type Server } from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

// The site server's modules import their neighbours as './x.ts' (scripts/tsconfig.json): loaded untyped, typed here.
const { startStaticSite } = require('../../scripts/serve/staticSite') as {
  startStaticSite: (options: { root: string; port: number; host?: string; spaFallback?: boolean; apiTarget?: string; logProxyError?: (line: string) => void }) => Promise<FastifyInstance>;
};
const { createProxyErrorLog } = require('../../scripts/serve/proxyErrorLog') as {
  createProxyErrorLog: (options: { target: string; write: (line: string) => void; quietMs?: number; now?: () => number }) => (error: unknown, request: { method: string; url: string }) => void;
};

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

function get(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    request(url, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    })
      .on('error', reject)
      .end();
  });
}

describe("the site server's log of /api proxy failures", () => {
  let root: string;
  let site: FastifyInstance;
  let upstream: Server | null = null;
  let apiPort: number;
  let siteUrl: string;
  const lines: string[] = [];

  beforeEach(async () => {
    lines.length = 0;
    root = mkdtempSync(path.join(tmpdir(), 'ev-site-'));
    writeFileSync(path.join(root, 'index.html'), '<!doctype html><html lang="vi"><head><title>EV</title></head><body></body></html>');
    apiPort = await freePort();
    site = await startStaticSite({ root, port: 0, host: '127.0.0.1', spaFallback: true, apiTarget: `http://127.0.0.1:${apiPort}`, logProxyError: (line) => lines.push(line) });
    siteUrl = `http://127.0.0.1:${(site.server.address() as AddressInfo).port}`;
  });
  afterEach(async () => {
    await site.close();
    await new Promise((resolve) => (upstream ? upstream.close(resolve) : resolve(undefined)));
    upstream = null;
    rmSync(root, { recursive: true, force: true });
  });

  it('logs one line with the error code, the API it tried and the path (no query) when the API is down', async () => {
    expect(await get(`${siteUrl}/api/products?token=bi-mat`)).toBe(503);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toBe(`site: /api proxy → http://127.0.0.1:${apiPort} failed: ECONNREFUSED on GET /api/products`);
  });

  it('says the same failure once per few seconds while the API restarts', async () => {
    for (let i = 0; i < 5; i += 1) expect(await get(`${siteUrl}/api/health`)).toBe(503);
    expect(lines).toHaveLength(1);
  });

  it('logs nothing for requests the API answers, nor for pages', async () => {
    upstream = createServer((_request, response) => response.writeHead(200, { 'content-type': 'application/json' }).end('{"success":true}'));
    await new Promise<void>((resolve) => upstream!.listen(apiPort, '127.0.0.1', resolve));
    expect(await get(`${siteUrl}/api/health`)).toBe(200);
    expect(await get(`${siteUrl}/`)).toBe(200);
    expect(lines).toEqual([]);
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
