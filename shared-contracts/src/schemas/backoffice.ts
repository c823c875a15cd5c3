import { z } from 'zod';
import type { ErrorCode } from '../errors/errorCodes';
import {
  CHECKLIST_FAIL_NOTE_MESSAGE,
  CHECKLIST_FAIL_NOTE_MIN,
  CHECKLIST_NOTE_MAX,
  INVOICE_PAYMENT_METHODS,
  INVOICE_PAYMENT_STATUSES,
  INVOICE_REFUND_REASON_MAX,
  INVOICE_REFUND_REFERENCE_MAX,
  INVOICE_REFUND_STATES,
  REASON_MIN_LENGTH,
  SERVICE_ORDER_STATUSES,
  STAFF_APPOINTMENT_STATUSES,
  type ServiceOrderAction,
} from '../backoffice/serviceOrderMachine';
import { isoInstantSchema, vndSchema, vehicleTypeSchema } from './catalogue';
import { LINE_PAYERS } from '../pricing/warrantyMachine';
import { errorEnvelopeSchema } from './envelope';
import { DIAGNOSIS_SYMPTOMS_MAX } from '../diagnostics/symptoms';
import {
  appointmentStatusSchema,
  appointmentSymptomSchema,
  bookingVehicleInputSchema,
  appointmentContactSchema,
  calendarDateSchema,
  checklistResultSchema,
  idParamsSchema,
  inspectionAdviceSchema,
} from './service';
import { symptomCodeSchema } from '../diagnostics/predictionSchemas';
import { DB_INTEGER_MAX, integerInput, textInput } from './primitives';
import { REFUND_METHODS } from '../pricing/orderStatus';
import { partsRequestSchema } from './partsRequests';

export * from '../backoffice/serviceOrderMachine';

/**
 * The back office (spec back-office.md, work package 1): the front desk (day view, walk-in, check-in,
 * customer search, counters), the service order with its checklist, clock, invoice and payment, and the
 * customer's live view of it. One source for the API's validation and answers and the back office's types.
 * Instants are ISO 8601 UTC; dates 'YYYY-MM-DD' are Vietnamese calendar dates.
 */

const idSchema = idParamsSchema.shape.id;
const positiveId = z.number().int().positive();

const reasonSchema = textInput({ error: 'Vui lòng nhập lý do.', trim: true, multiline: true })
  .min(REASON_MIN_LENGTH, `Lý do cần ít nhất ${REASON_MIN_LENGTH} ký tự.`)
  .max(300, 'Lý do tối đa 300 ký tự.');

const optionalText = (max: number, message: string) =>
  textInput({ trim: true, multiline: true })
    .max(max, message)
    .nullish()
    .transform((value) => (value ? value : null));

/** The optimistic-concurrency token every service-order edit carries (the version the client saw). */
const versionSchema = z.number({ error: 'Thiếu phiên bản của phiếu, vui lòng tải lại.' }).int().positive().max(DB_INTEGER_MAX, 'Phiên bản của phiếu không hợp lệ, vui lòng tải lại.');

export const serviceOrderStatusSchema = z.enum(SERVICE_ORDER_STATUSES, { error: 'Trạng thái phiếu không hợp lệ.' });
export const invoicePaymentMethodSchema = z.enum(INVOICE_PAYMENT_METHODS, { error: 'Phương thức thanh toán không hợp lệ.' });
export const invoicePaymentStatusSchema = z.enum(INVOICE_PAYMENT_STATUSES);

/** `?centreId=` of an admin (staff, technicians and managers always get their own centre). */
export const centreScopeQuerySchema = z.object({ centreId: idSchema.optional() });

// ---------------------------------------------------------------------------------------------------------
// Front desk

export const staffAppointmentsQuerySchema = centreScopeQuerySchema.extend({
  date: calendarDateSchema.optional(),
  status: appointmentStatusSchema.optional(),
  /** Plate, phone or appointment code (diacritics and case ignored). */
  q: textInput({ trim: true }).max(60, 'Từ khóa tối đa 60 ký tự.').optional(),
});
export type StaffAppointmentsQuery = z.input<typeof staffAppointmentsQuerySchema>;

