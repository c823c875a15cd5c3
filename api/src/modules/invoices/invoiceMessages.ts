/** The module's Vietnamese messages (receipts, invoices, VAT-invoice requests). */
export const invoiceMessages = {
  orderNotFound: 'Không tìm thấy đơn hàng.',
  orderUnpaid: 'Đơn chưa thanh toán',
  serviceOrderNotFound: 'Không tìm thấy phiếu dịch vụ.',
  notInvoiced: 'Phiếu dịch vụ chưa lập hóa đơn.',
  requestNotFound: 'Không tìm thấy yêu cầu xuất hóa đơn.',
  orderCancelled: 'Đơn đã hủy: không thể yêu cầu xuất hóa đơn công ty.',
  windowClosed: 'Đã quá thời hạn yêu cầu hóa đơn công ty (đến hết tháng đặt đơn).',
  alreadyIssued: 'Hóa đơn công ty của đơn này đã được xuất, không thể thay đổi.',
  requested: 'Đã gửi yêu cầu xuất hóa đơn công ty.',
  replaced: 'Đã cập nhật thông tin xuất hóa đơn công ty.',
  notPaidForIssue: 'Chỉ xuất hóa đơn khi đơn đã thanh toán hoặc phiếu đã lập hóa đơn.',
  forbidden: 'Bạn không có quyền xem hóa đơn này.',
} as const;
