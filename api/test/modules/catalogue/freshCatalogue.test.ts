import { productAdminInputOf, productAdminSchema, productDetailResponseSchema, productPageResponseSchema } from 'shared-contracts/schemas';
import { productionDatabase, useFloor } from '../../support/floorTestKit';

/** The public catalogue's GETs: what a shopper's browser may keep between two visits. */
const PUBLIC_CATALOGUE = [
  '/api/products',
  '/api/products?category=pin-bo-sac&sort=price_asc',
  '/api/products/pin-lithium-ion-lfp-48v-20ah',
  '/api/categories',
  '/api/brands',
  '/api/services',
  '/api/packages',
  '/api/promotions',
  '/api/search?q=pin',
];

describe.each(productionDatabase())('a browser reload after an admin save on $label', (target) => {
  const floor = useFloor(target);

  it.each(PUBLIC_CATALOGUE)('%s is revalidated on every use: no-cache, an ETag, 304 on If-None-Match', async (url) => {
    const first = await floor.request(null, 'GET', url);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);

    const again = await floor.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe('no-cache');
  });

  it('answers the reload after a price save with a new ETag and the new price, detail and list alike', async () => {
    const slug = 'pin-lithium-ion-lfp-48v-20ah';
    const detailUrl = `/api/products/${slug}`;
    const listUrl = '/api/products?category=pin-bo-sac&sort=price_asc&pageSize=48';
    const before = await floor.request(null, 'GET', detailUrl);
    const beforeList = await floor.request(null, 'GET', listUrl);
    const oldPrice = productDetailResponseSchema.parse(before.json()).data.price;

    const { id } = await floor.db.selectFrom('products').select('id').where('slug', '=', slug).executeTakeFirstOrThrow();
    const product = productAdminSchema.parse((await floor.request(floor.users.admin, 'GET', `/api/admin/catalogue/products/${id}`)).json().data);
    const newPrice = oldPrice - 100_000;
    const saved = await floor.request(floor.users.admin, 'PUT', `/api/admin/catalogue/products/${id}`, {
      ...productAdminInputOf(product),
      version: product.version,
      price: newPrice,
      compareAtPrice: null,
    });
    expect(saved.statusCode).toBe(200);

    const reload = await floor.app.inject({ method: 'GET', url: detailUrl, headers: { 'if-none-match': String(before.headers.etag) } });
    expect(reload.statusCode).toBe(200);
    expect(reload.headers.etag).not.toBe(before.headers.etag);
    expect(reload.headers['cache-control']).toBe('no-cache');
    expect(productDetailResponseSchema.parse(reload.json()).data.price).toBe(newPrice);

    const listReload = await floor.app.inject({ method: 'GET', url: listUrl, headers: { 'if-none-match': String(beforeList.headers.etag) } });
    expect(listReload.statusCode).toBe(200);
    expect(listReload.headers.etag).not.toBe(beforeList.headers.etag);
    expect(productPageResponseSchema.parse(listReload.json()).data.items.find((item) => item.slug === slug)?.price).toBe(newPrice);

    // The new answer's ETag is what the browser revalidates with next: 304 while nothing changes.
    const unchanged = await floor.app.inject({ method: 'GET', url: detailUrl, headers: { 'if-none-match': String(reload.headers.etag) } });
    expect(unchanged.statusCode).toBe(304);
  });
});
