/**
 * A parcel's life with a carrier (GHN, GHTK): the shop's own statuses, their Vietnamese labels, what each
 * carrier's status maps to, and the rule that keeps webhooks idempotent and safe out of order. Plain values (no
 * zod) for the UI and the API alike.
 */

/** The carriers the shop is integrated with (waybills created through their APIs). */
export const INTEGRATED_CARRIERS = ['GHN', 'GHTK'] as const;
export type IntegratedCarrier = (typeof INTEGRATED_CARRIERS)[number];

export const SHIPMENT_STATUSES = [
  'READY_TO_PICK',
  'PICKING',
  'PICKED',
  'IN_TRANSIT',
  'DELIVERING',
  'DELIVERED',
  'DELIVERY_FAILED',
  'WAITING_TO_RETURN',
  'RETURNING',
  'RETURNED',
  'LOST',
  'DAMAGED',
  'CANCELLED',
] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];

export const SHIPMENT_STATUS_LABELS: Record<ShipmentStatus, string> = {
  READY_TO_PICK: 'Chờ lấy hàng',
  PICKING: 'Đang lấy hàng',
  PICKED: 'Đã lấy hàng',
  IN_TRANSIT: 'Đang trung chuyển',
  DELIVERING: 'Đang giao hàng',
  DELIVERED: 'Đã giao hàng',
  DELIVERY_FAILED: 'Giao không thành công',
  WAITING_TO_RETURN: 'Chờ trả hàng về cửa hàng',
  RETURNING: 'Đang trả hàng về cửa hàng',
  RETURNED: 'Đã trả hàng về cửa hàng',
  LOST: 'Thất lạc',
  DAMAGED: 'Hàng bị hư hỏng',
  CANCELLED: 'Đã hủy vận đơn',
};

/** Statuses after which nothing the carrier says changes the parcel any more (later events are history only). */
export const FINAL_SHIPMENT_STATUSES: readonly ShipmentStatus[] = ['DELIVERED', 'RETURNED', 'LOST', 'DAMAGED', 'CANCELLED'];

/** The carrier has the parcel: the order is on its way (the order moves to SHIPPING at the first of these). */
export const PARCEL_WITH_CARRIER_STATUSES: readonly ShipmentStatus[] = ['PICKED', 'IN_TRANSIT', 'DELIVERING', 'DELIVERED', 'DELIVERY_FAILED', 'WAITING_TO_RETURN', 'RETURNING', 'RETURNED', 'LOST', 'DAMAGED'];

/** A waybill may be cancelled only before the carrier picks the parcel up. */
export const CANCELLABLE_SHIPMENT_STATUSES: readonly ShipmentStatus[] = ['READY_TO_PICK', 'PICKING'];

export function isFinalShipmentStatus(status: ShipmentStatus): boolean {
  return FINAL_SHIPMENT_STATUSES.includes(status);
}

export function canCancelShipment(status: ShipmentStatus): boolean {
  return CANCELLABLE_SHIPMENT_STATUSES.includes(status);
}

/**
 * Whether a carrier's status update moves the parcel: only if the parcel is not in a final status and the update
 * happened at or after the one applied last (carriers resend and reorder webhooks; a late 'picking' never undoes
 * 'delivering'). An update that does not move the parcel is still kept as history.
 */
export function shipmentUpdateApplies(current: { status: ShipmentStatus; statusAt: string }, update: { status: ShipmentStatus; at: string }): boolean {
  if (isFinalShipmentStatus(current.status)) return false;
  if (update.status === current.status) return false;
  return Date.parse(update.at) >= Date.parse(current.statusAt);
}

/**
 * GHN's order statuses (webhook `Status`, order detail `status`) → the shop's. Documented at
 * https://api.ghn.vn/home/docs/detail?id=84 ("Order status").
 */
