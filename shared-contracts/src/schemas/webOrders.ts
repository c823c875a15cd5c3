import { z } from 'zod';
import { CARRIERS, TRACKING_CODE_PATTERN } from '../pricing/carriers';
import { FULFILMENT_METHODS, ORDER_PAYMENT_CHANNELS, ORDER_PAYMENT_METHODS, ORDER_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES, REFUND_METHODS, WEB_ORDER_ACTIONS } from '../pricing/orderStatus';
import { centreScopeQuerySchema } from './backoffice';
import { isoInstantSchema, vndSchema } from './catalogue';
import { envelopeSchema } from './envelope';
import { integerInput, textInput } from './primitives';
import { calendarDateSchema } from './service';
import { shipmentViewSchema } from './shipping';
import { orderCentreSchema, orderSchema, orderShipmentSchema, orderTimelineEntrySchema, type OrderShipment, type OrderTimelineEntry } from './shop';

/**
 * The web-order desk (shop-operations §4): the back office's list of the web orders of a centre, their detail
 * with timeline and notes, and the actions of the order machine (pricing/orderStatus.ts). Every action carries
 * the order's `version` as read: a stale one is a 409.
 */
export { CARRIERS, CARRIER_LABELS, CARRIER_TRACKING_URLS, TRACKING_CODE_PATTERN, trackingUrl, type Carrier } from '../pricing/carriers';
export {
  REFUND_METHODS,
  REFUND_METHOD_LABELS,
  type RefundMethod,
  WEB_ORDER_ACTIONS,
  WEB_ORDER_ACTION_RULES,
  WEB_ORDER_DESK_ROLES,
  availableWebOrderActions,
  canTakeWebOrderAction,
  webOrderOutcome,
  type WebOrderAction,
  type WebOrderFacts,
} from '../pricing/orderStatus';


/** Page sizes of the desk list. */
export const WEB_ORDER_PAGE_SIZE_MAX = 100;

const optionalText = (max: number, message: string) =>
  textInput({ trim: true })
    .max(max, message)
    .optional()
    .transform((value) => (value ? value : undefined));

/** GET /staff/web-orders: filters, a page. `q`: a code, a phone or a name (accents and case ignored). */
export const webOrderListQuerySchema = centreScopeQuerySchema.extend({
  status: z.enum(ORDER_STATUSES, { error: 'Trạng thái đơn hàng không hợp lệ.' }).optional(),
  paymentStatus: z.enum(PAYMENT_STATUSES, { error: 'Trạng thái thanh toán không hợp lệ.' }).optional(),
  paymentMethod: z.enum(PAYMENT_METHODS, { error: 'Phương thức thanh toán không hợp lệ.' }).optional(),
  fulfilment: z.enum(FULFILMENT_METHODS, { error: 'Hình thức nhận hàng không hợp lệ.' }).optional(),
  from: calendarDateSchema.optional(),
  to: calendarDateSchema.optional(),
  q: optionalText(60, 'Từ khóa tìm kiếm tối đa 60 ký tự.'),
  page: integerInput({ message: 'Trang phải là số nguyên từ 1 đến 10000.', min: 1, max: 10_000 }).default(1),
  pageSize: integerInput({ message: `Số đơn mỗi trang từ 1 đến ${WEB_ORDER_PAGE_SIZE_MAX}.`, min: 1, max: WEB_ORDER_PAGE_SIZE_MAX }).default(25),
});
export type WebOrderListQuery = z.input<typeof webOrderListQuerySchema>;
/** The list's filters as the server reads them (defaults applied). */
export type WebOrderListFilters = Omit<z.output<typeof webOrderListQuerySchema>, 'centreId'>;

