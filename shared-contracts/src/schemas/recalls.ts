import { z } from 'zod';
import {
  RECALL_CAMPAIGN_STATUSES,
  RECALL_VEHICLE_STATES,
  RECALL_VIN_CSV_MAX_BYTES,
  vinLineOf,
  vinSerialOf,
} from '../pricing/recallMachine';
import { normaliseVin, VIN_PATTERN } from '../vehicle/vin';
import { envelopeSchema } from './envelope';
import { textInput } from './primitives';

/**
 * Recall campaigns (issue 66 §4): the admin records a manufacturer's campaign and its scope (models with production
 * years, VIN ranges, a VIN list as CSV) at /api/admin/recalls; the matched vehicles' owners are told through the
 * notification centre; a vehicle's open recalls are read by its owner (GET /api/vehicles/:id/recalls) and by the
 * staff of a centre (GET /api/recalls/vehicles/:id), booked as a free line and closed by the work order.
 * The state machine and the VIN range rule are in shared-contracts/pricing (recallMachine), re-exported here.
 */

export * from '../pricing/recallMachine';

const localDate = (label: string) =>
  z
    .string({ error: `${label} không hợp lệ.` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} phải theo dạng yyyy-MM-dd.`)
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), `${label} không hợp lệ.`);

const vinInput = (label: string) =>
  z
    .string({ error: `Vui lòng nhập ${label}.` })
    .transform(normaliseVin)
    .refine((value) => VIN_PATTERN.test(value), `${label} phải gồm đúng 17 ký tự (chữ in hoa và chữ số, không có I, O, Q).`);

const yearInput = (label: string) => z.number({ error: `${label} không hợp lệ.` }).int(`${label} không hợp lệ.`).min(1990, `${label} từ 1990 trở đi.`).max(2100, `${label} không hợp lệ.`);

export const recallPartSchema = z.object({
  name: textInput({ trim: true, error: 'Vui lòng nhập tên phụ tùng.' }).min(1, 'Vui lòng nhập tên phụ tùng.').max(120, 'Tên phụ tùng tối đa 120 ký tự.'),
  partNumber: textInput({ trim: true }).max(40, 'Mã phụ tùng tối đa 40 ký tự.').default(''),
  quantity: z.number({ error: 'Số lượng phụ tùng không hợp lệ.' }).int('Số lượng phụ tùng không hợp lệ.').min(1, 'Số lượng phụ tùng từ 1.').max(100, 'Số lượng phụ tùng tối đa 100.'),
});
export type RecallPart = z.infer<typeof recallPartSchema>;

export const recallModelScopeInputSchema = z
  .object({ modelId: z.number({ error: 'Dòng xe không hợp lệ.' }).int('Dòng xe không hợp lệ.').positive('Dòng xe không hợp lệ.'), yearFrom: yearInput('Năm sản xuất từ').nullish(), yearTo: yearInput('Năm sản xuất đến').nullish() })
  .refine((row) => row.yearFrom == null || row.yearTo == null || row.yearTo >= row.yearFrom, { message: 'Năm sản xuất đến phải từ năm bắt đầu trở đi.', path: ['yearTo'] });

export const recallVinRangeInputSchema = z
  .object({ from: vinInput('VIN đầu dải'), to: vinInput('VIN cuối dải') })
  .refine((range) => vinLineOf(range.from) === vinLineOf(range.to), { message: 'Hai đầu dải VIN phải chung 11 ký tự đầu (cùng dây chuyền sản xuất).', path: ['to'] })
  .refine((range) => vinSerialOf(range.from) <= vinSerialOf(range.to), { message: 'Số sê-ri cuối dải phải không nhỏ hơn đầu dải.', path: ['to'] });

/** POST /api/admin/recalls: the campaign, and its scope (at least one of models, VIN ranges, the VIN list CSV). */
export const recallCampaignInputSchema = z
  .object({
    code: textInput({ trim: true, error: 'Vui lòng nhập mã chiến dịch.' })
      .min(2, 'Mã chiến dịch từ 2 ký tự.')
      .max(40, 'Mã chiến dịch tối đa 40 ký tự.')
      .regex(/^[A-Za-z0-9._-]+$/, 'Mã chiến dịch chỉ gồm chữ, số, dấu chấm, gạch ngang và gạch dưới.')
      .transform((code) => code.toUpperCase()),
    manufacturer: textInput({ trim: true, error: 'Vui lòng nhập hãng sản xuất.' }).min(1, 'Vui lòng nhập hãng sản xuất.').max(80, 'Hãng sản xuất tối đa 80 ký tự.'),
    title: textInput({ trim: true, error: 'Vui lòng nhập tên chiến dịch.' }).min(3, 'Tên chiến dịch từ 3 ký tự.').max(160, 'Tên chiến dịch tối đa 160 ký tự.'),
    defect: textInput({ trim: true, multiline: true, error: 'Vui lòng mô tả lỗi.' }).min(3, 'Vui lòng mô tả lỗi.').max(2000, 'Mô tả lỗi tối đa 2000 ký tự.'),
    remedy: textInput({ trim: true, multiline: true, error: 'Vui lòng mô tả cách khắc phục.' }).min(3, 'Vui lòng mô tả cách khắc phục.').max(2000, 'Cách khắc phục tối đa 2000 ký tự.'),
    labourMinutes: z.number({ error: 'Thời gian công không hợp lệ.' }).int('Thời gian công phải là số phút nguyên.').min(0, 'Thời gian công không âm.').max(6000, 'Thời gian công tối đa 6000 phút.'),
    parts: z.array(recallPartSchema).max(30, 'Tối đa 30 phụ tùng.').default([]),
    startsOn: localDate('Ngày bắt đầu'),
    endsOn: localDate('Ngày kết thúc').nullish(),
    models: z.array(recallModelScopeInputSchema).max(50, 'Tối đa 50 dòng xe.').default([]),
    vinRanges: z.array(recallVinRangeInputSchema).max(50, 'Tối đa 50 dải VIN.').default([]),
    /** The VIN list, one a row (an optional header "vin"); parsed and bounded by the API. */
    vinCsv: z.string().max(RECALL_VIN_CSV_MAX_BYTES, `Tệp VIN tối đa ${RECALL_VIN_CSV_MAX_BYTES / 1000} KB.`).nullish(),
  })
  .refine((input) => input.endsOn == null || input.endsOn >= input.startsOn, { message: 'Ngày kết thúc phải từ ngày bắt đầu trở đi.', path: ['endsOn'] })
  .refine((input) => input.models.length > 0 || input.vinRanges.length > 0 || (input.vinCsv ?? '').trim() !== '', {
    message: 'Vui lòng chọn phạm vi: dòng xe, dải VIN hoặc danh sách VIN.',
    path: ['models'],
  });
export type RecallCampaignInput = z.input<typeof recallCampaignInputSchema>;
export type RecallCampaignParsed = z.output<typeof recallCampaignInputSchema>;

const stateCounts = z.object(Object.fromEntries(RECALL_VEHICLE_STATES.map((state) => [state, z.number().int().nonnegative()])) as Record<(typeof RECALL_VEHICLE_STATES)[number], z.ZodNumber>);

export const recallCampaignSchema = z.object({
  id: z.number().int().positive(),
  code: z.string(),
  manufacturer: z.string(),
  title: z.string(),
  defect: z.string(),
  remedy: z.string(),
  labourMinutes: z.number().int(),
  parts: z.array(z.object({ name: z.string(), partNumber: z.string(), quantity: z.number().int() })),
  startsOn: z.string(),
  endsOn: z.string().nullable(),
  status: z.enum(RECALL_CAMPAIGN_STATUSES),
  statusLabel: z.string(),
  models: z.array(z.object({ modelId: z.number().int(), label: z.string(), yearFrom: z.number().int().nullable(), yearTo: z.number().int().nullable() })),
  vinRanges: z.array(z.object({ from: z.string(), to: z.string() })),
  vinListCount: z.number().int().nonnegative(),
  counts: stateCounts,
  createdAt: z.string(),
});
export type RecallCampaign = z.infer<typeof recallCampaignSchema>;
export const recallCampaignResponseSchema = envelopeSchema(recallCampaignSchema);
export const recallCampaignListResponseSchema = envelopeSchema(z.object({ items: z.array(recallCampaignSchema) }));

/** A vehicle's open recall: the flag the customer's page, the booking, the check-in and the work order show. */
export const vehicleRecallSchema = z.object({
  campaignId: z.number().int().positive(),
  code: z.string(),
  manufacturer: z.string(),
  title: z.string(),
  defect: z.string(),
  remedy: z.string(),
  labourMinutes: z.number().int(),
  state: z.enum(RECALL_VEHICLE_STATES),
  stateLabel: z.string(),
  /** "Xe thuộc diện triệu hồi: <code> – <title>". */
  flag: z.string(),
});
export type VehicleRecall = z.infer<typeof vehicleRecallSchema>;
export const vehicleRecallListResponseSchema = envelopeSchema(z.object({ items: z.array(vehicleRecallSchema) }));

/** POST /api/recalls/:campaignId/vehicles/:vehicleId/not-applicable: the staff checked the vehicle (remedy done elsewhere, part not fitted). */
export const recallNotApplicableInputSchema = z.object({
  note: textInput({ trim: true }).max(300, 'Ghi chú tối đa 300 ký tự.').optional(),
});

/** The manager's KPI: per centre, the recall remedies scheduled there and how many are done. */
export const recallCompletionSchema = z.object({
  items: z.array(z.object({ centreId: z.number().int(), centreName: z.string(), scheduled: z.number().int().nonnegative(), done: z.number().int().nonnegative(), completionPercent: z.number().nullable() })),
});
export type RecallCompletion = z.infer<typeof recallCompletionSchema>;
export const recallCompletionResponseSchema = envelopeSchema(recallCompletionSchema);
