import { z } from 'zod';
import { isCalendarDate, SLOT_MINUTES } from '../calendar';
import { emailSchema, fullNameSchema, normalizeVietnameseMobile, otpCodeSchema } from './auth';
import { isoInstantSchema, slugSchema, VEHICLE_TYPES, vehicleTypeSchema, vndSchema, type VehicleType } from './catalogue';
import { envelopeSchema, errorEnvelopeSchema } from './envelope';
import { idInput, integerInput, numberInput, textInput } from './primitives';
import { clockTimeSchema } from './serviceCentre';
import { vehicleModelRefSchema } from './vehicleModels';
import { licensePlateError, normaliseLicensePlate } from '../vehicle/licensePlate';
import { normaliseVin, vinError } from '../vehicle/vin';
import { VEHICLE_YEAR_MIN } from '../vehicle/vehicleModels';
import { DIAGNOSIS_SYMPTOMS_MAX } from '../diagnostics/symptoms';
import { symptomCodeSchema } from '../diagnostics/predictionSchemas';

// The vehicle rules and the Vietnamese calendar, also reachable from 'shared-contracts/schemas' (what the API imports).
export * from '../calendar';
export * from '../vehicle/licensePlate';
export * from '../vehicle/vin';
export * from '../vehicle/vehicleModels';

/**
 * The service side (issue 6): the customer's vehicles, booking a slot in a centre's schedule, appointments and
 * their live status, maintenance history and reminders. One source for the API's validation and responses and
 * for the UI's types. Instants are ISO 8601 UTC strings; calendar dates ('YYYY-MM-DD') and clock times
 * ('HH:MM') are Vietnamese time (Asia/Ho_Chi_Minh, UTC+7 all year, no daylight saving).
 */

// ---------------------------------------------------------------------------------------------------------
// Vietnamese time

/** A guest's appointment holds its slot this long until the email code is entered. */
export const GUEST_HOLD_MINUTES = 15;
/** Default of the API's BOOKING_CHANGE_CUTOFF_MINUTES: cancel or reschedule until 2 hours before the slot. */
export const BOOKING_CHANGE_CUTOFF_MINUTES_DEFAULT = 120;

/** The booking wizard's link: /booking?vehicleId=<id>&service=<slug>&centre=<id> (absent parts left out). */
export function bookingUrl(prefill: { vehicleId?: number; service?: string; centre?: number }): string {
  const params = new URLSearchParams();
  if (prefill.vehicleId !== undefined) params.set('vehicleId', String(prefill.vehicleId));
  if (prefill.service !== undefined) params.set('service', prefill.service);
  if (prefill.centre !== undefined) params.set('centre', String(prefill.centre));
  const query = params.toString();
  return query ? `/booking?${query}` : '/booking';
}

/** 'YYYY-MM-DD' that is a real calendar date. */
export const calendarDateSchema = textInput({ error: 'Vui lòng chọn ngày.' })
  .refine(isCalendarDate, 'Ngày phải có dạng YYYY-MM-DD.');

/** An instant as a client sends it: ISO 8601 with Z or an offset ('2026-05-04T09:00:00+07:00'). */
export const instantInputSchema = textInput({ error: 'Vui lòng chọn giờ hẹn.', trim: true })
  .refine((value) => /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d{1,3})?)?(Z|[+-]\d\d:\d\d)$/.test(value) && !Number.isNaN(Date.parse(value)), 'Thời điểm không hợp lệ.')
  .transform((value) => new Date(value).toISOString());

const idSchema = idInput('Mã không hợp lệ.');
export const idParamsSchema = z.object({ id: idSchema });

/** Optional text ('' → null); notes and reasons may span lines. */
const optionalTrimmed = (max: number, message: string, options: { multiline?: boolean } = {}) =>
  textInput({ trim: true, multiline: options.multiline })
    .max(max, message)
    .nullish()
    .transform((value) => (value ? value : null));

// ---------------------------------------------------------------------------------------------------------
// Reminders

export const REMINDER_DUE_BY = ['km', 'time'] as const;
export const reminderDueBySchema = z.enum(REMINDER_DUE_BY);
export type ReminderDueBy = z.infer<typeof reminderDueBySchema>;

