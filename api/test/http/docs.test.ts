import { randomBytes } from 'node:crypto';
import type { AccountRole } from 'shared-contracts/schemas';
import type { App } from '../../src/app';
import { loadConfig } from '../../src/config';
import { buildTestApp } from '../support/testApp';
import { oneDatabase, useScratchDatabase } from '../support/testDatabases';

describe.each(oneDatabase())('OpenAPI and Swagger UI on $label', (target) => {
  const scratch = useScratchDatabase(target);
  let app: App;

  beforeAll(async () => {
    app = buildTestApp(scratch.db);
    await app.ready();
  });
  afterAll(() => app.close());

  it('serves Swagger UI as HTML at /api/docs', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toMatch(/swagger-ui/i);
  });

  it('serves the OpenAPI document at /api/docs/json, generated from the zod schemas', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/centres']));
    expect(Object.keys(doc.paths).some((p: string) => p.startsWith('/api/docs'))).toBe(false);
    const health = doc.paths['/api/health'].get;
    expect(Object.keys(health.responses)).toEqual(expect.arrayContaining(['200', '503']));
    const schema = health.responses['200'].content['application/json'].schema;
    expect(schema.properties.data.properties.database.properties.dialect.enum).toEqual(['sqlite', 'postgres']);
  });
});

describe.each(oneDatabase())('/api/docs in production (API_DOCS) on $label', (target) => {
  const scratch = useScratchDatabase(target);
  const apps: App[] = [];
  afterAll(() => Promise.all(apps.map((app) => app.close())));

  async function productionApp(apiDocs: string | undefined): Promise<App> {
    const config = loadConfig({ NODE_ENV: 'production', JWT_SECRET: randomBytes(48).toString('base64'), PUBLIC_URL: 'https://cuahang-xedien.vn', API_DOCS: apiDocs });
    const app = buildTestApp(scratch.db, { context: { config } });
    apps.push(app);
    await app.ready();
    return app;
  }
  async function get(app: App, url: string, role?: AccountRole) {
    const headers = role ? { authorization: `Bearer ${(await app.accessTokens.issue({ userId: 1, role })).token}` } : {};
    return app.inject({ method: 'GET', url, headers });
  }

  it('serves no docs without API_DOCS (404), while the document is still built', async () => {
    const app = await productionApp(undefined);
    expect((await get(app, '/api/docs/json')).statusCode).toBe(404);
    expect((await get(app, '/api/docs')).statusCode).toBe(404);
    expect((await get(app, '/api/docs/json', 'admin')).statusCode).toBe(404);
    expect(Object.keys((app.swagger() as unknown as { paths: object }).paths)).toContain('/api/health');
  });

  it('serves them to a signed-in admin only with API_DOCS=admin (401 anonymous, 403 other roles)', async () => {
    const app = await productionApp('admin');
    expect((await get(app, '/api/docs/json', 'admin')).statusCode).toBe(200);
    expect((await get(app, '/api/docs', 'admin')).statusCode).toBe(200);
    const anonymous = await get(app, '/api/docs/json');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual(expect.objectContaining({ success: false, code: 'UNAUTHENTICATED' }));
    expect((await get(app, '/api/docs', 'customer')).statusCode).toBe(403);
    expect((await get(app, '/api/docs/json', 'manager')).statusCode).toBe(403);
  });

  it('serves them to anyone with API_DOCS=public', async () => {
    const app = await productionApp('public');
    expect((await get(app, '/api/docs/json')).statusCode).toBe(200);
    expect((await get(app, '/api/docs')).statusCode).toBe(200);
  });

  it('refuses any other API_DOCS value', () => {
    expect(() => loadConfig({ API_DOCS: 'yes' })).toThrow(/API_DOCS must be one of off, admin, public/);
    expect(loadConfig({}).apiDocs).toBe('public');
  });
});
