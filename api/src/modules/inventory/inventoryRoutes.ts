import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ERROR_CODES,
  adjustInputSchema,
  envelopeSchema,
  inventoryAvailabilityQuerySchema,
  inventoryAvailabilitySchema,
  inventoryChangeSchema,
  inventoryPageSchema,
  inventoryQuerySchema,
  inventorySummarySchema,
  lowStockListSchema,
  minStockInputSchema,
  minStockParamsSchema,
  movementPageSchema,
  movementsQuerySchema,
  receiveInputSchema,
  centreScopeQuerySchema,
  goodsReceiptInputSchema,
  goodsReceiptParamsSchema,
  goodsReceiptSchema,
  goodsReceiptPageSchema,
  goodsReceiptResultSchema,
  goodsReceiptsQuerySchema,
  productStockParamsSchema,
  productStockSchema,
  stockLocationListSchema,
} from 'shared-contracts/schemas';
import { AppError } from '../../http/appError';
import { requireKnownField } from '../../http/bodyFields';
import { backOfficeErrors } from '../../http/backOfficeErrors';
import { cacheControlForAll } from '../../http/cacheControl';
import { centreForRequest, centreScopeOf, requireCentreRole, type CentreScope } from '../../security/centreScope';
import { ok } from '../../http/envelope';
import { sendJsonBytes } from '../../http/readyJson';
import { catalogueGeneration, invalidateCatalogue } from '../catalogue';
import { createFloorReadCache } from '../../events/floorReadCache';
import { inTransaction } from '../../db/inTransaction';
import { registerDataErrors } from '../../http/dataErrors';
import type { InventoryContext } from './inventoryContext';
import { inventoryMessages } from './inventoryMessages';
import { inventorySummary, listInventory, listMovements, lowStockList, readAvailability, readItems } from './inventoryReads';
import { adjustStock, receiveStock, setMinStock } from './inventoryWrites';
import { goodsReceiptFor, listGoodsReceipts, readGoodsReceipts, recordGoodsReceipt } from './goodsReceipts';
import { productStock, visibleLocations } from './locationStock';
import { named } from '../../http/pluginName';

const errors = backOfficeErrors;
const changeResponse = envelopeSchema(inventoryChangeSchema);

/**
 * Sends an answer of a large list as JSON text, as built (the read shapes them exactly as their schemas say, and
 * the suites check them against those schemas): zod's response check of 50 to 200 rows cost more than the
 * query. The route's response schema still documents it.
 */
function sendJson<R extends Pick<FastifyReply, 'type'>>(reply: R, body: unknown): R {
  (reply as unknown as { type(value: string): { send(payload: string): unknown } }).type('application/json; charset=utf-8').send(JSON.stringify(body));
  return reply;
}

/**
 * The centre inventory (spec §3 'Receive stock, adjust, set min stock': manager of the centre, admin any;
 * staff view only; technician the availability of a part). Reads take `?centreId=` (an admin's choice; a
 * staff member's or manager's own centre, another answers 404); writes take `centreId` in the body, required
 * for an admin (422 CENTRE_REQUIRED) so an admin never writes to a centre by default.
 */
