import type { Kysely } from 'kysely';
import type { App } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import { createDatabase } from '../../src/db/createDatabase';
import type { Database } from '../../src/db/schema';
import { buildTestApp } from '../support/testApp';

/** Headers for browsers: CORS for the CORS_ORIGINS allow-list only, nosniff on every answer. */
describe('headers for browsers', () => {
  let db: Kysely<Database>;
  const apps: App[] = [];

  const start = async (env: NodeJS.ProcessEnv = {}): Promise<App> => {
    const config: Config = { ...loadConfig(env), jwtSecret: 'test-secret-test-secret-test-secret-0123456789' };
    const app = buildTestApp(db, { context: { config } });
    apps.push(app);
    await app.ready();
    return app;
  };

  beforeAll(() => {
    db = createDatabase({ databaseUrl: null, sqliteFile: ':memory:' });
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await db.destroy();
  });

  const preflight = (app: App, origin: string) =>
    app.inject({
      method: 'OPTIONS',
      url: '/api/cart',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type, idempotency-key' },
    });

  describe('CORS', () => {
    const allowed = 'https://app.evshop.vn';

    it('an allowed origin gets Access-Control-Allow-Origin on a preflight and on the request', async () => {
      const app = await start({ CORS_ORIGINS: `${allowed}, http://localhost:5173` });
      const pre = await preflight(app, allowed);
      expect(pre.statusCode).toBe(204);
      expect(pre.headers['access-control-allow-origin']).toBe(allowed);
      const allowedHeaders = String(pre.headers['access-control-allow-headers']).toLowerCase().split(/\s*,\s*/);
      expect(allowedHeaders).toEqual(expect.arrayContaining(['authorization', 'content-type', 'idempotency-key']));
      expect(String(pre.headers['access-control-allow-methods'])).toMatch(/POST/);
      expect(pre.headers['access-control-allow-credentials']).toBeUndefined();

      const response = await app.inject({ method: 'GET', url: '/api/health', headers: { origin: allowed } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['access-control-allow-origin']).toBe(allowed);
      expect(String(response.headers.vary)).toMatch(/origin/i);
      const second = await app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'http://localhost:5173' } });
      expect(second.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    });

    it('another origin gets no CORS header, on a preflight or a request', async () => {
      const app = await start({ CORS_ORIGINS: allowed });
      for (const origin of ['https://evil.example', 'https://app.evshop.vn.evil.example', 'http://app.evshop.vn']) {
        const pre = await preflight(app, origin);
        expect(pre.statusCode).toBeLessThan(500);
        expect(pre.headers['access-control-allow-origin']).toBeUndefined();
        const response = await app.inject({ method: 'GET', url: '/api/health', headers: { origin } });
        expect(response.statusCode).toBe(200);
        expect(response.headers['access-control-allow-origin']).toBeUndefined();
      }
    });

    it('the default config (no CORS_ORIGINS) sends no CORS header at all', async () => {
      const app = await start();
      const pre = await preflight(app, allowed);
      expect(pre.statusCode).toBe(404);
      expect(pre.json()).toMatchObject({ success: false, code: 'ROUTE_NOT_FOUND' });
      expect(pre.headers['access-control-allow-origin']).toBeUndefined();
      const response = await app.inject({ method: 'GET', url: '/api/health', headers: { origin: allowed } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
    });
  });

  describe('Strict-Transport-Security', () => {
    const hsts = 'max-age=31536000; includeSubDomains';
    const health = (app: App, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url: '/api/health', headers });

    it('is sent when a trusted proxy says the request came over https, and not over plain http', async () => {
      const app = await start({});
      expect((await health(app, { 'x-forwarded-proto': 'https' })).headers['strict-transport-security']).toBe(hsts);
      expect((await app.inject({ method: 'GET', url: '/api/nothing-here', headers: { 'x-forwarded-proto': 'https' } })).headers['strict-transport-security']).toBe(hsts);
      expect((await health(app)).headers['strict-transport-security']).toBeUndefined();
      expect((await health(app, { 'x-forwarded-proto': 'http' })).headers['strict-transport-security']).toBeUndefined();
    });

    it('is not sent on the word of a proxy that is not trusted', async () => {
      const app = await start({ TRUST_PROXY: 'false' });
      expect((await health(app, { 'x-forwarded-proto': 'https' })).headers['strict-transport-security']).toBeUndefined();
    });

    it('is always sent when PUBLIC_URL is https', async () => {
      const app = await start({ PUBLIC_URL: 'https://evshop.vn' });
      expect((await health(app)).headers['strict-transport-security']).toBe(hsts);
    });
  });

  it('every answer says nosniff: JSON, errors and the docs', async () => {
    const app = await start();
    for (const url of ['/api/health', '/api/khong-ton-tai', '/api/docs/json']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
  });
});
