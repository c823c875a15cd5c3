import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  backOfficeErrorSchema,
  centreScopeQuerySchema,
  customerDetailQuerySchema,
  customerSearchQuerySchema,
  customerSearchResultSchema,
  envelopeSchema,
  errorEnvelopeSchema,
  idParamsSchema,
  slotFullErrorSchema,
  staffAppointmentSchema,
  staffAppointmentsQuerySchema,
  staffBaysSchema,
  staffCustomerDetailSchema,
  staffDaySchema,
  staffSummarySchema,
  vietnamDateOf,
  walkInInputSchema,
} from 'shared-contracts/schemas';
import { cacheControlForAll } from '../../http/cacheControl';
import { centreForRequest, centreScopeOf, requireCentreRole } from '../../security/centreScope';
import { ok } from '../../http/envelope';
import { jsonBytesOf, sendJsonBytes } from '../../http/readyJson';
import { answerSlotFull } from '../bookings';
import { readStaffBays } from './bayBoard';
import { readCustomerDetail, searchCustomers } from './customerLookup';
import { createFloorReadCache } from '../../events/floorReadCache';
import { readStaffSummary } from './floorSummary';
import { readStaffDay } from './staffDay';
import { createWalkIn, walkInMessages, type WalkInContext } from './walkIn';
import { named } from '../../http/pluginName';

const dayBytes = jsonBytesOf(envelopeSchema(staffDaySchema));
const errors = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema, 422: errorEnvelopeSchema };

/**
 * The front desk (spec back-office §7 S1, S2, S4): the centre's day of appointments, walk-ins, the customer
 * lookup (the centre's customers; another centre's by exact phone or plate, limited: customerLookup.ts),
 * today's counters and the bays with a vehicle in them. Staff and managers see their own centre (another centre's answers 404), admins
 * any centre with `?centreId=` and read only (a walk-in answers 403 ADMIN_READ_ONLY); technicians are not the
 * front desk's (403).
 */
export const deskRoutes: FastifyPluginAsyncZod<{ ctx: WalkInContext }> = named('deskRoutes', async (app, { ctx }) => {
  const { db, clock } = ctx;
  cacheControlForAll(app, 'private, no-store');
  answerSlotFull(app);
  const desk = requireCentreRole(db, 'staff', 'manager', 'admin');
  const dayViews = createFloorReadCache(ctx.events, 'day');
  app.addHook('onClose', async () => dayViews.close());

  app.get(
    '/staff/appointments',
    {
      preHandler: desk,
      schema: {
        tags: ['back-office'],
        summary: 'Lịch hẹn trong ngày của trung tâm (lọc theo trạng thái; tìm theo biển số, số điện thoại, mã lịch)',
        querystring: staffAppointmentsQuerySchema,
        response: { 200: envelopeSchema(staffDaySchema), ...errors },
      },
    },
    async (request, reply) => {
      const scope = centreScopeOf(request);
      const now = clock.now();
      const { status, q } = request.query;
      if (status !== undefined || q !== undefined) return ok(await readStaffDay(db, scope, request.query, now));
      // The whole day, as every screen of the centre asks for it: kept ready until the floor changes.
      const centreId = await centreForRequest(db, scope, request.query.centreId);
      const date = request.query.date ?? vietnamDateOf(now);
      const body = await dayViews.json(centreId, date, now, async () => dayBytes(ok(await readStaffDay(db, scope, { centreId, date }, now))));
      return sendJsonBytes(reply, body);
    },
  );

  app.post(
    '/staff/appointments/walk-in',
    {
      preHandler: desk,
      schema: {
        tags: ['back-office'],
        summary: 'Khách đến trực tiếp: lịch hẹn ngay trong khung 30 phút trống đầu tiên từ bây giờ (nhân viên, quản lý)',
        body: walkInInputSchema,
        response: { 201: envelopeSchema(staffAppointmentSchema), ...errors, 409: z.union([slotFullErrorSchema, backOfficeErrorSchema]) },
      },
    },
    async (request, reply) => reply.code(201).send(ok(await createWalkIn(ctx, centreScopeOf(request), request.body), walkInMessages.created)),
  );

  app.get(
    '/staff/customers',
    {
      preHandler: desk,
      schema: {
        tags: ['back-office'],
        summary:
          'Tìm khách hàng của trung tâm theo tên, số điện thoại, email hoặc biển số (không phân biệt dấu, tối đa 20); số điện thoại hoặc biển số chính xác tìm cả khách của trung tâm khác (chỉ tên, số điện thoại, xe)',
        querystring: customerSearchQuerySchema,
        response: { 200: envelopeSchema(z.array(customerSearchResultSchema)), ...errors },
      },
    },
    async (request) => ok(await searchCustomers(db, centreScopeOf(request), request.query)),
  );

  app.get(
    '/staff/customers/:id',
    {
      preHandler: desk,
      schema: {
        tags: ['back-office'],
        summary:
          'Hồ sơ khách hàng (chỉ xem): xe, lịch hẹn và phiếu dịch vụ của trung tâm, đơn hàng, lịch sử bảo dưỡng; khách của trung tâm khác chỉ khi q là đúng số điện thoại hoặc biển số (chỉ tên, số điện thoại, xe)',
        params: idParamsSchema,
        querystring: customerDetailQuerySchema,
        response: { 200: envelopeSchema(staffCustomerDetailSchema), ...errors },
      },
    },
    async (request) => ok(await readCustomerDetail(db, centreScopeOf(request), request.params.id, request.query)),
  );

  app.get(
    '/staff/summary',
    {
      preHandler: desk,
      schema: {
        tags: ['back-office'],
        summary: 'Số liệu hôm nay của trung tâm: lịch chờ tiếp nhận, đã tiếp nhận, đang làm, chờ thanh toán',
        querystring: centreScopeQuerySchema,
        response: { 200: envelopeSchema(staffSummarySchema), ...errors },
      },
    },
    async (request) => ok(await readStaffSummary(db, centreScopeOf(request), request.query.centreId, clock.now())),
  );

  app.get(
    '/staff/bays',
    {
      preHandler: desk,
      schema: {
        tags: ['back-office'],
        summary: 'Các khoang của trung tâm và xe đang nằm trong từng khoang (để đánh dấu "Đang có xe" khi tiếp nhận)',
        querystring: centreScopeQuerySchema,
        response: { 200: envelopeSchema(staffBaysSchema), ...errors },
      },
    },
    async (request) => ok(await readStaffBays(db, centreScopeOf(request), request.query.centreId)),
  );
});
