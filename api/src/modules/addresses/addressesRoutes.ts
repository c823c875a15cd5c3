import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, ERROR_CODES, wardSchema, wardSearchAnswerSchema, wardSearchQuerySchema } from 'shared-contracts/schemas';
import { AppError } from '../../http/appError';
import { ok } from '../../http/envelope';
import { named } from '../../http/pluginName';
import { findWard, searchWards } from '../../lib/wards';

/** Wards change with a resolution, not with the day: browsers and the CDN keep answers a day. */
const ONE_DAY_SECONDS = 86_400;

/**
 * GET /api/addresses/wards?province=&q=&limit= (the ward picker; accent-insensitive, current and former names) and
 * GET /api/addresses/wards/:code. Public and cacheable. The query is checked here (422 with a Vietnamese message per
 * field) rather than by the route schema, whose refusals are 400s.
 */
export const addressesRoutes: FastifyPluginAsyncZod = named('addressesRoutes', async (app) => {
  app.get(
    '/addresses/wards',
    {
      config: { publicCache: { maxAgeSeconds: ONE_DAY_SECONDS } },
      schema: { tags: ['addresses'], summary: 'Tìm phường/xã (không phân biệt dấu, cả tên trước sáp nhập)', response: { 200: envelopeSchema(wardSearchAnswerSchema) } },
    },
    async (request) => {
      const parsed = wardSearchQuerySchema.safeParse(request.query ?? {});
      if (!parsed.success) {
        const errors = parsed.error.issues.map((issue) => ({ field: issue.path.join('.') || 'querystring', message: issue.message }));
        throw new AppError(422, ERROR_CODES.VALIDATION_ERROR, errors[0]?.message ?? 'Yêu cầu tìm phường/xã không hợp lệ.', errors);
      }
      return ok({ wards: searchWards(parsed.data) });
    },
  );

  app.get(
    '/addresses/wards/:code',
    {
      config: { publicCache: { maxAgeSeconds: ONE_DAY_SECONDS } },
      schema: { tags: ['addresses'], summary: 'Một phường/xã theo mã', params: z.object({ code: z.string() }), response: { 200: envelopeSchema(wardSchema) } },
    },
    async (request) => {
      const ward = findWard(request.params.code);
      if (!ward) throw AppError.notFound('Không tìm thấy phường/xã.');
      return ok(ward);
    },
  );
});