export const serviceOrderRefSchema = z.object({ id: positiveId, code: z.string(), status: serviceOrderStatusSchema, statusLabel: z.string() });
export type ServiceOrderRef = z.infer<typeof serviceOrderRefSchema>;

/** One row of the front desk's day view. */
export const staffAppointmentSchema = z.object({
  id: positiveId,
  code: z.string(),
  start: isoInstantSchema,
  end: isoInstantSchema,
  status: appointmentStatusSchema,
  statusLabel: z.string(),
  licensePlate: z.string(),
  vehicle: z.object({ id: positiveId.nullable(), type: vehicleTypeSchema, brand: z.string(), model: z.string() }),
  customer: z.object({ userId: positiveId.nullable(), fullName: z.string(), phone: z.string(), email: z.string() }),
  services: z.array(z.string()),
  note: z.string().nullable(),
  serviceOrder: serviceOrderRefSchema.nullable(),
  /** The last odometer reading known for the vehicle (prefills check-in), null for a guest's vehicle. */
  lastOdometerKm: z.number().int().nonnegative().nullable(),
  /** True once start + 15 min has passed (NO_SHOW is allowed then). */
  noShowAllowed: z.boolean(),
  /**
   * The symptoms recorded for the appointment (the customer's at booking; staff's once checked in), in the
   * vocabulary's order: check-in shows them pre-ticked. The API always sends it; optional in the type so that
   * fixtures written before it stay valid.
   */
  symptoms: z.array(appointmentSymptomSchema).optional(),
});
export type StaffAppointment = z.infer<typeof staffAppointmentSchema>;

export const staffDaySchema = z.object({
  centre: z.object({ id: positiveId, name: z.string(), serviceBays: z.number().int().positive() }),
  date: z.string(),
  appointments: z.array(staffAppointmentSchema),
});
export type StaffDay = z.infer<typeof staffDaySchema>;

/** PATCH /api/appointments/:id/status as staff may still use it (the rest follows the service order). */
export const staffAppointmentStatusInputSchema = z.object({
  status: z.enum(STAFF_APPOINTMENT_STATUSES, { error: 'Trạng thái lịch hẹn không hợp lệ.' }),
  note: optionalText(300, 'Ghi chú tối đa 300 ký tự.'),
});

/** A walk-in's contact: name and Vietnamese mobile; a customer at the counter may have no email. */
export const walkInContactSchema = appointmentContactSchema.extend({ email: appointmentContactSchema.shape.email.optional() });

/** POST /api/staff/appointments/walk-in: a customer at the counter, booked into the next free step from now. */
export const walkInInputSchema = z
  .object({
    centreId: idSchema.optional(),
    /** A registered customer's vehicle, or a vehicle typed at the counter. */
    vehicleId: idSchema.optional(),
    vehicle: bookingVehicleInputSchema.optional(),
    contact: walkInContactSchema,
    serviceIds: z.array(idSchema, { error: 'Danh sách dịch vụ không hợp lệ.' }).min(1, 'Vui lòng chọn ít nhất một dịch vụ.').max(10, 'Tối đa 10 dịch vụ.'),
    note: optionalText(500, 'Ghi chú tối đa 500 ký tự.'),
  })
  .superRefine((value, context) => {
    if ((value.vehicleId === undefined) === (value.vehicle === undefined)) {
      context.addIssue({ code: 'custom', message: 'Vui lòng chọn một xe hoặc nhập thông tin xe.', path: ['vehicle'] });
    }
  });
export type WalkInInput = z.input<typeof walkInInputSchema>;

