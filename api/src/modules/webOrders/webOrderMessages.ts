/** Vietnamese messages of the web-order desk (shown as is). */
export const webOrderMessages = {
  notFound: 'Không tìm thấy đơn hàng.',
  stale: (statusLabel: string) => `Đơn hàng vừa được người khác cập nhật (hiện: "${statusLabel}"). Đã tải lại thông tin mới nhất, vui lòng xem lại trước khi thao tác.`,
  trackingRequired: 'Vui lòng nhập mã vận đơn của đơn vị vận chuyển.',
  dateRange: 'Ngày bắt đầu phải trước hoặc bằng ngày kết thúc.',
  done: 'Đã cập nhật đơn hàng.',
  noteAdded: 'Đã thêm ghi chú nội bộ.',
} as const;
