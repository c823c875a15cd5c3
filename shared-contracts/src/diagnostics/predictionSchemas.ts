import { z } from 'zod';
import { FORECAST_STATUSES, TRAINING_STATUSES, URGENCIES } from './predictionStates';
import { DIAGNOSIS_SYMPTOMS_MAX, DIAGNOSIS_TEXT_MAX, SYMPTOM_CODES } from './symptoms';

/**
 * The API's contracts of failure prediction and diagnostics (spec predictive.md §4–§5): the zod schemas the API
 * validates with, re-exported by 'shared-contracts/schemas'. The screens import only their types, from
 * 'shared-contracts/diagnostics' (zod-free, like 'shared-contracts/backoffice'), so no zod ships in their chunks.
 */

export const symptomCodeSchema = z.enum(SYMPTOM_CODES, { error: 'Triệu chứng không có trong danh sách.' });

const envelope = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), message: z.string(), data });

export const riskEstimateSchema = z.object({ probability: z.number().min(0).max(1), low: z.number().min(0).max(1), high: z.number().min(0).max(1) });
export type RiskEstimateDto = z.infer<typeof riskEstimateSchema>;

export const poolLevelSchema = z.enum(['family', 'type', 'fleet']);

export const componentForecastSchema = z.object({
  component: z.string(),
  label: z.string(),
  status: z.enum(FORECAST_STATUSES),
  within3Months: riskEstimateSchema.nullable(),
  within5000Km: riskEstimateSchema.nullable(),
  evidence: z.object({ level: poolLevelSchema, key: z.string(), inspections: z.number().int(), failures: z.number().int() }).nullable(),
  inspectedTimes: z.number().int(),
  /** The service to book for it. */
  serviceSlug: z.string().nullable(),
});
export type ComponentForecastDto = z.infer<typeof componentForecastSchema>;

export const vehicleForecastSchema = z.object({
  vehicleId: z.number().int(),
  /** The model version the numbers come from; null before the first training. */
  model: z.object({ id: z.number().int(), trainedAt: z.string() }).nullable(),
  kmPerMonth: z.number(),
  components: z.array(componentForecastSchema),
});
export type VehicleForecastDto = z.infer<typeof vehicleForecastSchema>;
export const vehicleForecastResponseSchema = envelope(vehicleForecastSchema);

export const diagnosisRequestSchema = z
  .object({
    symptoms: z.array(symptomCodeSchema).max(DIAGNOSIS_SYMPTOMS_MAX, `Chọn tối đa ${DIAGNOSIS_SYMPTOMS_MAX} triệu chứng.`).default([]),
    text: z.string().max(DIAGNOSIS_TEXT_MAX, `Mô tả không được dài quá ${DIAGNOSIS_TEXT_MAX} ký tự.`).optional(),
    /** The vehicle model ('VinFast Feliz S'), or a saved vehicle of the signed-in customer. */
    vehicleModel: z.string().trim().min(1).max(100, 'Tên mẫu xe quá dài.').optional(),
    vehicleId: z.number().int().positive().optional(),
  })
  .strict();
export type DiagnosisRequest = z.infer<typeof diagnosisRequestSchema>;

export const diagnosisSchema = z.object({
  safety: z.object({ message: z.string(), hotline: z.string(), symptoms: z.array(symptomCodeSchema) }).nullable(),
  /** The symptoms the answer rests on: those picked and those found in the text. */
  symptoms: z.array(symptomCodeSchema),
  ranked: z.array(
    z.object({
      component: z.string(),
      label: z.string(),
      probability: z.number().min(0).max(1),
      reasons: z.array(z.object({ symptom: symptomCodeSchema, label: z.string(), weight: z.number(), source: z.string().nullable(), pastCases: z.number().int() })),
      serviceSlug: z.string(),
      urgency: z.enum(URGENCIES),
    }),
  ),
  /** How many of our closed orders with recorded symptoms the ranking learnt from. */
  learnedFromCases: z.number().int(),
});
export type DiagnosisDto = z.infer<typeof diagnosisSchema>;
export const diagnosisResponseSchema = envelope(diagnosisSchema);

const metricsSchema = z.object({
  inspections: z.number().int(),
  failures: z.number().int(),
  brier: z.number(),
  auc: z.number().nullable(),
  calibration: z.array(z.object({ predicted: z.number(), observed: z.number(), count: z.number().int() })),
});

const rankingAccuracySchema = z.object({ cases: z.number().int(), top1: z.number().min(0).max(1), top3: z.number().min(0).max(1) });

/** The diagnosis ranking's evaluation on held-out closed orders (spec predictive.md §3), next to the knowledge base alone. */
export const diagnosisEvaluationSchema = z.object({
  /** Orders closed from this instant (ISO) on were held out. */
  cutoff: z.string(),
  /** Cases (closed orders with recorded symptoms) the ranking learnt from before the cut-off. */
  trainedOn: z.number().int(),
  learned: rankingAccuracySchema,
  knowledgeBase: rankingAccuracySchema,
});
export type DiagnosisEvaluationDto = z.infer<typeof diagnosisEvaluationSchema>;

export const modelVersionSchema = z.object({
  id: z.number().int(),
  status: z.enum(TRAINING_STATUSES),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  dataCutoff: z.string().nullable(),
  observations: z.number().int(),
  failures: z.number().int(),
  error: z.string().nullable(),
  /** The diagnosis ranking this run learnt: from how many cases, and its held-out evaluation (null: too few cases). */
  diagnosis: z.object({ cases: z.number().int(), evaluation: diagnosisEvaluationSchema.nullable() }).nullable(),
  components: z.array(
    z.object({
      component: z.string(),
      label: z.string(),
      accepted: z.boolean(),
      backtest: z.object({ cutoff: z.number(), model: metricsSchema, baseline: metricsSchema.extend({ rate: z.number() }) }).nullable(),
      models: z.array(
        z.object({
          level: poolLevelSchema,
          key: z.string(),
          /**
           * The clock the model's life runs on: km, the vehicle's age in months, or km plus η thousand km a month
           * of age. Absent on versions trained before the age clock existed: read it as 'km' when ageing is 0,
           * else 'km+age' (wearModel.clockOf; no zod default here, as it depends on ageing and responses are encoded).
           */
          clock: z.enum(['km', 'age', 'km+age']).optional(),
          shape: z.number(),
          /** Weibull scale λ in the clock's unit: thousand km ('km', 'km+age'), months ('age'). */
          scale: z.number(),
          /** η, thousand km per month of age: only on the 'km+age' clock (0 on the others). */
          ageing: z.number(),
          steps: z.number().int(),
          failures: z.number().int(),
        }),
      ),
    }),
  ),
});
export type ModelVersionDto = z.infer<typeof modelVersionSchema>;
export const modelVersionsResponseSchema = envelope(z.object({ versions: z.array(modelVersionSchema) }));
export const trainingStartedResponseSchema = envelope(z.object({ runId: z.number().int() }));
