import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  envelopeSchema,
  stockLocationListSchema,
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
import { invalidateCatalogue } from '../catalogue/catalogueCache';
import { stockTransferMessages } from './stockTransferMessages';
import { listStockLocations, listTransfers, readTransfers } from './stockTransferQueries';
import { createTransfer, takeTransferAction, type TransferContext } from './stockTransferWork';

const transferResponse = envelopeSchema(stockTransferSchema);

/**
 * Stock transfers between stock locations (issue 34 §3; the service centres and the online warehouse):
 * GET /api/stock-locations, GET|POST /api/inventory/transfers, POST /api/inventory/transfers/:id/receive|cancel.
 * Who may do what is the machine's (shared-contracts backoffice/stockTransferMachine.ts); a transfer outside the
 * caller's centre answers 404. Every change reaches both locations' screens (`floor-changed`, kind 'inventory').
 */
export const stockTransfersModule: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const { db, clock, events } = context;
  const ctx: TransferContext = { db, clock };
  cacheControlForAll(app, 'private, no-store');
  registerDataErrors(app);
  const floorRoles = requireCentreRole(db, 'staff', 'technician', 'manager', 'admin');
  const readers = requireCentreRole(db, 'staff', 'manager', 'admin');
  const creators = requireCentreRole(db, 'manager', 'admin');

  /** Both locations' stock screens reload; the shop's cached stock is stale when the warehouse moved. */
  const stockChanged = async (fromId: number, toId: number) => {
    invalidateCatalogue();
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
        summary: 'Tạo phiếu chuyển kho: hàng rời nơi chuyển đi ngay (quản trị; quản lý khi trung tâm mình là nơi đi hoặc nơi nhận)',
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

  const actionRoute = (action: StockTransferAction, summary: string, done: string) =>
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
        await stockChanged(row.from_location_id, row.to_location_id);
        return ok(await answer(scope, row.id), done);
      },
    );
  actionRoute('receive', 'Nhận hàng của phiếu chuyển đang chuyển (quản trị; quản lý, nhân viên nơi nhận); kèm phiên bản đã xem', stockTransferMessages.received);
  actionRoute('cancel', 'Hủy phiếu chuyển đang chuyển, hàng về lại nơi chuyển đi (quản trị; quản lý nơi chuyển đi); kèm phiên bản đã xem', stockTransferMessages.cancelled);
};
