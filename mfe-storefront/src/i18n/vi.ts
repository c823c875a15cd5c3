/**
 * The storefront's own Vietnamese strings (page titles, descriptions, section names). Strings shared
 * with other packages live in shared-contracts' `messages`.
 */
export const vi = {
  home: {
    title: 'Trang chủ',
    description:
      'Bảo dưỡng, sửa chữa và phụ tùng cho xe điện tại Việt Nam: đặt lịch, mua phụ tùng và theo dõi xe của bạn ở một nơi.',
    bookCta: 'Đặt lịch ngay',
    servicesCta: 'Xem dịch vụ',
    productsCta: 'Mua phụ tùng',
    quickLinksLabel: 'Khám phá',
    quickLinks: [
      { to: '/services', label: 'Dịch vụ', text: 'Các cấp bảo dưỡng và chẩn đoán cho xe điện.' },
      { to: '/products', label: 'Sản phẩm', text: 'Pin, bộ sạc, động cơ, cáp sạc và dụng cụ.' },
      { to: '/promotions', label: 'Ưu đãi', text: 'Chương trình khuyến mãi đang diễn ra.' },
      { to: '/packages', label: 'Gói dịch vụ', text: 'Gói bảo dưỡng trả trước cho xe của bạn.' },
    ],
  },
  about: {
    title: 'Giới thiệu',
    description: 'Tìm hiểu về EV Service: trung tâm dịch vụ và phụ tùng dành cho người dùng xe điện tại Việt Nam.',
    version: (version: string) => `Phiên bản giao diện: ${version}`,
  },
  services: {
    title: 'Dịch vụ',
    description: 'Các dịch vụ bảo dưỡng, chẩn đoán và theo dõi sửa chữa dành cho xe điện của bạn.',
    sections: [
      {
        id: 'co-ban',
        name: 'Bảo dưỡng cơ bản',
        text: 'Kiểm tra định kỳ phanh, lốp, đèn và hệ thống điện của xe.',
      },
      {
        id: 'nang-cao',
        name: 'Bảo dưỡng nâng cao',
        text: 'Gồm các hạng mục cơ bản, thêm kiểm tra pin, hệ thống quản lý pin (BMS), động cơ và bộ điều khiển.',
      },
      {
        id: 'cao-cap',
        name: 'Bảo dưỡng cao cấp',
        text: 'Chăm sóc toàn diện, kèm cập nhật phần mềm và vệ sinh chuyên sâu.',
      },
      {
        id: 'chan-doan-ai',
        name: 'Chẩn đoán AI',
        text: 'Phân tích mã lỗi và thông số của xe để giúp kỹ thuật viên tìm ra nguyên nhân nhanh hơn.',
      },
      {
        id: 'du-doan-hong-hoc',
        name: 'Dự đoán hỏng hóc',
        text: 'Dựa trên lịch sử bảo dưỡng và quãng đường đã đi để cảnh báo sớm linh kiện sắp cần thay.',
      },
      {
        id: 'theo-doi-tien-do',
        name: 'Theo dõi tiến độ',
        text: 'Xem xe của bạn đang ở bước nào: tiếp nhận, kiểm tra, sửa chữa hay sẵn sàng bàn giao.',
      },
    ],
    bookCta: 'Đặt lịch dịch vụ',
  },
  products: {
    title: 'Sản phẩm',
    description: 'Phụ tùng và phụ kiện chính hãng cho xe điện, sắp xếp theo danh mục.',
    categoriesLabel: 'Danh mục sản phẩm',
    all: 'Tất cả sản phẩm',
    categories: [
      { slug: 'pin-bo-sac', name: 'Pin & bộ sạc' },
      { slug: 'dong-co-dien', name: 'Động cơ điện' },
      { slug: 'cap-sac', name: 'Cáp sạc' },
      { slug: 'dung-cu', name: 'Dụng cụ' },
    ],
    comingSoon: 'Danh sách sản phẩm sẽ sớm được cập nhật.',
  },
  productDetail: {
    title: 'Chi tiết sản phẩm',
    description: 'Thông số, giá và khả năng tương thích của một sản phẩm.',
    comingSoon: 'Thông tin chi tiết của sản phẩm sẽ sớm được cập nhật.',
    back: 'Quay lại danh sách sản phẩm',
  },
  promotions: {
    title: 'Ưu đãi',
    description: 'Các chương trình khuyến mãi và mã giảm giá dành cho bạn.',
    typesLabel: 'Loại ưu đãi',
    all: 'Tất cả ưu đãi',
    types: [
      { slug: 'flash-sale', name: 'Flash sale' },
      { slug: 'vip', name: 'Thành viên VIP' },
      { slug: 'seasonal', name: 'Ưu đãi theo mùa' },
    ],
    comingSoon: 'Các chương trình ưu đãi sẽ sớm được cập nhật.',
  },
  packages: {
    title: 'Gói dịch vụ',
    description: 'Gói bảo dưỡng trả trước: mua một lần, dùng dần cho các lần đặt lịch.',
    sections: [
      { id: 'co-ban', name: 'Gói cơ bản', text: 'Dành cho nhu cầu bảo dưỡng định kỳ thiết yếu.' },
      { id: 'tieu-chuan', name: 'Gói tiêu chuẩn', text: 'Thêm kiểm tra pin và cập nhật phần mềm.' },
      { id: 'cao-cap', name: 'Gói cao cấp', text: 'Chăm sóc toàn diện cho xe của bạn.' },
    ],
    comingSoon: 'Giá và quyền lợi chi tiết của từng gói sẽ sớm được công bố.',
  },
  contact: {
    title: 'Liên hệ',
    description: 'Gửi câu hỏi hoặc yêu cầu hỗ trợ tới đội ngũ EV Service.',
    bookHint: 'Muốn mang xe tới trung tâm?',
    bookCta: 'Đặt lịch dịch vụ',
  },
  booking: {
    title: 'Đặt lịch dịch vụ',
    description: 'Chọn dịch vụ, trung tâm và khung giờ phù hợp để mang xe tới bảo dưỡng hoặc sửa chữa.',
    comingSoon: 'Tính năng đặt lịch trực tuyến sắp ra mắt.',
    servicesCta: 'Xem các dịch vụ',
  },
  cart: {
    title: 'Giỏ hàng',
    description: 'Xem lại các sản phẩm bạn đã chọn trước khi thanh toán.',
    continueShopping: 'Tiếp tục mua sắm',
  },
  dev: {
    harnessLabel: 'mfe-storefront (chạy riêng)',
    pagesLabel: 'Các trang của cửa hàng',
  },
} as const;
