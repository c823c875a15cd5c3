import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorEnvelopeSchema, pickupListQuerySchema, pickupListResponseSchema, shipmentLabelsInputSchema, vietnamDateOf } from 'shared-contracts/schemas';
import type { AppContext } from '../../../appContext';
import { cacheControlForAll } from '../../../http/cacheControl';
import { ok } from '../../../http/envelope';
import { named } from '../../../http/pluginName';
import { centreScopeOf, requireCentreRole } from '../../../security/centreScope';
import { AppError } from '../../../http/appError';
import { shipmentLabelsOf } from './labelData';
import { labelMessages } from './labelMessages';
import { renderShipmentLabels } from './labelPdf';
import { pickupList } from './pickupList';

/** The PDF itself, not the JSON envelope (the reply untyped, as the invoices' PDFs are sent). */
function sendPdf(reply: FastifyReply, name: string, pdf: Buffer): FastifyReply {
  return reply.header('Content-Type', 'application/pdf').header('Content-Disposition', `inline; filename="${name}.pdf"`).send(pdf);
}

const errors = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema, 422: errorEnvelopeSchema };

/**
 * The shipping desk's paper (issue 65 §4), for the centre's staff and manager and for admins:
 * POST /api/staff/shipments/labels { shipmentIds (≤ 500), size } → one PDF, a label a page, of the caller's
 * desk's waybills only (another centre's: 404); GET /api/staff/shipments/pickups?date → the day's parcels waiting
 * for the courier.
 */
export const shipmentDeskRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = named('shipmentDeskRoutes', async (app, { context }) => {
  const { db, clock } = context;
  const deskRoles = requireCentreRole(db, 'staff', 'manager', 'admin');
  cacheControlForAll(app, 'private, no-store');

  app.post(
    '/staff/shipments/labels',
    {
      preHandler: deskRoles,
      schema: {
        tags: ['shipments'],
        summary: 'In nhãn vận đơn: một tệp PDF, mỗi trang một nhãn (A5 hoặc 80×80 mm), tối đa 500 vận đơn của trung tâm',
        body: shipmentLabelsInputSchema,
        response: { 200: { description: 'Tệp PDF nhãn vận đơn', content: { 'application/pdf': { schema: z.string() } } }, ...errors },
      },
    },
    async (request, reply) => {
      const labels = await shipmentLabelsOf(db, centreScopeOf(request), request.body.shipmentIds);
      const pdf = await renderShipmentLabels(labels, request.body.size);
      return sendPdf(reply, `nhan-van-don-${vietnamDateOf(clock.now())}`, pdf);
    },
  );

  app.get(
    '/staff/shipments/pickups',
    {
      preHandler: deskRoles,
      schema: {
        tags: ['shipments'],
        summary: 'Danh sách chờ lấy hàng trong ngày: vận đơn tạo trong ngày đang chờ đơn vị vận chuyển đến lấy',
        querystring: pickupListQuerySchema,
        response: { 200: pickupListResponseSchema, ...errors },
      },
    },
    async (request) => {
      const scope = centreScopeOf(request);
      const { centreId, date } = request.query;
      // Staff and managers see their own desk (another centre asked for: 404); an admin one centre, or all.
      if (scope.centreId !== null && centreId !== undefined && centreId !== scope.centreId) throw AppError.notFound(labelMessages.centreNotFound);
      return ok(await pickupList(db, scope.centreId ?? centreId ?? null, date ?? vietnamDateOf(clock.now())));
    },
  );
});