/** A vehicle's next maintenance: due at dueKm or on dueDate, whichever comes first (dueBy tells which). */
export const reminderSchema = z.object({
  /** Vietnamese date the maintenance is due ('YYYY-MM-DD'). */
  dueDate: z.string(),
  dueKm: z.number().int().nonnegative(),
  dueBy: reminderDueBySchema,
  overdue: z.boolean(),
  /** Days from today to dueDate (negative when overdue). */
  daysLeft: z.number().int(),
  /** Km from the current odometer to dueKm (negative when past). */
  kmLeft: z.number().int(),
  estimatedKmPerDay: z.number().nonnegative(),
  /** The recommended service (a maintenance tier). */
  serviceSlug: slugSchema,
  serviceName: z.string().min(1),
  /** '/booking?vehicleId=<id>&service=<slug>'. */
  bookingUrl: z.string().startsWith('/booking'),
});
export type Reminder = z.infer<typeof reminderSchema>;

// ---------------------------------------------------------------------------------------------------------
// Vehicles

export const ODOMETER_DECREASE_MESSAGE = 'Số km chỉ được tăng. Muốn sửa số km nhỏ hơn, vui lòng ghi chú lý do.';
export const ODOMETER_MAX_KM = 2_000_000;

export const vehicleSchema = z.object({
  id: z.number().int().positive(),
  type: vehicleTypeSchema,
  brand: z.string().min(1),
  model: z.string().min(1),
  year: z.number().int(),
  /** Normalised display form: '30A-123.45', '29MĐ1-234.56'. */
  licensePlate: z.string().min(1),
  vin: z.string().nullable(),
  color: z.string().nullable(),
  odometerKm: z.number().int().nonnegative(),
  batteryCapacityKwh: z.number().positive().nullable(),
  nickname: z.string().nullable(),
  /** The reference model (GET /api/vehicle-models); null until the customer chooses one ("Chọn dòng xe"). */
  modelId: z.number().int().positive().nullable(),
  /** That model as shown: "VinFast VF 8 Plus" (named vehicleModel: `model` is the model's name as typed). */
  vehicleModel: vehicleModelRefSchema.nullable(),
  nextMaintenance: reminderSchema.nullable(),
  createdAt: isoInstantSchema,
});
export type Vehicle = z.infer<typeof vehicleSchema>;

const vehicleFieldsSchema = z.object({
  type: z.enum(VEHICLE_TYPES, { error: 'Vui lòng chọn loại xe.' }),
  brand: textInput({ error: 'Vui lòng chọn hãng xe.', trim: true }).min(1, 'Vui lòng chọn hãng xe.').max(60, 'Hãng xe tối đa 60 ký tự.'),
  model: textInput({ error: 'Vui lòng chọn mẫu xe.', trim: true }).min(1, 'Vui lòng chọn mẫu xe.').max(60, 'Mẫu xe tối đa 60 ký tự.'),
  licensePlate: textInput({ error: 'Vui lòng nhập biển số xe.' }).max(30, 'Biển số xe không hợp lệ.'),
});

/**
 * The plate by vehicle type (the plate is replaced by its normalised form). The model is the API's to check against
 * the reference table: a chosen one (modelId) must exist and be active, typed ones must name an active model of the
 * type (else VEHICLE_MODEL_MESSAGE).
 */
function checkVehicleIdentity(value: { type: VehicleType; licensePlate: string }, context: z.RefinementCtx): void {
  if (!value.type) return;
  const plateMessage = licensePlateError(value.licensePlate, value.type);
  if (plateMessage) context.addIssue({ code: 'custom', message: plateMessage, path: ['licensePlate'] });
}

const currentYear = () => new Date().getUTCFullYear();

