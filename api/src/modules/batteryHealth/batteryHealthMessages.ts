/** The module's Vietnamese messages. */
export const batteryHealthMessages = {
  recorded: 'Đã lưu kết quả đo sức khỏe pin.',
  reportNotFound: 'Không tìm thấy báo cáo sức khỏe pin.',
  orderNotFound: 'Không tìm thấy phiếu dịch vụ.',
  verifyNotFound: 'Không tìm thấy chứng nhận pin với mã này. Vui lòng kiểm tra lại mã trên chứng nhận.',
  notAssigned: 'Phiếu dịch vụ này không được giao cho bạn.',
  orderLocked: 'Chỉ ghi kết quả đo pin khi phiếu đang làm hoặc vừa xong việc.',
  noVehicle: 'Phiếu này chưa gắn với xe của khách, chưa thể lưu kết quả đo pin.',
  orderChanged: 'Phiếu dịch vụ vừa được đổi sang xe khác. Vui lòng tải lại phiếu rồi lưu lại kết quả đo pin.',
  tooMany: (seconds: number) => `Bạn đã tra cứu quá nhiều lần. Vui lòng thử lại sau ${seconds} giây.`,
} as const;
