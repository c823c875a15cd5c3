import {
  errorEnvelopeSchema,
  SEARCH_OFFSET_MAX,
  SEARCH_PAGE_SIZE,
  searchCardResultResponseSchema,
  searchResultResponseSchema,
  type SearchCardResult,
  type SearchResult,
} from 'shared-contracts/schemas';
import type { App } from '../../../src/app';
import { buildTestApp } from '../../support/testApp';
import { productionDatabase, useScratchDatabase } from '../../support/testDatabases';

/**
 * The search page's "Xem thêm" (issue 70: an answer ≤ 3 kB): GET /api/search?offset= answers the hits from that rank
 * on, `total` still counting them all; without `offset` the answer is the first page, as before.
 */
describe.each(productionDatabase())('GET /api/search?offset= on $label', (target) => {
  const scratch = useScratchDatabase(target, { seed: true });
  let app: App;

  beforeAll(async () => {
    app = buildTestApp(scratch.db);
    await app.ready();
  });
  afterAll(() => app.close());

  const url = (q: string, params: string) => `/api/search?q=${encodeURIComponent(q)}${params}`;
  const ask = (q: string, params: string) => app.inject({ method: 'GET', url: url(q, params) });
  async function full(q: string, params: string): Promise<SearchResult> {
    const response = await ask(q, params);
    expect(response.statusCode).toBe(200);
    return searchResultResponseSchema.parse(response.json()).data;
  }
  async function cards(q: string, params: string): Promise<SearchCardResult> {
    const response = await ask(q, params);
    expect(response.statusCode).toBe(200);
    return searchCardResultResponseSchema.parse(response.json()).data;
  }

  it.each([['full', ''], ['card', '&view=card']])('pages the %s form: page after page gives the hits of one longer ask, in order', async (form, view) => {
    const read = form === 'card' ? cards : full;
    const all = await read('sac', `&limit=50${view}`);
    expect(all.total).toBeGreaterThan(2 * SEARCH_PAGE_SIZE);
    const urls: string[] = [];
    for (let offset = 0; offset < all.total; offset += SEARCH_PAGE_SIZE) {
      const page = await read('sac', `&limit=${SEARCH_PAGE_SIZE}&offset=${offset}${view}`);
      expect(page).toMatchObject({ query: 'sac', total: all.total });
      expect(page.hits.length).toBe(Math.min(SEARCH_PAGE_SIZE, all.total - offset));
      urls.push(...page.hits.map((hit) => hit.url));
    }
    expect(urls).toEqual(all.hits.map((hit) => hit.url));
  });

  it('answers no hits, and the total, past the last one', async () => {
    const { total } = await cards('pin', '&view=card');
    expect(await cards('pin', `&view=card&offset=${total}`)).toEqual({ query: 'pin', total, hits: [] });
    expect(await cards('pin', `&view=card&offset=${SEARCH_OFFSET_MAX}`)).toEqual({ query: 'pin', total, hits: [] });
  });

  it('answers an ask without offset as before: the first page, byte for byte the offset=0 answer, no field added', async () => {
    for (const view of ['', '&view=card']) {
      const without = await ask('phanh', `&limit=5${view}`);
      const zero = await ask('phanh', `&limit=5&offset=0${view}`);
      expect(without.body).toBe(zero.body);
      expect(Object.keys(without.json().data)).toEqual(['query', 'total', 'hits']);
    }
  });

  it('keeps each page an answer of its own in the response cache, with its own ETag', async () => {
    // Asked twice each: the search keeps an answer from its second ask.
    const pages: Array<{ body: string; etag: unknown }> = [];
    for (const offset of [0, 5, 0, 5]) {
      const response = await ask('vinfast', `&limit=5&view=card&offset=${offset}`);
      pages.push({ body: response.body, etag: response.headers.etag });
    }
    const [first, second, firstAgain, secondAgain] = pages;
    expect(firstAgain!.body).toBe(first!.body);
    expect(secondAgain!.body).toBe(second!.body);
    expect(second!.body).not.toBe(first!.body);
    expect(second!.etag).not.toBe(first!.etag);
    // A page asked after the first one from the cache is not the first one's answer again, nor the other way round.
    const titles = (body: string) => searchCardResultResponseSchema.parse(JSON.parse(body)).data.hits.map((hit) => hit.title);
    expect(titles(secondAgain!.body)).toEqual((await cards('vinfast', '&limit=10&view=card')).hits.slice(5).map((hit) => hit.title));
    const revalidate = await app.inject({ method: 'GET', url: url('vinfast', '&limit=5&view=card&offset=5'), headers: { 'if-none-match': String(second!.etag) } });
    expect(revalidate.statusCode).toBe(304);
    const otherPage = await app.inject({ method: 'GET', url: url('vinfast', '&limit=5&view=card'), headers: { 'if-none-match': String(second!.etag) } });
    expect(otherPage.statusCode).toBe(200);
  });

  it.each([['-1'], [String(SEARCH_OFFSET_MAX + 1)], ['1.5'], ['abc'], ['']])('rejects offset=%j with 400 VALIDATION_ERROR on offset, in Vietnamese', async (offset) => {
    const response = await ask('pin', `&offset=${encodeURIComponent(offset)}`);
    expect(response.statusCode).toBe(400);
    const error = errorEnvelopeSchema.parse(response.json());
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.errors).toContainEqual(expect.objectContaining({ field: 'offset', message: `Vị trí bắt đầu của kết quả từ 0 đến ${SEARCH_OFFSET_MAX}.` }));
  });

  // The search page's broad queries on the demo catalogue: every page it asks for, not only the first.
  it.each([['pin'], ['lốp'], ['phanh'], ['sạc'], ['vinfast'], ['xe điện'], ['bảo dưỡng'], ['o']])(
    'answers each page the search page asks for %j in at most 3,000 bytes',
    async (q) => {
      const first = await ask(q, `&limit=${SEARCH_PAGE_SIZE}&view=card`);
      const { total, hits } = searchCardResultResponseSchema.parse(first.json()).data;
      expect(hits).toHaveLength(Math.min(SEARCH_PAGE_SIZE, total));
      expect(first.rawPayload.length).toBeLessThanOrEqual(3_000);
      for (let offset = SEARCH_PAGE_SIZE; offset < total; offset += SEARCH_PAGE_SIZE) {
        const page = await ask(q, `&limit=${SEARCH_PAGE_SIZE}&offset=${offset}&view=card`);
        expect(page.statusCode).toBe(200);
        expect(page.rawPayload.length).toBeLessThanOrEqual(3_000);
      }
    },
  );
});
