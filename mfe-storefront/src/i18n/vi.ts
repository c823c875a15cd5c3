/**
 * The storefront's Vietnamese strings needed by the routes module and the home page (they ship in the
 * first load, so only those live here). Each other page keeps its own copy next to it (`*Text.ts`),
 * in its own lazily loaded chunk. Strings shared with other packages live in shared-contracts' `messages`.
 */
export const vi = {
  common: {
    loading: 'Đang tải...',
    retry: 'Thử lại',
    empty: 'Chưa có nội dung để hiển thị.',
    seeAll: 'Xem tất cả',
    book: 'Đặt lịch',
    minutes: (count: number) => `${count} phút`,
  },
  home: {
    title: 'Trang chủ',
    description:
      'Bảo dưỡng, sửa chữa và phụ tùng cho xe điện tại Việt Nam: đặt lịch, mua phụ tùng và theo dõi xe của bạn ở một nơi.',
    heroTitle: 'Chăm sóc xe điện của bạn, từ pin tới từng con ốc',
    heroLead: 'Bảo dưỡng định kỳ, chẩn đoán lỗi và phụ tùng chính hãng cho xe máy điện, xe đạp điện và ô tô điện.',
    bookCta: 'Đặt chỗ ngay',
    servicesCta: 'Xem dịch vụ',
    productsCta: 'Mua phụ tùng',
    servicesHeading: 'Dịch vụ nổi bật',
    servicesAll: 'Xem tất cả dịch vụ',
    productsHeading: 'Sản phẩm bán chạy',
    productsAll: 'Xem tất cả sản phẩm',
    productsEmpty: 'Chưa có sản phẩm nào.',
    promotionsHeading: 'Ưu đãi đang diễn ra',
    promotionsAll: 'Xem tất cả ưu đãi',
    promotionsEmpty: 'Hiện chưa có chương trình ưu đãi nào.',
    packagesHeading: 'Gói dịch vụ trả trước',
    packagesAll: 'So sánh các gói',
    centresHeading: 'Hệ thống trung tâm',
    centresEmpty: 'Chưa có thông tin trung tâm.',
    centresAbout: 'Về chúng tôi',
    openingHours: (open: string, close: string) => `Mở cửa ${open} – ${close}`,
  },
  about: {
    title: 'Giới thiệu',
    description: 'Tìm hiểu về EV Service: trung tâm dịch vụ và phụ tùng dành cho người dùng xe điện tại Việt Nam.',
  },
  services: {
    title: 'Dịch vụ',
    description: 'Các dịch vụ bảo dưỡng, chẩn đoán và theo dõi sửa chữa dành cho xe điện của bạn, kèm giá và thời gian thực hiện.',
  },
  products: {
    title: 'Sản phẩm',
    description: 'Phụ tùng và phụ kiện chính hãng cho xe điện: pin, bộ sạc, động cơ, cáp sạc và dụng cụ.',
  },
  // a product card's rating line (the card ships with the home page)
  rating: {
    stars: (average: string) => `Đánh giá ${average} trên 5 sao`,
    count: (count: number) => `(${count.toLocaleString('vi-VN')})`,
    countLabel: (count: number) => `${count.toLocaleString('vi-VN')} đánh giá`,
  },
  productDetail: {
    title: 'Chi tiết sản phẩm',
    description: 'Thông số, giá, tình trạng hàng và khả năng tương thích của một sản phẩm.',
  },
  promotions: {
    title: 'Ưu đãi',
    description: 'Các chương trình khuyến mãi và mã giảm giá đang diễn ra, kèm điều kiện áp dụng.',
  },
  packages: {
    title: 'Gói dịch vụ',
    description: 'Gói bảo dưỡng trả trước: mua một lần, dùng dần cho các lần đặt lịch. So sánh giá, thời hạn và quyền lợi.',
  },
  contact: {
    title: 'Liên hệ',
    description: 'Gửi câu hỏi hoặc yêu cầu hỗ trợ tới đội ngũ EV Service, hoặc gọi trực tiếp cho trung tâm gần bạn.',
  },
  booking: {
    title: 'Đặt lịch dịch vụ',
    description: 'Chọn dịch vụ, trung tâm và khung giờ phù hợp để mang xe tới bảo dưỡng hoặc sửa chữa.',
  },
  cart: {
    title: 'Giỏ hàng',
    description: 'Xem lại các sản phẩm bạn đã chọn trước khi thanh toán.',
  },
  checkout: {
    title: 'Thanh toán',
  },
  search: {
    title: 'Tìm kiếm',
    description: 'Tìm sản phẩm, dịch vụ và gói dịch vụ của EV Service.',
  },
  dev: {
    harnessLabel: 'mfe-storefront (chạy riêng)',
    pagesLabel: 'Các trang của cửa hàng',
  },
} as const;
