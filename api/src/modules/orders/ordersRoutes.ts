import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  customerPackageCreditListResponseSchema,
  idempotencyKeySchema,
  orderCancelInputSchema,
  orderCodeParamsSchema,
  orderCreateInputSchema,
  orderResponseSchema,
  orderSummariesQuerySchema,
  orderSummaryPageResponseSchema,
  quoteResponseSchema,
  checkoutQuoteInputSchema,
  fitVehicleQuerySchema,
  type ShipmentView,
} from 'shared-contracts/schemas';
import { cacheControlForAll } from '../../http/cacheControl';
import { preparedQuery } from '../../db/preparedQuery';
import { AppError } from '../../http/appError';
import { authenticate, currentAuth } from '../../security/authGuard';
import { ok } from '../../http/envelope';
import type { AppContext } from '../../appContext';
import { quoteCheckout } from './checkoutQuote';
import { cancelOrder, ownOrder } from './orderLifecycle';
import { orderMessages } from './orderMessages';
import { listOrderSummaries, toOrder } from './orderView';
import { listPackageCredits } from './packageCredits';
import { placeOrder } from './placeOrder';
import { announceWebOrderChange } from './webOrderChanges';
import { named } from '../../http/pluginName';
import { withLineFits } from '../fitment';

// Read after every order placed or moved: compiled once (preparedQuery).
const announcedOrder = preparedQuery<{ code: string }>()((db, param) =>
  db.selectFrom('orders').select(['desk_centre_id', 'user_id', 'code', 'status', 'payment_status', 'version']).where('code', '=', param('code')),
);

/**
 * Checkout and orders, the customer's own: POST /api/checkout/quote; POST /api/orders (Idempotency-Key),
 * GET /api/orders, GET /api/orders/:code, POST /api/orders/:code/cancel; GET /api/me/package-credits. Staff work
 * on orders at the web-order desk (webOrders), within their centre.
 */
/** The order's parcel with a carrier (the shipments module's view), handed in by the app: shipments imports orders. */
export type ParcelOf = (db: AppContext['db'], order: { id: number; code: string }) => Promise<ShipmentView | null>;

export const ordersRoutes: FastifyPluginAsyncZod<{ context: AppContext; parcelOf?: ParcelOf }> = named('ordersRoutes', async (app, { context, parcelOf }) => {
  const { db, clock, config } = context;
  const ctx = { db, clock, config };
  // The web-order desk of the order's centre is told (live list), and the order's owner (their live order page).
  const announce = async (code: string) => {
    const row = await announcedOrder.first(db, { code });
    await announceWebOrderChange(context.events, row?.desk_centre_id ?? null, row);
  };

  cacheControlForAll(app, 'private, no-store');

  app.post(
    '/checkout/quote',
    {
      preHandler: authenticate,
      schema: {
        tags: ['orders'],
        summary: 'Tính tiền đơn hàng: giá hiện tại, phí vận chuyển, mã khuyến mãi (hoặc lý do bị từ chối); fitModel + fitYear: mỗi dòng phụ tùng kèm fit cho xe đó',
        body: checkoutQuoteInputSchema,
        querystring: fitVehicleQuerySchema,
        response: { 200: quoteResponseSchema },
      },
    },
    async (request) => {
      const quote = await quoteCheckout(ctx, currentAuth(request).userId, request.body);
      return ok({ ...quote, lines: await withLineFits(db, quote.lines, request.query) }, orderMessages.quoted);
    },
  );

  app.post(
    '/orders',
    {
      preHandler: authenticate,
      schema: {
        tags: ['orders'],
        summary: 'Đặt hàng (tiêu đề Idempotency-Key bắt buộc; cùng khóa + cùng nội dung → trả lại đơn đã tạo)',
        body: orderCreateInputSchema,
        response: { 200: orderResponseSchema, 201: orderResponseSchema },
      },
    },
    async (request, reply) => {
      const header = request.headers['idempotency-key'];
      const key = idempotencyKeySchema.safeParse(Array.isArray(header) ? header[0] : header);
      if (!key.success) {
        const message = key.error.issues[0]?.message ?? 'Thiếu tiêu đề Idempotency-Key.';
        throw AppError.validation([{ field: 'Idempotency-Key', message }], message);
      }
      const { order, replayed, placed } = await placeOrder(ctx, currentAuth(request).userId, key.data, request.body);
      // The desk and the owner hear of a new order from what the transaction wrote (no read after it).
      if (placed) await announceWebOrderChange(context.events, placed.deskCentreId, placed.facts);
      reply.code(replayed ? 200 : 201);
      return ok(order, replayed ? orderMessages.replayed : orderMessages.placed);
    },
  );

  app.get(
    '/orders',
    {
      preHandler: authenticate,
      schema: {
        tags: ['orders'],
        summary: 'Đơn hàng của tôi, mới nhất trước, từng trang (before: mã đơn cuối đã xem; open=true: đơn chưa xong)',
        querystring: orderSummariesQuerySchema,
        response: { 200: orderSummaryPageResponseSchema },
      },
    },
    async (request) => ok(await listOrderSummaries(db, currentAuth(request).userId, request.query)),
  );

  app.get(
    '/orders/:code',
    {
      preHandler: authenticate,
      schema: { tags: ['orders'], summary: 'Chi tiết đơn hàng của tôi', params: orderCodeParamsSchema, response: { 200: orderResponseSchema } },
    },
    async (request) => {
      const row = await ownOrder(db, request.params.code, currentAuth(request));
      const [order, parcel] = await Promise.all([toOrder(db, row, config.vietQr), parcelOf ? parcelOf(db, row) : Promise.resolve(null)]);
      return ok({ ...order, parcel });
    },
  );

  app.post(
    '/orders/:code/cancel',
    {
      preHandler: authenticate,
      schema: {
        tags: ['orders'],
        summary: 'Hủy đơn hàng (khi chờ thanh toán, đã đặt hoặc đã xác nhận): hoàn kho và lượt dùng mã',
        params: orderCodeParamsSchema,
        body: orderCancelInputSchema,
        response: { 200: orderResponseSchema },
      },
    },
    async (request) => {
      const cancelled = await cancelOrder(ctx, request.params.code, currentAuth(request), request.body.reason ?? null, request.body.version);
      await announce(cancelled.code);
      return ok(cancelled, orderMessages.cancelled);
    },
  );

  app.get(
    '/me/package-credits',
    {
      preHandler: authenticate,
      schema: {
        tags: ['orders'],
        summary: 'Lượt dịch vụ còn lại của các gói đã mua và đã thanh toán',
        response: { 200: customerPackageCreditListResponseSchema },
      },
    },
    async (request) => ok(await listPackageCredits(db, currentAuth(request).userId, clock.now())),
  );
});