/** POST /api/staff/appointments/:id/check-in. */
export const checkInInputSchema = z.object({
  odometerKm: z.number({ error: 'Vui lòng nhập số km.' }).int('Số km phải là số nguyên.').min(0, 'Số km không hợp lệ.').max(1_000_000, 'Số km tối đa 1.000.000.'),
  customerConcern: optionalText(500, 'Mô tả tối đa 500 ký tự.'),
  intakeNote: optionalText(500, 'Ghi chú tối đa 500 ký tự.'),
  technicianId: idSchema.nullish(),
  bayNo: z.number().int().positive('Khoang không hợp lệ.').max(50, 'Khoang không hợp lệ.').nullish(),
  /**
   * The symptoms staff confirm at the counter (spec predictive.md §3): the customer's they keep and their own.
   * When sent, the appointment's symptoms become exactly these (those the customer picked keep their source,
   * new ones are the staff's, unticked ones are dropped); when absent, what the booking recorded stays as is.
   */
  symptoms: z
    .array(symptomCodeSchema, { error: 'Danh sách triệu chứng không hợp lệ.' })
    .max(DIAGNOSIS_SYMPTOMS_MAX, `Chọn tối đa ${DIAGNOSIS_SYMPTOMS_MAX} triệu chứng.`)
    .optional(),
});
export type CheckInInput = z.input<typeof checkInInputSchema>;

/** GET /api/staff/summary: today's counters of the centre (S1). */
export const staffSummarySchema = z.object({
  centre: z.object({ id: positiveId, name: z.string() }),
  date: z.string(),
  appointmentsDue: z.number().int().nonnegative(),
  checkedIn: z.number().int().nonnegative(),
  inProgress: z.number().int().nonnegative(),
  waitingApproval: z.number().int().nonnegative(),
  waitingParts: z.number().int().nonnegative(),
  readyForPayment: z.number().int().nonnegative(),
});
export type StaffSummary = z.infer<typeof staffSummarySchema>;

/** GET /api/staff/bays: the centre's bays and those with a vehicle in them now (the check-in form marks them). */
export const staffBaysSchema = z.object({
  serviceBays: z.number().int().positive(),
  occupied: z.array(z.object({ bayNo: positiveId, licensePlate: z.string(), serviceOrderId: positiveId, serviceOrderCode: z.string() })),
});
export type StaffBays = z.infer<typeof staffBaysSchema>;

/**
 * The customer lookup's centre scope (spec §3): staff and managers see in full the customers of their centre
 * (an appointment, a shop order picked up there or a service order there); an exact phone number or plate also
 * finds a customer of another centre for a walk-in, shown as `access: 'walk-in'` with name, phone and vehicles
 * only. Admins see every customer in full.
 */
export const CUSTOMER_ACCESS = ['full', 'walk-in'] as const;
export type CustomerAccess = (typeof CUSTOMER_ACCESS)[number];

const customerQueryText = textInput({ error: 'Vui lòng nhập từ khóa.', trim: true }).max(60, 'Từ khóa tối đa 60 ký tự.');

export const customerSearchQuerySchema = centreScopeQuerySchema.extend({
  q: customerQueryText.min(2, 'Nhập ít nhất 2 ký tự để tìm.'),
});

/**
 * GET /api/staff/customers/:id: `q` is what the customer was found by. A customer of another centre is shown
 * (as a walk-in) only when `q` is their exact phone number or one of their plates; else 404.
 */
export const customerDetailQuerySchema = centreScopeQuerySchema.extend({ q: customerQueryText.optional() });

/** A customer of the caller's centre (or any, to an admin): everything the search matches on. */
export const customerSummarySchema = z.object({
  access: z.literal('full'),
  id: positiveId,
  fullName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  plates: z.array(z.string()),
});
export type CustomerSummary = z.infer<typeof customerSummarySchema>;

/** A customer of another centre found by their exact phone or plate: name, phone and plates only. */
export const walkInCustomerSummarySchema = z.object({
  access: z.literal('walk-in'),
  id: positiveId,
  fullName: z.string(),
  phone: z.string().nullable(),
  plates: z.array(z.string()),
});
export type WalkInCustomerSummary = z.infer<typeof walkInCustomerSummarySchema>;