export const webOrderListItemSchema = z.object({
  code: z.string().min(1),
  status: z.enum(ORDER_STATUSES),
  statusLabel: z.string().min(1),
  paymentMethod: z.enum(PAYMENT_METHODS),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  paymentStatusLabel: z.string().min(1),
  fulfilmentMethod: z.enum(FULFILMENT_METHODS),
  total: vndSchema,
  recipientName: z.string().min(1),
  phone: z.string().min(1),
  createdAt: isoInstantSchema,
  version: z.number().int().nonnegative(),
});
export type WebOrderListItem = z.infer<typeof webOrderListItemSchema>;

export const webOrderStatusCountSchema = z.object({ status: z.enum(ORDER_STATUSES), label: z.string().min(1), count: z.number().int().nonnegative() });
export type WebOrderStatusCount = z.infer<typeof webOrderStatusCountSchema>;

export const webOrderListSchema = z.object({
  items: z.array(webOrderListItemSchema),
  /** Orders matching the filters when only the status filters them (from the counts); null with other filters. */
  total: z.number().int().nonnegative().nullable(),
  /** A next page exists. */
  hasMore: z.boolean(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
  /** The scope's orders per status (the filters aside). */
  counts: z.array(webOrderStatusCountSchema),
});
export type WebOrderList = z.infer<typeof webOrderListSchema>;

export const webOrderTimelineEntrySchema = orderTimelineEntrySchema;
export type WebOrderTimelineEntry = OrderTimelineEntry;
export const webOrderShipmentSchema = orderShipmentSchema;
export type WebOrderShipment = OrderShipment;

export const webOrderRefundSchema = z.object({
  amount: vndSchema,
  method: z.enum(REFUND_METHODS),
  methodLabel: z.string().min(1),
  reference: z.string().nullable(),
  by: z.string().nullable(),
  at: isoInstantSchema,
});
export type WebOrderRefund = z.infer<typeof webOrderRefundSchema>;

/** A payment record (order_payments): the money in, how it came, the bank's reference, when and who. */
export const webOrderPaymentRecordSchema = z.object({
  amount: vndSchema,
  method: z.enum(ORDER_PAYMENT_METHODS),
  channel: z.enum(ORDER_PAYMENT_CHANNELS),
  /** 'Chuyển khoản VietQR (ngân hàng báo qua SePay)', 'Tiền mặt khi nhận hàng', … */
  methodLabel: z.string().min(1),
  reference: z.string().nullable(),
  /** The staff member who recorded or collected it; null when automatic or not known. */
  by: z.string().nullable(),
  /** Reported by a provider's verified callback (SePay, payOS), no one at the desk. */
  automatic: z.boolean(),
  at: isoInstantSchema,
});
export type WebOrderPaymentRecord = z.infer<typeof webOrderPaymentRecordSchema>;

/** A refund record (payment_refunds) of the order. */
export const webOrderRefundRecordSchema = webOrderRefundSchema.extend({ reason: z.string().nullable() });
export type WebOrderRefundRecord = z.infer<typeof webOrderRefundRecordSchema>;

export const webOrderNoteSchema = z.object({ text: z.string().min(1), author: z.string().nullable(), at: isoInstantSchema });
export type WebOrderNote = z.infer<typeof webOrderNoteSchema>;

export const packingSlipLineSchema = z.object({ sku: z.string().nullable(), name: z.string().min(1), quantity: z.number().int().positive() });

export const webOrderDetailSchema = z.object({
  order: orderSchema,
  version: z.number().int().nonnegative(),
  customer: z.object({ id: z.number().int().positive(), fullName: z.string().min(1), email: z.string().min(1), phone: z.string().nullable() }),
  /** The centre whose desk handles it: the pick-up centre, or the centre that ships online orders. */
  deskCentre: orderCentreSchema.nullable(),
  payment: z.object({
    amountReceived: vndSchema,
    paidAt: isoInstantSchema.nullable(),
    bankReference: z.string().nullable(),
    /** What is owed back while the payment is REFUND_DUE. */
    refundDue: vndSchema.nullable(),
    /** Every payment record, oldest first (one per paid order). */
    records: z.array(webOrderPaymentRecordSchema),
    /** Every refund record, oldest first. */
    refunds: z.array(webOrderRefundRecordSchema),
  }),
  timeline: z.array(webOrderTimelineEntrySchema),
  notes: z.array(webOrderNoteSchema),
  shipment: webOrderShipmentSchema.nullable(),
  /** The waybill with an integrated carrier (issue 65): the live one, else the last cancelled; null if none. */
  carrierShipment: shipmentViewSchema.nullable().optional(),
  refund: webOrderRefundSchema.nullable(),
  availableActions: z.array(z.enum(WEB_ORDER_ACTIONS)),
  /** The packing slip: the lines with SKU and quantity, and the order code as a QR (data:image/svg+xml). */
  packingSlip: z.object({ lines: z.array(packingSlipLineSchema), qrImageDataUrl: z.string().startsWith('data:image/') }),
});
export type WebOrderDetail = z.infer<typeof webOrderDetailSchema>;

const versionInput = integerInput({ message: 'Phiên bản đơn hàng không hợp lệ, vui lòng tải lại.', min: 0 });
const reasonInput = textInput({ trim: true, multiline: true, error: 'Vui lòng nhập lý do hủy.' })
  .min(5, 'Lý do hủy tối thiểu 5 ký tự.')
  .max(300, 'Lý do hủy tối đa 300 ký tự.');
const simpleAction = <A extends 'confirm' | 'pack' | 'deliver' | 'complete' | 'readyForPickup' | 'handOver'>(action: A) =>
  z.object({ action: z.literal(action), version: versionInput, note: optionalText(300, 'Ghi chú tối đa 300 ký tự.') });

/** POST /staff/web-orders/:code/actions */
export const webOrderActionInputSchema = z.discriminatedUnion(
  'action',
  [
    simpleAction('confirm'),
    simpleAction('pack'),
    simpleAction('deliver'),
    simpleAction('complete'),
    simpleAction('readyForPickup'),
    simpleAction('handOver'),
    z.object({
      action: z.literal('ship'),
      version: versionInput,
      carrier: z.enum(CARRIERS, { error: 'Vui lòng chọn đơn vị vận chuyển.' }),
      trackingCode: optionalText(40, 'Mã vận đơn tối đa 40 ký tự.').refine((value) => value === undefined || TRACKING_CODE_PATTERN.test(value), {
        message: 'Mã vận đơn chỉ gồm chữ, số và dấu gạch ngang (4–40 ký tự).',
      }),
      note: optionalText(300, 'Ghi chú tối đa 300 ký tự.'),
    }),
    z.object({ action: z.literal('cancel'), version: versionInput, reason: reasonInput }),
    z.object({
      action: z.literal('refund'),
      version: versionInput,
      amount: integerInput({ message: 'Số tiền hoàn phải là số nguyên dương (VND).', positive: true }),
      method: z.enum(REFUND_METHODS, { error: 'Vui lòng chọn hình thức hoàn tiền.' }),
      reference: optionalText(100, 'Mã giao dịch tối đa 100 ký tự.'),
    }),
  ],
  { error: 'Thao tác không hợp lệ.' },
);
export type WebOrderActionInput = z.input<typeof webOrderActionInputSchema>;
export type WebOrderActionRequest = z.output<typeof webOrderActionInputSchema>;

/** POST /staff/web-orders/:code/notes */
export const webOrderNoteInputSchema = z.object({
  text: textInput({ trim: true, multiline: true, error: 'Vui lòng nhập nội dung ghi chú.' }).min(1, 'Vui lòng nhập nội dung ghi chú.').max(1000, 'Ghi chú tối đa 1000 ký tự.'),
});

/** The live desk: the floor stream's `floor-changed` of this kind means a web order of the centre changed. */
export const WEB_ORDER_CHANGE_KIND = 'web-order';

export const webOrderListResponseSchema = envelopeSchema(webOrderListSchema);
export const webOrderDetailResponseSchema = envelopeSchema(webOrderDetailSchema);
