import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  envelopeSchema,
  stockLocationListSchema,
  stockTransferDeclineInputSchema,
  stockTransferInputSchema,
  stockTransferListQuerySchema,
  stockTransferPageSchema,
  stockTransferParamsSchema,
  stockTransferSchema,
  stockTransferVersionInputSchema,
  type StockTransferAction,
} from 'shared-contracts/schemas';
import type { AppContext } from '../../appContext';
import { backOfficeErrors, backOfficeReadErrors } from '../../http/backOfficeErrors';
import { cacheControlForAll } from '../../http/cacheControl';
import { registerDataErrors } from '../../http/dataErrors';
import { ok } from '../../http/envelope';
import { centreForRequest, centreScopeOf, requireCentreRole, type CentreScope } from '../../security/centreScope';
import { invalidateCatalogue } from '../catalogue';
import { stockTransferMessages } from './stockTransferMessages';
import { listStockLocations, listTransfers, readTransfers } from './stockTransferQueries';
import { createTransfer, requestTransfer, takeTransferAction, type TransferContext } from './stockTransferWork';
import { named } from '../../http/pluginName';

const transferResponse = envelopeSchema(stockTransferSchema);

/**
 * Stock transfers between stock locations (issue 34 §3; the service centres and the online warehouse; requests
 * issue 44 §3): GET /api/stock-locations, GET|POST /api/inventory/transfers, POST /api/inventory/transfers/requests,
 * POST /api/inventory/transfers/:id/accept|decline|withdraw|receive|cancel. Who may do what is the machine's
 * (shared-contracts backoffice/stockTransferMachine.ts); a transfer outside the caller's centre answers 404. Every
 * change reaches both locations' screens (`floor-changed`, kind 'inventory').
 */
