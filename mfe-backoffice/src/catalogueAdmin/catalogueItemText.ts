/** The Vietnamese text of an item's own page in the catalogue (a product, service, package or promotion). */
export const catalogueItemText = {
  back: '← Danh mục',
  leaveUnsaved: 'Bạn có thay đổi chưa lưu. Rời trang?',
  notFound: 'Không tìm thấy mục này trong danh mục.',
  stock: 'Tồn kho theo vị trí',
  /** The document title's page names, before the item loads. */
  pageTitles: { products: 'Sản phẩm', services: 'Dịch vụ', packages: 'Gói dịch vụ', promotions: 'Khuyến mãi' },
  promotionStatus: { active: 'Đang chạy', scheduled: 'Sắp diễn ra', expired: 'Đã kết thúc', archived: 'Tạm ngưng' },
  searchPromotions: 'Tìm theo mã hoặc tiêu đề',
  searchPackages: 'Tìm theo tên gói',
  searchButton: 'Tìm',
  status: 'Trạng thái',
  all: 'Tất cả',
  noMatch: 'Không có mục nào khớp bộ lọc.',
  total: (count: number) => `${count.toLocaleString('vi-VN')} mục`,
} as const;
