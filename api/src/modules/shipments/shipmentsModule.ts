import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createShipmentInputSchema, errorEnvelopeSchema, INTEGRATED_CARRIERS, orderCodeParamsSchema, shipmentViewSchema, type IntegratedCarrier } from 'shared-contracts/schemas';
import type { AppContext } from '../../appContext';
import { cacheControlForAll } from '../../http/cacheControl';
import { ok } from '../../http/envelope';
import { named } from '../../http/pluginName';
import { startScheduledJob, type ScheduledJob } from '../../jobs/scheduledJob';
import { centreScopeOf, requireCentreRole } from '../../security/centreScope';
import { applyCarrierWebhook } from './carrierWebhooks';
import { cancelShipment, createShipment, shipmentInScope } from './createShipment';
import { followQuietParcels, PARCEL_FOLLOW_SCHEDULE } from './followQuietParcels';
import { defaultShipmentDeps, type ShipmentDeps } from './shipmentDeps';
import { shipmentMessages } from './shipmentMessages';
import { toShipmentView } from './shipmentView';

const errors = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema, 422: errorEnvelopeSchema, 503: errorEnvelopeSchema };
const shipmentAnswer = z.object({ data: shipmentViewSchema, message: z.string().optional() });
const idParams = z.object({ id: z.coerce.number().int().positive({ error: 'Mã vận đơn không hợp lệ.' }) });
/** A carrier's webhook body is small; more is refused (413) before it is read. */
const WEBHOOK_BODY_LIMIT = 64 * 1024;

const RAW = Symbol('rawCarrierBody');
type WithRaw = FastifyRequest & { [RAW]?: string };

/** The webhooks' bodies (JSON or form) are kept as text exactly as the carrier sent them; the adapter parses them. */
function keepRawBodies(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: WEBHOOK_BODY_LIMIT }, (request, body, done) => {
    (request as WithRaw)[RAW] = typeof body === 'string' ? body : body.toString('utf8');
    done(null, null);
  });
}

/**
 * The desk's waybills and the carriers' webhooks (issue 65 §4–5): POST /api/staff/web-orders/:code/shipment ("Tạo
 * vận đơn"), POST /api/staff/shipments/:id/cancel, GET /api/staff/shipments/:id (staff, manager, admin; another
 * centre's is 404), POST /api/webhooks/carriers/ghn and /ghtk (verified by the carrier's adapter, raw body kept);
 * hourly, the parcels not heard of for hours are asked of their carrier (followQuietParcels).
 */
export const shipmentsModule: FastifyPluginAsyncZod<{ context: AppContext; deps?: ShipmentDeps }> = named('shipmentsModule', async (app, { context, deps = defaultShipmentDeps }) => {
  const { db, clock, config, events } = context;
  const ctx = { db, clock, config, events };
  const deskRoles = requireCentreRole(db, 'staff', 'manager', 'admin');
  cacheControlForAll(app, 'private, no-store');

  app.post(
    '/staff/web-orders/:code/shipment',
    {
      preHandler: deskRoles,
      schema: { tags: ['shipments'], summary: 'Tạo vận đơn với đơn vị vận chuyển cho đơn hàng đã đóng gói', params: orderCodeParamsSchema, body: createShipmentInputSchema, response: { 200: shipmentAnswer, ...errors } },
    },
    async (request) => {
      const shipment = await createShipment(ctx, deps, centreScopeOf(request), request.params.code, request.body);
      return ok(await toShipmentView(db, shipment, request.params.code), shipmentMessages.created);
    },
  );

  app.post(
    '/staff/shipments/:id/cancel',
    { preHandler: deskRoles, schema: { tags: ['shipments'], summary: 'Hủy vận đơn trước khi đơn vị vận chuyển lấy hàng', params: idParams, response: { 200: shipmentAnswer, ...errors } } },
    async (request) => {
      const scope = centreScopeOf(request);
      const shipment = await cancelShipment(ctx, deps, scope, request.params.id);
      const { order } = await shipmentInScope(db, scope, shipment.id);
      return ok(await toShipmentView(db, shipment, order.code), shipmentMessages.cancelled);
    },
  );

  app.get(
    '/staff/shipments/:id',
    { preHandler: deskRoles, schema: { tags: ['shipments'], summary: 'Vận đơn: trạng thái và hành trình', params: idParams, response: { 200: shipmentAnswer, ...errors } } },
    async (request) => {
      const { shipment, order } = await shipmentInScope(db, centreScopeOf(request), request.params.id);
      return ok(await toShipmentView(db, shipment, order.code));
    },
  );

  await app.register(
    named('carrierWebhooks', async (webhooks) => {
      keepRawBodies(webhooks);
      for (const carrier of INTEGRATED_CARRIERS) {
        webhooks.post(
          `/webhooks/carriers/${carrier.toLowerCase()}`,
          { bodyLimit: WEBHOOK_BODY_LIMIT, schema: { tags: ['shipments'], summary: `Webhook trạng thái đơn của ${carrier}`, response: { 200: z.object({ data: z.object({ received: z.number(), applied: z.number() }), message: z.string().optional() }), 400: errorEnvelopeSchema, 401: errorEnvelopeSchema } } },
          async (request) => {
            const outcome = await applyCarrierWebhook(ctx, deps, carrier as IntegratedCarrier, { headers: request.headers, query: request.query as Record<string, string | undefined>, rawBody: (request as WithRaw)[RAW] ?? '' }, request.log);
            return ok(outcome, shipmentMessages.received);
          },
        );
      }
    }),
  );

  // Once the server listens: missed webhooks caught up from the carriers' order details (hourly, once across instances).
  let follow: ScheduledJob | null = null;
  const log = app.log.child({ module: 'shipments' });
  app.addHook('onListen', async () => {
    follow ??= startScheduledJob({ name: 'parcel follow-up', pattern: PARCEL_FOLLOW_SCHEDULE, run: async () => (await followQuietParcels(ctx, deps, log)).moved, log, db, clock });
  });
  app.addHook('onClose', async () => {
    await follow?.stop();
  });
});
