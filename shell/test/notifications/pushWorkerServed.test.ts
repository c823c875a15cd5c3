/**
 * @jest-environment ./test/nodeServerEnvironment.cjs
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { PUSH_SERVICE_WORKER_PATH } from 'shared-contracts/notifications';
import { startStaticSite } from '../../../scripts/serve/staticSite';

const PUBLIC = path.join(__dirname, '..', '..', 'public');

function get(url: string): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request(url, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

describe("the shell's Web Push worker as the site serves it", () => {
  let root: string;
  let site: FastifyInstance;
  let siteUrl: string;

  beforeAll(async () => {
    // the build copies public/push-sw.js and its icon to the site's root (shell/webpack.config.mts)
    root = mkdtempSync(path.join(tmpdir(), 'ev-site-'));
    writeFileSync(path.join(root, 'index.html'), '<!doctype html><html lang="vi"><head><title>EV Service</title></head><body></body></html>');
    copyFileSync(path.join(PUBLIC, 'push-sw.js'), path.join(root, 'push-sw.js'));
    copyFileSync(path.join(PUBLIC, 'push-icon.png'), path.join(root, 'push-icon.png'));
    site = await startStaticSite({ root, port: 0, host: '127.0.0.1', spaFallback: true });
    siteUrl = `http://127.0.0.1:${(site.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await site.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('serves /push-sw.js at the root as JavaScript, revalidated on every update check', async () => {
    const response = await get(`${siteUrl}${PUSH_SERVICE_WORKER_PATH}`);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; img-src 'self'");
    expect(response.body.toString('utf8')).toBe(readFileSync(path.join(PUBLIC, 'push-sw.js'), 'utf8'));
  });

  it('serves the icon the worker shows', async () => {
    const response = await get(`${siteUrl}/push-icon.png`);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
  });

  it('keeps the closed policy on the shell’s other files', async () => {
    const response = await get(`${siteUrl}/push-icon.png`);
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });
});
