import { errorEnvelopeSchema, foldVietnamese, searchCardResultResponseSchema, searchResultResponseSchema, type SearchResult } from 'shared-contracts/schemas';
import type { App } from '../../../src/app';
import { setProductPrice, upsertProduct } from '../../../src/modules/catalogueAdmin/catalogueWrites';
import { buildTestApp } from '../../support/testApp';
import { productionDatabase, useScratchDatabase } from '../../support/testDatabases';

describe.each(productionDatabase())('GET /api/search on $label', (target) => {
  const scratch = useScratchDatabase(target, { seed: true });
  let app: App;

  beforeAll(async () => {
    app = buildTestApp(scratch.db);
    await app.ready();
  });
  afterAll(() => app.close());

  async function search(q: string, limit = 50): Promise<SearchResult> {
    const response = await app.inject({ method: 'GET', url: `/api/search?q=${encodeURIComponent(q)}&limit=${limit}` });
    expect(response.statusCode).toBe(200);
    return searchResultResponseSchema.parse(response.json()).data;
  }

  // query as typed → a title that must be among the hits
  it.each([
    ['sac', 'Bộ sạc nhanh 60V 5A'],
    ['SẠC', 'Bộ sạc nhanh 60V 5A'],
    ['bo sac', 'Bộ sạc pin lithium 48V 3A'],
    ['pin lithium', 'Pin Lithium-ion 60V 30Ah'],
    ['PIN LITHIUM-ION', 'Pin Lithium-ion LFP 48V 20Ah'],
    ['dong co', 'Động cơ bánh trung tâm 1200W'],
    ['đồng hồ', 'Đồng hồ vạn năng Fluke 117'],
    ['dong ho van nang', 'Đồng hồ vạn năng Fluke 117'],
    ['Đèn LED', 'Đèn pha LED xe máy điện 12–80V'],
    ['den pha', 'Đèn pha LED xe máy điện 12–80V'],
    ['bao duong', 'Bảo dưỡng cơ bản'],
    ['chẩn đoán ai', 'Chẩn đoán AI'],
    ['goi cao cap', 'Gói cao cấp'],
    ['lop michelin', 'Lốp Michelin City Grip 2 90/90-12'],
    ['weaver', 'Pin Dat Bike Weaver 4,3 kWh'],
    ['cap sac type 2', 'Cáp sạc Type 2 – Type 2 7 kW 5 m'],
    ['BAT-LFP-4820', 'Pin Lithium-ion LFP 48V 20Ah'],
  ])('%s finds "%s"', async (query, title) => {
    const result = await search(query);
    expect(result.query).toBe(query);
    expect(result.hits.map((hit) => hit.title)).toContain(title);
    // Every hit holds every folded word of the query somewhere in what it is found by.
    expect(result.total).toBeGreaterThanOrEqual(result.hits.length);
  });

  it('ranks the exact name first, then names starting with the query', async () => {
    const exact = await search('Bảo dưỡng cơ bản');
    expect(exact.hits[0]).toMatchObject({ type: 'service', title: 'Bảo dưỡng cơ bản', url: '/services#bao-duong-co-ban' });

    const folded = await search('bao duong co ban');
    expect(folded.hits[0]!.title).toBe('Bảo dưỡng cơ bản');

    const prefix = await search('pin lithium');
    const firstTitles = prefix.hits.slice(0, 3).map((hit) => foldVietnamese(hit.title));
    expect(firstTitles.every((title) => title.startsWith('pin lithium'))).toBe(true);

    const packages = await search('gói');
    expect(packages.hits.slice(0, 3).map((hit) => hit.type)).toEqual(['package', 'package', 'package']);
  });

  it('puts matches in the name ahead of matches found only through brand, category or model', async () => {
    const result = await search('vinfast');
    const firstOther = result.hits.findIndex((hit) => !foldVietnamese(hit.title).includes('vinfast'));
    const lastInName = result.hits.map((hit) => foldVietnamese(hit.title).includes('vinfast')).lastIndexOf(true);
    expect(lastInName).toBeGreaterThanOrEqual(0);
    if (firstOther >= 0) expect(lastInName).toBeLessThan(firstOther);
  });

  it('answers hits of all three kinds with their storefront URLs and prices', async () => {
    const result = await search('bao duong');
    expect(result.hits[0]).toMatchObject({ type: 'service', url: `/services#${result.hits[0]!.slug}` });
    const firstPackage = result.hits.find((hit) => hit.type === 'package')!;
    expect(firstPackage.url).toBe(`/packages#${firstPackage.slug}`);
    const sacResult = await search('sac');
    const product = sacResult.hits.find((hit) => hit.type === 'product')!;
    expect(product.url).toBe(`/products/${product.slug}`);
    expect(product.price).toBeGreaterThan(0);
    expect(product.image?.url).toMatch(/^\/api\/media\/catalogue\//);
  });

  it('reads a model written together or apart the same, and matches it against the models a product fits', async () => {
    const together = await search('sạc vf3');
    const apart = await search('sạc vf 3');
    expect(together.hits.length).toBeGreaterThan(0);
    expect(together.hits.map((hit) => hit.title)).toEqual(apart.hits.map((hit) => hit.title));
    expect(together.hits[0]!.title).toBe('Bộ sạc di động VinFast 2,2 kW');
    // The VF 8 front pads fit the VF 9 too: found by the model, though their name says VF 8.
    expect((await search('ma phanh vf9')).hits.map((hit) => hit.title)).toEqual(['Má phanh trước Bosch cho VinFast VF 8']);
    // "vf 3" is the model, not a "vf" and a "3" found apart: the VF 8 tyre is not a VF 3 tyre.
    expect((await search('lop vf 3')).hits.map((hit) => hit.title)).not.toContain('Lốp Michelin Pilot Sport EV 235/55R19 (VF 8)');
  });

  it('ranks what the item is above where else a word is found', async () => {
    // "lốp" names the tyre; the brake pads only sit in the category "Phanh & lốp".
    expect((await search('lốp klara')).hits[0]!.title).toBe('Lốp Michelin City Grip 2 90/90-12');
    // "ô tô" is the vehicle a charger is for, not the "Ổ" of a socket, nor a phone holder with a USB charger.
    expect((await search('sac o to')).hits[0]!.title).toBe('Bộ sạc di động VinFast 2,2 kW');
    expect((await search('sac oto')).hits[0]!.title).toBe('Bộ sạc di động VinFast 2,2 kW');
  });

  it.each([
    ['ma fanh', 'Má phanh đĩa xe máy điện'],
    ['lop michlin', 'Lốp Michelin City Grip 2 90/90-12'],
    ['sacj vf3', 'Bộ sạc di động VinFast 2,2 kW'],
    ['ddoongf hoof vanj nawng', 'Đồng hồ vạn năng Fluke 117'],
  ])('forgives the typo or telex slip in %j', async (query, title) => {
    const result = await search(query);
    expect(result.query).toBe(query);
    expect(result.hits[0]!.title).toBe(title);
  });

  it('searches what the catalogue writes at once', async () => {
    const pads = await scratch.db
      .selectFrom('products')
      .innerJoin('catalogue_categories', 'catalogue_categories.id', 'products.category_id')
      .innerJoin('catalogue_brands', 'catalogue_brands.id', 'products.brand_id')
      .select(['products.category_id', 'products.brand_id', 'catalogue_categories.name as category_name', 'catalogue_brands.name as brand_name'])
      .where('products.sku', '=', 'BRK-PAD-SC')
      .executeTakeFirstOrThrow();
    expect((await search('motio')).hits).toEqual([]);
    await upsertProduct(scratch.db, {
      sku: 'BRK-PAD-MOTIO',
      slug: 'ma-phanh-sau-motio',
      name: 'Má phanh sau VinFast Motio',
      categoryId: pads.category_id,
      brandId: pads.brand_id,
      price: 320_000,
      originalPrice: null,
      stock: 5,
      salesCount: 0,
      warrantyMonths: 6,
      description: 'Má phanh sau cho VinFast Motio.',
      compatibleModels: ['VinFast Motio'],
      vehicleTypes: ['scooter'],
      specifications: [],
      images: [],
      brandName: pads.brand_name,
      categoryName: pads.category_name,
    });
    const row = async (q: string) =>
      searchCardResultResponseSchema.parse((await app.inject({ method: 'GET', url: `/api/search?q=${encodeURIComponent(q)}&limit=5&view=card` })).json()).data.hits[0];
    expect((await search('ma phanh motio')).hits[0]).toMatchObject({ title: 'Má phanh sau VinFast Motio', price: 320_000 });
    expect(await row('ma phanh motio')).toMatchObject({ title: 'Má phanh sau VinFast Motio', price: 320_000 });
    await setProductPrice(scratch.db, 'ma-phanh-sau-motio', 299_000, 320_000);
    expect((await search('má phanh motio')).hits[0]).toMatchObject({ title: 'Má phanh sau VinFast Motio', price: 299_000 });
    // The card form too (another query than before the change: not an answer kept from then).
    expect(await row('phanh sau motio')).toMatchObject({ title: 'Má phanh sau VinFast Motio', price: 299_000 });
  });

  it('lets a word go when nothing has every word of a longer query', async () => {
    // Nothing is described as cheap ("rẻ"): the VF 3 chargers still answer.
    expect((await search('bộ sạc vf3 rẻ')).hits[0]!.title).toBe('Bộ sạc di động VinFast 2,2 kW');
    // "cho" (for) is not looked for.
    expect((await search('lốp cho klara')).hits[0]!.title).toBe('Lốp Michelin City Grip 2 90/90-12');
  });

  it('limits the hits but reports the total', async () => {
    const result = await search('sac', 3);
    expect(result.hits).toHaveLength(3);
    expect(result.total).toBeGreaterThan(3);
  });

  it('finds nothing for a word no product has, and for punctuation only', async () => {
    expect((await search('xyzzy')).hits).toEqual([]);
    expect(await search('!!!')).toEqual({ query: '!!!', total: 0, hits: [] });
  });

  describe('the card form (view=card, issue 70 §2)', () => {
    const ask = (q: string, limit: number, view?: 'card') =>
      app.inject({ method: 'GET', url: `/api/search?q=${encodeURIComponent(q)}&limit=${limit}${view ? `&view=${view}` : ''}` });

    // Mostly products; services, packages and products; packages.
    it.each([['sac'], ['bao duong'], ['gói']])('answers %j with the full form’s hits as search rows show them, exactly the shared schema', async (q) => {
      const full = searchResultResponseSchema.parse((await ask(q, 50)).json()).data;
      const response = await ask(q, 50, 'card');
      expect(response.statusCode).toBe(200);
      // The card schema is strict: a field the row does not show fails it.
      const card = searchCardResultResponseSchema.parse(response.json()).data;
      expect({ query: card.query, total: card.total }).toEqual({ query: full.query, total: full.total });
      expect(card.hits).toHaveLength(full.hits.length);
      full.hits.forEach((hit, index) => {
        const row = card.hits[index]!;
        expect(row).toMatchObject({ type: hit.type, title: hit.title, subtitle: hit.subtitle, price: hit.price, url: hit.url });
        if (hit.image === null) expect(row).not.toHaveProperty('image');
        else expect(row.image).toBe(hit.image.url);
      });
    });

    it.each([['sac'], ['pin'], ['lop'], ['phanh'], ['bao duong'], ['vinfast']])(
      'answers the header’s ask for %j (6 rows) in at most 3,000 bytes, a fifth lighter than the full form at least',
      async (q) => {
        const full = await ask(q, 6);
        const card = await ask(q, 6, 'card');
        expect(searchCardResultResponseSchema.parse(card.json()).data.hits).toHaveLength(6);
        expect(card.rawPayload.length).toBeLessThanOrEqual(3_000);
        expect(card.rawPayload.length).toBeLessThan(0.8 * full.rawPayload.length);
      },
    );

    it('keeps each form an answer of its own in the cache, with its own ETag', async () => {
      // Asked twice each: the search keeps an answer from its second ask.
      const [full, card, fullAgain, cardAgain] = [await ask('cap sac', 20), await ask('cap sac', 20, 'card'), await ask('cap sac', 20), await ask('cap sac', 20, 'card')];
      expect(searchResultResponseSchema.parse(fullAgain!.json()).data.hits[0]).toHaveProperty('slug');
      expect(searchCardResultResponseSchema.parse(cardAgain!.json()).data.hits[0]).not.toHaveProperty('slug');
      expect(fullAgain!.body).toBe(full!.body);
      expect(cardAgain!.body).toBe(card!.body);
      expect(card!.headers.etag).not.toBe(full!.headers.etag);
      const revalidate = (view: string, etag: unknown) =>
        app.inject({ method: 'GET', url: `/api/search?q=cap%20sac&limit=20${view}`, headers: { 'if-none-match': String(etag) } });
      expect((await revalidate('&view=card', card!.headers.etag)).statusCode).toBe(304);
      expect((await revalidate('', card!.headers.etag)).statusCode).toBe(200);
    });

    it('rejects an unknown view with 400 VALIDATION_ERROR on view', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/search?q=pin&view=compact' });
      expect(response.statusCode).toBe(400);
      expect(errorEnvelopeSchema.parse(response.json()).errors?.map((error) => error.field)).toContain('view');
    });
  });

  it.each([[''], ['   '], ['a'.repeat(101)]])('rejects q=%j with 400', async (q) => {
    const response = await app.inject({ method: 'GET', url: `/api/search?q=${encodeURIComponent(q)}` });
    expect(response.statusCode).toBe(400);
    expect(errorEnvelopeSchema.parse(response.json()).code).toBe('VALIDATION_ERROR');
  });

  it('is revalidated on every use (no-cache) with an ETag', async () => {
    const first = await app.inject({ method: 'GET', url: '/api/search?q=pin' });
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await app.inject({ method: 'GET', url: '/api/search?q=pin', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });
});

