import type { App } from '../../src/app';
import { buildTestApp } from '../support/testApp';
import { testDatabases, useScratchDatabase } from '../support/testDatabases';

describe.each(testDatabases())('OpenAPI and Swagger UI on $label', (target) => {
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
