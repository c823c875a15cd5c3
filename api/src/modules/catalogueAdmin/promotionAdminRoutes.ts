import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import {
  ERROR_CODES,
  catalogueChangeListResponseSchema,
  promotionActiveInputSchema,
  promotionAdminInputSchema,
  promotionAdminListQuerySchema,
  promotionAdminListResponseSchema,
  promotionAdminParamsSchema,
  promotionAdminResponseSchema,
  promotionAdminUpdateSchema,
} from 'shared-contracts/schemas';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/appError';
import { backOfficeErrors } from '../../http/backOfficeErrors';
import { requireKnownField } from '../../http/bodyFields';
import { cacheControlForAll } from '../../http/cacheControl';
import { registerDataErrors } from '../../http/dataErrors';
import { ok } from '../../http/envelope';
import { currentAuth, requireRole } from '../../security/authGuard';
import type { CatalogueChangeFeed } from './catalogueChangeFeed';
import {
  createPromotionAdmin,
  listPromotionsAdmin,
  promotionAdminMessages as messages,
  promotionHistory,
  readPromotionAdmin,
  savePromotionAdmin,
  setPromotionActiveAdmin,
} from './promotionAdminWork';
import { named } from '../../http/pluginName';

export interface PromotionAdminRoutesOptions {
  db: Kysely<Database>;
  uploadDir: string;
  feed: CatalogueChangeFeed;
}

/**
 * The admin's promotions (shop-operations.md §1, §2): /api/admin/catalogue/promotions. Writes: admin. Reads: admin
 * and manager. Everyone else 403, anonymous 401. Every write tells every instance through the change feed.
 */
export const promotionAdminRoutes: FastifyPluginAsyncZod<PromotionAdminRoutesOptions> = named('promotionAdminRoutes', async (app, { db, uploadDir, feed }) => {
  registerDataErrors(app);
  cacheControlForAll(app, 'private, no-store');
  const readers = requireRole('manager', 'admin');
  const admin = requireRole('admin');
  const tags = ['catalogue-admin'];

  app.get(
    '/admin/catalogue/promotions',
    {
      preHandler: readers,
      schema: { tags, summary: 'Mọi khuyến mãi (kể cả tạm ngưng, hết hạn) với số lượt đã dùng, tìm theo mã/tiêu đề và lọc theo trạng thái', querystring: promotionAdminListQuerySchema, response: { 200: promotionAdminListResponseSchema, ...backOfficeErrors } },
    },
    async (request) => ok(await listPromotionsAdmin(db, request.query)),
  );

  app.get(
    '/admin/catalogue/promotions/:id',
    { preHandler: readers, schema: { tags, summary: 'Một khuyến mãi với phiên bản hiện tại', params: promotionAdminParamsSchema, response: { 200: promotionAdminResponseSchema, ...backOfficeErrors } } },
    async (request) => {
      const promotion = await readPromotionAdmin(db, request.params.id);
      if (!promotion) throw AppError.notFound(messages.notFound, ERROR_CODES.PROMOTION_NOT_FOUND);
      return ok(promotion);
    },
  );

  app.get(
    '/admin/catalogue/promotions/:id/history',
    { preHandler: readers, schema: { tags, summary: 'Lịch sử thay đổi của khuyến mãi', params: promotionAdminParamsSchema, response: { 200: catalogueChangeListResponseSchema, ...backOfficeErrors } } },
    async (request) => {
      if (!(await readPromotionAdmin(db, request.params.id))) throw AppError.notFound(messages.notFound, ERROR_CODES.PROMOTION_NOT_FOUND);
      return ok(await promotionHistory(db, request.params.id));
    },
  );

  app.post(
    '/admin/catalogue/promotions',
    { preHandler: admin, schema: { tags, summary: 'Tạo khuyến mãi', body: promotionAdminInputSchema, response: { 201: promotionAdminResponseSchema, ...backOfficeErrors } } },
    async (request, reply) => {
      const created = await createPromotionAdmin(uploadDir, db, request.body, currentAuth(request).userId);
      await feed.changed();
      return reply.code(201).send(ok(created, messages.created));
    },
  );

  app.put(
    '/admin/catalogue/promotions/:id',
    {
      preValidation: requireKnownField(promotionAdminUpdateSchema),
      preHandler: admin,
      schema: {
        tags,
        summary: 'Lưu khuyến mãi từ phiên bản đã sửa (phiên bản cũ: 409 kèm dữ liệu hiện tại; giới hạn không dưới số lượt đã dùng)',
        params: promotionAdminParamsSchema,
        body: promotionAdminUpdateSchema,
        response: { 200: promotionAdminResponseSchema, ...backOfficeErrors },
      },
    },
    async (request) => {
      const saved = await savePromotionAdmin(uploadDir, db, request.params.id, request.body, currentAuth(request).userId);
      await feed.changed();
      return ok(saved, messages.saved);
    },
  );

  app.put(
    '/admin/catalogue/promotions/:id/active',
    {
      preValidation: requireKnownField(promotionActiveInputSchema),
      preHandler: admin,
      schema: { tags, summary: 'Tạm ngưng (false) hoặc tiếp tục (true) khuyến mãi', params: promotionAdminParamsSchema, body: promotionActiveInputSchema, response: { 200: promotionAdminResponseSchema, ...backOfficeErrors } },
    },
    async (request) => {
      const saved = await setPromotionActiveAdmin(db, request.params.id, request.body.isActive, request.body.version, currentAuth(request).userId);
      await feed.changed();
      return ok(saved, request.body.isActive ? messages.resumed : messages.paused);
    },
  );
});
