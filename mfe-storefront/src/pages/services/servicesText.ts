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
      notYet:
        'Chưa hỗ trợ chẩn đoán từ xa bằng dữ liệu của xe. Trên website, bạn có thể chẩn đoán sơ bộ từ các triệu chứng: xem hạng mục nào có khả năng gặp vấn đề, mức độ khẩn cấp và đặt lịch kiểm tra.',
      relatedKind: 'diagnostics',
      /** The public diagnostics page (from symptoms): a link, no 'Sắp ra mắt' badge. */
      live: { to: '/services/chan-doan', label: 'Chẩn đoán sơ bộ từ triệu chứng' },
    },
    {
      id: 'du-doan-hong-hoc',
      name: 'Dự đoán hỏng hóc',
      today:
        'Thực hiện tại trung tâm: dựa trên số km, chu kỳ sạc và tình trạng đo được của pin, má phanh, lốp, kỹ thuật viên ước tính linh kiện nào sắp cần thay và đề xuất lịch thay thế.',
      notYet:
        'Trên website, mục "Dự đoán bảo dưỡng" ở trang Xe của tôi và Tổng quan cho biết linh kiện nào của xe bạn có khả năng cần kiểm tra trong 3 tháng tới, tính từ kết quả kiểm tra thực tế của các xe cùng dòng tại trung tâm: mỗi con số kèm khoảng tin cậy và số lần kiểm tra làm căn cứ, và chỉ hiện khi dự đoán tốt hơn mức trung bình. Chưa dùng dữ liệu trực tiếp từ xe (BMS, GPS).',
      relatedKind: null,
      /** Customers see it on /my-vehicles (a guest is asked to sign in first). */
      live: { to: '/my-vehicles', label: 'Xem dự đoán cho xe của bạn' },
    },
    {
      id: 'theo-doi-tien-do',
      name: 'Theo dõi tiến độ',
      today:
        'Trên trang Tổng quan, trạng thái lịch hẹn của bạn (chờ xác nhận, đã xác nhận, đã tiếp nhận, đang thực hiện, hoàn thành) cập nhật ngay khi trung tâm thay đổi, không cần tải lại trang; trung tâm gọi điện cho bạn khi xe sẵn sàng bàn giao.',
      notYet: 'Chưa có ảnh và ghi chú từng bước của kỹ thuật viên.',
      relatedKind: null,
      /** Available on the site today: no 'Sắp ra mắt' badge, a link instead. */
      live: { to: '/dashboard', label: 'Xem lịch hẹn trên trang Tổng quan' },
    },
  ],
  relatedHeading: 'Dịch vụ chẩn đoán khác',
  featureBadge: 'Sắp ra mắt',
  manageBookings: 'Quản lý lịch hẹn',
} as const;
