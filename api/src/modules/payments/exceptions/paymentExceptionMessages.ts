/** Vietnamese messages of the payments exceptions queue (shown as is). */
export const paymentExceptionMessages = {
  notFound: 'Không tìm thấy giao dịch.',
  orderNotFound: 'Không tìm thấy đơn hàng với mã này.',
  stale: (state: string) => `Giao dịch vừa được người khác xử lý (hiện: "${state}"). Đã tải lại thông tin mới nhất, vui lòng xem lại trước khi thao tác.`,
  open: 'Chờ xử lý',
  notAllowed: (action: string) => `Không thể "${action}" với giao dịch này.`,
  orderNotPayable: (code: string, state: string) => `Đơn hàng ${code} không chờ thanh toán (hiện: "${state}").`,
  amountMismatch: (received: string, total: string) => `Số tiền chuyển khoản (${received}) khác tổng tiền đơn hàng (${total}).`,
  refundTooLarge: (amount: string) => `Số tiền hoàn không được lớn hơn số tiền đã nhận (${amount}).`,
  referenceRequired: 'Vui lòng nhập mã giao dịch ngân hàng của khoản hoàn tiền.',
  notReinstatable: 'Chỉ khôi phục được đơn đã bị hủy do quá hạn thanh toán và chưa thanh toán.',
  outOfStock: 'Không đủ hàng để khôi phục đơn, hãy hoàn tiền',
  paidByMatch: (amount: string, provider: string, reference: string | null) =>
    `Đã nhận chuyển khoản ${amount} (${provider})${reference ? `, mã giao dịch ${reference}` : ''}; nhân viên ghép giao dịch vào đơn.`,
  reinstated: (amount: string, provider: string) => `Khôi phục đơn: chuyển khoản ${amount} (${provider}) đến sau khi hết hạn thanh toán.`,
  matched: 'Đã ghép giao dịch vào đơn hàng, đơn đã được thanh toán.',
  reinstatedDone: 'Đã khôi phục đơn hàng và ghi nhận thanh toán.',
  refunded: 'Đã ghi nhận hoàn tiền.',
  dismissed: 'Đã bỏ qua giao dịch.',
} as const;