export const GHN_STATUS_MAP: Readonly<Record<string, ShipmentStatus>> = {
  ready_to_pick: 'READY_TO_PICK',
  picking: 'PICKING',
  money_collect_picking: 'PICKING',
  picked: 'PICKED',
  storing: 'IN_TRANSIT',
  transporting: 'IN_TRANSIT',
  sorting: 'IN_TRANSIT',
  delivering: 'DELIVERING',
  money_collect_delivering: 'DELIVERING',
  delivered: 'DELIVERED',
  delivery_fail: 'DELIVERY_FAILED',
  waiting_to_return: 'WAITING_TO_RETURN',
  return: 'RETURNING',
  return_transporting: 'RETURNING',
  return_sorting: 'RETURNING',
  returning: 'RETURNING',
  return_fail: 'RETURNING',
  returned: 'RETURNED',
  cancel: 'CANCELLED',
  lost: 'LOST',
  damage: 'DAMAGED',
};

/**
 * GHTK's `status_id` (webhook and order status) → the shop's. Documented at https://docs.giaohangtietkiem.vn
 * ("Trạng thái đơn hàng"): -1 huỷ, 1 chưa tiếp nhận, 2 đã tiếp nhận, 3 đã lấy hàng/nhập kho, 4 đang giao, 5 đã giao
 * chưa đối soát, 6 đã đối soát, 7 không lấy được hàng, 8 hoãn lấy hàng, 9 không giao được, 10 delay giao, 11 đã đối
 * soát công nợ trả hàng, 12 đang lấy hàng, 13 đơn bồi hoàn, 20 đang trả hàng, 21 đã trả hàng, 45 shipper báo đã giao,
 * 49 shipper báo không giao được, 410 shipper báo delay giao, 123 shipper báo đã lấy hàng, 127 shipper báo không lấy
 * được, 128 shipper báo delay lấy.
 */
export const GHTK_STATUS_MAP: Readonly<Record<number, ShipmentStatus>> = {
  [-1]: 'CANCELLED',
  1: 'READY_TO_PICK',
  2: 'READY_TO_PICK',
  3: 'PICKED',
  4: 'DELIVERING',
  5: 'DELIVERED',
  6: 'DELIVERED',
  7: 'PICKING',
  8: 'PICKING',
  9: 'DELIVERY_FAILED',
  10: 'DELIVERING',
  11: 'RETURNED',
  12: 'PICKING',
  13: 'LOST',
  20: 'RETURNING',
  21: 'RETURNED',
  45: 'DELIVERED',
  49: 'DELIVERY_FAILED',
  123: 'PICKED',
  127: 'PICKING',
  128: 'PICKING',
  410: 'DELIVERING',
};

/** What the receiver may do before paying (GHN `required_note`; GHTK `tags`/`note`). */
export const PARCEL_INSPECTION_RULES = ['CHOXEMHANGKHONGTHU', 'CHOTHUHANG', 'KHONGCHOXEMHANG'] as const;
export type ParcelInspectionRule = (typeof PARCEL_INSPECTION_RULES)[number];
export const PARCEL_INSPECTION_LABELS: Record<ParcelInspectionRule, string> = {
  CHOXEMHANGKHONGTHU: 'Cho xem hàng, không cho thử',
  CHOTHUHANG: 'Cho thử hàng',
  KHONGCHOXEMHANG: 'Không cho xem hàng',
};

/** How the parcel reaches the carrier: picked up at the warehouse, or dropped off at a post office. */
export const PARCEL_HANDOVERS = ['PICKUP', 'DROP_OFF'] as const;
export type ParcelHandover = (typeof PARCEL_HANDOVERS)[number];
export const PARCEL_HANDOVER_LABELS: Record<ParcelHandover, string> = {
  PICKUP: 'Shipper đến lấy tại kho',
  DROP_OFF: 'Gửi tại bưu cục',
};

/** Label sizes a carrier prints. */
export const LABEL_SIZES = ['A5', '80x80'] as const;
export type LabelSize = (typeof LABEL_SIZES)[number];