const vehicleObjectSchema = vehicleFieldsSchema.extend({
  year: integerInput({
    message: 'Năm sản xuất không hợp lệ.',
    typeMessage: 'Vui lòng nhập năm sản xuất.',
    min: VEHICLE_YEAR_MIN,
    minMessage: `Năm sản xuất từ ${VEHICLE_YEAR_MIN} trở đi.`,
  }).refine(
    (year) => year <= currentYear() + 1,
    'Năm sản xuất không hợp lệ.',
  ),
  vin: textInput().max(40, 'Số VIN phải gồm đúng 17 ký tự.').nullish(),
  color: optionalTrimmed(40, 'Màu xe tối đa 40 ký tự.'),
  odometerKm: integerInput({
    message: 'Số km phải là số nguyên.',
    typeMessage: 'Vui lòng nhập số km đã đi.',
    min: 0,
    minMessage: 'Số km không được âm.',
    max: ODOMETER_MAX_KM,
    maxMessage: 'Số km quá lớn.',
  }),
  batteryCapacityKwh: numberInput({ message: 'Dung lượng pin không hợp lệ.', positive: true, minMessage: 'Dung lượng pin phải lớn hơn 0.', max: 300 })
    .nullish()
    .transform((value) => value ?? null),
  nickname: optionalTrimmed(50, 'Tên gợi nhớ tối đa 50 ký tự.'),
  /** The reference model chosen; null: none; absent: the API matches the typed brand and model to one. */
  modelId: idInput('Dòng xe không hợp lệ.').nullish(),
});
type VehicleObject = z.output<typeof vehicleObjectSchema>;

function checkVehicle(value: VehicleObject, context: z.RefinementCtx): void {
  checkVehicleIdentity(value, context);
  const message = vinError(value.vin, value.type);
  if (message) context.addIssue({ code: 'custom', message, path: ['vin'] });
}

function normaliseVehicle<T extends VehicleObject>(value: T): T & { vin: string | null } {
  const vin = value.vin ? normaliseVin(value.vin) : '';
  return { ...value, licensePlate: normaliseLicensePlate(value.licensePlate, value.type) ?? value.licensePlate, vin: vin || null };
}

/** POST /api/vehicles (plate and VIN come out normalised). */
export const vehicleInputSchema = vehicleObjectSchema.superRefine(checkVehicle).transform(normaliseVehicle);
export type VehicleInput = z.input<typeof vehicleInputSchema>;
export type VehicleData = z.output<typeof vehicleInputSchema>;

/** PUT /api/vehicles/:id: the same fields, plus the note a lower odometer needs. */
export const vehicleUpdateInputSchema = vehicleObjectSchema
  .extend({ odometerNote: optionalTrimmed(200, 'Ghi chú tối đa 200 ký tự.', { multiline: true }) })
  .superRefine(checkVehicle)
  .transform(normaliseVehicle);
export type VehicleUpdateInput = z.input<typeof vehicleUpdateInputSchema>;
export type VehicleUpdateData = z.output<typeof vehicleUpdateInputSchema>;

// ---------------------------------------------------------------------------------------------------------
// Availability

export const availabilityQuerySchema = z.object({
  date: calendarDateSchema,
  durationMinutes: integerInput({ message: 'Thời lượng không hợp lệ.', min: 1, max: 12 * 60, maxMessage: 'Thời lượng tối đa 12 giờ.' }).default(SLOT_MINUTES),
});
export type AvailabilityQuery = z.infer<typeof availabilityQuerySchema>;

export const slotSchema = z.object({
  start: isoInstantSchema,
  /** 'HH:MM' in Asia/Ho_Chi_Minh. */
  time: clockTimeSchema,
  /** Bays of the centre. */
  capacity: z.number().int().nonnegative(),
  /** Appointments occupying this 30-minute step. */
  booked: z.number().int().nonnegative(),
  /** Free for the asked duration (every step it covers has a free bay) and not in the past. */
  available: z.boolean(),
});
export type Slot = z.infer<typeof slotSchema>;

export const availabilitySchema = z.object({
  centreId: z.number().int().positive(),
  date: z.string(),
  slots: z.array(slotSchema),
});
export type Availability = z.infer<typeof availabilitySchema>;

/** A free slot proposed after SLOT_FULL. */
export const slotRefSchema = z.object({ start: isoInstantSchema, time: clockTimeSchema });
export type SlotRef = z.infer<typeof slotRefSchema>;

// ---------------------------------------------------------------------------------------------------------
// Appointments

