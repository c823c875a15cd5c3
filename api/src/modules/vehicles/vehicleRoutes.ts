import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  deletedResponseSchema,
  idParamsSchema,
  vehicleInputSchema,
  vehicleListResponseSchema,
  vehicleResponseSchema,
  vehicleUpdateInputSchema,
} from 'shared-contracts/schemas';
import { requireKnownField } from '../../http/bodyFields';
import { cacheControlForAll } from '../../http/cacheControl';
import { authenticate, currentAuth } from '../../security/authGuard';
import { ok } from '../../http/envelope';
import type { AppContext } from '../../appContext';
import { plateClaimRoutes } from './plateClaimRoutes';
import { addCustomerVehicle, deleteVehicle, getVehicle, listVehicles, updateVehicle, vehicleMessages } from './vehicleQueries';
import { named } from '../../http/pluginName';

/**
 * The logged-in customer's vehicles: GET/POST /api/vehicles, GET/PUT/DELETE /api/vehicles/:id. Another
 * customer's vehicle answers 404 (never 403: its existence is not revealed). Each vehicle carries its next
 * maintenance (reminder).
 */
export const vehicleRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = named('vehicleRoutes', async (app, { context }) => {
  const { db, clock } = context;
  cacheControlForAll(app, 'private, no-store');
  await app.register(plateClaimRoutes, { context });

  app.get(
    '/vehicles',
    { preHandler: authenticate, schema: { tags: ['vehicles'], summary: 'Xe của tôi', response: { 200: vehicleListResponseSchema } } },
    async (request) => ok(await listVehicles(db, currentAuth(request).userId, clock.now())),
  );

  app.get(
    '/vehicles/:id',
    { preHandler: authenticate, schema: { tags: ['vehicles'], summary: 'Chi tiết một xe', params: idParamsSchema, response: { 200: vehicleResponseSchema } } },
    async (request) => ok(await getVehicle(db, currentAuth(request).userId, request.params.id, clock.now())),
  );

  app.post(
    '/vehicles',
    {
      preHandler: authenticate,
      schema: { tags: ['vehicles'], summary: 'Thêm xe (biển số được chuẩn hóa)', body: vehicleInputSchema, response: { 201: vehicleResponseSchema } },
    },
    async (request, reply) => {
      const { userId } = currentAuth(request);
      const now = clock.now();
      const row = await addCustomerVehicle(db, userId, request.body, now);
      return reply.code(201).send(ok(await getVehicle(db, userId, row.id, now), vehicleMessages.created));
    },
  );

  app.put(
    '/vehicles/:id',
    {
      preValidation: requireKnownField(vehicleUpdateInputSchema),
      preHandler: authenticate,
      schema: {
        tags: ['vehicles'],
        summary: 'Sửa xe (số km chỉ tăng; giảm cần ghi chú)',
        params: idParamsSchema,
        body: vehicleUpdateInputSchema,
        response: { 200: vehicleResponseSchema },
      },
    },
    async (request) => {
      const { userId } = currentAuth(request);
      const now = clock.now();
      await updateVehicle(db, userId, request.params.id, request.body, now);
      return ok(await getVehicle(db, userId, request.params.id, now), vehicleMessages.updated);
    },
  );

  app.delete(
    '/vehicles/:id',
    { preHandler: authenticate, schema: { tags: ['vehicles'], summary: 'Xóa xe', params: idParamsSchema, response: { 200: deletedResponseSchema } } },
    async (request) => {
      await deleteVehicle(db, currentAuth(request).userId, request.params.id, clock.now());
      return ok({ id: request.params.id }, vehicleMessages.deleted);
    },
  );
});
