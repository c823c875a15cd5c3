import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { backOfficeErrorSchema, clockInInputSchema, clockStateSchema, envelopeSchema, errorEnvelopeSchema, technicianQueueSchema } from 'shared-contracts/schemas';
import { cacheControlForAll } from '../../http/cacheControl';
import { centreScopeOf, requireCentreRole } from '../../security/centreScope';
import { ok } from '../../http/envelope';
import type { ServiceOrderContext } from './serviceOrderContext';
import { registerDataErrors } from '../../http/dataErrors';
import { clockIn, clockOut, technicianClockMessages } from './technicianClock';
import { readTechnicianQueue } from './technicianQueue';
import { named } from '../../http/pluginName';

const errors = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema, 409: backOfficeErrorSchema, 422: errorEnvelopeSchema };

/** The technician's own floor: the work queue with KPIs, and the clock (technicians only). */
export const technicianRoutes: FastifyPluginAsyncZod<{ ctx: ServiceOrderContext }> = named('technicianRoutes', async (app, { ctx }) => {
  cacheControlForAll(app, 'private, no-store');
  registerDataErrors(app);
  const technician = requireCentreRole(ctx.db, 'technician');

  app.get(
    '/technician/queue',
    {
      preHandler: technician,
      schema: { tags: ['back-office'], summary: 'Hàng việc, đồng hồ và chỉ số của kỹ thuật viên', response: { 200: envelopeSchema(technicianQueueSchema), ...errors } },
    },
    async (request) => ok(await readTechnicianQueue(ctx, centreScopeOf(request))),
  );

  app.post(
    '/technician/clock/in',
    {
      preHandler: technician,
      schema: {
        tags: ['back-office'],
        summary: 'Bấm giờ vào một phiếu đang làm (switch: chuyển từ phiếu đang bấm)',
        body: clockInInputSchema,
        response: { 200: envelopeSchema(clockStateSchema), ...errors },
      },
    },
    async (request) => ok(await clockIn(ctx, centreScopeOf(request), request.body), technicianClockMessages.clockedIn),
  );

  app.post(
    '/technician/clock/out',
    {
      preHandler: technician,
      schema: { tags: ['back-office'], summary: 'Tạm dừng đồng hồ', response: { 200: envelopeSchema(clockStateSchema), ...errors } },
    },
    async (request) => ok(await clockOut(ctx, centreScopeOf(request)), technicianClockMessages.clockedOut),
  );
});