export const APPOINTMENT_STATUSES = [
  'AWAITING_VERIFICATION',
  'PENDING',
  'CONFIRMED',
  'CHECKED_IN',
  'IN_PROGRESS',
  'COMPLETED',
  'CANCELLED',
  'NO_SHOW',
] as const;
export const appointmentStatusSchema = z.enum(APPOINTMENT_STATUSES, { error: 'Trạng thái lịch hẹn không hợp lệ.' });
export type AppointmentStatus = z.infer<typeof appointmentStatusSchema>;
export const APPOINTMENT_STATUS_LABELS: Record<AppointmentStatus, string> = {
  AWAITING_VERIFICATION: 'Chờ xác thực email',
  PENDING: 'Chờ xác nhận',
  CONFIRMED: 'Đã xác nhận',
  CHECKED_IN: 'Đã tiếp nhận',
  IN_PROGRESS: 'Đang thực hiện',
  COMPLETED: 'Hoàn thành',
  CANCELLED: 'Đã hủy',
  NO_SHOW: 'Không đến',
};

/**
 * Who makes a change of an appointment's status: staff with PATCH /appointments/:id/status, or the service
 * order as a side effect in its own transaction (check-in, start, invoice, cancel of the order).
 */
export type AppointmentTransitionActor = 'staff' | 'serviceOrder';

/**
 * Every change of an appointment's status and who makes it: the one table the API enforces and the back
 * office reads. AWAITING_VERIFICATION → PENDING is the guest's email code and → CANCELLED also the expiry of
 * the hold; the customer's own cancel and reschedule follow CHANGEABLE_APPOINTMENT_STATUSES. COMPLETED,
 * CANCELLED and NO_SHOW are final.
 *
 * - staff: confirm, cancel, and NO_SHOW (once start + 15 min has passed);
 * - serviceOrder: PENDING|CONFIRMED → CHECKED_IN (check-in), → IN_PROGRESS (work starts), → COMPLETED
 *   (invoiced), CHECKED_IN|IN_PROGRESS → CANCELLED (the order is cancelled).
 */
export const APPOINTMENT_STATUS_TRANSITIONS: Record<AppointmentStatus, Readonly<Partial<Record<AppointmentStatus, AppointmentTransitionActor>>>> = {
  AWAITING_VERIFICATION: { CANCELLED: 'staff' },
  PENDING: { CONFIRMED: 'staff', CANCELLED: 'staff', NO_SHOW: 'staff', CHECKED_IN: 'serviceOrder' },
  CONFIRMED: { CANCELLED: 'staff', NO_SHOW: 'staff', CHECKED_IN: 'serviceOrder' },
  CHECKED_IN: { IN_PROGRESS: 'serviceOrder', CANCELLED: 'serviceOrder' },
  IN_PROGRESS: { COMPLETED: 'serviceOrder', CANCELLED: 'serviceOrder' },
  COMPLETED: {},
  CANCELLED: {},
  NO_SHOW: {},
};

/** The statuses in which an appointment still holds its vehicle and its slot: every status that is not final. */
export const LIVE_APPOINTMENT_STATUSES: readonly AppointmentStatus[] = APPOINTMENT_STATUSES.filter((status) => Object.keys(APPOINTMENT_STATUS_TRANSITIONS[status]).length > 0);

/** Who may move an appointment from `from` to `to` (null: not a change of the workflow). */
export function appointmentTransitionActor(from: AppointmentStatus, to: AppointmentStatus): AppointmentTransitionActor | null {
  return APPOINTMENT_STATUS_TRANSITIONS[from][to] ?? null;
}

/** Statuses the customer may still cancel or reschedule (before the cut-off). */
export const CHANGEABLE_APPOINTMENT_STATUSES: readonly AppointmentStatus[] = ['AWAITING_VERIFICATION', 'PENDING', 'CONFIRMED'];
/** Statuses an upcoming appointment is in (the dashboard's list). */
export const ACTIVE_APPOINTMENT_STATUSES: readonly AppointmentStatus[] = ['AWAITING_VERIFICATION', 'PENDING', 'CONFIRMED', 'CHECKED_IN', 'IN_PROGRESS'];

export const BOOKING_CHANGE_TOO_LATE_MESSAGE = 'Chỉ có thể hủy hoặc đổi lịch trước giờ hẹn ít nhất 2 giờ';
export const SLOT_FULL_MESSAGE = 'Khung giờ này vừa hết chỗ, vui lòng chọn giờ khác';

export const appointmentContactSchema = z.object({
  fullName: fullNameSchema,
  phone: textInput({ error: 'Vui lòng nhập số điện thoại.' })
    .refine((value) => normalizeVietnameseMobile(value) !== null, 'Số điện thoại di động không hợp lệ (ví dụ 0912345678).')
    .transform((value) => normalizeVietnameseMobile(value) ?? value),
  email: emailSchema,
});
export type AppointmentContactInput = z.input<typeof appointmentContactSchema>;

