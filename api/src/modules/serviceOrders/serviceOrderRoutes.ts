import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  assignmentInputSchema,
  backOfficeErrorSchema,
  boardQuerySchema,
  centreScopeQuerySchema,
  centreTechnicianSchema,
  checkInInputSchema,
  envelopeSchema,
  errorEnvelopeSchema,
  idInput,
  idParamsSchema,
  linePayerInputSchema,
  reasonedActionInputSchema,
  serviceOrderBoardSchema,
  serviceOrderDetailSchema,
  versionedActionInputSchema,
  vietnamDateOf,
} from 'shared-contracts/schemas';
import { requireKnownField } from '../../http/bodyFields';
import { cacheControlForAll } from '../../http/cacheControl';
import { centreForRequest, centreScopeOf, requireCentreRole } from '../../security/centreScope';
import { ok } from '../../http/envelope';
import { jsonBytesOf, sendJsonBytes } from '../../http/readyJson';
import { createFloorReadCache } from '../../events/floorReadCache';
import { listCentreTechnicians } from './centreTechnicians';
import { assignmentMessages, assignServiceOrder } from './serviceOrderAssignment';
import { readBoard } from './serviceOrderBoard';
import { checkInAppointment, checkInMessages } from './serviceOrderCheckIn';
import type { ServiceOrderContext } from './serviceOrderContext';
import { checkedInDetail, readServiceOrderDetail } from './serviceOrderDetail';
import { registerDataErrors } from '../../http/dataErrors';
import { cancelServiceOrder, finishWork, reopenWork, startWork, workMessages } from './serviceOrderWork';
import { named } from '../../http/pluginName';
import { linePayerMessages, setLinePayer } from './linePayer';

const errors = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema, 409: backOfficeErrorSchema, 422: errorEnvelopeSchema };
const detailResponse = envelopeSchema(serviceOrderDetailSchema);
const lineParams = z.object({ id: idInput('Mã phiếu dịch vụ không hợp lệ.'), lineId: idInput('Mã dòng không hợp lệ.') });
const boardBytes = jsonBytesOf(envelopeSchema(serviceOrderBoardSchema));

/**
 * The service order on the floor: check-in at the front desk, the board (staff, managers, admins; not
 * technicians) and an order's detail, assignment of technician and bay, and the work's transitions (start,
 * finish, reopen, cancel). Every route is centre-scoped (another centre's order answers 404) and admins read only
 * (403 ADMIN_READ_ONLY on a write).
 */
