import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorEnvelopeSchema,
  paymentExceptionDetailResponseSchema,
  paymentExceptionDismissInputSchema,
  paymentExceptionIdParamsSchema,
  paymentExceptionListQuerySchema,
  paymentExceptionListResponseSchema,
  paymentExceptionMatchInputSchema,
  paymentExceptionRefundInputSchema,
  paymentExceptionReinstateInputSchema,
} from 'shared-contracts/schemas';
import type { AppContext } from '../../../appContext';
import { cacheControlForAll } from '../../../http/cacheControl';
import { ok } from '../../../http/envelope';
import { centreScopeOf, requireCentreRole } from '../../../security/centreScope';
import { paymentExceptionMessages } from './paymentExceptionMessages';
import { listPaymentExceptions, paymentExceptionDetail } from './paymentExceptionQueries';
import { exceptionInScope } from './paymentExceptionScope';
import { dismissException, matchException, refundException, type PaymentExceptionContext } from './paymentExceptionWork';
import { reinstateException } from './reinstateException';
import { named } from '../../../http/pluginName';

const errors = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema };
const actionErrors = { ...errors, 409: errorEnvelopeSchema, 422: errorEnvelopeSchema };

/**
 * The payments exceptions queue (shop-operations §5, issue 35 §3) for the desk's staff and manager and for admin:
 * GET /api/payment-exceptions (open or resolved, a page), GET /api/payment-exceptions/:id (raw body, audit,
 * refunds), POST …/:id/match | reinstate | refund | dismiss (each with the version read). A transfer belongs to
 * the desk of the order or the centre of the service invoice it names, else to the desk that ships online orders;
 * another desk's is 404. A match may name a service invoice (HD…) of the caller's centre.
 */
export const paymentExceptionsModule: FastifyPluginAsyncZod<{ context: AppContext }> = named('paymentExceptionsModule', async (app, { context }) => {
  const { db, clock, config, events } = context;
  const ctx: PaymentExceptionContext = { db, clock, config, events, log: app.log };
  const deskRoles = requireCentreRole(db, 'staff', 'manager', 'admin');

  cacheControlForAll(app, 'private, no-store');

  app.get(
    '/payment-exceptions',
    {
      preHandler: deskRoles,
      schema: {
        tags: ['payment-exceptions'],
        summary: 'Giao dịch cần xử lý (thiếu tiền, thừa tiền, không tìm thấy mã đơn, đơn hết hạn/đã hủy/đã thanh toán) của quầy',
        querystring: paymentExceptionListQuerySchema,
        response: { 200: paymentExceptionListResponseSchema, ...errors },
      },
    },
    async (request) => ok(await listPaymentExceptions(db, config, centreScopeOf(request).centreId, request.query)),
  );

  app.get(
    '/payment-exceptions/:id',
    {
      preHandler: deskRoles,
      schema: {
        tags: ['payment-exceptions'],
        summary: 'Chi tiết giao dịch cần xử lý: nội dung gốc, số tiền, lý do, đơn gợi ý, lịch sử xử lý, hoàn tiền',
        params: paymentExceptionIdParamsSchema,
        response: { 200: paymentExceptionDetailResponseSchema, ...errors },
      },
    },
    async (request) => {
      const scope = centreScopeOf(request);
      return ok(await paymentExceptionDetail(db, await exceptionInScope(db, config, scope, request.params.id), scope.centreId));
    },
  );

  const detailOf = async (scope: ReturnType<typeof centreScopeOf>, id: number) => paymentExceptionDetail(db, await exceptionInScope(db, config, scope, id), scope.centreId);

  app.post(
    '/payment-exceptions/:id/match',
    {
      preHandler: deskRoles,
      schema: {
        tags: ['payment-exceptions'],
        summary: 'Ghép giao dịch vào một đơn chưa thanh toán có tổng tiền bằng số tiền nhận được; đơn được ghi nhận đã thanh toán',
        params: paymentExceptionIdParamsSchema,
        body: paymentExceptionMatchInputSchema,
        response: { 200: paymentExceptionDetailResponseSchema, ...actionErrors },
      },
    },
    async (request) => {
      const scope = centreScopeOf(request);
      const { paid } = await matchException(ctx, scope, request.params.id, request.body);
      return ok(await detailOf(scope, request.params.id), paid === 'SERVICE_INVOICE' ? paymentExceptionMessages.matchedInvoice : paymentExceptionMessages.matched);
    },
  );

  app.post(
    '/payment-exceptions/:id/reinstate',
    {
      preHandler: deskRoles,
      schema: {
        tags: ['payment-exceptions'],
        summary: 'Khôi phục đơn đã hủy do quá hạn thanh toán khi tiền chuyển đến muộn: giữ lại hàng, đơn về "Đã đặt hàng" và đã thanh toán',
        params: paymentExceptionIdParamsSchema,
        body: paymentExceptionReinstateInputSchema,
        response: { 200: paymentExceptionDetailResponseSchema, ...actionErrors },
      },
    },
    async (request) => {
      const scope = centreScopeOf(request);
      await reinstateException(ctx, scope, request.params.id, request.body);
      return ok(await detailOf(scope, request.params.id), paymentExceptionMessages.reinstatedDone);
    },
  );

  app.post(
    '/payment-exceptions/:id/refund',
    {
      preHandler: deskRoles,
      schema: {
        tags: ['payment-exceptions'],
        summary: 'Ghi nhận hoàn tiền cho giao dịch (số tiền, hình thức, mã giao dịch ngân hàng, lý do)',
        params: paymentExceptionIdParamsSchema,
        body: paymentExceptionRefundInputSchema,
        response: { 200: paymentExceptionDetailResponseSchema, ...actionErrors },
      },
    },
    async (request) => {
      const scope = centreScopeOf(request);
      await refundException(ctx, scope, request.params.id, request.body);
      return ok(await detailOf(scope, request.params.id), paymentExceptionMessages.refunded);
    },
  );

  app.post(
    '/payment-exceptions/:id/dismiss',
    {
      preHandler: deskRoles,
      schema: {
        tags: ['payment-exceptions'],
        summary: 'Bỏ qua giao dịch không phải khách trả tiền đơn hàng (kèm lý do)',
        params: paymentExceptionIdParamsSchema,
        body: paymentExceptionDismissInputSchema,
        response: { 200: paymentExceptionDetailResponseSchema, ...actionErrors },
      },
    },
    async (request) => {
      const scope = centreScopeOf(request);
      await dismissException(ctx, scope, request.params.id, request.body);
      return ok(await detailOf(scope, request.params.id), paymentExceptionMessages.dismissed);
    },
  );
});
