import { z } from 'zod';
import { BATTERY_THRESHOLD_BOUNDS, BATTERY_THRESHOLD_MESSAGES, batteryThresholdOrderIssue } from '../vehicle/batteryHealth';
import { BATTERY_CHEMISTRIES } from '../vehicle/modelReference';
import { vehicleTypeSchema, VEHICLE_TYPES } from './catalogue';
import { envelopeSchema } from './envelope';
import { textInput } from './primitives';

/**
 * Vehicle models as reference data (issue 66 §1): one row per brand + model + variant ('VinFast VF 8 Plus'), the
 * base model's variant being empty ('VinFast VF 8': what fits every VF 8). A customer's vehicle points at one
 * (`modelId`); a product's fitment rows point at them. Read by everyone at GET /api/vehicle-models, kept by the
 * admin under /api/admin/vehicle-models (a model in use is deactivated, never deleted).
 */

export * from '../vehicle/modelReference';

export const vehicleModelSchema = z.object({
  id: z.number().int().positive(),
  slug: z.string(),
  brand: z.string(),
  model: z.string(),
  /** null: the base model (what fits every variant). */
  variant: z.string().nullable(),
  type: vehicleTypeSchema,
  /** First model year; null when the sources do not say. */
  yearFrom: z.number().int().nullable(),
  /** Last model year; null: still made (or not known to have stopped). */
  yearTo: z.number().int().nullable(),
  batteryKwh: z.number().positive().nullable(),
  batteryChemistry: z.string().nullable(),
  active: z.boolean(),
  label: z.string(),
});
export type VehicleModelRecord = z.infer<typeof vehicleModelSchema>;

/** What a customer's vehicle says of its model. */
export const vehicleModelRefSchema = z.object({ id: z.number().int().positive(), label: z.string(), slug: z.string() });
export type VehicleModelRef = z.infer<typeof vehicleModelRefSchema>;

/** GET /api/vehicle-models?q=&type=&brand= (admin: &all=true lists the inactive ones too). */
export const vehicleModelListQuerySchema = z.object({
  q: z.string().max(100, 'Từ khóa tối đa 100 ký tự.').optional(),
  type: z.enum(VEHICLE_TYPES, { error: 'Loại xe không hợp lệ.' }).optional(),
  brand: z.string().max(60, 'Hãng xe tối đa 60 ký tự.').optional(),
});
export type VehicleModelListQuery = z.infer<typeof vehicleModelListQuerySchema>;

export const vehicleModelListSchema = z.object({ items: z.array(vehicleModelSchema) });
export type VehicleModelList = z.infer<typeof vehicleModelListSchema>;
export const vehicleModelListResponseSchema = envelopeSchema(vehicleModelListSchema);
export const vehicleModelResponseSchema = envelopeSchema(vehicleModelSchema);

const currentYear = () => new Date().getUTCFullYear();
const yearInput = (label: string) =>
  z
    .number({ error: `${label} không hợp lệ.` })
    .int(`${label} không hợp lệ.`)
    .min(1990, `${label} từ 1990 trở đi.`)
    .refine((year) => year <= currentYear() + 2, `${label} không hợp lệ.`);

/** A model's own battery threshold: a whole number within its bounds; null: the chemistry's default; absent: kept. */
const thresholdInput = (message: string, bounds: { min: number; max: number }) =>
  z.number({ error: message }).int(message).min(bounds.min, message).max(bounds.max, message).nullish();

/**
 * POST /api/admin/vehicle-models and PUT /api/admin/vehicle-models/:id (the slug is derived from the label). The
 * battery thresholds (vehicle/batteryHealth.ts) are null for the chemistry's default; one left out is kept by a
 * PUT (null on a POST), so a client that does not know them cannot clear them.
 */