/** One row of GET /api/staff/customers. */
export const customerSearchResultSchema = z.discriminatedUnion('access', [customerSummarySchema, walkInCustomerSummarySchema]);
export type CustomerSearchResult = z.infer<typeof customerSearchResultSchema>;

const customerVehicleSchema = z.object({ id: positiveId, licensePlate: z.string(), brand: z.string(), model: z.string(), year: z.number().int(), odometerKm: z.number().int() });

export const customerDetailSchema = customerSummarySchema.extend({
  vehicles: z.array(customerVehicleSchema),
  appointments: z.array(z.object({ id: positiveId, code: z.string(), start: isoInstantSchema, status: appointmentStatusSchema, statusLabel: z.string(), centreName: z.string() })),
  serviceOrders: z.array(serviceOrderRefSchema.extend({ openedAt: isoInstantSchema, licensePlate: z.string() })),
  orders: z.array(z.object({ code: z.string(), createdAt: isoInstantSchema, status: z.string(), total: vndSchema })),
  maintenanceRecords: z.array(z.object({ id: positiveId, servicedAt: isoInstantSchema, licensePlate: z.string(), services: z.array(z.string()), cost: vndSchema })),
});
export type CustomerDetail = z.infer<typeof customerDetailSchema>;

/** Another centre's customer at the counter: no email, appointments, orders or maintenance history. */
export const walkInCustomerDetailSchema = walkInCustomerSummarySchema.extend({ vehicles: z.array(customerVehicleSchema) });
export type WalkInCustomerDetail = z.infer<typeof walkInCustomerDetailSchema>;

/** The answer of GET /api/staff/customers/:id. */
export const staffCustomerDetailSchema = z.discriminatedUnion('access', [customerDetailSchema, walkInCustomerDetailSchema]);
export type StaffCustomerDetail = z.infer<typeof staffCustomerDetailSchema>;

/** The people of a centre a service order can be given to. */
export const centreTechnicianSchema = z.object({ id: positiveId, fullName: z.string(), busy: z.boolean(), clockRunning: z.boolean() });
export type CentreTechnician = z.infer<typeof centreTechnicianSchema>;

// ---------------------------------------------------------------------------------------------------------
// Service order

export const checklistPhotoSchema = z.object({ id: positiveId, url: z.string(), width: z.number().int().positive(), height: z.number().int().positive() });
export type ChecklistPhoto = z.infer<typeof checklistPhotoSchema>;

export const serviceOrderChecklistItemSchema = z.object({
  id: positiveId,
  code: z.string(),
  label: z.string(),
  result: checklistResultSchema.nullable(),
  note: z.string().nullable(),
  checkedAt: isoInstantSchema.nullable(),
  photos: z.array(checklistPhotoSchema),
});
export type ServiceOrderChecklistItem = z.infer<typeof serviceOrderChecklistItemSchema>;

export const serviceOrderLineSchema = z.object({
  id: positiveId,
  kind: z.enum(['service', 'part']),
  name: z.string(),
  quantity: z.number().int().nonnegative(),
  unitPrice: vndSchema,
  lineTotal: vndSchema,
  source: z.enum(['booked', 'parts_request']),
  /** Who pays it (issue 66 §5): a covered line reaches the customer's invoice at 0 ₫. The API always sends it. */
  payer: z.enum(LINE_PAYERS).optional(),
});
export type ServiceOrderLine = z.infer<typeof serviceOrderLineSchema>;

