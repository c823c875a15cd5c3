import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ERROR_CODES,
  customerInspectionSchema,
  envelopeSchema,
  errorEnvelopeSchema,
  idParamsSchema,
  maintenanceRecordDetailResponseSchema,
  maintenanceRecordListQuerySchema,
  maintenanceRecordListResponseSchema,
} from 'shared-contracts/schemas';
import { cacheControlForAll } from '../../http/cacheControl';
import { AppError } from '../../http/appError';
import { authenticate, currentAuth } from '../../security/authGuard';
import { ok } from '../../http/envelope';
import type { AppContext } from '../../appContext';
import { findOwnVehicleRow, vehicleNotFound } from '../vehicles';
import { customerInspection } from './customerInspection';
import { findMaintenanceRecord, listMaintenanceRecords } from './maintenanceQueries';
import { named } from '../../http/pluginName';

export const maintenanceMessages = {
  notFound: 'Không tìm thấy lần bảo dưỡng.',
} as const;

const errors = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 404: errorEnvelopeSchema };

/**
 * The logged-in customer's maintenance history: GET /api/maintenance-records?vehicleId= (newest first) and
 * GET /api/maintenance-records/:id (with the checklist and the advice for next time); and the inspection of the
 * car at the centre now, GET /api/appointments/:id/inspection. Another customer's vehicle, record or appointment
 * answers 404.
 */
export const maintenanceRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = named('maintenanceRoutes', async (app, { context }) => {
  const { db } = context;
  cacheControlForAll(app, 'private, no-store');

  app.get(
    '/maintenance-records',
    {
      preHandler: authenticate,
      schema: {
        tags: ['maintenance'],
        summary: 'Lịch sử bảo dưỡng của tôi (mới nhất trước), lọc theo xe',
        querystring: maintenanceRecordListQuerySchema,
        response: { 200: maintenanceRecordListResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { userId } = currentAuth(request);
      const { vehicleId } = request.query;
      if (vehicleId !== undefined && !(await findOwnVehicleRow(db, userId, vehicleId))) throw vehicleNotFound();
      return ok(await listMaintenanceRecords(db, userId, vehicleId));
    },
  );

  app.get(
    '/maintenance-records/:id',
    {
      preHandler: authenticate,
      schema: {
        tags: ['maintenance'],
        summary: 'Chi tiết một lần bảo dưỡng (kèm danh mục kiểm tra)',
        params: idParamsSchema,
        response: { 200: maintenanceRecordDetailResponseSchema, ...errors },
      },
    },
    async (request) => {
      const record = await findMaintenanceRecord(db, currentAuth(request).userId, request.params.id);
      if (!record) throw AppError.notFound(maintenanceMessages.notFound, ERROR_CODES.MAINTENANCE_RECORD_NOT_FOUND);
      return ok(record);
    },
  );

  app.get(
    '/appointments/:id/inspection',
    {
      preHandler: authenticate,
      schema: {
        tags: ['maintenance'],
        summary: 'Kết quả kiểm tra xe của lịch hẹn của tôi (từng hạng mục, ảnh, ghi chú, lời khuyên cho lần tới)',
        params: idParamsSchema,
        response: { 200: envelopeSchema(customerInspectionSchema), ...errors },
      },
    },
    async (request) => ok(await customerInspection(db, currentAuth(request).userId, request.params.id)),
  );
});