export const vehicleModelInputSchema = z
  .object({
    brand: textInput({ error: 'Vui lòng nhập hãng xe.', trim: true }).min(1, 'Vui lòng nhập hãng xe.').max(60, 'Hãng xe tối đa 60 ký tự.'),
    model: textInput({ error: 'Vui lòng nhập dòng xe.', trim: true }).min(1, 'Vui lòng nhập dòng xe.').max(60, 'Dòng xe tối đa 60 ký tự.'),
    variant: textInput({ trim: true }).max(40, 'Phiên bản tối đa 40 ký tự.').nullish().transform((value) => value ?? ''),
    type: z.enum(VEHICLE_TYPES, { error: 'Vui lòng chọn loại xe.' }),
    yearFrom: yearInput('Năm bắt đầu').nullish().transform((value) => value ?? null),
    yearTo: yearInput('Năm kết thúc').nullish().transform((value) => value ?? null),
    batteryKwh: z
      .number({ error: 'Dung lượng pin không hợp lệ.' })
      .positive('Dung lượng pin phải lớn hơn 0.')
      .max(300, 'Dung lượng pin không hợp lệ.')
      .nullish()
      .transform((value) => value ?? null),
    batteryChemistry: z.enum(BATTERY_CHEMISTRIES, { error: 'Loại pin không hợp lệ.' }).nullish().transform((value) => value ?? null),
    batterySohDegradedPct: thresholdInput(BATTERY_THRESHOLD_MESSAGES.degraded, BATTERY_THRESHOLD_BOUNDS.sohPct),
    batterySohReplacePct: thresholdInput(BATTERY_THRESHOLD_MESSAGES.replace, BATTERY_THRESHOLD_BOUNDS.sohPct),
    batterySpreadWarnMv: thresholdInput(BATTERY_THRESHOLD_MESSAGES.spread, BATTERY_THRESHOLD_BOUNDS.spreadMv),
    active: z.boolean({ error: 'Trạng thái không hợp lệ.' }).optional(),
  })
  .superRefine((value, context) => {
    if (value.yearFrom !== null && value.yearTo !== null && value.yearTo < value.yearFrom) {
      context.addIssue({ code: 'custom', message: 'Năm kết thúc phải từ năm bắt đầu trở đi.', path: ['yearTo'] });
    }
    // Both SOH thresholds given: checked here; one left out (kept) is checked by the API against the stored one.
    if (value.batterySohDegradedPct !== undefined && value.batterySohReplacePct !== undefined) {
      const issue = batteryThresholdOrderIssue(value.batteryChemistry, { degradedBelowPct: value.batterySohDegradedPct, replaceBelowPct: value.batterySohReplacePct });
      if (issue) context.addIssue({ code: 'custom', message: issue.message, path: [issue.field] });
    }
  });
export type VehicleModelInput = z.input<typeof vehicleModelInputSchema>;
export type VehicleModelData = z.output<typeof vehicleModelInputSchema>;

/** A model as the admin reads and saves it: with its own battery thresholds (null: its chemistry's default). */
export const vehicleModelAdminRecordSchema = vehicleModelSchema.extend({
  batterySohDegradedPct: z.number().int().nullable(),
  batterySohReplacePct: z.number().int().nullable(),
  batterySpreadWarnMv: z.number().int().nullable(),
});
export type VehicleModelAdminRecord = z.infer<typeof vehicleModelAdminRecordSchema>;
/** POST /api/admin/vehicle-models and PUT /api/admin/vehicle-models/:id answer the model saved. */
export const vehicleModelAdminRecordResponseSchema = envelopeSchema(vehicleModelAdminRecordSchema);

/** GET /api/admin/vehicle-models: every model (inactive too), with how many customers' vehicles name it. */
export const vehicleModelAdminSchema = vehicleModelAdminRecordSchema.extend({ vehicleCount: z.number().int().nonnegative() });
export type VehicleModelAdmin = z.infer<typeof vehicleModelAdminSchema>;
export const vehicleModelAdminListResponseSchema = envelopeSchema(z.object({ items: z.array(vehicleModelAdminSchema) }));

/** DELETE /api/admin/vehicle-models/:id: removed (deleted) or, when in use, deactivated. */
export const vehicleModelDeleteSchema = z.object({ deleted: z.boolean(), model: vehicleModelSchema });
export type VehicleModelDelete = z.infer<typeof vehicleModelDeleteSchema>;
export const vehicleModelDeleteResponseSchema = envelopeSchema(vehicleModelDeleteSchema);