export const serviceInvoiceSchema = z.object({
  id: positiveId,
  code: z.string(),
  subtotalServices: vndSchema,
  subtotalParts: vndSchema,
  packageDiscount: vndSchema,
  /** The worth of the lines the manufacturer's warranty and the centre's goodwill pay (not in the subtotals). The API always sends them. */
  warrantyCovered: vndSchema.optional(),
  goodwillCovered: vndSchema.optional(),
  /** What is left to pay: the services and parts less the package discount and the points' worth. */
  total: vndSchema,
  /** Members' points spent on it at the counter and their worth (₫, already off the total); 0 when none. */
  pointsUsed: z.number().int().nonnegative(),
  pointsValue: vndSchema,
  paymentMethod: invoicePaymentMethodSchema.nullable(),
  paymentStatus: invoicePaymentStatusSchema,
  issuedAt: isoInstantSchema,
  paidAt: isoInstantSchema.nullable(),
  /** The VietQR picture (SVG data URL) while unpaid, with the invoice code as the transfer content. */
  vietQr: z.object({ imageDataUrl: z.string(), content: z.string() }).nullable(),
});
export type ServiceInvoice = z.infer<typeof serviceInvoiceSchema>;

/** What the invoice will be (S7: the preview equals the server's total). */
export const invoicePreviewSchema = serviceInvoiceSchema.pick({ subtotalServices: true, subtotalParts: true, packageDiscount: true, warrantyCovered: true, goodwillCovered: true, total: true }).extend({
  lines: z.array(serviceOrderLineSchema),
});
export type InvoicePreview = z.infer<typeof invoicePreviewSchema>;

export const timelineEntrySchema = z.object({ at: isoInstantSchema, label: z.string(), by: z.string().nullable(), note: z.string().nullable() });
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

/** A card of the board (S5). */
export const serviceOrderCardSchema = z.object({
  id: positiveId,
  code: z.string(),
  appointmentId: positiveId,
  status: serviceOrderStatusSchema,
  statusLabel: z.string(),
  licensePlate: z.string(),
  vehicleModel: z.string(),
  customerName: z.string(),
  technician: z.object({ id: positiveId, fullName: z.string() }).nullable(),
  bayNo: z.number().int().positive().nullable(),
  openedAt: isoInstantSchema,
  startedAt: isoInstantSchema.nullable(),
  /** Clocked minutes so far (running clock included). */
  workedMinutes: z.number().int().nonnegative(),
  clockRunning: z.boolean(),
  waitingApproval: z.boolean(),
  waitingParts: z.boolean(),
  checklist: z.object({ answered: z.number().int().nonnegative(), total: z.number().int().nonnegative() }),
  version: z.number().int().positive(),
  /** The vehicle's other entries on the board today, shown on this one card (boardPrecedenceOf); the board always sends it. */
  sameVehicle: z.array(z.object({ kind: z.enum(['order', 'appointment']), id: positiveId, code: z.string(), label: z.string() })).optional(),
});
export type ServiceOrderCard = z.infer<typeof serviceOrderCardSchema>;

export const serviceOrderBoardSchema = z.object({
  centre: z.object({ id: positiveId, name: z.string(), serviceBays: z.number().int().positive() }),
  date: z.string(),
  /** Today's PENDING/CONFIRMED appointments, not yet checked in (the 'Chờ tiếp nhận' column). */
  waiting: z.array(staffAppointmentSchema),
  orders: z.array(serviceOrderCardSchema),
});
export type ServiceOrderBoard = z.infer<typeof serviceOrderBoardSchema>;

/**
 * A component worth a closer look on this order (spec predictive.md §4 "Nên kiểm tra kỹ"): a checklist code
 * ranked from the appointment's symptoms and the vehicle's forecast, how likely it is to be found failed, and
 * why, in Vietnamese.
 */
export const suggestedCheckSchema = z.object({
  component: z.string(),
  label: z.string(),
  probability: z.number().min(0).max(1),
  reason: z.string(),
});
export type SuggestedCheck = z.infer<typeof suggestedCheckSchema>;

