import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  ERROR_CODES,
  brandListResponseSchema,
  categoryListResponseSchema,
  productAvailabilityResponseSchema,
  productCardPageResponseSchema,
  productDetailResponseSchema,
  productListQuerySchema,
  productPageResponseSchema,
  productDetailQuerySchema,
  productSlugParamsSchema,
  serviceListResponseSchema,
  servicePackageListResponseSchema,
  type ProductListQuery,
  type ProductMemberPrice,
} from 'shared-contracts/schemas';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/appError';
import { systemClock, type Clock } from '../../security/clock';
import { ok } from '../../http/envelope';
import { CatalogueCache, catalogueGeneration, OK_JSON_WRAPPING, readyJson, sendReadyJson } from './catalogueCache';
import { findProductBySlug, findRenamedProductSlug, listBrands, listCategories, listPackages, listServices } from './catalogueQueries';
import { listProductPageReady } from './catalogueReadModel';
import { productAvailability } from './productAvailability';
import { named } from '../../http/pluginName';
import { findFitVehicle } from '../fitment';

export const catalogueMessages = {
  productNotFound: 'Không tìm thấy sản phẩm. Sản phẩm có thể đã ngừng kinh doanh hoặc đường dẫn không đúng.',
} as const;

export interface CatalogueRoutesOptions {
  db: Kysely<Database>;
  /** Where prices are read at (a product's sale window); the system clock by default. */
  clock?: Clock;
  /** The answer cache (a fresh one per app by default). */
  cache?: CatalogueCache;
  /**
   * The member prices in force below the product's price now (the loyalty module's; its writes invalidate this
   * cache, and the ETag is the body's hash, so a change shows at the next revalidation). None when absent.
   */
  memberPrices?: (db: Kysely<Database>, productId: number, currentPrice: number, at: Date) => Promise<ProductMemberPrice[]>;
}

/** The normalised query as a cache key: same filters in any order or spelling → same key. */
export function productQueryKey(query: ProductListQuery): string {
  return [
    'products',
    query.category ?? '',
    query.brand ?? '',
    query.minPrice ?? '',
    query.maxPrice ?? '',
    query.inStock === undefined ? '' : query.inStock ? '1' : '0',
    query.model?.toLowerCase() ?? '',
    query.sort,
    query.page,
    query.pageSize,
    // The chosen vehicle (issue 66), only when named: the keys without one stay as they were.
    ...(query.fitModel === undefined ? [] : [`fit:${query.fitModel}:${query.fitYear ?? ''}:${query.fitOnly ? '1' : '0'}`]),
    // The card form (issue 70 §2): an answer of its own; the full form's keys stay as they were.
    ...(query.view === 'card' ? ['view:card'] : []),
  ].join('|');
}

/**
 * The public catalogue, every answer revalidated by the browser on each use (`Cache-Control: no-cache` + ETag,
 * 304: a reload after an admin's save shows it) and kept ready as JSON in memory until a catalogue write: GET /api/products, /api/products/:slug, /api/categories, /api/brands,
 * /api/services, /api/packages.
 */
