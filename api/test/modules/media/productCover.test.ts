import type { App } from '../../../src/app';
import { catalogueAssets } from '../../../src/modules/media/catalogueMedia';
import { buildTestApp } from '../../support/testApp';
import { productionDatabase, useScratchDatabase } from '../../support/testDatabases';

describe.each(productionDatabase())('GET /api/media/product-cover/:slug ($name)', (target) => {
  const scratch = useScratchDatabase(target, { seed: true });
  let app: App;

  beforeAll(async () => {
    app = buildTestApp(scratch.db);
    await app.ready();
  });
  afterAll(() => app.close());

  async function productWithImage() {
    const row = await scratch.db.selectFrom('products').select(['id', 'slug', 'images']).where('is_active', '=', 1).orderBy('id').executeTakeFirstOrThrow();
    const [first] = JSON.parse(row.images) as Array<{ path: string }>;
    return { ...row, firstPath: first!.path };
  }

  it("serves the product's first image by its slug, cached five minutes and revalidated by its ETag", async () => {
    const product = await productWithImage();
    const response = await app.inject({ method: 'GET', url: `/api/media/product-cover/${product.slug}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.rawPayload.equals(catalogueAssets().get(product.firstPath)!.body)).toBe(true);

    const again = await app.inject({ method: 'GET', url: `/api/media/product-cover/${product.slug}`, headers: { 'if-none-match': String(response.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('answers 404 in Vietnamese for a product that is not sold (hidden), unknown, or a path that is not a slug', async () => {
    const product = await productWithImage();
    await scratch.db.updateTable('products').set({ is_active: 0 }).where('id', '=', product.id).execute();
    try {
      for (const slug of [product.slug, 'khong-co-san-pham-nay', 'Pin_60V', '..%2f..%2fpackage.json', 'a'.repeat(201)]) {
        const response = await app.inject({ method: 'GET', url: `/api/media/product-cover/${slug}` });
        expect(response.statusCode).toBe(slug.length > 200 ? 414 : 404);
        expect(response.json()).toMatchObject({ success: false, message: expect.stringMatching(/[ạảãáàâấầẩẫậăắằẳẵặđéèẻẽẹêếềểễệíìỉĩịóòỏõọôốồổỗộơớờởỡợúùủũụưứừửữựýỳỷỹỵ]/i) });
      }
    } finally {
      await scratch.db.updateTable('products').set({ is_active: 1 }).where('id', '=', product.id).execute();
    }
  });
});
