import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { App } from '../../../src/app';
import { CATALOGUE_ASSETS_DIR, catalogueAssets, catalogueMediaUrl } from '../../../src/modules/media/catalogueMedia';
import { renderIllustrations } from '../../../seed/catalogue/illustrations';
import { buildTestApp } from '../../support/testApp';
import { testDatabases, useScratchDatabase } from '../../support/testDatabases';

const [sqlite] = testDatabases();

describe('catalogue images in api/assets/catalogue', () => {
  it('exist for every image of the seed data, byte for byte what generateImages.ts writes (run it after changing the seed)', () => {
    const files = renderIllustrations();
    expect(files.size).toBeGreaterThan(150);
    for (const [relative, svg] of files) {
      const file = path.join(CATALOGUE_ASSETS_DIR, relative);
      expect(existsSync(file)).toBe(true);
      expect(readFileSync(file, 'utf8')).toBe(svg);
    }
  });

  it('declare in the SVG the width and height the data gives', () => {
    const files = renderIllustrations();
    const product = [...files].find(([relative]) => relative.startsWith('products/'))!;
    expect(product[1]).toContain('width="800" height="600"');
    const banner = [...files].find(([relative]) => relative.startsWith('promotions/'))!;
    expect(banner[1]).toContain('width="1200" height="400"');
  });
});

describe('GET /api/media/catalogue/*', () => {
  const scratch = useScratchDatabase(sqlite!);
  let app: App;

  beforeAll(async () => {
    app = buildTestApp(scratch.db);
    await app.ready();
  });
  afterAll(() => app.close());

  it('serves an image with its type, a strong ETag and a year of caching for the versioned URL', async () => {
    const url = catalogueMediaUrl('categories/pin-bo-sac.svg');
    expect(url).toMatch(/^\/api\/media\/catalogue\/categories\/pin-bo-sac\.svg\?v=[0-9a-f]{10}$/);
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.body).toContain('<svg');
    expect(response.body).toContain('Pin &amp; bộ sạc');

    const again = await app.inject({ method: 'GET', url, headers: { 'if-none-match': String(response.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('caches an unversioned or outdated URL for a day only', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/media/catalogue/categories/pin-bo-sac.svg?v=old' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
  });

  it.each(['/api/media/catalogue/khong-co.svg', '/api/media/catalogue/../../package.json', '/api/media/catalogue/%2e%2e/%2e%2e/src/app.ts'])(
    'answers 404 in Vietnamese for %s',
    async (url) => {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ success: false, message: expect.any(String) });
      expect(response.body).not.toContain('"name"');
    },
  );

  it('knows only files under the assets folder', () => {
    for (const key of catalogueAssets().keys()) expect(key).not.toMatch(/\.\.|^\//);
  });
});
