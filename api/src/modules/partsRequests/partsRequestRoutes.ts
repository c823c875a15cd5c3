import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  backOfficeErrorSchema,
  envelopeSchema,
  errorEnvelopeSchema,
  idParamsSchema,
  partsDeskQuerySchema,
  partsDeskSchema,
  partsProductSchema,
  partsRequestCreateInputSchema,
  partsRequestDecisionInputSchema,
  partsRequestParamsSchema,
  partsRequestPhoneDecisionInputSchema,
  partsRequestReturnInputSchema,
  partsRequestSchema,
  partsRequestVersionInputSchema,
  partsSearchQuerySchema,
  technicianPartsQuerySchema,
} from 'shared-contracts/schemas';
import { cacheControlForAll } from '../../http/cacheControl';
import { centreScopeOf, requireCentreRole, type CentreScope } from '../../security/centreScope';
import { ok } from '../../http/envelope';
import { registerDataErrors } from '../../http/dataErrors';
import { searchPartsForOrder } from './partsCatalogue';
import type { PartsRequestContext } from './partsRequestContext';
import { readPartsDesk, readTechnicianParts } from './partsRequestLists';
import { loadPartsRequest } from './partsRequestViews';
import {
  createPartsRequest,
  decidePartsRequest,
  issuePartsRequest,
  partsWorkMessages,
  recordPhoneDecision,
  releasePartsRequest,
  requestInScope,
  reservePartsRequest,
  returnParts,
  withdrawPartsRequest,
  type PartsOutcome,
} from './partsRequestWork';
import { named } from '../../http/pluginName';

const errors = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema, 409: backOfficeErrorSchema, 422: errorEnvelopeSchema };
const requestResponse = envelopeSchema(partsRequestSchema);

/**
 * Parts requests on the floor (spec §2, §3, S6, T4). Centre-scoped as the service order's routes (another
 * centre's request or order answers 404); a technician acts only on the order assigned to them (403
 * NOT_ASSIGNED); admins read only (403 ADMIN_READ_ONLY on a write).
 *
 * - POST /technician/service-orders/:id/parts-requests       technician (assigned, IN_PROGRESS)      → 201 request
 * - GET  /technician/parts-requests?serviceOrderId=          technician: my requests                  → request[]
 * - GET  /service-orders/:id/parts?q=&limit=                 technician (assigned), staff, manager, admin: parts for the vehicle, compatible first, availability
 * - GET  /parts-requests/:id                                 technician (assigned), staff, manager, admin
 * - GET  /staff/parts-requests?status=&centreId=             staff, manager, admin: the parts desk
 * - POST /staff/parts-requests/:id/decision                  staff, manager {action: reject (reason) | inScope | sendToCustomer, version}
 * - POST /staff/parts-requests/:id/customer-decision         staff, manager {decision: approve | decline, note, version} (phone)
 * - POST /staff/parts-requests/:id/{withdraw|reserve|issue|release}   staff, manager {version}
 * - POST /staff/parts-requests/:id/return                    staff, manager {quantity, reason?, version}
 *
 * Every write answers the request as it is after the change, with a message saying what happened.
 */
