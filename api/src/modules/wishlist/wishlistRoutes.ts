import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, idInput, wishlistItemInputSchema, wishlistItemSchema, wishlistMergeInputSchema, wishlistSchema } from 'shared-contracts/schemas';
import { cacheControlForAll } from '../../http/cacheControl';
import { ok } from '../../http/envelope';
import type { AppContext } from '../../appContext';
import { currentAuth, requireRole } from '../../security/authGuard';
import { wishlistMessages } from './wishlistMessages';
import { mergeItems, readWishlist, removeItem, saveItem } from './wishlistStore';
import { named } from '../../http/pluginName';

const productParamsSchema = z.object({ productId: idInput('Mã sản phẩm không hợp lệ.') });
const wishlistResponseSchema = envelopeSchema(wishlistSchema);
const itemResponseSchema = envelopeSchema(z.object({ item: wishlistItemSchema }));

/**
 * The customer's wishlist ("Yêu thích"): GET /api/wishlist, PUT/DELETE /api/wishlist/items/:productId,
 * POST /api/wishlist/merge (the guest's hearts at login). Customers only: 401 without a login, 403 for staff.
 */
export const wishlistRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = named('wishlistRoutes', async (app, { context }) => {
  const { db, clock } = context;
  const customer = requireRole('customer');

  cacheControlForAll(app, 'private, no-store');

  app.get(
    '/wishlist',
    { preHandler: customer, schema: { tags: ['wishlist'], summary: 'Danh sách yêu thích của tôi (mới nhất trước)', response: { 200: wishlistResponseSchema } } },
    async (request) => ok(await readWishlist(db, currentAuth(request).userId, clock.now()), wishlistMessages.listed),
  );

  app.put(
    '/wishlist/items/:productId',
    {
      preHandler: customer,
      schema: {
        tags: ['wishlist'],
        summary: 'Lưu sản phẩm vào danh sách yêu thích (lặp lại không tạo thêm) và đặt thông báo giảm giá / có hàng',
        params: productParamsSchema,
        // A bare heart sends no body (null): saved with the opt-ins as they are.
        body: wishlistItemInputSchema.nullish(),
        response: { 200: itemResponseSchema },
      },
    },
    async (request) => ok({ item: await saveItem(db, clock, currentAuth(request).userId, request.params.productId, request.body ?? {}) }, wishlistMessages.saved),
  );

  app.delete(
    '/wishlist/items/:productId',
    {
      preHandler: customer,
      schema: { tags: ['wishlist'], summary: 'Bỏ sản phẩm khỏi danh sách yêu thích', params: productParamsSchema, response: { 200: wishlistResponseSchema } },
    },
    async (request) => ok(await removeItem(db, clock, currentAuth(request).userId, request.params.productId), wishlistMessages.removed),
  );

  app.post(
    '/wishlist/merge',
    {
      preHandler: customer,
      schema: {
        tags: ['wishlist'],
        summary: 'Gộp danh sách yêu thích của khách (trên trình duyệt) vào tài khoản khi đăng nhập',
        body: wishlistMergeInputSchema,
        response: { 200: wishlistResponseSchema },
      },
    },
    async (request) => ok(await mergeItems(db, clock, currentAuth(request).userId, request.body.productIds), wishlistMessages.merged),
  );
});
