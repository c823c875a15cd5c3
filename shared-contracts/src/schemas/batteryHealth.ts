import { z } from 'zod';
import { BATTERY_HEALTH_BOUNDS as B, BATTERY_HEALTH_FLAGS } from '../vehicle/batteryHealth';
import { envelopeSchema } from './envelope';
import { integerInput, numberInput, textInput } from './primitives';

/**
 * Battery health reports (issue 66 §3): what the technician records from the battery check on a service order,
 * what the customer reads per vehicle, and the public verify answer (no personal data: no name, phone, plate or
 * VIN). The rule of the flag and the labels are zod-free in vehicle/batteryHealth.ts, re-exported here for the API.
 */
export * from '../vehicle/batteryHealth';

const optionalNumber = (schema: z.ZodType<number>) => schema.nullish().transform((value) => value ?? null);

/** POST /api/service-orders/:id/battery-reports. */
export const batteryReportInputSchema = z.object({
  sohPercent: numberInput({
    message: 'SOH phải từ 0 đến 100%.',
    typeMessage: 'Vui lòng nhập SOH (% dung lượng danh định).',
    min: B.sohPercent.min,
    max: B.sohPercent.max,
  }),
  capacityKwh: optionalNumber(
    numberInput({ message: `Dung lượng đo được phải lớn hơn 0 và tối đa ${B.capacityKwh.max} kWh.`, positive: true, max: B.capacityKwh.max }),
  ),
  cellSpreadMv: optionalNumber(
    integerInput({ message: `Chênh lệch điện áp cell phải là số nguyên từ 0 đến ${B.cellSpreadMv.max} mV.`, min: B.cellSpreadMv.min, max: B.cellSpreadMv.max }),
  ),
  internalResistanceMohm: optionalNumber(
    numberInput({ message: `Nội trở phải từ 0 đến ${B.internalResistanceMohm.max} mΩ.`, min: B.internalResistanceMohm.min, max: B.internalResistanceMohm.max }),
  ),
  temperatureC: optionalNumber(
    numberInput({ message: `Nhiệt độ pin phải từ ${B.temperatureC.min} đến ${B.temperatureC.max} °C.`, min: B.temperatureC.min, max: B.temperatureC.max }),
  ),
  odometerKm: integerInput({
    message: 'Số km phải là số nguyên không âm.',
    typeMessage: 'Vui lòng nhập số km (ODO) khi đo.',
    min: B.odometerKm.min,
    max: B.odometerKm.max,
  }),
  tool: textInput({ error: 'Vui lòng nhập thiết bị đo.', trim: true }).min(1, 'Vui lòng nhập thiết bị đo.').max(B.toolMax, `Thiết bị đo tối đa ${B.toolMax} ký tự.`),
});
export type BatteryReportInput = z.input<typeof batteryReportInputSchema>;

const figures = {
  sohPercent: z.number(),
  capacityKwh: z.number().nullable(),
  /** The model's rated capacity (kWh), when known. */
  ratedCapacityKwh: z.number().nullable(),
  cellSpreadMv: z.number().int().nullable(),
  internalResistanceMohm: z.number().nullable(),
  temperatureC: z.number().nullable(),
  odometerKm: z.number().int(),
  tool: z.string(),
  measuredAt: z.string(),
  flag: z.enum(BATTERY_HEALTH_FLAGS),
  flagLabel: z.string(),
  spreadWarning: z.boolean(),
  /** "VinFast Feliz S"; null when the vehicle names no reference model. */
  modelLabel: z.string().nullable(),
  centreName: z.string(),
};

/** A report as the technician, the centre's staff and the vehicle's owner read it. */
export const batteryReportSchema = z.object({
  id: z.number().int().positive(),
  vehicleId: z.number().int().positive(),
  serviceOrderId: z.number().int().positive().nullable(),
  serviceOrderCode: z.string().nullable(),
  ...figures,
  technicianName: z.string().nullable(),
  verifyCode: z.string(),
  /** PUBLIC_URL + /xac-minh-pin/<code>: what the certificate's QR holds. */
  verifyUrl: z.string(),
});
export type BatteryReport = z.infer<typeof batteryReportSchema>;
export const batteryReportResponseSchema = envelopeSchema(batteryReportSchema);
export const batteryReportListSchema = z.object({ items: z.array(batteryReportSchema) });
export type BatteryReportList = z.infer<typeof batteryReportListSchema>;
export const batteryReportListResponseSchema = envelopeSchema(batteryReportListSchema);

/** GET /api/battery-reports/verify/:code — public: the figures, the model and the date, nothing personal. */
export const batteryVerifySchema = z.object({ code: z.string(), batteryChemistry: z.string().nullable(), ...figures }).strict();
export type BatteryVerify = z.infer<typeof batteryVerifySchema>;
export const batteryVerifyResponseSchema = envelopeSchema(batteryVerifySchema);
/** Bounded: a longer code is refused before any lookup; any code of the right length that is not ours is a 404. */
export const batteryVerifyParamsSchema = z.object({ code: z.string().min(1, 'Mã xác minh không hợp lệ.').max(32, 'Mã xác minh không hợp lệ.') });
