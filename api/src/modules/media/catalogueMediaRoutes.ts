import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERROR_CODES } from 'shared-contracts/schemas';
import { AppError } from '../../http/appError';
import { ifNoneMatchMatches } from '../../http/httpCache';
import { catalogueAssets } from './catalogueMedia';
import { named } from '../../http/pluginName';

export const catalogueMediaMessages = {
  notFound: 'Không tìm thấy hình ảnh.',
} as const;

/** A year: versioned URLs (`?v=<content hash>`) never change content. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** A URL without the current version: cached a day, then revalidated with the ETag. */
const REVALIDATE = 'public, max-age=86400';

/**
 * GET /api/media/catalogue/<path>: the catalogue's images (api/assets/catalogue), from memory, with a strong
 * ETag (304 on If-None-Match), `X-Content-Type-Options: nosniff`, and a year of caching for versioned URLs.
 */
export const catalogueMediaRoutes: FastifyPluginAsyncZod = named('catalogueMediaRoutes', async (app) => {
  app.get(
    '/media/catalogue/*',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Hình ảnh danh mục, sản phẩm, dịch vụ, gói và ưu đãi',
        params: z.object({ '*': z.string() }),
        querystring: z.object({ v: z.string().max(64).optional() }),
      },
    },
    async (request, reply) => {
      const asset = catalogueAssets().get(request.params['*']);
      if (!asset) throw AppError.notFound(catalogueMediaMessages.notFound, ERROR_CODES.MEDIA_NOT_FOUND);
      reply.header('etag', asset.etag);
      reply.header('cache-control', request.query.v === asset.version ? IMMUTABLE : REVALIDATE);
      reply.header('x-content-type-options', 'nosniff');
      // SVG opened directly: no scripts, no external loads.
      reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
      if (ifNoneMatchMatches(request.headers['if-none-match'], asset.etag)) return reply.code(304).send();
      return reply.type(asset.contentType).send(asset.body);
    },
  );
});
