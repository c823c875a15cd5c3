import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import {
  ERROR_CODES,
  promotionIdParamsSchema,
  promotionListQuerySchema,
  promotionListResponseSchema,
  savedPromotionListResponseSchema,
  savePromotionInputSchema,
} from 'shared-contracts/schemas';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/appError';
import { authenticate, currentAuth } from '../../security/authGuard';
import { ok } from '../../http/envelope';
import { CatalogueCache, sendReadyJson } from '../catalogue';
import { findPromotionById, isLive, listActivePromotions, listSavedPromotions, savePromotion, unsavePromotion } from './promotionQueries';
import { named } from '../../http/pluginName';

export const promotionMessages = {
  notFound: 'Không tìm thấy ưu đãi.',
  ended: 'Ưu đãi này đã kết thúc hoặc tạm ngưng, không thể lưu.',
  saved: 'Đã lưu ưu đãi.',
  removed: 'Đã bỏ lưu ưu đãi.',
} as const;

export interface PromotionsRoutesOptions {
  db: Kysely<Database>;
  /** The clock (tests move it). */
  now?: () => Date;
}

/**
 * GET /api/promotions (public, revalidated on every use: ETag, 304): the promotions on offer now; `?kind=` or `?type=` flash-sale|vip|
 * seasonal|general narrows them. Saved promotions of the logged-in user: GET/POST /api/me/saved-promotions,
 * DELETE /api/me/saved-promotions/:promotionId.
 */
export const promotionsRoutes: FastifyPluginAsyncZod<PromotionsRoutesOptions> = named('promotionsRoutes', async (app, { db, now = () => new Date() }) => {
  const cache = new CatalogueCache({ ttlMs: 15_000 });

  app.get(
    '/promotions',
    {
      config: { publicCache: { revalidate: true } },
      schema: {
        tags: ['promotions'],
        summary: 'Ưu đãi đang diễn ra',
        querystring: promotionListQuerySchema,
        response: { 200: promotionListResponseSchema },
      },
    },
    async (request, reply) => {
      const kind = request.query.kind ?? request.query.type;
      const body = await cache.getOrCreate(`promotions:${kind ?? ''}`, async () => ok(await listActivePromotions(db, now(), kind)));
      return sendReadyJson(reply, body);
    },
  );

  app.get(
    '/me/saved-promotions',
    {
      preHandler: authenticate,
      schema: {
        tags: ['promotions'],
        summary: 'Ưu đãi đã lưu của tôi',
        response: { 200: savedPromotionListResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return ok(await listSavedPromotions(db, currentAuth(request).userId));
    },
  );

  app.post(
    '/me/saved-promotions',
    {
      preHandler: authenticate,
      schema: {
        tags: ['promotions'],
        summary: 'Lưu một ưu đãi (lưu lại lần nữa không tạo bản trùng)',
        body: savePromotionInputSchema,
        response: { 200: savedPromotionListResponseSchema },
      },
    },
    async (request, reply) => {
      const { userId } = currentAuth(request);
      const promotion = await findPromotionById(db, request.body.promotionId);
      if (!promotion) throw AppError.notFound(promotionMessages.notFound, ERROR_CODES.PROMOTION_NOT_FOUND);
      const saved = await listSavedPromotions(db, userId);
      if (!saved.some((entry) => entry.id === promotion.id)) {
        if (!isLive(promotion, now())) throw new AppError(409, ERROR_CODES.PROMOTION_NOT_AVAILABLE, promotionMessages.ended);
        await savePromotion(db, userId, promotion.id);
      }
      reply.header('cache-control', 'private, no-store');
      return ok(await listSavedPromotions(db, userId), promotionMessages.saved);
    },
  );

  app.delete(
    '/me/saved-promotions/:promotionId',
    {
      preHandler: authenticate,
      schema: {
        tags: ['promotions'],
        summary: 'Bỏ lưu một ưu đãi (bỏ lưu lại lần nữa không lỗi)',
        params: promotionIdParamsSchema,
        response: { 200: savedPromotionListResponseSchema },
      },
    },
    async (request, reply) => {
      const { userId } = currentAuth(request);
      // Idempotent like saving: removing what is not saved (a double click) answers the list too.
      await unsavePromotion(db, userId, request.params.promotionId);
      reply.header('cache-control', 'private, no-store');
      return ok(await listSavedPromotions(db, userId), promotionMessages.removed);
    },
  );
});
