import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  ERROR_CODES,
  idInput,
  vehicleModelAdminListResponseSchema,
  vehicleModelAdminRecordResponseSchema,
  vehicleModelDeleteResponseSchema,
  vehicleModelInputSchema,
  vehicleModelListQuerySchema,
  vehicleModelListResponseSchema,
  vehicleModelResponseSchema,
  type VehicleModelListQuery,
} from 'shared-contracts/schemas';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/appError';
import { backOfficeErrors } from '../../http/backOfficeErrors';
import { requireKnownField } from '../../http/bodyFields';
import { ok } from '../../http/envelope';
import { named } from '../../http/pluginName';
import { requireRole } from '../../security/authGuard';
import {
  createVehicleModel,
  deleteVehicleModel,
  listVehicleModels,
  listVehicleModelsAdmin,
  readVehicleModel,
  saveVehicleModel,
  toVehicleModel,
  vehicleModelMessages as messages,
} from './vehicleModelQueries';
import { forgetActiveVehicleModels } from './activeVehicleModels';

/** The list changes when an admin edits it, rarely: browsers and the CDN keep it five minutes. */
const FIVE_MINUTES = 300;
const params = z.object({ id: idInput('Mã dòng xe không hợp lệ.') });

/** The query checked here (422 with a Vietnamese message per field) rather than by the route schema (a 400). */
function listQuery(query: unknown): VehicleModelListQuery {
  const parsed = vehicleModelListQuerySchema.safeParse(query ?? {});
  if (!parsed.success) {
    const errors = parsed.error.issues.map((issue) => ({ field: issue.path.join('.') || 'querystring', message: issue.message }));
    throw new AppError(422, ERROR_CODES.VALIDATION_ERROR, errors[0]?.message ?? 'Yêu cầu tìm dòng xe không hợp lệ.', errors);
  }
  return parsed.data;
}

export interface VehicleModelRoutesOptions {
  db: Kysely<Database>;
}

/**
 * Vehicle models (issue 66 §1). Public and cacheable: GET /api/vehicle-models?q=&type=&brand= (active models, at most
 * 500, q accent-insensitive over brand, model and variant) and GET /api/vehicle-models/:id. The admin's:
 * GET/POST /api/admin/vehicle-models, PUT and DELETE /api/admin/vehicle-models/:id (a model in use is deactivated).
 */
export const vehicleModelRoutes: FastifyPluginAsyncZod<VehicleModelRoutesOptions> = named('vehicleModelRoutes', async (app, { db }) => {
  const tags = ['vehicle-models'];
  app.get(
    '/vehicle-models',
    {
      config: { publicCache: { maxAgeSeconds: FIVE_MINUTES } },
      schema: { tags, summary: 'Tìm dòng xe (không phân biệt dấu; theo loại, hãng)', response: { 200: vehicleModelListResponseSchema } },
    },
    async (request) => ok({ items: await listVehicleModels(db, listQuery(request.query)) }),
  );
  app.get(
    '/vehicle-models/:id',
    { config: { publicCache: { maxAgeSeconds: FIVE_MINUTES } }, schema: { tags, summary: 'Một dòng xe', params, response: { 200: vehicleModelResponseSchema } } },
    async (request) => {
      const row = await readVehicleModel(db, request.params.id);
      if (!row) throw AppError.notFound(messages.notFound);
      return ok(toVehicleModel(row));
    },
  );

  const admin = requireRole('admin');
  app.get(
    '/admin/vehicle-models',
    { preHandler: admin, schema: { tags, summary: 'Mọi dòng xe (cả đã ngừng), kèm số xe của khách', response: { 200: vehicleModelAdminListResponseSchema, ...backOfficeErrors } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return ok({ items: await listVehicleModelsAdmin(db, listQuery(request.query)) });
    },
  );
  app.post(
    '/admin/vehicle-models',
    { preHandler: admin, schema: { tags, summary: 'Thêm dòng xe (kèm ngưỡng pin riêng)', body: vehicleModelInputSchema, response: { 201: vehicleModelAdminRecordResponseSchema, ...backOfficeErrors } } },
    async (request, reply) => {
      const created = await createVehicleModel(db, request.body);
      forgetActiveVehicleModels(db);
      return reply.code(201).send(ok(created, messages.created));
    },
  );
  app.put(
    '/admin/vehicle-models/:id',
    { preValidation: requireKnownField(vehicleModelInputSchema), preHandler: admin, schema: { tags, summary: 'Sửa dòng xe (cả ngưỡng pin riêng, ngừng hoạt động / hoạt động lại)', params, body: vehicleModelInputSchema, response: { 200: vehicleModelAdminRecordResponseSchema, ...backOfficeErrors } } },
    async (request) => {
      const saved = await saveVehicleModel(db, request.params.id, request.body);
      forgetActiveVehicleModels(db);
      return ok(saved, messages.saved);
    },
  );
  app.delete(
    '/admin/vehicle-models/:id',
    { preHandler: admin, schema: { tags, summary: 'Xóa dòng xe chưa dùng; đang dùng thì ngừng hoạt động', params, response: { 200: vehicleModelDeleteResponseSchema, ...backOfficeErrors } } },
    async (request) => {
      const outcome = await deleteVehicleModel(db, request.params.id);
      forgetActiveVehicleModels(db);
      return ok(outcome, outcome.deleted ? messages.deleted : messages.deactivated);
    },
  );
});