export const serviceOrderDetailSchema = serviceOrderCardSchema.extend({
  customer: z.object({ userId: positiveId.nullable(), fullName: z.string(), phone: z.string(), email: z.string() }),
  appointmentCode: z.string(),
  appointmentStart: isoInstantSchema,
  odometerInKm: z.number().int().nonnegative(),
  customerConcern: z.string().nullable(),
  intakeNote: z.string().nullable(),
  cancelReason: z.string().nullable(),
  checklistItems: z.array(serviceOrderChecklistItemSchema),
  lines: z.array(serviceOrderLineSchema),
  invoice: serviceInvoiceSchema.nullable(),
  timeline: z.array(timelineEntrySchema),
  /** What the caller may do now (from the shared machine, roles and assignment). */
  availableActions: z.array(z.custom<ServiceOrderAction>((value) => typeof value === 'string')),
  /**
   * The order's parts requests, oldest first, with availability and what the caller may do (work package 2).
   * The API always sends it; optional in the type so that fixtures written before it stay valid.
   */
  partsRequests: z.array(partsRequestSchema).optional(),
  /**
   * The appointment's symptoms (the customer's at booking, staff's at check-in), in the vocabulary's order, and
   * the components to check closely, most likely first ([] when there is no symptom and no forecast flag). The
   * API always sends both; optional in the type so that fixtures written before them stay valid.
   */
  symptoms: z.array(appointmentSymptomSchema).optional(),
  suggestedChecks: z.array(suggestedCheckSchema).optional(),
});
export type ServiceOrderDetail = z.infer<typeof serviceOrderDetailSchema>;

export const boardQuerySchema = centreScopeQuerySchema.extend({ date: calendarDateSchema.optional() });

/** PATCH /api/service-orders/:id/assignment: technician and bay (null clears). */
export const assignmentInputSchema = z.object({
  version: versionSchema,
  technicianId: idSchema.nullable().optional(),
  bayNo: z.number().int().positive('Khoang không hợp lệ.').max(50, 'Khoang không hợp lệ.').nullable().optional(),
});
export type AssignmentInput = z.input<typeof assignmentInputSchema>;

/** POST /api/service-orders/:id/{start|finish}. */
export const versionedActionInputSchema = z.object({ version: versionSchema });
/** POST /api/service-orders/:id/{reopen|cancel}. */
export const reasonedActionInputSchema = z.object({ version: versionSchema, reason: reasonSchema });

/** POST /api/service-orders/:id/payment/confirm. */
export const paymentConfirmInputSchema = z.object({
  method: invoicePaymentMethodSchema,
  /** Cash the customer handed over (VND), for the change: CASH only, at least the invoice's total (the server checks). */
  amountReceived: z
    .number({ error: 'Số tiền khách đưa không hợp lệ.' })
    .int('Số tiền khách đưa phải là số nguyên (VNĐ).')
    .min(0, 'Số tiền khách đưa không hợp lệ.')
    .max(DB_INTEGER_MAX, 'Số tiền khách đưa không hợp lệ.')
    .optional(),
});

/** POST /api/service-orders/:id/invoice/refunds: money given back of the paid invoice (the server checks what is left). */
export const invoiceRefundInputSchema = z.object({
  amount: integerInput({ message: 'Số tiền hoàn phải là số nguyên dương (VND).', positive: true }),
  method: z.enum(REFUND_METHODS, { error: 'Vui lòng chọn hình thức hoàn tiền.' }),
  reference: textInput({ trim: true })
    .max(INVOICE_REFUND_REFERENCE_MAX, `Mã giao dịch tối đa ${INVOICE_REFUND_REFERENCE_MAX} ký tự.`)
    .optional()
    .transform((value) => (value ? value : undefined)),
  reason: textInput({ trim: true, multiline: true, error: 'Vui lòng nhập lý do hoàn tiền.' })
    .min(5, 'Lý do hoàn tiền tối thiểu 5 ký tự.')
    .max(INVOICE_REFUND_REASON_MAX, `Lý do hoàn tiền tối đa ${INVOICE_REFUND_REASON_MAX} ký tự.`),
});
export type InvoiceRefundInput = z.input<typeof invoiceRefundInputSchema>;

