import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorEnvelopeSchema, idParamsSchema, PLATE_CLAIM_STATUSES, plateClaimDecisionInputSchema, plateClaimListResponseSchema, plateClaimResponseSchema } from 'shared-contracts/schemas';
import { ok } from '../../http/envelope';
import { requireRole, currentAuth } from '../../security/authGuard';
import type { AppContext } from '../../appContext';
import { plateClaimMessages, resolvePlateClaim } from './plateClaimResolution';
import { listPlateClaims } from './plateClaims';
import { named } from '../../http/pluginName';

const errors = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema };
const listQuerySchema = z.object({ status: z.enum(PLATE_CLAIM_STATUSES, { error: 'Trạng thái yêu cầu không hợp lệ.' }).default('PENDING') });

/**
 * Plate claims for the back office: GET /staff/plate-claims?status= (pending by default, oldest first) and
 * POST /staff/plate-claims/:id { decision: 'transfer' | 'keep' }. Plates are not a centre's, so every staff
 * member, manager and admin sees every claim.
 */
export const plateClaimRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = named('plateClaimRoutes', async (app, { context }) => {
  const { db, clock } = context;
  const staff = requireRole('staff', 'manager', 'admin');

  app.get(
    '/staff/plate-claims',
    {
      preHandler: staff,
      schema: { tags: ['vehicles'], summary: 'Yêu cầu xác minh biển số', querystring: listQuerySchema, response: { 200: plateClaimListResponseSchema, ...errors } },
    },
    async (request) => ok(await listPlateClaims(db, request.query.status)),
  );

  app.post(
    '/staff/plate-claims/:id',
    {
      preHandler: staff,
      schema: {
        tags: ['vehicles'],
        summary: 'Xử lý yêu cầu xác minh biển số (chuyển cho tài khoản mới hoặc giữ chủ cũ)',
        params: idParamsSchema,
        body: plateClaimDecisionInputSchema,
        response: { 200: plateClaimResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { decision } = request.body;
      await resolvePlateClaim(db, request.params.id, decision, currentAuth(request).userId, clock.now());
      const [claim] = await listPlateClaims(db, 'PENDING', request.params.id);
      return ok(claim!, decision === 'transfer' ? plateClaimMessages.transferred : plateClaimMessages.kept);
    },
  );
});
