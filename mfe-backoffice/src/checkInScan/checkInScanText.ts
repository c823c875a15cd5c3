/** The counter's QR check-in texts (Vietnamese, as the counter reads them). */
export const checkInScanText = {
  resolving: 'Đang đọc mã QR...',
  resolveFailed: 'Không đọc được mã QR. Vui lòng thử lại.',
  notInToday: 'Không tìm thấy lịch hẹn này trong danh sách hôm nay, hoặc lịch hẹn không còn tiếp nhận được.',
  camera: {
    open: 'Quét mã QR',
    title: 'Quét mã QR check-in',
    hint: 'Đưa mã QR trên điện thoại hoặc email của khách vào khung hình.',
    video: 'Hình ảnh từ camera',
    starting: 'Đang mở camera...',
    scanning: 'Đang tìm mã QR...',
    noCamera: 'Không mở được camera. Hãy cho phép trình duyệt dùng camera, hoặc quét bằng máy quét cầm tay vào ô tìm kiếm.',
    notCheckInCode: 'Mã QR này không phải mã check-in của EV Service.',
    close: 'Đóng',
  },
} as const;