export const catalogueRoutes: FastifyPluginAsyncZod<CatalogueRoutesOptions> = named('catalogueRoutes', async (app, options) => {
  const { db, clock = systemClock } = options;
  // Entries expire on the same clock the prices are read at (a cached answer outlives a sale bound by ttlMs at most).
  const cache = options.cache ?? new CatalogueCache({ now: () => clock.now().getTime() });

  app.get(
    '/products',
    {
      config: { publicCache: { revalidate: true } },
      schema: {
        tags: ['catalogue'],
        summary: 'Danh sách sản phẩm: lọc, sắp xếp, phân trang',
        description:
          'Lọc theo danh mục (category), thương hiệu (brand), khoảng giá (minPrice, maxPrice), còn hàng (inStock), dòng xe tương thích (model); ' +
          'sắp xếp price_asc | price_desc | newest | popular (mặc định); trang (page) và số sản phẩm mỗi trang (pageSize, mặc định 24, tối đa 48). ' +
          'Xe của khách (fitModel: mã dòng xe, fitYear: năm sản xuất): mỗi sản phẩm kèm fit (FITS | DOES_NOT_FIT | UNKNOWN); fitOnly=true chỉ giữ sản phẩm vừa xe. ' +
          'view=card: mỗi sản phẩm chỉ gồm những gì thẻ sản phẩm hiển thị (tên thương hiệu, URL ảnh; giảm giá và đánh giá khi có).',
        querystring: productListQuerySchema,
        response: { 200: z.union([productPageResponseSchema, productCardPageResponseSchema]) },
      },
    },
    async (request, reply) => {
      // Past the cache: the page's JSON from the list's read model, already serialised (catalogueReadModel.ts);
      // kept from a query's second ask (filters make keys without bound).
      const query = request.query;
      const body = await cache.getOrCreateReady(
        productQueryKey(query),
        async () => {
          // The vehicle read only past the cache (an unknown model: 400, never kept).
          const vehicle = query.fitModel === undefined ? undefined : await findFitVehicle(db, query.fitModel, query.fitYear!);
          return listProductPageReady(db, query, OK_JSON_WRAPPING, clock.now(), vehicle);
        },
        { fromSecondAsk: true },
      );
      return sendReadyJson(reply, body);
    },
  );

  app.get(
    '/products/:slug',
    {
      config: { publicCache: { revalidate: true } },
      schema: {
        tags: ['catalogue'],
        summary: 'Chi tiết sản phẩm (kèm các dòng xe tương thích; fitModel + fitYear: kèm fit cho xe đó)',
        params: productSlugParamsSchema,
        querystring: productDetailQuerySchema,
        response: { 200: productDetailResponseSchema },
      },
    },
    async (request, reply) => {
      const slug = request.params.slug.toLowerCase();
      const { fitModel, fitYear } = request.query;
      const key = fitModel === undefined ? `product:${slug}` : `product:${slug}|fit:${fitModel}:${fitYear}`;
      let ready = cache.get(key);
      if (ready === undefined) {
        const since = catalogueGeneration();
        const vehicle = fitModel === undefined ? undefined : await findFitVehicle(db, fitModel, fitYear!);
        const found = await findProductBySlug(db, slug, clock.now(), vehicle);
        if (!found) {
          // A renamed product's old slug: a permanent redirect to its slug now (fetch and crawlers follow it).
          const renamed = await findRenamedProductSlug(db, slug);
          if (renamed) {
            // The query (the chosen vehicle) kept.
            const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
            return reply.redirect(request.routeOptions.url!.replace(':slug', encodeURIComponent(renamed)) + search, 301);
          }
          throw AppError.notFound(catalogueMessages.productNotFound, ERROR_CODES.PRODUCT_NOT_FOUND);
        }
        const memberPrices = options.memberPrices ? await options.memberPrices(db, found.product.id, found.product.price, clock.now()) : undefined;
        ready = readyJson(ok(memberPrices ? { ...found.product, memberPrices } : found.product));
        // Not kept past the product's next sale-window bound: its price changes then.
        cache.set(key, ready, since, found.priceChangesAt?.getTime() ?? null);
      }
      return sendReadyJson(reply, ready);
    },
  );

  app.get(
    '/products/:slug/availability',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Tồn kho của sản phẩm: bán online và nhận tại từng trung tâm',
        description: 'online: số có thể giao (tổng tồn trừ giữ chỗ của các kho giao hàng online); pickup: số có thể nhận hôm nay tại mỗi trung tâm dịch vụ, theo tên trung tâm.',
        params: productSlugParamsSchema,
        response: { 200: productAvailabilityResponseSchema },
      },
    },
    async (request) => {
      const availability = await productAvailability(db, request.params.slug.toLowerCase());
      if (!availability) throw AppError.notFound(catalogueMessages.productNotFound, ERROR_CODES.PRODUCT_NOT_FOUND);
      return ok(availability);
    },
  );

  app.get(
    '/categories',
    {
      config: { publicCache: { revalidate: true } },
      schema: { tags: ['catalogue'], summary: 'Danh mục sản phẩm (kèm số sản phẩm)', response: { 200: categoryListResponseSchema } },
    },
    async (_request, reply) => sendReadyJson(reply, await cache.getOrCreate('categories', async () => ok(await listCategories(db)))),
  );

  app.get(
    '/brands',
    {
      config: { publicCache: { revalidate: true } },
      schema: { tags: ['catalogue'], summary: 'Thương hiệu (kèm số sản phẩm)', response: { 200: brandListResponseSchema } },
    },
    async (_request, reply) => sendReadyJson(reply, await cache.getOrCreate('brands', async () => ok(await listBrands(db)))),
  );

  app.get(
    '/services',
    {
      config: { publicCache: { revalidate: true } },
      schema: {
        tags: ['catalogue'],
        summary: 'Dịch vụ: các cấp bảo dưỡng (tier) và các loại dịch vụ (kind), kèm checklist',
        response: { 200: serviceListResponseSchema },
      },
    },
    async (_request, reply) => sendReadyJson(reply, await cache.getOrCreate('services', async () => ok(await listServices(db)))),
  );

  app.get(
    '/packages',
    {
      config: { publicCache: { revalidate: true } },
      schema: { tags: ['catalogue'], summary: 'Gói dịch vụ', response: { 200: servicePackageListResponseSchema } },
    },
    async (_request, reply) => sendReadyJson(reply, await cache.getOrCreate('packages', async () => ok(await listPackages(db)))),
  );
});