export const partsRequestRoutes: FastifyPluginAsyncZod<{ ctx: PartsRequestContext }> = named('partsRequestRoutes', async (app, { ctx }) => {
  const { db } = ctx;
  cacheControlForAll(app, 'private, no-store');
  registerDataErrors(app);
  const technician = requireCentreRole(db, 'technician');
  const floor = requireCentreRole(db, 'staff', 'technician', 'manager', 'admin');
  const desk = requireCentreRole(db, 'staff', 'manager', 'admin');

  const answer = async (scope: CentreScope, id: number, outcome: PartsOutcome) => ok(await loadPartsRequest(db, id, scope.role), outcome.message);

  app.post(
    '/technician/service-orders/:id/parts-requests',
    {
      preHandler: technician,
      schema: {
        tags: ['back-office'],
        summary: 'Yêu cầu phụ tùng cho phiếu đang làm (kỹ thuật viên được giao; số lượng 1–99; có thể gắn với mục kiểm tra Không đạt)',
        params: idParamsSchema,
        body: partsRequestCreateInputSchema,
        response: { 201: requestResponse, ...errors },
      },
    },
    async (request, reply) => {
      const scope = centreScopeOf(request);
      const id = await createPartsRequest(ctx, scope, request.params.id, request.body);
      return reply.code(201).send(await answer(scope, id, { message: partsWorkMessages.created }));
    },
  );

  app.get(
    '/technician/parts-requests',
    {
      preHandler: technician,
      schema: {
        tags: ['back-office'],
        summary: 'Yêu cầu phụ tùng của tôi (các phiếu đang trên sàn, hoặc một phiếu), kèm trạng thái và tồn kho',
        querystring: technicianPartsQuerySchema,
        response: { 200: envelopeSchema(z.array(partsRequestSchema)), ...errors },
      },
    },
    async (request) => ok(await readTechnicianParts(db, centreScopeOf(request), request.query.serviceOrderId)),
  );

  app.get(
    '/service-orders/:id/parts',
    {
      preHandler: floor,
      schema: {
        tags: ['back-office'],
        summary: 'Tìm phụ tùng cho xe của phiếu (tương thích với dòng xe trước), kèm tồn kho của trung tâm',
        params: idParamsSchema,
        querystring: partsSearchQuerySchema,
        response: { 200: envelopeSchema(z.array(partsProductSchema)), ...errors },
      },
    },
    async (request) => ok(await searchPartsForOrder(db, centreScopeOf(request), request.params.id, request.query)),
  );

  app.get(
    '/parts-requests/:id',
    {
      preHandler: floor,
      schema: { tags: ['back-office'], summary: 'Chi tiết một yêu cầu phụ tùng', params: partsRequestParamsSchema, response: { 200: requestResponse, ...errors } },
    },
    async (request) => {
      const scope = centreScopeOf(request);
      await requestInScope(db, scope, request.params.id);
      return ok(await loadPartsRequest(db, request.params.id, scope.role));
    },
  );

  app.get(
    '/staff/parts-requests',
    {
      preHandler: desk,
      schema: {
        tags: ['back-office'],
        summary: 'Quầy phụ tùng: yêu cầu của trung tâm theo trạng thái, kèm tồn kho khả dụng',
        querystring: partsDeskQuerySchema,
        response: { 200: envelopeSchema(partsDeskSchema), ...errors },
      },
    },
    async (request) => ok(await readPartsDesk(db, centreScopeOf(request), request.query)),
  );

  app.post(
    '/staff/parts-requests/:id/decision',
    {
      preHandler: desk,
      schema: {
        tags: ['back-office'],
        summary: 'Quyết định yêu cầu phụ tùng: từ chối (lý do), duyệt trong phạm vi dịch vụ (giữ hàng ngay), hoặc gửi khách duyệt (hạn 24 giờ, email cho khách)',
        params: partsRequestParamsSchema,
        body: partsRequestDecisionInputSchema,
        response: { 200: requestResponse, ...errors },
      },
    },
    async (request) => {
      const scope = centreScopeOf(request);
      return answer(scope, request.params.id, await decidePartsRequest(ctx, scope, request.params.id, request.body));
    },
  );

  app.post(
    '/staff/parts-requests/:id/customer-decision',
    {
      preHandler: desk,
      schema: {
        tags: ['back-office'],
        summary: 'Ghi nhận quyết định của khách qua điện thoại (đồng ý/từ chối, ghi chú bắt buộc); đồng ý thì giữ hàng ngay',
        params: partsRequestParamsSchema,
        body: partsRequestPhoneDecisionInputSchema,
        response: { 200: requestResponse, ...errors },
      },
    },
    async (request) => {
      const scope = centreScopeOf(request);
      return answer(scope, request.params.id, await recordPhoneDecision(ctx, scope, request.params.id, request.body));
    },
  );

  const versioned = {
    withdraw: [withdrawPartsRequest, 'Rút lại yêu cầu đang chờ khách hoặc đã duyệt mà không có hàng'],
    reserve: [reservePartsRequest, 'Giữ hàng cho yêu cầu đã duyệt (409 INSUFFICIENT_STOCK khi kho không đủ)'],
    issue: [issuePartsRequest, 'Xuất kho phụ tùng đã giữ cho kỹ thuật viên (thêm dòng phụ tùng vào phiếu)'],
    release: [releasePartsRequest, 'Trả hàng đã giữ về kho'],
  } as const;
  for (const [action, [run, summary]] of Object.entries(versioned)) {
    app.post(
      `/staff/parts-requests/:id/${action}`,
      {
        preHandler: desk,
        schema: { tags: ['back-office'], summary, params: partsRequestParamsSchema, body: partsRequestVersionInputSchema, response: { 200: requestResponse, ...errors } },
      },
      async (request) => {
        const scope = centreScopeOf(request);
        return answer(scope, request.params.id, await run(ctx, scope, request.params.id, request.body.version));
      },
    );
  }

  app.post(
    '/staff/parts-requests/:id/return',
    {
      preHandler: desk,
      schema: {
        tags: ['back-office'],
        summary: 'Nhập trả phụ tùng đã xuất (tối đa số đã xuất − đã trả; giảm dòng phụ tùng của phiếu)',
        params: partsRequestParamsSchema,
        body: partsRequestReturnInputSchema,
        response: { 200: requestResponse, ...errors },
      },
    },
    async (request) => {
      const scope = centreScopeOf(request);
      return answer(scope, request.params.id, await returnParts(ctx, scope, request.params.id, request.body));
    },
  );
});
