/** The staff dashboard's transfers panel, in Vietnamese. */
export const paymentsText = {
  heading: 'Đơn hàng chờ xác nhận chuyển khoản',
  lead: 'Đối chiếu sao kê ngân hàng: khi đã nhận đủ tiền với nội dung là mã đơn hàng, bấm xác nhận để đơn hàng được xử lý. Đơn chưa thanh toán sẽ tự hủy khi quá hạn.',
  loading: 'Đang tải đơn hàng...',
  empty: 'Không có đơn hàng nào đang chờ chuyển khoản.',
  loadFailed: 'Không tải được danh sách đơn hàng. Vui lòng thử lại.',
  retry: 'Thử lại',
  code: 'Mã đơn (nội dung chuyển khoản)',
  customer: 'Khách hàng',
  amount: 'Số tiền',
  placedAt: 'Đặt lúc',
  confirm: 'Xác nhận đã nhận tiền',
  confirmLabel: (code: string) => `Xác nhận đã nhận tiền cho đơn ${code}`,
  confirming: 'Đang xác nhận...',
  confirmed: (code: string) => `Đã xác nhận thanh toán đơn hàng ${code}.`,
};
