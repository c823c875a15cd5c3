import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { ERROR_CODES } from 'shared-contracts/schemas';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/appError';
import { ifNoneMatchMatches } from '../../http/httpCache';
import { catalogueAssets } from './catalogueMedia';
import { catalogueMediaMessages } from './catalogueMediaRoutes';
import { named } from '../../http/pluginName';

export const PRODUCT_COVER_PREFIX = '/api/media/product-cover/';
/** Five minutes, then revalidated with the ETag: the URL names the product, not a version of its image. */
const COVER_CACHE = 'public, max-age=300';
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export interface ProductCoverRoutesOptions {
  db: Kysely<Database>;
}

/**
 * GET /api/media/product-cover/:slug: the first image of an active product, by the product's slug. The product page's
 * first view (docs/decisions/0005-first-view-composed-by-the-server.md) is HTML built before any product is known:
 * this URL lets it show the page's largest image from the HTML, without waiting for the scripts and the product's
 * data.
 */
export const productCoverRoutes: FastifyPluginAsyncZod<ProductCoverRoutesOptions> = named('productCoverRoutes', async (app, { db }) => {
  app.get(
    '/media/product-cover/:slug',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Ảnh đầu tiên của sản phẩm, theo đường dẫn của sản phẩm',
        params: z.object({ slug: z.string().max(200) }),
      },
    },
    async (request, reply) => {
      const { slug } = request.params;
      const row = SLUG.test(slug)
        ? await db.selectFrom('products').select('images').where('slug', '=', slug).where('is_active', '=', 1).executeTakeFirst()
        : undefined;
      const first = row ? firstImagePath(row.images) : null;
      const asset = first ? catalogueAssets().get(first) : undefined;
      if (!asset) throw AppError.notFound(catalogueMediaMessages.notFound, ERROR_CODES.MEDIA_NOT_FOUND);
      reply.header('etag', asset.etag);
      reply.header('cache-control', COVER_CACHE);
      reply.header('x-content-type-options', 'nosniff');
      reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
      if (ifNoneMatchMatches(request.headers['if-none-match'], asset.etag)) return reply.code(304).send();
      return reply.type(asset.contentType).send(asset.body);
    },
  );
});

function firstImagePath(images: string): string | null {
  try {
    const list = JSON.parse(images) as Array<{ path?: unknown }>;
    const path = Array.isArray(list) ? list[0]?.path : undefined;
    return typeof path === 'string' ? path : null;
  } catch {
    return null;
  }
}
