import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ERROR_CODES,
  cartAddItemInputSchema,
  cartChangeResponseSchema,
  cartLineParamsSchema,
  cartMergeInputSchema,
  cartResponseSchema,
  cartSetQuantityInputSchema,
  cartValidateInputSchema,
  fitVehicleQuerySchema,
  parseCartLineId,
  type Cart,
  type FitVehicleQuery,
} from 'shared-contracts/schemas';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { withLineFits } from '../fitment';
import { requireKnownField } from '../../http/bodyFields';
import { cacheControlForAll } from '../../http/cacheControl';
import { AppError } from '../../http/appError';
import { authenticate, currentAuth } from '../../security/authGuard';
import { ok } from '../../http/envelope';
import type { AppContext } from '../../appContext';
import { cartMessages } from './cartMessages';
import { addToCart, clearCart, mergeIntoCart, readCart, removeFromCart, setCartQuantity, validateGuestCart } from './cartStore';
import { named } from '../../http/pluginName';

/** The cart with each product line's fit for the chosen vehicle (issue 66), when the request named one. */
export async function withFit(db: Kysely<Database>, cart: Cart, query: FitVehicleQuery): Promise<Cart> {
  if (query.fitModel === undefined || query.fitYear === undefined) return cart;
  return { ...cart, items: await withLineFits(db, cart.items, query) };
}

function lineRef(lineId: string) {
  const ref = parseCartLineId(lineId);
  if (!ref) throw AppError.notFound(cartMessages.lineNotFound, ERROR_CODES.CART_LINE_NOT_FOUND);
  return ref;
}

/**
 * The cart: GET/DELETE /api/cart, POST /api/cart/items, PUT/DELETE /api/cart/items/:lineId, POST /api/cart/merge
 * (a logged-in user's server cart); POST /api/cart/validate (public: a guest cart checked against the catalogue).
 */
export const cartRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = named('cartRoutes', async (app, { context }) => {
  const { db, clock } = context;

  cacheControlForAll(app, 'private, no-store');

  app.get(
    '/cart',
    {
      preHandler: authenticate,
      schema: {
        tags: ['cart'],
        summary: 'Giỏ hàng của tôi (fitModel + fitYear: mỗi dòng phụ tùng kèm fit cho xe đó)',
        querystring: fitVehicleQuerySchema,
        response: { 200: cartResponseSchema },
      },
    },
    async (request) => ok(await withFit(db, await readCart(db, currentAuth(request).userId, clock.now()), request.query)),
  );

  app.post(
    '/cart/items',
    {
      preHandler: authenticate,
      schema: {
        tags: ['cart'],
        summary: 'Thêm vào giỏ (cộng dồn vào dòng đã có; quá tồn kho → 409); trả về dòng đã thêm và tổng số lượng của giỏ',
        body: cartAddItemInputSchema,
        response: { 200: cartChangeResponseSchema },
      },
    },
    async (request) => ok(await addToCart(db, clock, currentAuth(request).userId, request.body), cartMessages.added),
  );

  app.put(
    '/cart/items/:lineId',
    {
      preValidation: requireKnownField(cartSetQuantityInputSchema),
      preHandler: authenticate,
      schema: {
        tags: ['cart'],
        summary: 'Đặt số lượng của một dòng (≤ 0 thì xóa dòng)',
        params: cartLineParamsSchema,
        body: cartSetQuantityInputSchema,
        response: { 200: cartResponseSchema },
      },
    },
    async (request) =>
      ok(await setCartQuantity(db, clock, currentAuth(request).userId, lineRef(request.params.lineId), request.body.quantity), cartMessages.updated),
  );

  app.delete(
    '/cart/items/:lineId',
    {
      preHandler: authenticate,
      schema: { tags: ['cart'], summary: 'Xóa một dòng', params: cartLineParamsSchema, response: { 200: cartResponseSchema } },
    },
    async (request) => ok(await removeFromCart(db, clock, currentAuth(request).userId, lineRef(request.params.lineId)), cartMessages.removed),
  );

  app.delete(
    '/cart',
    { preHandler: authenticate, schema: { tags: ['cart'], summary: 'Xóa toàn bộ giỏ hàng', response: { 200: cartResponseSchema } } },
    async (request) => ok(await clearCart(db, currentAuth(request).userId), cartMessages.cleared),
  );

  app.post(
    '/cart/merge',
    {
      preHandler: authenticate,
      schema: {
        tags: ['cart'],
        summary: 'Gộp giỏ hàng của khách vào giỏ của tài khoản (cộng số lượng, tối đa theo tồn kho)',
        body: cartMergeInputSchema,
        response: { 200: cartResponseSchema },
      },
    },
    async (request) => ok(await mergeIntoCart(db, clock, currentAuth(request).userId, request.body.items), cartMessages.merged),
  );

  app.post(
    '/cart/validate',
    {
      schema: {
        tags: ['cart'],
        summary: 'Kiểm tra giỏ hàng của khách: giá và tồn kho hiện tại, đánh dấu các vấn đề',
        body: cartValidateInputSchema,
        querystring: fitVehicleQuerySchema,
        response: { 200: cartResponseSchema },
      },
    },
    async (request) => ok(await withFit(db, await validateGuestCart(db, clock, request.body.items), request.query), cartMessages.validated),
  );
});