export const inventoryRoutes: FastifyPluginAsyncZod<{ ctx: InventoryContext }> = named('inventoryRoutes', async (app, { ctx }) => {
  const { db } = ctx;
  cacheControlForAll(app, 'private, no-store');
  registerDataErrors(app);
  const readers = requireCentreRole(db, 'staff', 'manager', 'admin');
  const partReaders = requireCentreRole(db, 'staff', 'technician', 'manager', 'admin');
  const writers = requireCentreRole(db, 'manager', 'admin');
  const stockTables = createFloorReadCache(ctx.events, 'inventory');
  app.addHook('onClose', async () => stockTables.close());
  /** The centre's screens (the manager's inventory, the parts desk's availability) reload: `floor-changed` kind 'inventory'. */
  const stockChanged = async (centreId: number) => {
    try {
      await ctx.events.publishFloorChange(centreId, { kind: 'inventory', appointmentId: null, serviceOrderId: null, at: ctx.clock.now() });
    } catch (error) {
      app.log.error({ err: error }, 'inventory change not published');
    }
  };

  const shipsOnline = async (centreId: number): Promise<boolean> => {
    const row = await db.selectFrom('service_centres').select('ships_online').where('id', '=', centreId).executeTakeFirst();
    return row !== undefined && Number(row.ships_online) === 1;
  };

  /** The centre a write is for: the manager's own; an admin's `centreId` (required). */
  const writeCentre = (scope: CentreScope, requested: number | undefined): Promise<number> => {
    if (scope.centreId === null && requested === undefined) {
      throw new AppError(422, ERROR_CODES.CENTRE_REQUIRED, inventoryMessages.centreRequired, [{ field: 'centreId', message: inventoryMessages.centreRequired }]);
    }
    return centreForRequest(db, scope, requested, { stockLocations: true });
  };

  app.get(
    '/inventory',
    {
      preHandler: readers,
      schema: {
        tags: ['back-office'],
        summary: 'Tồn kho của trung tâm: tồn, giữ chỗ, khả dụng, tối thiểu, giá trị (theo giá bán), có tìm kiếm và phân trang',
        querystring: inventoryQuerySchema,
        response: { 200: envelopeSchema(inventoryPageSchema), ...errors },
      },
    },
    async (request, reply) => {
      const { centreId, q, lowOnly, page, pageSize } = request.query;
      const centre = await centreForRequest(db, centreScopeOf(request), centreId, { stockLocations: true });
      // Every open stock screen of the centre reloads the same pages after each change: kept ready until the
      // next change of the centre (or of the catalogue: names, prices) and for 5 s at most (floorReadCache.ts).
      const key = `${catalogueGeneration()}|${lowOnly ? 'low' : 'all'}|${page}|${pageSize}|${q ?? ''}`;
      const body = await stockTables.json(centre, key, ctx.clock.now(), async () => Buffer.from(JSON.stringify(ok(await listInventory(db, centre, { q, lowOnly, page, pageSize }))), 'utf8'));
      return sendJsonBytes(reply, body);
    },
  );

  app.get(
    '/inventory/summary',
    {
      preHandler: readers,
      schema: {
        tags: ['back-office'],
        summary: 'Tổng quan kho của trung tâm: số sản phẩm, số lượng tồn và giữ chỗ, giá trị (theo giá bán), số sản phẩm dưới mức tối thiểu',
        querystring: centreScopeQuerySchema,
        response: { 200: envelopeSchema(inventorySummarySchema), ...errors },
      },
    },
    async (request) => ok(await inventorySummary(db, await centreForRequest(db, centreScopeOf(request), request.query.centreId, { stockLocations: true }))),
  );

  app.get(
    '/inventory/low-stock',
    {
      preHandler: readers,
      schema: {
        tags: ['back-office'],
        summary: 'Sản phẩm dưới mức tồn tối thiểu (khả dụng ≤ tối thiểu) của trung tâm',
        querystring: centreScopeQuerySchema,
        response: { 200: envelopeSchema(lowStockListSchema), ...errors },
      },
    },
    async (request, reply) => sendJson(reply, ok(await lowStockList(db, await centreForRequest(db, centreScopeOf(request), request.query.centreId, { stockLocations: true })))),
  );

  app.get(
    '/inventory/movements',
    {
      preHandler: readers,
      schema: {
        tags: ['back-office'],
        summary: 'Sổ phát sinh kho (nhập, xuất, trả, điều chỉnh) của trung tâm, mới nhất trước',
        querystring: movementsQuerySchema,
        response: { 200: envelopeSchema(movementPageSchema), ...errors },
      },
    },
    async (request) => {
      const { centreId, ...filters } = request.query;
      return ok(await listMovements(db, await centreForRequest(db, centreScopeOf(request), centreId, { stockLocations: true }), filters));
    },
  );

  app.get(
    '/inventory/availability',
    {
      preHandler: partReaders,
      schema: {
        tags: ['back-office'],
        summary: 'Tồn khả dụng của phụ tùng tại trung tâm (cho yêu cầu phụ tùng)',
        querystring: inventoryAvailabilityQuerySchema,
        response: { 200: envelopeSchema(inventoryAvailabilitySchema), ...errors },
      },
    },
    async (request) => {
      const centre = await centreForRequest(db, centreScopeOf(request), request.query.centreId, { stockLocations: true });
      return ok(await readAvailability(db, centre, request.query.productIds));
    },
  );

  app.post(
    '/inventory/receive',
    {
      preHandler: writers,
      schema: {
        tags: ['back-office'],
        summary: 'Nhập kho từ kho online (nhiều sản phẩm, một giao dịch; quản lý, quản trị)',
        body: receiveInputSchema,
        response: { 200: changeResponse, ...errors },
      },
    },
    async (request) => {
      const scope = centreScopeOf(request);
      const centreId = await writeCentre(scope, request.body.centreId);
      const ids = await inTransaction(db, (trx) =>
        receiveStock(trx, ctx.clock, { centreId, lines: request.body.lines, actorId: scope.userId, note: request.body.note }),
      );
      // The web shop shows the online warehouse's stock: its cached answers are stale now.
      invalidateCatalogue();
      await stockChanged(centreId);
      return ok({ centreId, items: await readItems(db, centreId, ids) }, inventoryMessages.received);
    },
  );

  app.post(
    '/inventory/adjust',
    {
      preHandler: writers,
      schema: {
        tags: ['back-office'],
        summary: 'Điều chỉnh tồn kho theo kiểm kê, có lý do (quản lý, quản trị)',
        body: adjustInputSchema,
        response: { 200: changeResponse, ...errors },
      },
    },
    async (request) => {
      const scope = centreScopeOf(request);
      const { productId, newOnHand, reason } = request.body;
      const centreId = await writeCentre(scope, request.body.centreId);
      await inTransaction(db, (trx) => adjustStock(trx, ctx.clock, { centreId, productId, newOnHand, reason, actorId: scope.userId }));
      await stockChanged(centreId);
      return ok({ centreId, items: await readItems(db, centreId, [productId]) }, inventoryMessages.adjusted);
    },
  );

  app.put(
    '/inventory/:productId/min-stock',
    {
      preValidation: requireKnownField(minStockInputSchema),
      preHandler: writers,
      schema: {
        tags: ['back-office'],
        summary: 'Đặt mức tồn tối thiểu của sản phẩm tại trung tâm (quản lý, quản trị)',
        params: minStockParamsSchema,
        body: minStockInputSchema,
        response: { 200: changeResponse, ...errors },
      },
    },
    async (request) => {
      const scope = centreScopeOf(request);
      const { productId } = request.params;
      const centreId = await writeCentre(scope, request.body.centreId);
      await inTransaction(db, (trx) => setMinStock(trx, ctx.clock, centreId, productId, request.body.minStock));
      await stockChanged(centreId);
      return ok({ centreId, items: await readItems(db, centreId, [productId]) }, inventoryMessages.minStockSaved);
    },
  );
  app.get(
    '/inventory/locations',
    {
      preHandler: readers,
      schema: {
        tags: ['back-office'],
        summary: 'Các điểm kho người dùng được xem (quản trị: tất cả, kho online trước; quản lý, nhân viên: trung tâm của mình)',
        response: { 200: envelopeSchema(stockLocationListSchema), ...errors },
      },
    },
    async (request) => ok(await visibleLocations(db, centreScopeOf(request))),
  );

  app.get(
    '/inventory/products/:productId/stock',
    {
      preHandler: readers,
      schema: {
        tags: ['back-office'],
        summary: 'Tồn kho của một sản phẩm tại từng điểm kho người dùng được xem',
        params: productStockParamsSchema,
        response: { 200: envelopeSchema(productStockSchema), ...errors },
      },
    },
    async (request) => ok(await productStock(db, centreScopeOf(request), request.params.productId)),
  );

  app.get(
    '/inventory/goods-receipts',
    {
      preHandler: readers,
      schema: {
        tags: ['back-office'],
        summary: 'Phiếu nhập hàng từ nhà cung cấp, mới nhất trước (quản trị: tất cả hoặc theo centreId)',
        querystring: goodsReceiptsQuerySchema,
        response: { 200: envelopeSchema(goodsReceiptPageSchema), ...errors },
      },
    },
    async (request) => {
      const scope = centreScopeOf(request);
      const { centreId, page, pageSize } = request.query;
      // An admin without centreId sees every location's receipts; anyone else their own centre's.
      const centre = scope.centreId === null && centreId === undefined ? null : await centreForRequest(db, scope, centreId, { stockLocations: true });
      return ok(await listGoodsReceipts(db, centre, page, pageSize));
    },
  );

  app.get(
    '/inventory/goods-receipts/:id',
    {
      preHandler: readers,
      schema: {
        tags: ['back-office'],
        summary: 'Một phiếu nhập hàng từ nhà cung cấp (liên kết từ sổ phát sinh kho)',
        params: goodsReceiptParamsSchema,
        response: { 200: envelopeSchema(goodsReceiptSchema), ...errors },
      },
    },
    async (request) => ok(await goodsReceiptFor(db, centreScopeOf(request).centreId, request.params.id)),
  );

  app.post(
    '/inventory/goods-receipts',
    {
      preHandler: writers,
      schema: {
        tags: ['back-office'],
        summary: 'Nhập hàng từ nhà cung cấp vào một điểm kho (số lượng, đơn giá nhập; một giao dịch; quản lý, quản trị)',
        body: goodsReceiptInputSchema,
        response: { 201: envelopeSchema(goodsReceiptResultSchema), ...errors },
      },
    },
    async (request, reply) => {
      const scope = centreScopeOf(request);
      const { supplier, reference, note, lines } = request.body;
      const centreId = await writeCentre(scope, request.body.centreId);
      const receipt = await inTransaction(db, (trx) => recordGoodsReceipt(trx, ctx.clock, { centreId, supplier, reference, note, lines, actorId: scope.userId }));
      // The shop sells the ships-online location's stock: its cached answers are stale now.
      if (await shipsOnline(centreId)) invalidateCatalogue();
      await stockChanged(centreId);
      const [answer] = await readGoodsReceipts(db, [receipt.id]);
      return reply.code(201).send(ok({ receipt: answer!, items: await readItems(db, centreId, receipt.productIds) }, inventoryMessages.goodsReceived));
    },
  );
});