export const stockTransfersModule: FastifyPluginAsyncZod<{ context: AppContext }> = named('stockTransfersModule', async (app, { context }) => {
  const { db, clock, events } = context;
  const ctx: TransferContext = { db, clock };
  cacheControlForAll(app, 'private, no-store');
  registerDataErrors(app);
  const floorRoles = requireCentreRole(db, 'staff', 'technician', 'manager', 'admin');
  const readers = requireCentreRole(db, 'staff', 'manager', 'admin');
  const creators = requireCentreRole(db, 'manager', 'admin');

  /** Both locations' stock screens (and transfer lists) reload; the shop's cached stock is stale when units moved. */
  const stockChanged = async (fromId: number, toId: number, unitsMoved = true) => {
    if (unitsMoved) invalidateCatalogue();
    for (const centreId of [fromId, toId]) {
      try {
        await events.publishFloorChange(centreId, { kind: 'inventory', appointmentId: null, serviceOrderId: null, at: clock.now() });
      } catch (error) {
        app.log.error({ err: error }, 'stock transfer change not published');
      }
    }
  };

  const answer = async (scope: CentreScope, id: number) => {
    const [transfer] = await readTransfers(db, scope, [id]);
    return transfer!;
  };

  app.get(
    '/stock-locations',
    {
      preHandler: floorRoles,
      schema: {
        tags: ['back-office'],
        summary: 'Các nơi giữ hàng (trung tâm dịch vụ và kho online) cho phiếu chuyển kho',
        response: { 200: envelopeSchema(stockLocationListSchema), ...backOfficeReadErrors },
      },
    },
    async () => ok(await listStockLocations(db)),
  );

  app.get(
    '/inventory/transfers',
    {
      preHandler: readers,
      schema: {
        tags: ['back-office'],
        summary: 'Phiếu chuyển kho đi hoặc về trung tâm (quản trị: tất cả hoặc theo centreId), mới nhất trước',
        querystring: stockTransferListQuerySchema,
        response: { 200: envelopeSchema(stockTransferPageSchema), ...backOfficeReadErrors },
      },
    },
    async (request) => {
      const scope = centreScopeOf(request);
      const { centreId, status, page } = request.query;
      // an admin without a choice sees every transfer; the others their centre's (another centre's id: 404)
      const centre = scope.centreId === null && centreId === undefined ? undefined : await centreForRequest(db, scope, centreId, { stockLocations: true });
      return ok(await listTransfers(db, scope, { centreId: centre, status, page }));
    },
  );

  app.post(
    '/inventory/transfers',
    {
      preHandler: creators,
      schema: {
        tags: ['back-office'],
        summary:
          'Tạo phiếu chuyển kho: hàng rời nơi chuyển đi ngay (quản trị; quản lý nơi chuyển đi; quản lý lấy hàng từ kho về trung tâm mình). ' +
          'Quản lý nơi nhận lấy hàng của trung tâm khác: 403 TRANSFER_REQUEST_REQUIRED, gửi yêu cầu qua /inventory/transfers/requests',
        body: stockTransferInputSchema,
        response: { 201: transferResponse, ...backOfficeErrors },
      },
    },
    async (request, reply) => {
      const scope = centreScopeOf(request);
      const { fromLocationId, toLocationId, lines, note } = request.body;
      const id = await createTransfer(ctx, scope, { fromLocationId, toLocationId, lines, note });
      await stockChanged(fromLocationId, toLocationId);
      return reply.code(201).send(ok(await answer(scope, id), stockTransferMessages.created));
    },
  );

  app.post(
    '/inventory/transfers/requests',
    {
      preHandler: creators,
      schema: {
        tags: ['back-office'],
        summary: 'Yêu cầu chuyển kho về trung tâm mình từ trung tâm khác (quản lý nơi nhận): chưa trừ hàng, chờ nơi chuyển đi duyệt',
        body: stockTransferInputSchema,
        response: { 201: transferResponse, ...backOfficeErrors },
      },
    },
    async (request, reply) => {
      const scope = centreScopeOf(request);
      const { fromLocationId, toLocationId, lines, note } = request.body;
      const id = await requestTransfer(ctx, scope, { fromLocationId, toLocationId, lines, note });
      await stockChanged(fromLocationId, toLocationId, false);
      return reply.code(201).send(ok(await answer(scope, id), stockTransferMessages.requested));
    },
  );

  const actionRoute = (action: Exclude<StockTransferAction, 'decline'>, summary: string, done: string) =>
    app.post(
      `/inventory/transfers/:id/${action}`,
      {
        preHandler: readers,
        schema: {
          tags: ['back-office'],
          summary,
          params: stockTransferParamsSchema,
          body: stockTransferVersionInputSchema,
          response: { 200: transferResponse, ...backOfficeErrors },
        },
      },
      async (request) => {
        const scope = centreScopeOf(request);
        const row = await takeTransferAction(ctx, scope, request.params.id, action, request.body.version);
        await stockChanged(row.from_location_id, row.to_location_id, action !== 'withdraw');
        return ok(await answer(scope, row.id), done);
      },
    );
  actionRoute('accept', 'Duyệt yêu cầu chuyển kho: hàng rời nơi chuyển đi ngay (quản trị; quản lý nơi chuyển đi); kèm phiên bản đã xem', stockTransferMessages.accepted);
  actionRoute('withdraw', 'Rút yêu cầu chuyển kho đang chờ duyệt (quản trị; quản lý nơi nhận); kèm phiên bản đã xem', stockTransferMessages.withdrawn);
  actionRoute('receive', 'Nhận hàng của phiếu chuyển đang chuyển (quản trị; quản lý, nhân viên nơi nhận); kèm phiên bản đã xem', stockTransferMessages.received);
  actionRoute('cancel', 'Hủy phiếu chuyển đang chuyển, hàng về lại nơi chuyển đi (quản trị; quản lý nơi chuyển đi); kèm phiên bản đã xem', stockTransferMessages.cancelled);

  app.post(
    '/inventory/transfers/:id/decline',
    {
      preHandler: readers,
      schema: {
        tags: ['back-office'],
        summary: 'Từ chối yêu cầu chuyển kho, không hàng nào di chuyển (quản trị; quản lý nơi chuyển đi); kèm phiên bản đã xem và lý do (không bắt buộc)',
        params: stockTransferParamsSchema,
        body: stockTransferDeclineInputSchema,
        response: { 200: transferResponse, ...backOfficeErrors },
      },
    },
    async (request) => {
      const scope = centreScopeOf(request);
      const row = await takeTransferAction(ctx, scope, request.params.id, 'decline', request.body.version, request.body.reason);
      await stockChanged(row.from_location_id, row.to_location_id, false);
      return ok(await answer(scope, row.id), stockTransferMessages.declined);
    },
  );
});