/** One refund of an invoice, oldest first. */
export const invoiceRefundSchema = z.object({
  id: positiveId,
  amount: vndSchema,
  method: z.enum(REFUND_METHODS),
  methodLabel: z.string().min(1),
  reference: z.string().nullable(),
  reason: z.string(),
  by: z.string().nullable(),
  createdAt: isoInstantSchema,
});
export type InvoiceRefund = z.infer<typeof invoiceRefundSchema>;

/** GET /api/service-orders/:id/invoice/refunds: what was paid, given back, and may still be. */
export const invoiceRefundsSchema = z.object({
  invoiceId: positiveId,
  code: z.string(),
  total: vndSchema,
  paid: vndSchema,
  refunded: vndSchema,
  refundable: vndSchema,
  refundState: z.enum(INVOICE_REFUND_STATES),
  refundStateLabel: z.string(),
  /** Whether the caller may record a refund now (their role, something left). */
  canRefund: z.boolean(),
  refunds: z.array(invoiceRefundSchema),
});
export type InvoiceRefunds = z.infer<typeof invoiceRefundsSchema>;

/** PUT /api/service-orders/:id/checklist/:itemId (autosaved per item). */
export const checklistAnswerInputSchema = z
  .object({
    result: checklistResultSchema.nullable(),
    note: optionalText(CHECKLIST_NOTE_MAX, `Ghi chú tối đa ${CHECKLIST_NOTE_MAX} ký tự.`),
  })
  .superRefine((value, context) => {
    if (value.result === 'FAIL' && (value.note ?? '').length < CHECKLIST_FAIL_NOTE_MIN) {
      context.addIssue({ code: 'custom', message: CHECKLIST_FAIL_NOTE_MESSAGE, path: ['note'] });
    }
  });
export type ChecklistAnswerInput = z.input<typeof checklistAnswerInputSchema>;

export const checklistItemParamsSchema = z.object({ id: idSchema, itemId: idSchema });
export const checklistPhotoParamsSchema = z.object({ id: idSchema, itemId: idSchema, photoId: idSchema });

// ---------------------------------------------------------------------------------------------------------
// Technician

/** POST /api/technician/clock/in: clock onto an order (switch: close the running entry first). */
export const clockInInputSchema = z.object({ serviceOrderId: idSchema, switch: z.boolean().optional() });
export const clockStateSchema = z.object({
  running: z
    .object({ entryId: positiveId, serviceOrderId: positiveId, serviceOrderCode: z.string(), licensePlate: z.string(), startedAt: isoInstantSchema })
    .nullable(),
});
export type ClockState = z.infer<typeof clockStateSchema>;

export const technicianQueueSchema = z.object({
  centre: z.object({ id: positiveId, name: z.string() }),
  mine: z.array(serviceOrderCardSchema),
  unassigned: z.array(serviceOrderCardSchema),
  clock: clockStateSchema,
  /** Today and this week (Monday to today): clocked hours, orders finished. */
  kpis: z.object({
    today: z.object({ clockedMinutes: z.number().int().nonnegative(), ordersDone: z.number().int().nonnegative() }),
    week: z.object({ clockedMinutes: z.number().int().nonnegative(), ordersDone: z.number().int().nonnegative() }),
  }),
});
export type TechnicianQueue = z.infer<typeof technicianQueueSchema>;

// ---------------------------------------------------------------------------------------------------------
// Live events and the customer's view

/** `event: service-order` on the customer's GET /api/appointments/events and the centre's GET /api/staff/events. */
export const SERVICE_ORDER_EVENT = 'service-order';
export const serviceOrderEventSchema = z.object({
  appointmentId: positiveId,
  serviceOrderId: positiveId,
  serviceOrderCode: z.string(),
  status: serviceOrderStatusSchema,
  statusLabel: z.string(),
  pendingApprovals: z.number().int().nonnegative(),
  at: isoInstantSchema,
});
export type ServiceOrderEvent = z.infer<typeof serviceOrderEventSchema>;