export const serviceOrderRoutes: FastifyPluginAsyncZod<{ ctx: ServiceOrderContext }> = named('serviceOrderRoutes', async (app, { ctx }) => {
  const { db, clock } = ctx;
  const boards = createFloorReadCache(ctx.events, 'board');
  app.addHook('onClose', async () => boards.close());
  cacheControlForAll(app, 'private, no-store');
  registerDataErrors(app);
  const desk = requireCentreRole(db, 'staff', 'manager', 'admin');
  const floor = requireCentreRole(db, 'staff', 'technician', 'manager', 'admin');

  app.post(
    '/staff/appointments/:id/check-in',
    {
      preHandler: desk,
      schema: {
        tags: ['back-office'],
        summary: 'Tiếp nhận xe: mở phiếu dịch vụ từ lịch hẹn trong ngày (nhân viên, quản lý)',
        params: idParamsSchema,
        body: checkInInputSchema,
        response: { 201: detailResponse, ...errors },
      },
    },
    async (request, reply) => {
      const scope = centreScopeOf(request);
      const order = await checkInAppointment(ctx, scope, request.params.id, request.body);
      return reply.code(201).send(ok(await checkedInDetail(ctx, scope, order), checkInMessages.checkedIn));
    },
  );

  // The board is the front desk's (spec §3: the day's appointments with the customers' contacts are not a
  // technician's; their work queue is GET /technician/queue): technicians get 403 FORBIDDEN.
  app.get(
    '/service-orders/board',
    {
      preHandler: desk,
      schema: {
        tags: ['back-office'],
        summary: 'Bảng phiếu dịch vụ của trung tâm trong ngày (nhân viên, quản lý; quản trị viên chỉ xem)',
        querystring: boardQuerySchema,
        response: { 200: envelopeSchema(serviceOrderBoardSchema), ...errors },
      },
    },
    async (request, reply) => {
      const scope = centreScopeOf(request);
      const now = clock.now();
      // Every staff screen of the centre asks for the same board: kept ready until the floor changes.
      const centreId = await centreForRequest(db, scope, request.query.centreId);
      const date = request.query.date ?? vietnamDateOf(now);
      const body = await boards.json(centreId, date, now, async () => boardBytes(ok(await readBoard(ctx, scope, { centreId, date }))));
      return sendJsonBytes(reply, body);
    },
  );

  app.get(
    '/service-orders/:id',
    {
      preHandler: floor,
      schema: { tags: ['back-office'], summary: 'Chi tiết phiếu dịch vụ', params: idParamsSchema, response: { 200: detailResponse, ...errors } },
    },
    async (request) => ok(await readServiceOrderDetail(ctx, centreScopeOf(request), request.params.id)),
  );

  app.patch(
    '/service-orders/:id/assignment',
    {
      preValidation: requireKnownField(assignmentInputSchema),
      preHandler: floor,
      schema: {
        tags: ['back-office'],
        summary: 'Phân công kỹ thuật viên và khoang (nhân viên, quản lý)',
        params: idParamsSchema,
        body: assignmentInputSchema,
        response: { 200: detailResponse, ...errors },
      },
    },
    async (request) => {
      const scope = centreScopeOf(request);
      await assignServiceOrder(ctx, scope, request.params.id, request.body);
      return ok(await readServiceOrderDetail(ctx, scope, request.params.id), assignmentMessages.saved);
    },
  );

  app.put(
    '/service-orders/:id/lines/:lineId/payer',
    {
      preValidation: requireKnownField(linePayerInputSchema),
      preHandler: floor,
      schema: {
        tags: ['back-office'],
        summary: 'Người trả một dòng: khách hàng, bảo hành hãng, trung tâm hỗ trợ (nhân viên, quản lý; trước khi lập hoá đơn)',
        params: lineParams,
        body: linePayerInputSchema,
        response: { 200: detailResponse, ...errors },
      },
    },
    async (request) => {
      const scope = centreScopeOf(request);
      await setLinePayer(ctx, scope, request.params.id, request.params.lineId, request.body);
      return ok(await readServiceOrderDetail(ctx, scope, request.params.id), linePayerMessages.saved(request.body.payer));
    },
  );

  const versioned = { start: [startWork, workMessages.started], finish: [finishWork, workMessages.finished] } as const;
  for (const [action, [run, message]] of Object.entries(versioned)) {
    app.post(
      `/service-orders/:id/${action}`,
      {
        preHandler: floor,
        schema: {
          tags: ['back-office'],
          summary: action === 'start' ? 'Bắt đầu làm (kỹ thuật viên được giao)' : 'Hoàn thành công việc (kỹ thuật viên được giao)',
          params: idParamsSchema,
          body: versionedActionInputSchema,
          response: { 200: detailResponse, ...errors },
        },
      },
      async (request) => {
        const scope = centreScopeOf(request);
        await run(ctx, scope, request.params.id, request.body.version);
        return ok(await readServiceOrderDetail(ctx, scope, request.params.id), message);
      },
    );
  }

  const reasoned = { reopen: [reopenWork, workMessages.reopened], cancel: [cancelServiceOrder, workMessages.cancelled] } as const;
  for (const [action, [run, message]] of Object.entries(reasoned)) {
    app.post(
      `/service-orders/:id/${action}`,
      {
        preHandler: floor,
        schema: {
          tags: ['back-office'],
          summary: action === 'reopen' ? 'Mở lại phiếu đã xong việc (nhân viên, quản lý; lý do)' : 'Hủy phiếu dịch vụ và lịch hẹn (nhân viên, quản lý; lý do)',
          params: idParamsSchema,
          body: reasonedActionInputSchema,
          response: { 200: detailResponse, ...errors },
        },
      },
      async (request) => {
        const scope = centreScopeOf(request);
        await run(ctx, scope, request.params.id, request.body.version, request.body.reason);
        return ok(await readServiceOrderDetail(ctx, scope, request.params.id), message);
      },
    );
  }

  app.get(
    '/staff/technicians',
    {
      preHandler: desk,
      schema: {
        tags: ['back-office'],
        summary: 'Kỹ thuật viên của trung tâm (để phân công)',
        querystring: centreScopeQuerySchema,
        response: { 200: envelopeSchema(z.array(centreTechnicianSchema)), ...errors },
      },
    },
    async (request) => ok(await listCentreTechnicians(ctx, centreScopeOf(request), request.query.centreId)),
  );
});