/** A vehicle given in the booking form (added to a customer's vehicles, or a guest's vehicle). */
export const bookingVehicleInputSchema = vehicleFieldsSchema
  .superRefine(checkVehicleIdentity)
  .transform((value) => ({ ...value, licensePlate: normaliseLicensePlate(value.licensePlate, value.type) ?? value.licensePlate }));
export type BookingVehicleInput = z.input<typeof bookingVehicleInputSchema>;

/** POST /api/appointments (a guest must give contact; a customer gets their profile's when absent). */
export const appointmentCreateInputSchema = z
  .object({
    vehicleId: idSchema.optional(),
    vehicle: bookingVehicleInputSchema.optional(),
    contact: appointmentContactSchema.optional(),
    serviceIds: z.array(idSchema, { error: 'Danh sách dịch vụ không hợp lệ.' }).max(10, 'Tối đa 10 dịch vụ cho một lịch hẹn.').default([]),
    packageCreditId: idSchema.optional(),
    centreId: idSchema,
    start: instantInputSchema,
    note: optionalTrimmed(500, 'Ghi chú tối đa 500 ký tự.', { multiline: true }),
    /**
     * What the customer noticed (spec predictive.md §3), codes of the symptom vocabulary: recorded with the
     * appointment (source 'customer'), a code given twice once. Optional: clients built before it send none.
     */
    symptoms: z
      .array(symptomCodeSchema, { error: 'Danh sách triệu chứng không hợp lệ.' })
      .max(DIAGNOSIS_SYMPTOMS_MAX, `Chọn tối đa ${DIAGNOSIS_SYMPTOMS_MAX} triệu chứng.`)
      .default([]),
    /**
     * The recall campaigns (issue 66 §4) whose free remedy this booking takes for the chosen vehicle ("Đặt lịch
     * khắc phục"): one 0 ₫ line with their labour minutes; the vehicle's recall moves to SCHEDULED. Customers only.
     */
    recallCampaignIds: z.array(idSchema, { error: 'Danh sách triệu hồi không hợp lệ.' }).max(5, 'Tối đa 5 chiến dịch triệu hồi cho một lịch hẹn.').default([]),
  })
  .superRefine((value, context) => {
    if (value.vehicleId === undefined && value.vehicle === undefined) {
      context.addIssue({ code: 'custom', message: 'Vui lòng chọn xe hoặc nhập thông tin xe.', path: ['vehicleId'] });
    }
    if (value.vehicleId !== undefined && value.vehicle !== undefined) {
      context.addIssue({ code: 'custom', message: 'Chỉ chọn một xe cho lịch hẹn.', path: ['vehicle'] });
    }
    if (value.serviceIds.length === 0 && value.packageCreditId === undefined && value.recallCampaignIds.length === 0) {
      context.addIssue({ code: 'custom', message: 'Vui lòng chọn ít nhất một dịch vụ.', path: ['serviceIds'] });
    }
    if (value.recallCampaignIds.length > 0 && value.vehicleId === undefined) {
      context.addIssue({ code: 'custom', message: 'Vui lòng chọn xe thuộc diện triệu hồi.', path: ['recallCampaignIds'] });
    }
    if (new Set(value.serviceIds).size !== value.serviceIds.length) {
      context.addIssue({ code: 'custom', message: 'Dịch vụ bị trùng.', path: ['serviceIds'] });
    }
  });
export type AppointmentCreateInput = z.input<typeof appointmentCreateInputSchema>;
export type AppointmentCreateData = z.output<typeof appointmentCreateInputSchema>;

/** POST /api/appointments/:code/verify. */
export const appointmentVerifyInputSchema = z.object({ email: emailSchema, otpCode: otpCodeSchema });
export type AppointmentVerifyInput = z.infer<typeof appointmentVerifyInputSchema>;
export const appointmentCodeParamsSchema = z.object({ code: textInput({ trim: true }).toUpperCase().regex(/^LH[0-9A-Z]{4,20}$/, 'Mã lịch hẹn không hợp lệ.') });