/** `event: floor-changed` on GET /api/staff/events: something of the centre's floor changed, reload what you show. */
export const FLOOR_CHANGED_EVENT = 'floor-changed';
export const floorChangedEventSchema = z.object({
  centreId: positiveId,
  /** 'appointment' | 'service-order' | 'payment'. */
  kind: z.string(),
  appointmentId: positiveId.nullable(),
  serviceOrderId: positiveId.nullable(),
  /** kind 'conversation': the thread a message was posted in, read, assigned or closed. */
  conversationId: positiveId.nullable().optional(),
  at: isoInstantSchema,
});
export type FloorChangedEvent = z.infer<typeof floorChangedEventSchema>;

/** GET /api/appointments/:id/service-order: the customer's view of their car's work (own appointment only). */
export const customerServiceOrderSchema = z.object({
  appointmentId: positiveId,
  code: z.string(),
  status: serviceOrderStatusSchema,
  statusLabel: z.string(),
  pendingApprovals: z.number().int().nonnegative(),
  openedAt: isoInstantSchema,
  lines: z.array(serviceOrderLineSchema),
  invoice: serviceInvoiceSchema.nullable(),
});
export type CustomerServiceOrder = z.infer<typeof customerServiceOrderSchema>;

/** One checklist item as the customer sees it: null while not checked yet; `fixed` when the FAIL was put right at this visit. */
export const customerInspectionItemSchema = z.object({
  label: z.string(),
  result: checklistResultSchema.nullable(),
  note: z.string().nullable(),
  /** The technician's photos of the item ('/api/media/checklist-photos/<file>.webp'). */
  photos: z.array(z.string()),
  fixed: z.boolean(),
});
export type CustomerInspectionItem = z.infer<typeof customerInspectionItemSchema>;

/** GET /api/appointments/:id/inspection: the digital vehicle inspection of the customer's own car (own appointment only). */
export const customerInspectionSchema = z.object({
  appointmentId: positiveId,
  serviceOrderCode: z.string(),
  status: serviceOrderStatusSchema,
  answered: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  items: z.array(customerInspectionItemSchema),
  advice: z.array(inspectionAdviceSchema),
});
export type CustomerInspection = z.infer<typeof customerInspectionSchema>;

/** 409 codes of the back office, for the UI's explanations. */
export const BACK_OFFICE_ERROR_CODES = [
  'USE_SERVICE_ORDER',
  'TOO_EARLY_FOR_NO_SHOW',
  'APPOINTMENT_CHANGED',
  'NOT_APPOINTMENT_DAY',
  'ODOMETER_INVALID',
  'SERVICE_ORDER_CHANGED',
  'INVALID_STATUS_TRANSITION',
  'NOT_ASSIGNED',
  'ALREADY_CLOCKED_IN',
  'BAY_OCCUPIED',
  'CHECKLIST_INCOMPLETE',
  'PARTS_PENDING',
  'TOO_MANY_PHOTOS',
  'UNSUPPORTED_MEDIA',
  'FILE_TOO_LARGE',
  'ACCOUNT_DISABLED',
  /** A checklist answer or photo while the order is not IN_PROGRESS. */
  'CHECKLIST_LOCKED',
  /** A payment confirmation with the other method after one was recorded. */
  'PAYMENT_ALREADY_CONFIRMED',
] as const satisfies readonly ErrorCode[];

/**
 * A back-office error that carries what the UI needs to explain it (besides the usual envelope):
 * ALREADY_CLOCKED_IN → alreadyClockedInData, CHECKLIST_INCOMPLETE → checklistIncompleteData.
 */
export const backOfficeErrorSchema = errorEnvelopeSchema.extend({ data: z.record(z.string(), z.unknown()).optional() });
export type BackOfficeError = z.infer<typeof backOfficeErrorSchema>;
export const alreadyClockedInDataSchema = z.object({ activeServiceOrderId: positiveId, activeServiceOrderCode: z.string() });
export const checklistIncompleteDataSchema = z.object({
  pendingItems: z.array(z.object({ id: positiveId, code: z.string(), label: z.string(), result: checklistResultSchema.nullable() })),
});
