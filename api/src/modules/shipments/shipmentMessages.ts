import { CARRIER_LABELS, type IntegratedCarrier } from 'shared-contracts/schemas';

/** Vietnamese messages of the shipments module (shown as is). */
export const shipmentMessages = {
  notFound: 'Không tìm thấy vận đơn.',
  orderNotFound: 'Không tìm thấy đơn hàng.',
  notDelivery: 'Đơn hàng nhận tại trung tâm không cần vận đơn.',
  notPacked: 'Chỉ tạo vận đơn cho đơn hàng đã đóng gói.',
  stale: 'Đơn hàng vừa được cập nhật, vui lòng tải lại trước khi tạo vận đơn.',
  liveExists: 'Đơn hàng đã có vận đơn đang hoạt động.',
  noWardCode: 'Vui lòng chọn phường/xã mã hóa cho địa chỉ giao hàng trước khi tạo vận đơn.',
  codTooLarge: (unpaid: string) => `Tiền thu hộ (COD) không được lớn hơn số tiền khách còn phải trả (${unpaid}).`,
  carrierOff: (carrier: IntegratedCarrier) => `Cửa hàng chưa kết nối ${carrier}.`,
  refused: (carrier: IntegratedCarrier, reason: string) => `${carrier} từ chối: ${reason}`,
  carrierDown: (carrier: IntegratedCarrier) => `Không kết nối được ${carrier}, vui lòng thử lại.`,
  notCancellable: 'Chỉ hủy được vận đơn trước khi đơn vị vận chuyển lấy hàng.',
  cancelStale: 'Vận đơn vừa được cập nhật, vui lòng tải lại.',
  created: 'Đã tạo vận đơn.',
  cancelled: 'Đã hủy vận đơn.',
  wrongSignature: 'Chữ ký không hợp lệ.',
  malformed: 'Nội dung webhook không hợp lệ.',
  received: 'Đã nhận.',
  returnedReason: 'Đơn vị vận chuyển đã hoàn hàng về cửa hàng.',
  createdNote: (carrier: IntegratedCarrier, code: string) => `Đã tạo vận đơn ${CARRIER_LABELS[carrier]} ${code}.`,
  cancelledNote: (carrier: IntegratedCarrier, code: string) => `Đã hủy vận đơn ${CARRIER_LABELS[carrier]} ${code}.`,
  lost: (code: string) => `Đơn vị vận chuyển báo thất lạc kiện hàng ${code}: cần liên hệ đơn vị vận chuyển và khách hàng.`,
  damaged: (code: string) => `Đơn vị vận chuyển báo hàng bị hư hỏng (${code}): cần liên hệ đơn vị vận chuyển và khách hàng.`,
  carrierCancelled: (code: string) => `Đơn vị vận chuyển đã hủy vận đơn ${code}.`,
} as const;
