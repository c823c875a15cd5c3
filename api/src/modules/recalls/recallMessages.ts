/** The recalls module's Vietnamese messages. */
export const recallMessages = {
  created: 'Đã tạo chiến dịch triệu hồi.',
  closed: 'Đã đóng chiến dịch triệu hồi.',
  notFound: 'Không tìm thấy chiến dịch triệu hồi.',
  vehicleNotFound: 'Không tìm thấy xe.',
  orderNotFound: 'Không tìm thấy phiếu dịch vụ.',
  codeTaken: 'Mã chiến dịch đã tồn tại.',
  modelUnknown: 'Dòng xe không tồn tại.',
  alreadyClosed: 'Chiến dịch đã đóng.',
  csvTooManyRows: (max: number) => `Danh sách VIN tối đa ${max.toLocaleString('vi-VN')} dòng.`,
  csvBadVin: (row: number) => `Dòng ${row} của danh sách VIN không phải số VIN hợp lệ (17 ký tự, không có I, O, Q).`,
  notApplicable: 'Đã đánh dấu xe không thuộc diện áp dụng.',
  notRecallable: 'Xe không thuộc diện triệu hồi này hoặc đã đặt lịch khắc phục.',
  notOpen: 'Xe không còn trong diện triệu hồi đang mở của chiến dịch này.',
  noticeTitle: 'Xe của bạn thuộc diện triệu hồi',
} as const;
