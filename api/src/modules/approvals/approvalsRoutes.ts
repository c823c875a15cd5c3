import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { approvalParamsSchema, customerApprovalInputSchema, customerApprovalSchema, envelopeSchema, errorEnvelopeSchema } from 'shared-contracts/schemas';
import { authenticate, currentAuth } from '../../security/authGuard';
import { cacheControlForAll } from '../../http/cacheControl';
import { ok } from '../../http/envelope';
import type { PartsRequestContext } from '../partsRequests';
import { decideApproval, listApprovals } from './customerApprovals';
import { named } from '../../http/pluginName';

const errors = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema, 422: errorEnvelopeSchema };

/**
 * The customer's approval of extra work ('Cần bạn duyệt', spec §6), their own orders only:
 *
 * - GET  /me/approvals                  the requests waiting for my answer (part, quantity, prices, reason, the
 *                                       finding with its photos, the estimate now and with it, the deadline)
 * - POST /me/approvals/:requestId       {decision: 'approve' | 'decline', reason?}: 200 with the request as it is
 *                                       now; the same decision again 200 unchanged; 409 DECISION_ALREADY_RECORDED,
 *                                       409 APPROVAL_EXPIRED; another customer's request 404
 */
export const approvalsRoutes: FastifyPluginAsyncZod<{ ctx: PartsRequestContext }> = named('approvalsRoutes', async (app, { ctx }) => {
  cacheControlForAll(app, 'private, no-store');

  app.get(
    '/me/approvals',
    {
      preHandler: authenticate,
      schema: {
        tags: ['appointments'],
        summary: 'Phụ tùng cần tôi duyệt (các phiếu dịch vụ của tôi)',
        response: { 200: envelopeSchema(z.array(customerApprovalSchema)), ...errors },
      },
    },
    async (request) => ok(await listApprovals(ctx.db, currentAuth(request).userId, ctx.clock.now())),
  );

  app.post(
    '/me/approvals/:requestId',
    {
      preHandler: authenticate,
      schema: {
        tags: ['appointments'],
        summary: 'Đồng ý hoặc từ chối thay phụ tùng (trước hạn; gửi lại cùng quyết định không đổi gì)',
        params: approvalParamsSchema,
        body: customerApprovalInputSchema,
        response: { 200: envelopeSchema(customerApprovalSchema), ...errors },
      },
    },
    async (request) => {
      const { approval, message } = await decideApproval(ctx, currentAuth(request).userId, request.params.requestId, request.body);
      return ok(approval, message);
    },
  );
});
