/** Vietnamese messages of the web-order desk (shown as is). */
export const webOrderMessages = {
  notFound: 'Không tìm thấy đơn hàng.',
  stale: (statusLabel: string) => `Đơn hàng vừa được người khác cập nhật (hiện: "${statusLabel}"). Đã tải lại thông tin mới nhất, vui lòng xem lại trước khi thao tác.`,
  notAllowed: (action: string, statusLabel: string) => `Không thể "${action}" khi đơn hàng đang ở trạng thái "${statusLabel}".`,
  refundTooLarge: (total: string) => `Số tiền hoàn không được lớn hơn số tiền khách đã trả (${total}).`,
  refundReason: 'Hoàn tiền đơn hàng đã hủy.',
  referenceRequired: 'Vui lòng nhập mã giao dịch ngân hàng của khoản hoàn tiền.',
  trackingRequired: 'Vui lòng nhập mã vận đơn của đơn vị vận chuyển.',
  dateRange: 'Ngày bắt đầu phải trước hoặc bằng ngày kết thúc.',
  done: 'Đã cập nhật đơn hàng.',
  noteAdded: 'Đã thêm ghi chú nội bộ.',
} as const;
