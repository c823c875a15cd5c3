/** The services page's own copy (its chunk only). */
export const servicesText = {
  contentsLabel: 'Trên trang này',
  tiersIntro: {
    'co-ban': 'Kiểm tra định kỳ những hạng mục an toàn: phanh, lốp, đèn, còi và hệ thống điện.',
    'nang-cao': 'Gồm các hạng mục cơ bản, thêm kiểm tra pin, hệ thống quản lý pin (BMS), động cơ và bộ điều khiển.',
    'cao-cap': 'Chăm sóc toàn diện: các hạng mục nâng cao, cập nhật phần mềm và vệ sinh chuyên sâu.',
  },
  otherHeading: (kind: string) => `Dịch vụ ${kind.toLowerCase()}`,
  includes: 'Bao gồm',
  vehicles: 'Áp dụng cho',
  duration: 'Thời gian',
  price: 'Giá',
  book: 'Đặt lịch',
  bookLabel: (name: string) => `Đặt lịch: ${name}`,
  noServices: 'Hiện chưa có dịch vụ nào ở mục này.',
  /*
   * The header's feature entries. When the API has a service with the same slug (it sells it), the section
   * shows that service; the text says what it is today, honestly, including what the site does not do yet.
   */
  features: [
    {
      id: 'chan-doan-ai',
      name: 'Chẩn đoán AI',
      today:
        'Thực hiện tại trung tâm: kỹ thuật viên kết nối và tải dữ liệu của xe (BMS, bộ điều khiển, lịch sử sạc) để phân tích nguyên nhân lỗi. Kết quả luôn được kỹ thuật viên kiểm tra và xác nhận trước khi đề xuất sửa chữa.',
      notYet: 'Chưa hỗ trợ chẩn đoán từ xa: bạn cần mang xe tới trung tâm.',
      relatedKind: 'diagnostics',
    },
    {
      id: 'du-doan-hong-hoc',
      name: 'Dự đoán hỏng hóc',
      today:
        'Thực hiện tại trung tâm: dựa trên số km, chu kỳ sạc và tình trạng đo được của pin, má phanh, lốp, kỹ thuật viên ước tính linh kiện nào sắp cần thay và đề xuất lịch thay thế.',
      notYet: 'Website chưa tự động gửi cảnh báo cho bạn; hãy đặt lịch kiểm tra định kỳ.',
      relatedKind: null,
    },
    {
      id: 'theo-doi-tien-do',
      name: 'Theo dõi tiến độ',
      today:
        'Hiện tại: mỗi lịch hẹn đi qua các bước chờ xác nhận, đã xác nhận, đã tiếp nhận xe, đang thực hiện và hoàn thành; trung tâm gọi điện cho bạn khi xe sẵn sàng bàn giao.',
      notYet: 'Xem trực tuyến xe đang ở bước nào sẽ có cùng tính năng đặt lịch trực tuyến.',
      relatedKind: null,
    },
  ],
  relatedHeading: 'Dịch vụ chẩn đoán khác',
  featureBadge: 'Sắp ra mắt',
  manageBookings: 'Quản lý lịch hẹn',
} as const;
