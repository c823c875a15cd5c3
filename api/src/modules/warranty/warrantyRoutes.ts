import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idInput,
  warrantyApproveInputSchema,
  warrantyClaimListQuerySchema,
  warrantyClaimListResponseSchema,
  warrantyClaimResponseSchema,
  warrantyCreditInputSchema,
  warrantyDraftInputSchema,
  warrantyRejectInputSchema,
  warrantyReportQuerySchema,
  warrantyReportResponseSchema,
  warrantySubmitInputSchema,
} from 'shared-contracts/schemas';
import { z } from 'zod';
import type { AppContext } from '../../appContext';
import { backOfficeErrors } from '../../http/backOfficeErrors';
import { requireKnownField } from '../../http/bodyFields';
import { cacheControlForAll } from '../../http/cacheControl';
import { ok } from '../../http/envelope';
import { named } from '../../http/pluginName';
import { centreScopeOf, requireCentreRole } from '../../security/centreScope';
import { approveWarrantyClaim, creditWarrantyClaim, editWarrantyDraft, rejectWarrantyClaim, submitWarrantyClaim } from './warrantyClaimActions';
import { listWarrantyClaims, readWarrantyClaim } from './warrantyClaimView';
import { warrantyMessages as messages } from './warrantyMessages';
import { warrantyReport } from './warrantyReport';

const claimParams = z.object({ id: idInput('Mã hồ sơ bảo hành không hợp lệ.') });

/**
 * Warranty claims to manufacturers (issue 66 §5), for a centre's manager (their centre's) and an admin (every
 * centre's): GET /api/warranty/claims, GET/PUT /api/warranty/claims/:id (a draft's description and photos),
 * POST /api/warranty/claims/:id/{submit,approve,reject,credit}, GET /api/warranty/report. Each write carries the
 * claim's version (409 STALE_VERSION when someone changed it since).
 */
export const warrantyRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = named('warrantyRoutes', async (app, { context }) => {
  const { db, clock } = context;
  const tags = ['warranty'];
  const managers = requireCentreRole(db, 'manager', 'admin');
  cacheControlForAll(app, 'private, no-store');

  app.get(
    '/warranty/claims',
    { preHandler: managers, schema: { tags, summary: 'Hồ sơ bảo hành gửi hãng (mới nhất trước)', querystring: warrantyClaimListQuerySchema, response: { 200: warrantyClaimListResponseSchema, ...backOfficeErrors } } },
    async (request) => ok({ items: await listWarrantyClaims(db, centreScopeOf(request), request.query) }),
  );
  app.get(
    '/warranty/claims/:id',
    { preHandler: managers, schema: { tags, summary: 'Một hồ sơ bảo hành', params: claimParams, response: { 200: warrantyClaimResponseSchema, ...backOfficeErrors } } },
    async (request) => ok(await readWarrantyClaim(db, centreScopeOf(request), request.params.id)),
  );
  app.put(
    '/warranty/claims/:id',
    {
      preValidation: requireKnownField(warrantyDraftInputSchema),
      preHandler: managers,
      schema: { tags, summary: 'Sửa hồ sơ nháp: mô tả hư hỏng, ảnh gửi kèm', params: claimParams, body: warrantyDraftInputSchema, response: { 200: warrantyClaimResponseSchema, ...backOfficeErrors } },
    },
    async (request) => {
      const scope = centreScopeOf(request);
      await editWarrantyDraft(db, { scope, at: clock.now() }, request.params.id, request.body);
      return ok(await readWarrantyClaim(db, scope, request.params.id), messages.saved);
    },
  );

  const moves = [
    ['submit', warrantySubmitInputSchema, submitWarrantyClaim, messages.submitted, 'Gửi hồ sơ cho hãng'],
    ['approve', warrantyApproveInputSchema, approveWarrantyClaim, messages.approved, 'Ghi nhận hãng duyệt (số tiền, số hồ sơ của hãng)'],
    ['reject', warrantyRejectInputSchema, rejectWarrantyClaim, messages.rejected, 'Ghi nhận hãng từ chối (lý do)'],
    ['credit', warrantyCreditInputSchema, creditWarrantyClaim, messages.credited, 'Ghi nhận tiền hãng trả (số tiền, hình thức, chứng từ)'],
  ] as const;
  for (const [action, body, run, message, summary] of moves) {
    app.post(
      `/warranty/claims/:id/${action}`,
      {
        preValidation: requireKnownField(body),
        preHandler: managers,
        schema: { tags, summary, params: claimParams, body, response: { 200: warrantyClaimResponseSchema, ...backOfficeErrors } },
      },
      async (request) => {
        const scope = centreScopeOf(request);
        await (run as (db: typeof context.db, actor: { scope: typeof scope; at: Date }, id: number, input: unknown) => Promise<void>)(db, { scope, at: clock.now() }, request.params.id, request.body);
        return ok(await readWarrantyClaim(db, scope, request.params.id), message);
      },
    );
  }

  app.get(
    '/warranty/report',
    { preHandler: managers, schema: { tags, summary: 'Báo cáo bảo hành theo hãng và tháng gửi', querystring: warrantyReportQuerySchema, response: { 200: warrantyReportResponseSchema, ...backOfficeErrors } } },
    async (request) => ok(await warrantyReport(db, centreScopeOf(request), request.query)),
  );
});
