import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  centreScopeQuerySchema,
  errorEnvelopeSchema,
  orderCodeParamsSchema,
  webOrderActionInputSchema,
  webOrderDetailResponseSchema,
  webOrderListQuerySchema,
  webOrderListResponseSchema,
  webOrderNoteInputSchema,
} from 'shared-contracts/schemas';
import type { AppContext } from '../../appContext';
import { cacheControlForAll } from '../../http/cacheControl';
import { ok } from '../../http/envelope';
import { centreScopeOf, requireCentreRole } from '../../security/centreScope';
import { webOrderMessages } from './webOrderMessages';
import { createWebOrderCounts } from './webOrderCounts';
import { listWebOrders, webOrderDetail } from './webOrderQueries';
import { listCentre, webOrderInScope } from './webOrderScope';
import { addWebOrderNote, takeWebOrderAction, type WebOrderContext } from './webOrderWork';
import { named } from '../../http/pluginName';

const errors = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema };

/**
 * The web-order desk (shop-operations §4), for the centre's staff and manager and for admin:
 * GET /api/staff/web-orders (list, counts, filters), GET /api/staff/web-orders/:code (detail, timeline, notes,
 * the actions allowed), POST /api/staff/web-orders/:code/actions (an action of the order machine, with the
 * version read), POST /api/staff/web-orders/:code/notes (an internal note). Another centre's order is 404.
 */
export const webOrdersModule: FastifyPluginAsyncZod<{ context: AppContext }> = named('webOrdersModule', async (app, { context }) => {
  const { db, clock, config, events } = context;
  const ctx: WebOrderContext = { db, clock, config, events };
  const deskRoles = requireCentreRole(db, 'staff', 'manager', 'admin');
  const counts = createWebOrderCounts(events);
  app.addHook('onClose', async () => counts.close());

  cacheControlForAll(app, 'private, no-store');

  app.get(
    '/staff/web-orders',
    {
      preHandler: deskRoles,
      schema: {
        tags: ['web-orders'],
        summary: 'Đơn hàng online của trung tâm: số đơn theo trạng thái, lọc, tìm theo mã, số điện thoại hoặc tên',
        querystring: webOrderListQuerySchema,
        response: { 200: webOrderListResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { centreId, ...filters } = request.query;
      return ok(await listWebOrders(db, counts, listCentre(centreScopeOf(request), centreId), filters, clock.now().getTime()));
    },
  );

  app.get(
    '/staff/web-orders/:code',
    {
      preHandler: deskRoles,
      schema: {
        tags: ['web-orders'],
        summary: 'Chi tiết đơn hàng online: dòng hàng, khách, thanh toán, lịch sử, ghi chú nội bộ, thao tác được phép',
        params: orderCodeParamsSchema,
        querystring: centreScopeQuerySchema,
        response: { 200: webOrderDetailResponseSchema, ...errors },
      },
    },
    async (request) => {
      const scope = centreScopeOf(request);
      const row = await webOrderInScope(db, scope, request.params.code);
      return ok(await webOrderDetail(db, config, row, scope.role));
    },
  );

  app.post(
    '/staff/web-orders/:code/actions',
    {
      preHandler: deskRoles,
      schema: {
        tags: ['web-orders'],
        summary: 'Thao tác trên đơn hàng online (xác nhận, đóng gói, giao vận chuyển, đã giao, sẵn sàng nhận, giao khách, hủy, hoàn tiền); kèm phiên bản đã xem',
        params: orderCodeParamsSchema,
        body: webOrderActionInputSchema,
        response: { 200: webOrderDetailResponseSchema, 409: errorEnvelopeSchema, 422: errorEnvelopeSchema, ...errors },
      },
    },
    async (request) => {
      const scope = centreScopeOf(request);
      const row = await takeWebOrderAction(ctx, scope, request.params.code, request.body);
      return ok(await webOrderDetail(db, config, row, scope.role), webOrderMessages.done);
    },
  );

  app.post(
    '/staff/web-orders/:code/notes',
    {
      preHandler: deskRoles,
      schema: {
        tags: ['web-orders'],
        summary: 'Thêm ghi chú nội bộ cho đơn hàng online (khách hàng không thấy)',
        params: orderCodeParamsSchema,
        body: webOrderNoteInputSchema,
        response: { 200: webOrderDetailResponseSchema, ...errors },
      },
    },
    async (request) => {
      const scope = centreScopeOf(request);
      const row = await addWebOrderNote(ctx, scope, request.params.code, request.body.text);
      return ok(await webOrderDetail(db, config, row, scope.role), webOrderMessages.noteAdded);
    },
  );
});
