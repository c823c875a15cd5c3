import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { searchCardResultResponseSchema, searchQuerySchema, searchResultResponseSchema } from 'shared-contracts/schemas';
import type { Database } from '../../db/schema';
import { CatalogueCache, joinedAnswerHashed, sendReadyJson } from '../catalogue';
import { systemClock, type Clock } from '../../security/clock';
import { CatalogueSearch } from './searchService';
import { named } from '../../http/pluginName';

export interface SearchRoutesOptions {
  db: Kysely<Database>;
  /** Where prices are read at (a product's sale window); the system clock by default. */
  clock?: Clock;
}

/**
 * GET /api/search?q=&limit=&offset=&view=: products, services and packages; diacritics, case, telex slips and one-edit
 * typos forgiven, vehicle models matched against what products fit (public, revalidated on every use: ETag, 304);
 * offset: the next page (the hits from that rank on; `total` counts them all); view=card: the hits in the card form
 * (what a search row shows).
 */
export const searchRoutes: FastifyPluginAsyncZod<SearchRoutesOptions> = named('searchRoutes', async (app, { db, clock = systemClock }) => {
  const cache = new CatalogueCache({ maxEntries: 1000, now: () => clock.now().getTime() });
  const engine = new CatalogueSearch(db, { now: () => clock.now().getTime() });
  app.get(
    '/search',
    {
      config: { publicCache: { revalidate: true } },
      schema: {
        tags: ['catalogue'],
        summary: 'Tìm kiếm sản phẩm, dịch vụ và gói dịch vụ (không phân biệt dấu, hoa/thường)',
        description:
          'offset: bỏ qua số kết quả đầu tiên này để lấy trang tiếp theo (mặc định 0; total luôn là tổng số kết quả). ' +
          'view=card: mỗi kết quả chỉ gồm những gì một dòng kết quả hiển thị (loại, tên, dòng phụ, giá, đường dẫn, URL ảnh).',
        querystring: searchQuerySchema,
        response: { 200: z.union([searchResultResponseSchema, searchCardResultResponseSchema]) },
      },
    },
    async (request, reply) => {
      const { q, limit, offset, view } = request.query;
      // Keyed on the query as typed: diacritics typed right rank first, and the answer echoes it. Kept from its
      // second ask: most typed queries come once (a search box asks as the shopper types), and holding each answer
      // until it is pushed out only promotes it to the old generation for a full collection to free.
      // The card form is an answer of its own; the full form's keys stay as they were. A later page ends its key in
      // "|+offset", which no first page's key ends in (a limit or "card"); offset 0 is the first page's answer.
      const firstPage = view === 'card' ? `${q}|${limit}|card` : `${q}|${limit}`;
      const key = offset > 0 ? `${firstPage}|+${offset}` : firstPage;
      const body = await cache.getOrCreateReady(key, async () => joinedAnswerHashed(await engine.answerParts(q, limit, view, offset)), { fromSecondAsk: true });
      return sendReadyJson(reply, body);
    },
  );
});