export const APPOINTMENT_SCOPES = ['upcoming', 'past', 'all'] as const;
/** GET /appointments answers at most this many (upcoming: the soonest; past and all: the latest); `limit` asks for fewer. */
export const APPOINTMENT_LIST_MAX = 50;
export const appointmentListQuerySchema = z.object({
  scope: z.enum(APPOINTMENT_SCOPES, { error: 'Phạm vi không hợp lệ.' }).default('upcoming'),
  limit: integerInput({ message: 'Số lịch hẹn không hợp lệ.', min: 1, max: APPOINTMENT_LIST_MAX }).optional(),
});
export type AppointmentScope = (typeof APPOINTMENT_SCOPES)[number];

export const appointmentCancelInputSchema = z.object({ reason: optionalTrimmed(300, 'Lý do tối đa 300 ký tự.', { multiline: true }) }).default({ reason: null });
export const appointmentRescheduleInputSchema = z.object({ start: instantInputSchema, centreId: idSchema.optional() });
export type AppointmentRescheduleInput = z.input<typeof appointmentRescheduleInputSchema>;
export const appointmentStatusInputSchema = z.object({ status: appointmentStatusSchema, note: optionalTrimmed(300, 'Ghi chú tối đa 300 ký tự.', { multiline: true }) });
export type AppointmentStatusInput = z.input<typeof appointmentStatusInputSchema>;

export const appointmentServiceSchema = z.object({
  id: z.number().int().positive(),
  slug: slugSchema,
  name: z.string().min(1),
  price: vndSchema,
  durationMinutes: z.number().int().positive(),
});
export type AppointmentService = z.infer<typeof appointmentServiceSchema>;

/** Who recorded a symptom of an appointment: the customer when booking, staff at check-in. */
export const APPOINTMENT_SYMPTOM_SOURCES = ['customer', 'staff'] as const;
export const appointmentSymptomSchema = z.object({
  code: symptomCodeSchema,
  /** The vocabulary's Vietnamese label ('Tiếng kêu khi phanh'). */
  label: z.string().min(1),
  source: z.enum(APPOINTMENT_SYMPTOM_SOURCES),
});
export type AppointmentSymptom = z.infer<typeof appointmentSymptomSchema>;

export const appointmentSchema = z.object({
  id: z.number().int().positive(),
  /** 'LH' + date + letters, e.g. 'LH2605A7K3Q'. */
  code: z.string().min(1),
  status: appointmentStatusSchema,
  statusLabel: z.string().min(1),
  centre: z.object({ id: z.number().int().positive(), name: z.string(), address: z.string(), phone: z.string() }),
  vehicle: z.object({
    id: z.number().int().positive().nullable(),
    licensePlate: z.string(),
    brand: z.string(),
    model: z.string(),
    type: vehicleTypeSchema,
  }),
  services: z.array(appointmentServiceSchema),
  packageCredit: z.object({ id: z.number().int().positive(), packageName: z.string() }).nullable(),
  start: isoInstantSchema,
  end: isoInstantSchema,
  estimatedPrice: vndSchema,
  estimatedDurationMinutes: z.number().int().positive(),
  note: z.string().nullable(),
  contact: z.object({ fullName: z.string(), phone: z.string(), email: z.string() }),
  canCancel: z.boolean(),
  canReschedule: z.boolean(),
  createdAt: isoInstantSchema,
  /**
   * The recorded symptoms, in the vocabulary's order; [] when none. The API always sends it; optional in the
   * type only so that clients (and their fixtures) written before it still compile.
   */
  symptoms: z.array(appointmentSymptomSchema).optional(),
});
export type Appointment = z.infer<typeof appointmentSchema>;

/** The 409 of POST /appointments and /reschedule when a step of the slot has no free bay. */
export const slotFullErrorSchema = errorEnvelopeSchema.extend({ code: z.literal('SLOT_FULL'), nextSlots: z.array(slotRefSchema) });
export type SlotFullError = z.infer<typeof slotFullErrorSchema>;

/** `event: appointment-status` of GET /api/appointments/events. */
export const APPOINTMENT_STATUS_EVENT = 'appointment-status';
export const appointmentStatusEventSchema = z.object({
  appointmentId: z.number().int().positive(),
  code: z.string(),
  status: appointmentStatusSchema,
  statusLabel: z.string(),
  at: isoInstantSchema,
});
export type AppointmentStatusEvent = z.infer<typeof appointmentStatusEventSchema>;

