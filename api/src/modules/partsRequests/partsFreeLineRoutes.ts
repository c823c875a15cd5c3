import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  backOfficeErrorSchema,
  envelopeSchema,
  errorEnvelopeSchema,
  freePartLineCreateInputSchema,
  freePartLineLinkInputSchema,
  freePartLineParamsSchema,
  freePartLineSchema,
  freePartLineSpecialOrderInputSchema,
  freePartLinesQuerySchema,
  idParamsSchema,
} from 'shared-contracts/schemas';
import { cacheControlForAll } from '../../http/cacheControl';
import { registerDataErrors } from '../../http/dataErrors';
import { ok } from '../../http/envelope';
import { centreScopeOf, requireCentreRole } from '../../security/centreScope';
import { createFreeLine, freeLineMessages, linkFreeLine, loadFreeLine, readFreeLines, readMyFreeLines, specialOrderFreeLine } from './partsFreeLines';
import type { PartsRequestContext } from './partsRequestContext';
import { named } from '../../http/pluginName';

const errors = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema, 409: backOfficeErrorSchema, 422: errorEnvelopeSchema };
const lineResponse = envelopeSchema(freePartLineSchema);

/**
 * Parts outside the catalogue (issue 36), centre-scoped as the parts requests:
 * - POST /technician/service-orders/:id/parts-free-lines   technician (assigned, IN_PROGRESS)  → 201 line (OPEN)
 * - GET  /technician/parts-free-lines                      technician: the lines on my orders on the floor
 * - GET  /staff/parts-free-lines?centreId=                 staff, manager, admin: OPEN first
 * - POST /staff/parts-free-lines/:id/link                  staff, manager {productId, version} → line (LINKED, partsRequestId)
 * - POST /staff/parts-free-lines/:id/special-order         staff, manager {supplierNote, expectedDate, version} → line
 */
export const partsFreeLineRoutes: FastifyPluginAsyncZod<{ ctx: PartsRequestContext }> = named('partsFreeLineRoutes', async (app, { ctx }) => {
  const { db } = ctx;
  cacheControlForAll(app, 'private, no-store');
  registerDataErrors(app);
  const technician = requireCentreRole(db, 'technician');
  const desk = requireCentreRole(db, 'staff', 'manager', 'admin');

  app.post(
    '/technician/service-orders/:id/parts-free-lines',
    {
      preHandler: technician,
      schema: {
        tags: ['back-office'],
        summary: 'Yêu cầu phụ tùng ngoài danh mục: mô tả (≤ 200 ký tự), số lượng 1–99, ghi chú; có thể gắn với mục kiểm tra Không đạt',
        params: idParamsSchema,
        body: freePartLineCreateInputSchema,
        response: { 201: lineResponse, ...errors },
      },
    },
    async (request, reply) => {
      const scope = centreScopeOf(request);
      const id = await createFreeLine(ctx, scope, request.params.id, request.body);
      return reply.code(201).send(ok(await loadFreeLine(db, id, scope.role), freeLineMessages.created));
    },
  );

  app.get(
    '/technician/parts-free-lines',
    {
      preHandler: technician,
      schema: {
        tags: ['back-office'],
        summary: 'Phụ tùng ngoài danh mục tôi đã yêu cầu (các phiếu đang trên sàn), kèm trạng thái xử lý của quầy',
        response: { 200: envelopeSchema(z.array(freePartLineSchema)), ...errors },
      },
    },
    async (request) => ok(await readMyFreeLines(db, centreScopeOf(request))),
  );

  app.get(
    '/staff/parts-free-lines',
    {
      preHandler: desk,
      schema: {
        tags: ['back-office'],
        summary: 'Quầy phụ tùng: các dòng "Ngoài danh mục" của trung tâm, dòng chờ xử lý trước',
        querystring: freePartLinesQuerySchema,
        response: { 200: envelopeSchema(z.array(freePartLineSchema)), ...errors },
      },
    },
    async (request) => ok(await readFreeLines(db, centreScopeOf(request), request.query)),
  );

  app.post(
    '/staff/parts-free-lines/:id/link',
    {
      preHandler: desk,
      schema: {
        tags: ['back-office'],
        summary: 'Gắn dòng ngoài danh mục với một sản phẩm: tạo yêu cầu phụ tùng (Chờ duyệt) với giá hiện tại của sản phẩm',
        params: freePartLineParamsSchema,
        body: freePartLineLinkInputSchema,
        response: { 200: envelopeSchema(freePartLineSchema.extend({ partsRequestId: z.number().int().positive() })), ...errors },
      },
    },
    async (request) => {
      const scope = centreScopeOf(request);
      await linkFreeLine(ctx, scope, request.params.id, request.body);
      const line = await loadFreeLine(db, request.params.id, scope.role);
      return ok({ ...line, partsRequestId: line.partsRequestId! }, freeLineMessages.linked);
    },
  );

  app.post(
    '/staff/parts-free-lines/:id/special-order',
    {
      preHandler: desk,
      schema: {
        tags: ['back-office'],
        summary: 'Đặt hàng riêng cho dòng ngoài danh mục: nhà cung cấp và ngày dự kiến về hàng',
        params: freePartLineParamsSchema,
        body: freePartLineSpecialOrderInputSchema,
        response: { 200: lineResponse, ...errors },
      },
    },
    async (request) => {
      const scope = centreScopeOf(request);
      await specialOrderFreeLine(ctx, scope, request.params.id, request.body);
      return ok(await loadFreeLine(db, request.params.id, scope.role), freeLineMessages.specialOrdered);
    },
  );
});
