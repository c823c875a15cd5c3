import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERROR_CODES, modelVersionsResponseSchema, trainingStartedResponseSchema, vehicleForecastResponseSchema, type ModelVersionDto } from 'shared-contracts/schemas';
import { errorEnvelopeSchema, idParamsSchema } from 'shared-contracts/schemas';
import { toIsoUtc } from '../../db/portable';
import { authenticate, currentAuth, requireRole } from '../../security/authGuard';
import { AppError } from '../../http/appError';
import { cacheControlForAll } from '../../http/cacheControl';
import { ok } from '../../http/envelope';
import type { AppContext } from '../../appContext';
import type { DiagnosisTraining } from './diagnosisTraining';
import { findOwnVehicleRow, vehicleNotFound } from '../vehicles';
import { componentInfo } from './componentLabels';
import { vehicleForecastOf } from './vehicleForecastQueries';
import { clockOf } from './wearModel';
import type { WearTrainer } from './wearTrainer';
import { failStaleTraining, latestWearModel, TrainingInProgressError } from './wearTraining';
import { WEAR_MODEL_KIND } from './wearModel';
import { named } from '../../http/pluginName';

export const predictionMessages = {
  forecast: 'Dự đoán bảo dưỡng của xe.',
  versions: 'Các phiên bản mô hình dự đoán hư hỏng.',
  trainingStarted: 'Đã bắt đầu huấn luyện mô hình. Kết quả sẽ có sau ít phút.',
  trainingInProgress: 'Mô hình đang được huấn luyện. Vui lòng đợi lần này xong.',
} as const;

/** The diagnosis part of a run as the admin sees it (the learned counts themselves stay in the API). */
function diagnosisOf(stored: string | null): ModelVersionDto['diagnosis'] {
  if (!stored) return null;
  const { evidence, evaluation } = JSON.parse(stored) as DiagnosisTraining;
  return { cases: evidence.cases, evaluation: evaluation ? { ...evaluation, cutoff: new Date(evaluation.cutoff).toISOString() } : null };
}

const errors = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema };
const VERSIONS_SHOWN = 20;

/**
 * GET /api/vehicles/:id/forecast: the owner's "Dự đoán bảo dưỡng" of one vehicle (another's vehicle: 404).
 * GET /api/admin/models and POST /api/admin/models/train: the admin's model page (spec predictive.md §4).
 */
export const predictionRoutes: FastifyPluginAsyncZod<{ context: AppContext; trainer: WearTrainer }> = named('predictionRoutes', async (app, { context, trainer }) => {
  const { db, clock } = context;
  cacheControlForAll(app, 'private, no-store');

  app.get(
    '/vehicles/:id/forecast',
    {
      preHandler: authenticate,
      schema: {
        tags: ['prediction'],
        summary: 'Dự đoán bảo dưỡng của một xe: xác suất cần kiểm tra từng hạng mục trong 3 tháng và 5.000 km tới, kèm khoảng tin cậy và bằng chứng',
        params: idParamsSchema,
        response: { 200: vehicleForecastResponseSchema, ...errors },
      },
    },
    async (request) => {
      const vehicle = await findOwnVehicleRow(db, currentAuth(request).userId, request.params.id);
      if (!vehicle) throw vehicleNotFound();
      return ok(await vehicleForecastOf(db, vehicle, await latestWearModel(db), clock.now()), predictionMessages.forecast);
    },
  );

  app.get(
    '/admin/models',
    {
      preHandler: requireRole('admin'),
      schema: { tags: ['prediction'], summary: 'Các lần huấn luyện mô hình dự đoán hư hỏng (mới nhất trước): số liệu, backtest so với đường cơ sở', response: { 200: modelVersionsResponseSchema, ...errors } },
    },
    async () => {
      // A run whose process died reads FAILED here (the page stops waiting for it), not TRAINING.
      await failStaleTraining(db, clock);
      const [rows, info] = await Promise.all([
        db.selectFrom('prediction_models').selectAll().where('kind', '=', WEAR_MODEL_KIND).orderBy('id', 'desc').limit(VERSIONS_SHOWN).execute(),
        componentInfo(db),
      ]);
      const versions = rows.map((row): ModelVersionDto => {
        const metrics = JSON.parse(row.metrics ?? '[]') as Omit<ModelVersionDto['components'][number], 'label' | 'models'>[];
        const parameters = new Map((JSON.parse(row.parameters ?? '[]') as { component: string; models: ModelVersionDto['components'][number]['models'] }[]).map((entry) => [entry.component, entry.models]));
        return {
          id: row.id,
          status: row.status as ModelVersionDto['status'],
          startedAt: toIsoUtc(row.started_at),
          finishedAt: row.finished_at ? toIsoUtc(row.finished_at) : null,
          dataCutoff: row.data_cutoff ? toIsoUtc(row.data_cutoff) : null,
          observations: row.observations,
          failures: row.failures,
          error: row.error,
          diagnosis: diagnosisOf(row.diagnosis),
          components: metrics.map((entry) => ({
            ...entry,
            label: info(entry.component).label,
            models: (parameters.get(entry.component) ?? []).map(({ level, key, clock, shape, scale, ageing, steps, failures }) => ({ level, key, clock: clockOf({ clock, ageing }), shape, scale, ageing, steps, failures })),
          })),
        };
      });
      return ok({ versions }, predictionMessages.versions);
    },
  );

  app.post(
    '/admin/models/train',
    {
      preHandler: requireRole('admin'),
      schema: { tags: ['prediction'], summary: 'Huấn luyện lại mô hình ngay (chạy nền; một lần một lúc)', response: { 202: trainingStartedResponseSchema, ...errors } },
    },
    async (request, reply) => {
      try {
        const runId = await trainer.start(currentAuth(request).userId);
        return reply.code(202).send(ok({ runId }, predictionMessages.trainingStarted));
      } catch (error) {
        if (error instanceof TrainingInProgressError) throw new AppError(409, ERROR_CODES.TRAINING_IN_PROGRESS, predictionMessages.trainingInProgress);
        throw error;
      }
    },
  );
});
