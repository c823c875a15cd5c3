import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { symptomsInText, type SymptomCode } from 'shared-contracts/diagnostics';
import { ERROR_CODES, diagnosisRequestSchema, diagnosisResponseSchema, errorEnvelopeSchema, vehicleModelKey } from 'shared-contracts/schemas';
import { currentAuth, optionalAuthenticate } from '../../security/authGuard';
import { AppError } from '../../http/appError';
import { cacheControlForAll } from '../../http/cacheControl';
import { ok } from '../../http/envelope';
import { ThrottledError, withRetryAfter } from '../../security/throttle';
import type { AppContext } from '../../appContext';
import { vehicleForecastOf, latestWearModel, rankComponents, symptomEvidenceCache } from '../prediction';
import { findOwnVehicleRow, vehicleNotFound } from '../vehicles';
import { activeVehicleModels } from '../vehicleModels';
import { forecastPriors } from './suggestedChecks';
import { named } from '../../http/pluginName';

/** Diagnoses one address may ask for: the public page is open to anyone. */
export const DIAGNOSES_PER_MINUTE = 20;
export const DIAGNOSES_PER_HOUR = 200;

export const diagnosticsMessages = {
  answered: 'Kết quả chẩn đoán sơ bộ. Kỹ thuật viên sẽ xác nhận khi kiểm tra xe.',
  noSymptom: 'Vui lòng chọn ít nhất một triệu chứng, hoặc mô tả rõ hơn tình trạng xe (ví dụ: “xe tụt pin nhanh”).',
  unknownModel: 'Mẫu xe này chưa có trong hệ thống. Vui lòng chọn mẫu xe trong danh sách.',
  tooMany: (seconds: number) => `Bạn đã chẩn đoán quá nhiều lần. Vui lòng thử lại sau ${seconds} giây.`,
} as const;

/**
 * POST /api/diagnostics (spec predictive.md §3, §5): symptoms (codes) and free text, and a vehicle model or the
 * signed-in customer's vehicle → the safety answer when a symptom is critical, then the likely components.
 * Open to guests, who give nothing personal; nothing of the request is stored. Per address:
 * DIAGNOSES_PER_MINUTE a minute and DIAGNOSES_PER_HOUR an hour (429 with Retry-After).
 */
export const diagnosticsRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = named('diagnosticsRoutes', async (app, { context }) => {
  const { db, clock, counters } = context;
  cacheControlForAll(app, 'private, no-store');
  const evidence = symptomEvidenceCache(db, () => clock.now().getTime());

  async function takeDiagnosis(ip: string): Promise<void> {
    const minute = await counters.increment(`diagnosis:minute:${ip}`, 60_000);
    if (minute.count > DIAGNOSES_PER_MINUTE) throw new ThrottledError(diagnosticsMessages.tooMany(Math.ceil(minute.resetInMs / 1000)), minute.resetInMs);
    const hour = await counters.increment(`diagnosis:hour:${ip}`, 60 * 60_000);
    if (hour.count > DIAGNOSES_PER_HOUR) throw new ThrottledError(diagnosticsMessages.tooMany(Math.ceil(hour.resetInMs / 1000)), hour.resetInMs);
  }

  /** An active model of the reference table (what the page offers; kept in memory), or one a vehicle of ours is. */
  async function knownModel(model: string): Promise<boolean> {
    if ((await activeVehicleModels(db)).nameKeys.has(vehicleModelKey(model))) return true;
    const row = await db.selectFrom('vehicles').select('id').where('model', '=', model).limit(1).executeTakeFirst();
    return row !== undefined;
  }

  app.post(
    '/diagnostics',
    {
      preHandler: optionalAuthenticate,
      schema: {
        tags: ['prediction'],
        summary: 'Chẩn đoán sơ bộ từ triệu chứng: cảnh báo an toàn trước, rồi các hạng mục có khả năng hỏng kèm độ tin cậy, lý do, dịch vụ nên đặt và mức khẩn cấp',
        body: diagnosisRequestSchema,
        response: { 200: diagnosisResponseSchema, 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 404: errorEnvelopeSchema, 422: errorEnvelopeSchema, 429: errorEnvelopeSchema },
      },
    },
    async (request, reply) =>
      withRetryAfter(reply, async () => {
        await takeDiagnosis(request.ip);
        const body = request.body;
        const symptoms = [...new Set<SymptomCode>([...body.symptoms, ...(body.text ? symptomsInText(body.text) : [])])];
        if (symptoms.length === 0) throw new AppError(422, ERROR_CODES.NO_SYMPTOM, diagnosticsMessages.noSymptom, [{ field: 'symptoms', message: diagnosticsMessages.noSymptom }]);

        let priors = new Map<string, number>();
        if (body.vehicleId !== undefined) {
          const vehicle = request.auth ? await findOwnVehicleRow(db, currentAuth(request).userId, body.vehicleId) : undefined;
          if (!vehicle) throw vehicleNotFound();
          priors = forecastPriors(await vehicleForecastOf(db, vehicle, await latestWearModel(db), clock.now()));
        } else if (body.vehicleModel !== undefined && !(await knownModel(body.vehicleModel))) {
          throw new AppError(422, ERROR_CODES.UNKNOWN_VEHICLE_MODEL, diagnosticsMessages.unknownModel, [{ field: 'vehicleModel', message: diagnosticsMessages.unknownModel }]);
        }

        const learned = await evidence();
        const diagnosis = rankComponents(symptoms, learned, priors);
        return ok({ ...diagnosis, symptoms, learnedFromCases: learned.cases }, diagnosticsMessages.answered);
      }),
  );
});
