import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  envelopeSchema,
  errorEnvelopeSchema,
  invoicePointsInputSchema,
  invoicePointsOfferResponseSchema,
  invoicePointsParamsSchema,
  serviceInvoiceSchema,
} from 'shared-contracts/schemas';
import { backOfficeErrors, backOfficeReadErrors } from '../../http/backOfficeErrors';
import { cacheControlForAll } from '../../http/cacheControl';
import { ok } from '../../http/envelope';
import { named } from '../../http/pluginName';
import { centreScopeOf, requireCentreRole } from '../../security/centreScope';
import { applyInvoicePoints, invoicePointsOffer, removeInvoicePoints, type InvoicePointsConsent } from './invoicePoints';
import type { ServiceOrderContext } from './serviceOrderContext';

/**
 * Members' points on an unpaid service invoice at the counter (issue 67 §4), by the staff of the invoice's centre
 * (another centre's invoice answers 404; an admin reads only, 403 on a write):
 *
 * - GET    /staff/service-invoices/:id/points   the member's balance and the most their points may pay
 * - POST   /staff/service-invoices/:id/points   spend points with the customer's consent code (the total drops)
 * - DELETE /staff/service-invoices/:id/points   before payment, give them back (the total is restored)
 */
export const invoicePointsRoutes: FastifyPluginAsyncZod<{ ctx: ServiceOrderContext; consent: InvoicePointsConsent }> = named('invoicePointsRoutes', async (app, { ctx, consent }) => {
  const { db, clock } = ctx;
  cacheControlForAll(app, 'private, no-store');
  const desk = requireCentreRole(db, 'staff', 'manager', 'admin');
  const invoiceResponse = envelopeSchema(serviceInvoiceSchema);

  app.get(
    '/staff/service-invoices/:id/points',
    {
      preHandler: desk,
      schema: {
        tags: ['back-office'],
        summary: 'Điểm thưởng dùng được cho hoá đơn dịch vụ chưa thanh toán: số dư của khách, tối đa dùng được, điểm đã dùng',
        params: invoicePointsParamsSchema,
        response: { 200: invoicePointsOfferResponseSchema, ...backOfficeReadErrors },
      },
    },
    async (request) => ok(await invoicePointsOffer(db, centreScopeOf(request), request.params.id, clock.now())),
  );

  app.post(
    '/staff/service-invoices/:id/points',
    {
      preHandler: desk,
      schema: {
        tags: ['back-office'],
        summary: 'Dùng điểm thưởng cho hoá đơn dịch vụ chưa thanh toán với mã xác nhận của khách (máy chủ tính lại giá trị; một lần mỗi hoá đơn)',
        params: invoicePointsParamsSchema,
        body: invoicePointsInputSchema,
        response: { 200: invoiceResponse, ...backOfficeErrors, 429: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const { invoice, message } = await applyInvoicePoints(ctx, consent, centreScopeOf(request), request.params.id, request.body, clock.now());
      return ok(invoice, message);
    },
  );

  app.delete(
    '/staff/service-invoices/:id/points',
    {
      preHandler: desk,
      schema: {
        tags: ['back-office'],
        summary: 'Bỏ dùng điểm thưởng trước khi thanh toán: hoàn điểm cho khách, trả lại tổng hoá đơn',
        params: invoicePointsParamsSchema,
        response: { 200: invoiceResponse, ...backOfficeErrors },
      },
    },
    async (request) => {
      const { invoice, message } = await removeInvoicePoints(ctx, centreScopeOf(request), request.params.id, clock.now());
      return ok(invoice, message);
    },
  );
});
