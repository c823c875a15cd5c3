import { z } from 'zod';
import {
  INTEGRATED_CARRIERS,
  LABEL_SIZES,
  PARCEL_HANDOVERS,
  PARCEL_INSPECTION_RULES,
  SHIPMENT_STATUSES,
} from '../pricing/shipmentMachine';
import { isoInstantSchema, vndSchema } from './catalogue';
import { integerInput, textInput } from './primitives';

/**
 * Parcels with a carrier (issue 65): coded wards, the checkout's shipping options, the waybill the desk creates, the
 * statuses the carrier reports and the labels it prints. The status vocabulary is pricing/shipmentMachine.ts.
 */
export * from '../pricing/shipmentMachine';

// ---------------------------------------------------------------------------------------------------------
// Coded wards (the 2025 reform: 34 provinces, ~3,300 wards, no districts)

/** The official (GSO) five-digit ward code, e.g. '00166' (Phường Cầu Giấy, Hà Nội). */
export const WARD_CODE_PATTERN = /^\d{5}$/;
export const wardCodeSchema = z.string().regex(WARD_CODE_PATTERN, 'Vui lòng chọn phường/xã.');

export const wardSchema = z.object({
  code: wardCodeSchema,
  /** 'Phường Cầu Giấy'. */
  name: z.string().min(1),
  /** The province's name as addresses store it ('Hà Nội'; shared-contracts/address/provinces.ts). */
  province: z.string().min(1),
  /** Former wards merged into it, as 'Phường Dịch Vọng Hậu, Quận Cầu Giấy' (the district-era names). */
  formerly: z.array(z.string()),
  /** The former ward the search matched, when the match was on a former name. */
  matchedFormer: z.string().nullable(),
});
export type Ward = z.infer<typeof wardSchema>;

/** GET /api/addresses/wards?province=…&q=… (q accent-insensitive; current and former names). */
export const wardSearchAnswerSchema = z.object({ wards: z.array(wardSchema) });
export type WardSearchAnswer = z.infer<typeof wardSearchAnswerSchema>;

// ---------------------------------------------------------------------------------------------------------
// Checkout: the carriers' live quote

export const shippingOptionSchema = z.object({
  carrier: z.enum(INTEGRATED_CARRIERS),
  carrierLabel: z.string().min(1),
  /** The carrier's service id (GHN service_id / GHTK transport 'road' | 'fly'), as a string. */
  service: z.string().min(1),
  serviceLabel: z.string().min(1),
  fee: vndSchema,
  /** 'YYYY-MM-DD' in Asia/Ho_Chi_Minh. */
  expectedDelivery: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).nullable(),
  cheapest: z.boolean(),
  fastest: z.boolean(),
});
export type ShippingOption = z.infer<typeof shippingOptionSchema>;

/** The customer's pick among the options, sent with the quote and the order (the server re-quotes it). */
export const shippingChoiceInputSchema = z.object({
  carrier: z.enum(INTEGRATED_CARRIERS, { error: 'Vui lòng chọn đơn vị vận chuyển.' }),
  service: textInput({ trim: true, error: 'Vui lòng chọn dịch vụ vận chuyển.' }).min(1, 'Vui lòng chọn dịch vụ vận chuyển.').max(40, 'Dịch vụ vận chuyển không hợp lệ.'),
});
export type ShippingChoiceInput = z.infer<typeof shippingChoiceInputSchema>;

// ---------------------------------------------------------------------------------------------------------
// The waybill

export const shipmentEventSchema = z.object({
  status: z.enum(SHIPMENT_STATUSES),
  statusLabel: z.string().min(1),
  /** When the carrier says it happened. */
  at: isoInstantSchema,
  /** The carrier's reason or note ('Khách hẹn giao lại'), if any. */
  note: z.string().nullable(),
});
export type ShipmentEvent = z.infer<typeof shipmentEventSchema>;

export const shipmentViewSchema = z.object({
  id: z.number().int().positive(),
  orderId: z.number().int().positive(),
  orderCode: z.string().min(1),
  carrier: z.enum(INTEGRATED_CARRIERS),
  carrierLabel: z.string().min(1),
  service: z.string().min(1),
  serviceLabel: z.string().min(1),
  trackingCode: z.string().min(1),
  trackingUrl: z.string().nullable(),
  status: z.enum(SHIPMENT_STATUSES),
  statusLabel: z.string().min(1),
  statusAt: isoInstantSchema,
  fee: vndSchema,
  codAmount: vndSchema,
  insuredValue: vndSchema,
  inspection: z.enum(PARCEL_INSPECTION_RULES),
  handover: z.enum(PARCEL_HANDOVERS),
  expectedDelivery: z.string().nullable(),
  /** Failed delivery attempts so far. */
  attempts: z.number().int().nonnegative(),
  canCancel: z.boolean(),
  createdAt: isoInstantSchema,
  /** Oldest first. */
  events: z.array(shipmentEventSchema),
});
export type ShipmentView = z.infer<typeof shipmentViewSchema>;

const vndInput = (message: string) => integerInput({ message, min: 0 });

/** POST /api/staff/web-orders/:code/shipment — "Tạo vận đơn". */
export const createShipmentInputSchema = z.object({
  /** The order's version as the clerk read it (a stale one is a 409). */
  version: integerInput({ message: 'Phiên bản đơn hàng không hợp lệ, vui lòng tải lại.', min: 0 }),
  carrier: z.enum(INTEGRATED_CARRIERS, { error: 'Vui lòng chọn đơn vị vận chuyển.' }),
  service: textInput({ trim: true, error: 'Vui lòng chọn dịch vụ vận chuyển.' }).min(1, 'Vui lòng chọn dịch vụ vận chuyển.').max(40, 'Dịch vụ vận chuyển không hợp lệ.'),
  codAmount: vndInput('Tiền thu hộ (COD) phải là số nguyên không âm (VND).'),
  insuredValue: vndInput('Giá trị khai giá phải là số nguyên không âm (VND).'),
  inspection: z.enum(PARCEL_INSPECTION_RULES, { error: 'Vui lòng chọn lưu ý giao hàng.' }),
  handover: z.enum(PARCEL_HANDOVERS, { error: 'Vui lòng chọn cách giao hàng cho đơn vị vận chuyển.' }),
  note: textInput({ trim: true, multiline: true }).max(300, 'Ghi chú tối đa 300 ký tự.').optional(),
});
export type CreateShipmentInput = z.input<typeof createShipmentInputSchema>;
export type CreateShipmentRequest = z.output<typeof createShipmentInputSchema>;

/** POST /api/staff/shipments/labels — one PDF of many labels. */
export const shipmentLabelsInputSchema = z.object({
  shipmentIds: z.array(z.number().int().positive()).min(1, 'Vui lòng chọn ít nhất một vận đơn.').max(500, 'Tối đa 500 nhãn một lần in.'),
  size: z.enum(LABEL_SIZES, { error: 'Vui lòng chọn khổ nhãn.' }),
});
export type ShipmentLabelsInput = z.infer<typeof shipmentLabelsInputSchema>;

/** GET /api/staff/shipments/pickups?date=YYYY-MM-DD — the day's pickup list. */
export const pickupListSchema = z.object({
  date: z.string(),
  shipments: z.array(shipmentViewSchema),
});
export type PickupList = z.infer<typeof pickupListSchema>;