// ---------------------------------------------------------------------------------------------------------
// Maintenance history

export const CHECKLIST_RESULTS = ['PASS', 'FAIL', 'NA'] as const;
export const checklistResultSchema = z.enum(CHECKLIST_RESULTS);
export type ChecklistResult = z.infer<typeof checklistResultSchema>;
export const CHECKLIST_RESULT_LABELS: Record<ChecklistResult, string> = { PASS: 'Đạt', FAIL: 'Không đạt', NA: 'Không áp dụng' };

export const maintenancePartSchema = z.object({ name: z.string().min(1), quantity: z.number().int().positive(), unitPrice: vndSchema });
export type MaintenancePart = z.infer<typeof maintenancePartSchema>;

export const maintenanceRecordSchema = z.object({
  id: z.number().int().positive(),
  vehicle: z.object({ id: z.number().int().positive(), licensePlate: z.string(), brand: z.string(), model: z.string() }),
  servicedAt: isoInstantSchema,
  centre: z.object({ id: z.number().int().positive(), name: z.string() }),
  odometerKm: z.number().int().nonnegative(),
  services: z.array(z.string()),
  parts: z.array(maintenancePartSchema),
  cost: vndSchema,
  technicianName: z.string().nullable(),
  checklistSummary: z.object({ pass: z.number().int().nonnegative(), fail: z.number().int().nonnegative(), na: z.number().int().nonnegative() }),
  notes: z.string().nullable(),
  /**
   * The visit's appointment, whose e-invoices GET /api/appointments/:id/e-invoices gives; null for a record without
   * one of the customer's (entered by hand or from outside). Absent from older answers.
   */
  appointmentId: z.number().int().positive().nullable().optional(),
});
export type MaintenanceRecord = z.infer<typeof maintenanceRecordSchema>;

export const maintenanceChecklistItemSchema = z.object({
  label: z.string().min(1),
  result: checklistResultSchema,
  note: z.string().nullable(),
  /** URLs of the photos of a FAIL item taken during the work ('/api/media/checklist-photos/<file>.webp'); absent when none. */
  photos: z.array(z.string()).optional(),
});
export type MaintenanceChecklistItem = z.infer<typeof maintenanceChecklistItemSchema>;
/**
 * What the technician's findings advise for next time: REPAIR a FAIL not fixed at this visit, WATCH a PASS the
 * technician remarked on ('Má phanh trước còn 2 mm, nên thay ở lần bảo dưỡng tới'). The note is the technician's.
 */
export const INSPECTION_ADVICE_KINDS = ['REPAIR', 'WATCH'] as const;
export type InspectionAdviceKind = (typeof INSPECTION_ADVICE_KINDS)[number];
export const inspectionAdviceSchema = z.object({ label: z.string().min(1), kind: z.enum(INSPECTION_ADVICE_KINDS), note: z.string().min(1) });
export type InspectionAdvice = z.infer<typeof inspectionAdviceSchema>;

export const maintenanceRecordDetailSchema = maintenanceRecordSchema.extend({
  checklist: z.array(maintenanceChecklistItemSchema),
  /** The advice for next time from this visit's findings; [] when none (absent from clients built before it). */
  advice: z.array(inspectionAdviceSchema).optional(),
});
export type MaintenanceRecordDetail = z.infer<typeof maintenanceRecordDetailSchema>;

export const maintenanceRecordListQuerySchema = z.object({ vehicleId: idSchema.optional() });

// ---------------------------------------------------------------------------------------------------------
// Response envelopes

export const vehicleResponseSchema = envelopeSchema(vehicleSchema);
export const vehicleListResponseSchema = envelopeSchema(z.array(vehicleSchema));
export const availabilityResponseSchema = envelopeSchema(availabilitySchema);
export const appointmentResponseSchema = envelopeSchema(appointmentSchema);
export const appointmentListResponseSchema = envelopeSchema(z.array(appointmentSchema));
export const maintenanceRecordListResponseSchema = envelopeSchema(z.array(maintenanceRecordSchema));
export const maintenanceRecordDetailResponseSchema = envelopeSchema(maintenanceRecordDetailSchema);
export const deletedResponseSchema = envelopeSchema(z.object({ id: z.number().int().positive() }));
