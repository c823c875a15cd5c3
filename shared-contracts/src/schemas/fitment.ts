import { z } from 'zod';
import {
  FIT_STATUSES,
  FITMENT_POSITIONS,
  FITMENT_QUANTITY_MAX,
  FITMENT_YEAR_MAX,
  FITMENT_YEAR_MIN,
  FITMENTS_PER_PRODUCT_MAX,
} from '../pricing/fitment';
import { envelopeSchema } from './envelope';
import { DB_INTEGER_MAX, idInput, integerInput } from './primitives';

/**
 * Fitment (issue 66 §2): a product's rows (model, years, position, quantity per vehicle), the chosen vehicle in a
 * query (fitModel + fitYear, fitOnly) and the back office's save. The rule and the labels are zod-free in
 * pricing/fitment.ts, re-exported here so the API reaches them through 'shared-contracts/schemas'.
 */
export * from '../pricing/fitment';

export const fitStatusSchema = z.enum(FIT_STATUSES);
export const fitmentPositionSchema = z.enum(FITMENT_POSITIONS, { error: 'Vị trí lắp phải là Trước, Sau, Trái hoặc Phải.' });

/** One row as the product page, the cart and the back office read it. */
export const fitmentSchema = z.object({
  modelId: z.number().int().positive(),
  /** "VinFast Feliz S", "VinFast VF 8 Plus". */
  modelLabel: z.string().min(1),
  modelSlug: z.string().min(1),
  /** Null: open. */
  yearFrom: z.number().int().nullable(),
  yearTo: z.number().int().nullable(),
  position: fitmentPositionSchema.nullable(),
  /** '' when the row has no position. */
  positionLabel: z.string(),
  quantityPerVehicle: z.number().int().positive(),
});
export type Fitment = z.infer<typeof fitmentSchema>;

/** A query-string boolean: true/false, 1/0. */
const fitBooleanSchema = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])], { error: 'Giá trị lọc xe không hợp lệ.' })
  .transform((value) => value === true || value === 'true' || value === '1');

export const FIT_MODEL_MESSAGE = 'Dòng xe không hợp lệ.';
export const FIT_YEAR_MESSAGE = `Năm sản xuất của xe phải từ ${FITMENT_YEAR_MIN} đến ${FITMENT_YEAR_MAX}.`;
export const FIT_YEAR_REQUIRED_MESSAGE = 'Vui lòng chọn năm sản xuất của xe.';
export const FIT_MODEL_REQUIRED_MESSAGE = 'Vui lòng chọn dòng xe.';

/** The chosen vehicle's fields of a query (the product list, the product page, the cart, the checkout). */
export const fitQueryShape = {
  fitModel: idInput(FIT_MODEL_MESSAGE).optional(),
  fitYear: integerInput({ message: FIT_YEAR_MESSAGE, min: FITMENT_YEAR_MIN, max: FITMENT_YEAR_MAX }).optional(),
  fitOnly: fitBooleanSchema.optional(),
};

/** fitModel and fitYear come together; fitOnly needs them. */
export function refineFitQuery(
  query: { fitModel?: number | undefined; fitYear?: number | undefined; fitOnly?: boolean | undefined },
  context: z.RefinementCtx,
): void {
  if (query.fitModel !== undefined && query.fitYear === undefined) {
    context.addIssue({ code: 'custom', message: FIT_YEAR_REQUIRED_MESSAGE, path: ['fitYear'] });
  }
  if (query.fitModel === undefined && (query.fitYear !== undefined || query.fitOnly === true)) {
    context.addIssue({ code: 'custom', message: FIT_MODEL_REQUIRED_MESSAGE, path: ['fitModel'] });
  }
}

/** GET /api/cart, the checkout's quote: the chosen vehicle only (no fitOnly). */
export const fitVehicleQuerySchema = z
  .object({ fitModel: fitQueryShape.fitModel, fitYear: fitQueryShape.fitYear })
  .superRefine(refineFitQuery);
export type FitVehicleQuery = z.infer<typeof fitVehicleQuerySchema>;

const fitmentYearInput = (label: string) =>
  integerInput({ message: `${label} phải là năm từ ${FITMENT_YEAR_MIN} đến ${FITMENT_YEAR_MAX}.`, min: FITMENT_YEAR_MIN, max: FITMENT_YEAR_MAX })
    .nullable()
    .optional()
    .transform((value) => value ?? null);

/** One row of the back office's save. */
export const fitmentInputSchema = z
  .object({
    modelId: idInput('Vui lòng chọn dòng xe.'),
    yearFrom: fitmentYearInput('Từ năm'),
    yearTo: fitmentYearInput('Đến năm'),
    position: fitmentPositionSchema
      .nullable()
      .optional()
      .transform((value) => value ?? null),
    quantityPerVehicle: integerInput({ message: `Số lượng mỗi xe phải từ 1 đến ${FITMENT_QUANTITY_MAX}.`, min: 1, max: FITMENT_QUANTITY_MAX }).default(1),
  })
  .refine((row) => row.yearFrom === null || row.yearTo === null || row.yearFrom <= row.yearTo, {
    message: 'Từ năm phải nhỏ hơn hoặc bằng đến năm.',
    path: ['yearTo'],
  });
export type FitmentInput = z.infer<typeof fitmentInputSchema>;

/** Whether two rows name the same (model, position): the table's key. */
export function duplicateFitmentIndex(rows: readonly { modelId: number; position: string | null }[]): number {
  const seen = new Set<string>();
  let duplicate = -1;
  rows.forEach((row, index) => {
    const key = `${row.modelId}:${row.position ?? ''}`;
    if (duplicate < 0 && seen.has(key)) duplicate = index;
    seen.add(key);
  });
  return duplicate;
}

export const FITMENT_DUPLICATE_MESSAGE = 'Mỗi dòng xe chỉ có một dòng cho mỗi vị trí lắp.';

/** PUT /api/admin/products/:id/fitments: the whole set (replaces it) and the product's version it was edited from. */
export const productFitmentsUpdateSchema = z
  .object({
    version: integerInput({ message: 'Phiên bản không hợp lệ: vui lòng tải lại sản phẩm.', min: 1, max: DB_INTEGER_MAX }),
    fitments: z
      .array(fitmentInputSchema, { error: 'Danh sách xe tương thích không hợp lệ.' })
      .max(FITMENTS_PER_PRODUCT_MAX, `Tối đa ${FITMENTS_PER_PRODUCT_MAX} dòng xe tương thích.`),
  })
  .superRefine((body, context) => {
    const index = duplicateFitmentIndex(body.fitments);
    if (index >= 0) context.addIssue({ code: 'custom', message: FITMENT_DUPLICATE_MESSAGE, path: ['fitments', index, 'position'] });
  });
export type ProductFitmentsUpdate = z.infer<typeof productFitmentsUpdateSchema>;

/** A product's fitment as the back office edits it: the rows, the version, and the old free-text names no model matched. */
export const productFitmentsSchema = z.object({
  productId: z.number().int().positive(),
  version: z.number().int().positive(),
  fitments: z.array(fitmentSchema),
  /** Names of the old free-text list that matched no vehicle model (shown for the admin to map, never lost). */
  unmatchedModels: z.array(z.string()),
});
export type ProductFitments = z.infer<typeof productFitmentsSchema>;
export const productFitmentsResponseSchema = envelopeSchema(productFitmentsSchema);
