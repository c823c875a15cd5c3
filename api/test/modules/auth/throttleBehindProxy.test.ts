import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../../seed';
import { oneDatabase, useScratchDatabase } from '../../support/testDatabases';
import { startAuthApp, type AuthTestApp } from '../../support/authTestKit';

// The site's real proxy (the shell's container and `npm start` serve /api through it). staticSite.ts imports its
// neighbours as './x.ts', which scripts/tsconfig.json allows and the API's does not: loaded without its types.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded without its types (see above)
const { startStaticSite } = require('../../../../scripts/serve/staticSite') as {
  startStaticSite: (options: { root: string; port: number; host?: string; spaFallback?: boolean; apiTarget?: string }) => Promise<FastifyInstance>;
};

/**
 * Login throttling per visitor behind the site's proxy (issue 32 §8): the proxy passes each visitor's address on in
 * X-Forwarded-For and the API, trusting the proxy's address (TRUST_PROXY; docker-compose trusts its network), counts
 * each visitor apart. Two visitors connect from two loopback addresses (127.0.0.2, 127.0.0.3) through the real proxy
 * to the real API listening on 127.0.0.1.
 */
const customer = DEMO_ACCOUNTS.find((account) => account.role === 'customer')!;
const WRONG_PASSWORD = 'SaiMatKhau@2026';

/** POST /api/auth/login through the site from `localAddress` (the visitor's own address). */
function login(siteUrl: string, localAddress: string, body: { email: string; password: string }): Promise<number> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const call = request(`${siteUrl}/api/auth/login`, { method: 'POST', localAddress, agent: false, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    call.on('error', reject);
    call.end(payload);
  });
}

describe.each(oneDatabase())('login throttling per visitor behind the site proxy on $label', (target) => {
  const scratch = useScratchDatabase(target, { seed: true });
  let root: string;
  let api: AuthTestApp | null = null;
  let site: FastifyInstance | null = null;

  /** The API listening on 127.0.0.1 (trusting `trustProxy`) behind the site's proxy; returns the site's URL. */
  async function startBehindProxy(trustProxy: boolean | string): Promise<string> {
    api = await startAuthApp(scratch.db, { configOverrides: { trustProxy } });
    await api.app.listen({ port: 0, host: '127.0.0.1' });
    const apiPort = (api.app.server.address() as AddressInfo).port;
    site = await startStaticSite({ root, port: 0, host: '127.0.0.1', spaFallback: true, apiTarget: `http://127.0.0.1:${apiPort}` });
    return `http://127.0.0.1:${(site.server.address() as AddressInfo).port}`;
  }

  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), 'ev-site-'));
    writeFileSync(path.join(root, 'index.html'), '<!doctype html><html lang="vi"><head><title>EV Service</title></head><body></body></html>');
  });
  afterEach(async () => {
    await site?.close();
    await api?.close();
    site = null;
    api = null;
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  /** One visitor's 20 failed logins: 5 on the demo customer's account, 15 on addresses that have none. */
  async function failTwentyTimes(siteUrl: string, from: string): Promise<number[]> {
    const answers: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      const email = i < 5 ? customer.email : `khong.ton.tai.${i}@example.vn`;
      answers.push(await login(siteUrl, from, { email, password: WRONG_PASSWORD }));
    }
    return answers;
  }

  it('one visitor’s 20 failed logins lock that visitor only: another signs in with the right password', async () => {
    const siteUrl = await startBehindProxy('loopback');
    const failures = await failTwentyTimes(siteUrl, '127.0.0.2');
    expect(failures.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(failures.every((status) => status === 401 || status === 429)).toBe(true);
    // The throttle did count the visitor through the proxy: its own right password is refused now …
    expect(await login(siteUrl, '127.0.0.2', { email: customer.email, password: DEMO_PASSWORD })).toBe(429);
    // … and the other visitor, on the same account, is not.
    expect(await login(siteUrl, '127.0.0.3', { email: customer.email, password: DEMO_PASSWORD })).toBe(200);
  });

  it('without trusting the proxy every visitor shares its address: one visitor locks out the other (docker-compose before TRUST_PROXY)', async () => {
    const siteUrl = await startBehindProxy(false);
    await failTwentyTimes(siteUrl, '127.0.0.4');
    expect(await login(siteUrl, '127.0.0.5', { email: customer.email, password: DEMO_PASSWORD })).toBe(429);
  });
});
