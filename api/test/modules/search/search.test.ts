import { errorEnvelopeSchema, foldVietnamese, searchResultResponseSchema, type SearchResult } from 'shared-contracts/schemas';
import type { App } from '../../../src/app';
import { matchTier } from '../../../src/modules/search/searchService';
import { buildTestApp } from '../../support/testApp';
import { testDatabases, useScratchDatabase } from '../../support/testDatabases';

describe.each(testDatabases())('GET /api/search on $label', (target) => {
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
    const kinds = new Set(result.hits.map((hit) => hit.type));
    expect(kinds).toEqual(new Set(['service', 'package']));
    const sacResult = await search('sac');
    const product = sacResult.hits.find((hit) => hit.type === 'product')!;
    expect(product.url).toBe(`/products/${product.slug}`);
    expect(product.price).toBeGreaterThan(0);
    expect(product.image?.url).toMatch(/^\/api\/media\/catalogue\//);
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

  it.each([[''], ['   '], ['a'.repeat(101)]])('rejects q=%j with 400', async (q) => {
    const response = await app.inject({ method: 'GET', url: `/api/search?q=${encodeURIComponent(q)}` });
    expect(response.statusCode).toBe(400);
    expect(errorEnvelopeSchema.parse(response.json()).code).toBe('VALIDATION_ERROR');
  });

  it('is publicly cacheable with an ETag', async () => {
    const first = await app.inject({ method: 'GET', url: '/api/search?q=pin' });
    expect(first.headers['cache-control']).toBe('public, max-age=60');
    const again = await app.inject({ method: 'GET', url: '/api/search?q=pin', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });
});

describe('matchTier', () => {
  it('orders whole name < prefix < whole words < word prefixes < inside a word < elsewhere, typed diacritics first', () => {
    const q = (typed: string) => [foldVietnamese(typed), typed] as const;
    const tiers = [
      matchTier('Bộ sạc', ...q('bo sac')),
      matchTier('Bộ sạc nhanh', ...q('bo sac')),
      matchTier('Dây nối bộ sạc', ...q('bo sac')),
      matchTier('Bộ phận sạc', ...q('bo sac')),
      matchTier('Combo sạc', ...q('bo sac')),
      matchTier('Pin LFP', ...q('bo sac')),
    ];
    expect(tiers).toEqual([...tiers].sort((a, b) => a - b));
    expect(new Set(tiers).size).toBe(tiers.length);
    expect(matchTier('Bộ sạc', ...q('bộ sạc'))).toBeLessThan(matchTier('Bộ sạc', ...q('bo sac')));
  });
});
