import { serviceCentreListResponseSchema } from 'shared-contracts/schemas';
import type { App } from '../../../src/app';
import { buildTestApp } from '../../support/testApp';
import { productionDatabase, useScratchDatabase } from '../../support/testDatabases';

describe.each(productionDatabase())('GET /api/centres on $label', (target) => {
  const scratch = useScratchDatabase(target, { seed: true });
  let app: App;

  beforeAll(async () => {
    app = buildTestApp(scratch.db);
    await app.ready();
  });
  afterAll(() => app.close());

  it('lists at least 6 centres, matching the shared schema, publicly cacheable with an ETag', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/centres' });
    expect(response.statusCode).toBe(200);
    const body = serviceCentreListResponseSchema.parse(response.json());
    expect(body.data.length).toBeGreaterThanOrEqual(6);
    expect(body.data[0]).toMatchObject({ slug: 'ha-noi-cau-giay', city: 'Hà Nội', openTime: '08:00' });
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    expect(response.headers.etag).toMatch(/^"[\w-]+"$/);
  });

  it('answers 304 with no body when If-None-Match carries the current ETag', async () => {
    const first = await app.inject({ method: 'GET', url: '/api/centres' });
    const etag = String(first.headers.etag);
    const again = await app.inject({ method: 'GET', url: '/api/centres', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe('public, max-age=60');

    const weakInList = await app.inject({ method: 'GET', url: '/api/centres', headers: { 'if-none-match': `"other", W/${etag}` } });
    expect(weakInList.statusCode).toBe(304);
  });

  it('answers 200 with a new ETag once the centres change', async () => {
    const before = await app.inject({ method: 'GET', url: '/api/centres' });
    await scratch.db.updateTable('service_centres').set({ service_bays: 6 }).where('slug', '=', 'can-tho-ninh-kieu').execute();
    const after = await app.inject({ method: 'GET', url: '/api/centres', headers: { 'if-none-match': String(before.headers.etag) } });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });
});
