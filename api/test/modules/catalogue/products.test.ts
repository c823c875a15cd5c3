import {
  brandListResponseSchema,
  categoryListResponseSchema,
  errorEnvelopeSchema,
  productCardOf,
  productCardPageResponseSchema,
  productDetailResponseSchema,
  productPageResponseSchema,
  serviceListResponseSchema,
  servicePackageListResponseSchema,
  type ProductPage,
  type ProductSummary,
} from 'shared-contracts/schemas';
import { gunzipSync } from 'node:zlib';
import type { App } from '../../../src/app';
import { ok } from '../../../src/http/envelope';
import { setProductPrice, setProductStock } from '../../../src/modules/catalogueAdmin/catalogueWrites';
import { PRODUCTS } from '../../../seed/catalogue';
import { productSlug } from '../../../seed/catalogue/illustrations';
import { buildTestApp } from '../../support/testApp';
import { productionDatabase, useScratchDatabase } from '../../support/testDatabases';

describe.each(productionDatabase())('catalogue API on $label', (target) => {
  const scratch = useScratchDatabase(target, { seed: true });
  let app: App;

  beforeAll(async () => {
    app = buildTestApp(scratch.db);
    await app.ready();
  });
  afterAll(() => app.close());

  async function page(query: string): Promise<ProductPage> {
    const response = await app.inject({ method: 'GET', url: `/api/products${query}` });
    expect(response.statusCode).toBe(200);
    return productPageResponseSchema.parse(response.json()).data;
  }

  /** The seeded product a list item is (list items carry no SKU: issue 47 §2). */
  function seedOf(item: ProductSummary) {
    const product = PRODUCTS.find((candidate) => productSlug(candidate) === item.slug);
    if (!product) throw new Error(`no seeded product ${item.slug}`);
    return product;
  }

  async function everything(query: string): Promise<ProductSummary[]> {
    const first = await page(`${query}${query ? '&' : '?'}pageSize=48`);
    const items = [...first.items];
    for (let number = 2; number <= first.totalPages; number += 1) items.push(...(await page(`${query}${query ? '&' : '?'}pageSize=48&page=${number}`)).items);
    return items;
  }

  describe('GET /api/products', () => {
    it('answers the first 24 products by popularity with the total, matching the shared schema', async () => {
      const result = await page('');
      expect(result.items).toHaveLength(24);
      expect(result).toMatchObject({ total: PRODUCTS.length, page: 1, pageSize: 24, totalPages: Math.ceil(PRODUCTS.length / 24) });
      const sales = result.items.map((item) => seedOf(item).sales);
      expect(sales).toEqual([...sales].sort((a, b) => b - a));
      const top = [...PRODUCTS].sort((a, b) => b.sales - a.sales)[0]!;
      expect(result.items[0]).toMatchObject({ slug: productSlug(top), name: top.name, price: top.price });
      for (const heavy of ['sku', 'salesCount', 'compatibleModels', 'createdAt']) expect(result.items[0]).not.toHaveProperty(heavy);
      expect(result.items[0]!.image).toMatchObject({ url: expect.stringMatching(/^\/api\/media\/catalogue\/products\/.+\.svg\?v=[0-9a-f]{10}$/), width: 800, height: 600 });
    });

    it('filters by category slug, and by brand', async () => {
      const batteries = await everything('?category=pin-bo-sac');
      expect(batteries.length).toBe(PRODUCTS.filter((p) => p.category === 'pin-bo-sac').length);
      expect(batteries.every((item) => item.category.slug === 'pin-bo-sac' && item.category.name === 'Pin & bộ sạc')).toBe(true);

      const vinfast = await everything('?brand=vinfast');
      expect(vinfast.length).toBe(PRODUCTS.filter((p) => p.brand === 'vinfast').length);
      expect(vinfast.every((item) => item.brand.name === 'VinFast')).toBe(true);

      const both = await everything('?category=pin-bo-sac&brand=vinfast');
      expect(both.map((item) => seedOf(item).sku).sort()).toEqual(
        PRODUCTS.filter((p) => p.brand === 'vinfast' && p.category === 'pin-bo-sac').map((p) => p.sku).sort(),
      );
      expect((await page('?category=khong-co')).total).toBe(0);
    });

    it('filters by price range (inclusive) and by stock', async () => {
      const mid = await everything('?minPrice=1000000&maxPrice=5000000');
      const expected = PRODUCTS.filter((p) => p.price >= 1_000_000 && p.price <= 5_000_000);
      expect(mid.length).toBe(expected.length);
      expect(mid.every((item) => item.price >= 1_000_000 && item.price <= 5_000_000)).toBe(true);
      const exact = PRODUCTS[0]!.price;
      expect((await everything(`?minPrice=${exact}&maxPrice=${exact}`)).map((item) => item.price)).toContain(exact);

      const slug = (await page('?sort=price_asc&pageSize=1')).items[0]!.slug;
      await setProductStock(scratch.db, slug, 0);
      const inStock = await everything('?inStock=true');
      expect(inStock.some((item) => item.slug === slug)).toBe(false);
      expect(inStock.every((item) => item.inStock && item.stock > 0)).toBe(true);
      const outOfStock = await everything('?inStock=false');
      expect(outOfStock.map((item) => item.slug)).toEqual([slug]);
      expect(outOfStock[0]).toMatchObject({ stock: 0, inStock: false });
      await setProductStock(scratch.db, slug, 5);
    });

    it('filters by compatible model, ignoring case and diacritics, part of the model name being enough', async () => {
      const weaver = await everything('?model=dat%20bike%20weaver');
      expect(weaver.length).toBeGreaterThan(0);
      expect(weaver.length).toBe(PRODUCTS.filter((p) => p.models.some((m) => m.toLowerCase().includes('dat bike weaver'))).length);
      expect(weaver.every((item) => seedOf(item).models.some((m) => m.startsWith('Dat Bike Weaver')))).toBe(true);

      const vf8 = await everything('?model=VF%208');
      expect(vf8.every((item) => seedOf(item).models.includes('VinFast VF 8'))).toBe(true);
      expect(vf8.some((item) => seedOf(item).sku === 'TYR-MCL-VF8')).toBe(true);
      // 'VF 8' must not match 'VF 3' or 'VF e34' only products.
      expect(vf8.some((item) => seedOf(item).sku === 'TYR-MCL-VF3')).toBe(false);
    });

    it('sorts by price both ways, newest, and popular', async () => {
      const ascending = await everything('?sort=price_asc');
      const prices = ascending.map((item) => item.price);
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
      expect(prices[0]).toBe(Math.min(...PRODUCTS.map((p) => p.price)));

      const descending = (await page('?sort=price_desc')).items.map((item) => item.price);
      expect(descending).toEqual([...descending].sort((a, b) => b - a));
      expect(descending[0]).toBe(Math.max(...PRODUCTS.map((p) => p.price)));

      const newest = (await page('?sort=newest')).items;
      const newestSeed = [...PRODUCTS].sort((a, b) => b.addedOn.localeCompare(a.addedOn))[0]!;
      expect(seedOf(newest[0]!).sku).toBe(newestSeed.sku);
      const added = newest.map((item) => seedOf(item).addedOn);
      expect(added).toEqual([...added].sort((a, b) => b.localeCompare(a)));
    });

    it('paginates without overlap or gap, pageSize up to 48', async () => {
      const first = await page('?sort=price_asc&pageSize=10&page=1');
      const second = await page('?sort=price_asc&pageSize=10&page=2');
      const both = await page('?sort=price_asc&pageSize=20&page=1');
      expect([...first.items, ...second.items].map((item) => item.id)).toEqual(both.items.map((item) => item.id));
      expect(first.totalPages).toBe(Math.ceil(PRODUCTS.length / 10));

      const last = await page(`?pageSize=48&page=2`);
      expect(last.items).toHaveLength(PRODUCTS.length - 48);
      const beyond = await page('?page=99');
      expect(beyond.items).toEqual([]);
      expect(beyond.total).toBe(PRODUCTS.length);

      const all = await everything('');
      expect(new Set(all.map((item) => item.id)).size).toBe(PRODUCTS.length);
    });

    it.each([
      ['?pageSize=49', 'pageSize'],
      ['?pageSize=0', 'pageSize'],
      ['?page=0', 'page'],
      ['?sort=cheapest', 'sort'],
      ['?minPrice=-5', 'minPrice'],
      ['?minPrice=abc', 'minPrice'],
      ['?minPrice=5000000&maxPrice=1000000', 'maxPrice'],
      ['?inStock=maybe', 'inStock'],
      ['?category=Pin%20%26%20b%E1%BB%99%20s%E1%BA%A1c', 'category'],
      ['?view=compact', 'view'],
    ])('rejects %s with 400 VALIDATION_ERROR on %s', async (query, field) => {
      const response = await app.inject({ method: 'GET', url: `/api/products${query}` });
      expect(response.statusCode).toBe(400);
      const body = errorEnvelopeSchema.parse(response.json());
      expect(body.code).toBe('VALIDATION_ERROR');
      expect(body.errors?.map((error) => error.field)).toContain(field);
    });

    it('is revalidated on every use: no-cache, ETag, 304 on If-None-Match, a new ETag after a catalogue write', async () => {
      const url = '/api/products?category=dung-cu&sort=price_asc';
      const first = await app.inject({ method: 'GET', url });
      expect(first.headers['cache-control']).toBe('no-cache');
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^"[\w-]+"$/);

      const again = await app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');

      const cheapest = productPageResponseSchema.parse(first.json()).data.items[0]!;
      await setProductPrice(scratch.db, cheapest.slug, cheapest.price - 10_000, null);
      const changed = await app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
      expect(changed.statusCode).toBe(200);
      expect(changed.headers.etag).not.toBe(etag);
      expect(productPageResponseSchema.parse(changed.json()).data.items[0]).toMatchObject({ slug: cheapest.slug, price: cheapest.price - 10_000 });
      await setProductPrice(scratch.db, cheapest.slug, cheapest.price, cheapest.originalPrice);
    });

    it('sends a kept large answer gzip-encoded to a client that accepts it, with an ETag of its own and 304 on it', async () => {
      const url = '/api/products?sort=price_desc&pageSize=23'; // asked by no other test
      const gzip = { 'accept-encoding': 'gzip, deflate, br' };
      // The list keeps a query's answer from its second ask: the first travels as it is.
      const first = await app.inject({ method: 'GET', url, headers: gzip });
      expect(first.headers['content-encoding']).toBeUndefined();
      expect(first.headers.vary).toContain('Accept-Encoding');
      const plain = first.rawPayload;
      expect(plain.length).toBeGreaterThan(2048);

      const kept = await app.inject({ method: 'GET', url, headers: gzip });
      expect(kept.headers['content-encoding']).toBe('gzip');
      expect(kept.rawPayload.length).toBeLessThan(plain.length / 3);
      expect(gunzipSync(kept.rawPayload).equals(plain)).toBe(true);
      expect(kept.headers.etag).not.toBe(first.headers.etag);

      const revalidated = await app.inject({ method: 'GET', url, headers: { ...gzip, 'if-none-match': String(kept.headers.etag) } });
      expect(revalidated.statusCode).toBe(304);
      expect(revalidated.headers['content-encoding']).toBeUndefined();
      // A client that does not take gzip (or refuses it with q=0) gets the bytes as they are.
      for (const headers of [{}, { 'accept-encoding': 'gzip;q=0, br' }]) {
        const unencoded = await app.inject({ method: 'GET', url, headers });
        expect(unencoded.headers['content-encoding']).toBeUndefined();
        expect(unencoded.rawPayload.equals(plain)).toBe(true);
      }
      // A small answer travels as it is.
      for (let ask = 0; ask < 2; ask += 1) {
        const small = await app.inject({ method: 'GET', url: '/api/products?pageSize=1', headers: gzip });
        expect(small.headers['content-encoding']).toBeUndefined();
      }
    });

    it('gives the same answer for the same filters written differently', async () => {
      const a = await app.inject({ method: 'GET', url: '/api/products?brand=michelin&category=phanh-lop&inStock=1' });
      const b = await app.inject({ method: 'GET', url: '/api/products?inStock=true&category=phanh-lop&brand=michelin&page=1&pageSize=24&sort=popular' });
      expect(a.body).toBe(b.body);
      expect(a.headers.etag).toBe(b.headers.etag);
    });
  });

  describe('GET /api/products?view=card (issue 70 §2)', () => {
    const IMAGE_URL = /^\/api\/media\/catalogue\/products\/.+\.svg\?v=[0-9a-f]{10}$/;

    it('answers the default page as cards: the shared schema exactly, at most 6,000 bytes, the full form’s products in order', async () => {
      const fullResponse = await app.inject({ method: 'GET', url: '/api/products' });
      const cardResponse = await app.inject({ method: 'GET', url: '/api/products?view=card' });
      expect(cardResponse.statusCode).toBe(200);
      // The card schema is strict: a field the card does not show fails it.
      const cards = productCardPageResponseSchema.parse(cardResponse.json()).data;
      const full = productPageResponseSchema.parse(fullResponse.json()).data;
      expect(cards.items).toHaveLength(24);
      expect(cardResponse.rawPayload.length).toBeLessThanOrEqual(6_000);
      expect({ ...cards, items: [] }).toEqual({ ...full, items: [] });
      expect(cards.items.map((item) => item.id)).toEqual(full.items.map((item) => item.id));

      full.items.forEach((product, index) => {
        const card = cards.items[index]!;
        expect(card).toMatchObject({ id: product.id, slug: product.slug, name: product.name, brand: product.brand.name, price: product.price, stock: product.stock });
        expect(card.image).toBe(product.image!.url);
        expect(card.image).toMatch(IMAGE_URL);
        // The discount and the rating only when there is one.
        if (product.originalPrice === null) expect(card).not.toHaveProperty('originalPrice');
        else expect(card).toMatchObject({ originalPrice: product.originalPrice, discountPercent: product.discountPercent });
        if (product.ratingCount === 0) expect(card).not.toHaveProperty('ratingAverage');
        else expect(card).toMatchObject({ ratingAverage: product.ratingAverage, ratingCount: product.ratingCount });
      });
      expect(full.items.some((product) => product.originalPrice !== null)).toBe(true);
    });

    it('leaves the full form as every build reads it', async () => {
      const full = productPageResponseSchema.parse((await app.inject({ method: 'GET', url: '/api/products?view=full&pageSize=3' })).json()).data;
      const unasked = productPageResponseSchema.parse((await app.inject({ method: 'GET', url: '/api/products?pageSize=3' })).json()).data;
      expect(full).toEqual(unasked);
      expect(Object.keys(full.items[0]!)).toEqual([
        'id',
        'slug',
        'name',
        'brand',
        'category',
        'price',
        'originalPrice',
        'discountPercent',
        'stock',
        'inStock',
        'image',
        'ratingAverage',
        'ratingCount',
      ]);
      expect(full.items[0]!.image).toEqual({ url: expect.stringMatching(IMAGE_URL), width: 800, height: 600, alt: expect.any(String) });
    });

    it('keeps each form an answer of its own in the cache, with its own ETag', async () => {
      const url = '/api/products?category=cap-sac&sort=price_desc';
      // Asked twice each: the list keeps an answer from its second ask.
      const answers = [];
      for (const view of ['', '&view=card', '', '&view=card']) answers.push(await app.inject({ method: 'GET', url: url + view }));
      const [full, card, fullAgain, cardAgain] = answers;
      for (const answer of [full!, fullAgain!]) expect(typeof productPageResponseSchema.parse(answer.json()).data.items[0]!.brand).toBe('object');
      for (const answer of [card!, cardAgain!]) expect(typeof productCardPageResponseSchema.parse(answer.json()).data.items[0]!.brand).toBe('string');
      expect(fullAgain!.body).toBe(full!.body);
      expect(cardAgain!.body).toBe(card!.body);
      expect(card!.headers.etag).not.toBe(full!.headers.etag);
      expect((await app.inject({ method: 'GET', url: `${url}&view=card`, headers: { 'if-none-match': String(card!.headers.etag) } })).statusCode).toBe(304);
      expect((await app.inject({ method: 'GET', url, headers: { 'if-none-match': String(card!.headers.etag) } })).statusCode).toBe(200);
    });

    it('shows a catalogue write in the card form too', async () => {
      const url = '/api/products?category=dung-cu&sort=price_asc&view=card';
      // Asked twice: kept in the cache before the write.
      await app.inject({ method: 'GET', url });
      const before = productCardPageResponseSchema.parse((await app.inject({ method: 'GET', url })).json()).data.items[0]!;
      await setProductPrice(scratch.db, before.slug, before.price - 10_000, before.price);
      try {
        const after = productCardPageResponseSchema.parse((await app.inject({ method: 'GET', url })).json()).data.items[0]!;
        expect(after).toMatchObject({ slug: before.slug, price: before.price - 10_000, originalPrice: before.price, discountPercent: expect.any(Number) });
      } finally {
        await setProductPrice(scratch.db, before.slug, before.price, before.originalPrice ?? null);
      }
    });

    it('carries the chosen vehicle’s fit in each card, last, as the full form does', async () => {
      const fitment = await scratch.db.selectFrom('product_fitments').select(['model_id', 'year_from', 'year_to']).orderBy('id').executeTakeFirstOrThrow();
      const vehicle = `fitModel=${fitment.model_id}&fitYear=${fitment.year_from ?? fitment.year_to ?? 2023}`;
      const full = productPageResponseSchema.parse((await app.inject({ method: 'GET', url: `/api/products?${vehicle}&pageSize=48` })).json()).data;
      const card = await app.inject({ method: 'GET', url: `/api/products?${vehicle}&pageSize=48&view=card` });
      const cards = productCardPageResponseSchema.parse(card.json()).data;
      expect(cards.items.map((item) => item.fit)).toEqual(full.items.map((item) => item.fit));
      expect(cards.items.some((item) => item.fit === 'FITS')).toBe(true);
      // Byte for byte the cards of the full form's items (the fit appended to each card's JSON).
      expect(card.body).toBe(JSON.stringify(ok({ ...full, items: full.items.map((item) => productCardOf(item)) })));
    });
  });

  describe('GET /api/products/:slug', () => {
    it('answers the detail: description, specifications, images with sizes, compatible models', async () => {
      const seedProduct = PRODUCTS.find((p) => p.sku === 'BAT-LFP-4820')!;
      const response = await app.inject({ method: 'GET', url: '/api/products/pin-lithium-ion-lfp-48v-20ah' });
      expect(response.statusCode).toBe(200);
      const detail = productDetailResponseSchema.parse(response.json()).data;
      expect(detail).toMatchObject({
        sku: 'BAT-LFP-4820',
        name: 'Pin Lithium-ion LFP 48V 20Ah',
        price: 4_690_000,
        originalPrice: 5_290_000,
        discountPercent: 11,
        brand: { slug: 'ev-service', name: 'EV Service' },
        category: { slug: 'pin-bo-sac', name: 'Pin & bộ sạc' },
        warrantyMonths: 24,
        vehicleTypes: ['scooter'],
      });
      // The seed's model names became fitment rows of the reference models (two names spelled as the reference spells them).
      const referenceName = (name: string) => ({ 'Yadea Odora': 'Yadea Odora S', 'Pega Aura': 'Pega Aura S' })[name] ?? name;
      expect([...detail.compatibleModels].sort()).toEqual(seedProduct.models.map(referenceName).sort());
      expect(detail.fitments?.map((fitment) => fitment.modelLabel).sort()).toEqual(seedProduct.models.map(referenceName).sort());
      expect(detail.description).toContain(seedProduct.blurb);
      expect(detail.specifications).toContainEqual({ label: 'Điện áp', value: '48V' });
      expect(detail.images).toHaveLength(2);
      for (const image of detail.images) expect(image).toMatchObject({ width: 800, height: 600, alt: expect.stringContaining(seedProduct.name) });
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers.etag).toBeDefined();
    });

    it('answers an unknown slug with 404 and a Vietnamese message', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/products/khong-ton-tai' });
      expect(response.statusCode).toBe(404);
      expect(errorEnvelopeSchema.parse(response.json())).toMatchObject({
        code: 'PRODUCT_NOT_FOUND',
        message: expect.stringContaining('Không tìm thấy sản phẩm'),
      });
      expect(response.headers['cache-control']).toBeUndefined();
    });

    it('finds the product whatever the case of the slug', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/products/PIN-LITHIUM-ION-LFP-48V-20AH' });
      expect(response.statusCode).toBe(200);
      expect(response.json().data.sku).toBe('BAT-LFP-4820');
    });
  });

  describe('categories, brands, services, packages', () => {
    it('lists the categories in menu order with their product counts', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/categories' });
      expect(response.statusCode).toBe(200);
      const categories = categoryListResponseSchema.parse(response.json()).data;
      expect(categories.slice(0, 4).map((c) => [c.slug, c.name])).toEqual([
        ['pin-bo-sac', 'Pin & bộ sạc'],
        ['dong-co-dien', 'Động cơ điện'],
        ['cap-sac', 'Cáp sạc'],
        ['dung-cu', 'Dụng cụ'],
      ]);
      for (const category of categories) {
        expect(category.productCount).toBe(PRODUCTS.filter((p) => p.category === category.slug).length);
        expect(category.productCount).toBeGreaterThanOrEqual(5);
      }
      expect(categories.reduce((sum, c) => sum + c.productCount, 0)).toBe(PRODUCTS.length);
      expect(response.headers['cache-control']).toBe('no-cache');
    });

    it('lists the brands with their product counts', async () => {
      const brands = brandListResponseSchema.parse((await app.inject({ method: 'GET', url: '/api/brands' })).json()).data;
      for (const name of ['VinFast', 'Dat Bike', 'Yadea', 'Pega'].filter((n) => PRODUCTS.some((p) => p.brand === n.toLowerCase().replace(' ', '-')))) {
        expect(brands.map((b) => b.name)).toContain(name);
      }
      const vinfast = brands.find((b) => b.slug === 'vinfast')!;
      expect(vinfast.productCount).toBe(PRODUCTS.filter((p) => p.brand === 'vinfast').length);
      expect(brands.every((b) => b.productCount > 0)).toBe(true);
    });

    it('lists the services with the three maintenance tiers first, prices, durations and checklists', async () => {
      const services = serviceListResponseSchema.parse((await app.inject({ method: 'GET', url: '/api/services' })).json()).data;
      expect(services.slice(0, 3).map((s) => [s.name, s.tier])).toEqual([
        ['Bảo dưỡng cơ bản', 'co-ban'],
        ['Bảo dưỡng nâng cao', 'nang-cao'],
        ['Bảo dưỡng cao cấp', 'cao-cap'],
      ]);
      const [basic, advanced, premium] = services;
      expect(basic!.price).toBeLessThan(advanced!.price);
      expect(advanced!.price).toBeLessThan(premium!.price);
      expect(premium!.checklist.length).toBeGreaterThan(basic!.checklist.length);
      expect(services.map((s) => s.kind)).toEqual(expect.arrayContaining(['battery', 'charging', 'diagnostics', 'brakes', 'tyres', 'software']));
      expect(services.map((s) => s.slug)).toEqual(expect.arrayContaining(['chan-doan-ai', 'du-doan-hong-hoc']));
      for (const service of services) {
        expect(service.durationMinutes).toBeGreaterThan(0);
        expect(service.includes.length).toBeGreaterThan(0);
        expect(service.checklist.length).toBeGreaterThan(0);
      }
    });

    it('lists the three packages with their credits, validity and perks', async () => {
      const packages = servicePackageListResponseSchema.parse((await app.inject({ method: 'GET', url: '/api/packages' })).json()).data;
      expect(packages.map((p) => [p.slug, p.name])).toEqual([
        ['co-ban', 'Gói cơ bản'],
        ['tieu-chuan', 'Gói tiêu chuẩn'],
        ['cao-cap', 'Gói cao cấp'],
      ]);
      const services = serviceListResponseSchema.parse((await app.inject({ method: 'GET', url: '/api/services' })).json()).data;
      for (const pack of packages) {
        const separately = pack.credits.reduce((sum, credit) => sum + services.find((s) => s.slug === credit.serviceSlug)!.price * credit.quantity, 0);
        expect(pack.originalPrice).toBe(separately);
        expect(pack.price).toBeLessThan(separately);
        expect(pack.validityMonths).toBe(12);
        expect(pack.perks.length).toBeGreaterThan(0);
      }
      expect(packages.filter((p) => p.highlighted).map((p) => p.slug)).toEqual(['tieu-chuan']);
    });
  });
});
