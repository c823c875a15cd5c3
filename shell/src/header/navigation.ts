/** Dropdown widths of the spec's header (px; full is the whole viewport). */
export const DROPDOWN_WIDTHS = { sm: '320px', md: '480px', lg: '640px', xl: '800px', full: '100vw' } as const;
export type DropdownSize = keyof typeof DROPDOWN_WIDTHS;

export const HEADER_HEIGHT_PX = 57;
export const MOBILE_BREAKPOINT_PX = 1024;
export const DROPDOWN_CLOSE_DELAY_MS = 100;
export const DROPDOWN_TRANSITION_MS = 300;

export interface MenuEntry {
  label: string;
  description: string;
  to: string;
}

export interface MenuItem {
  id: string;
  label: string;
  to: string;
  size?: DropdownSize;
  entries: MenuEntry[];
}

/** The five menu items of the header and their mega-menu entries. */
export const MENU: readonly MenuItem[] = [
  {
    id: 'services',
    label: 'Dịch vụ',
    to: '/services',
    size: 'xl',
    entries: [
      { label: 'Bảo dưỡng cơ bản', description: 'Kiểm tra định kỳ phanh, lốp, đèn, hệ thống điện', to: '/services#co-ban' },
      { label: 'Bảo dưỡng nâng cao', description: 'Thêm kiểm tra pin, BMS, động cơ và bộ điều khiển', to: '/services#nang-cao' },
      { label: 'Bảo dưỡng cao cấp', description: 'Toàn diện, kèm cập nhật phần mềm và vệ sinh chuyên sâu', to: '/services#cao-cap' },
      { label: 'Chẩn đoán AI', description: 'Chọn triệu chứng, xem nguyên nhân có thể và mức độ khẩn cấp', to: '/services/chan-doan' },
      { label: 'Dự đoán hỏng hóc', description: 'Cảnh báo sớm linh kiện sắp cần thay', to: '/services#du-doan-hong-hoc' },
      { label: 'Theo dõi tiến độ', description: 'Xem xe của bạn đang được làm đến đâu', to: '/services#theo-doi-tien-do' },
      { label: 'Quản lý lịch hẹn', description: 'Đặt, đổi hoặc hủy lịch bảo dưỡng', to: '/booking' },
    ],
  },
  {
    id: 'products',
    label: 'Sản phẩm',
    to: '/products',
    size: 'lg',
    entries: [
      { label: 'Pin & bộ sạc', description: 'Pin lithium, bộ sạc chính hãng', to: '/products?category=pin-bo-sac' },
      { label: 'Động cơ điện', description: 'Động cơ, bộ điều khiển và linh kiện', to: '/products?category=dong-co-dien' },
      { label: 'Cáp sạc', description: 'Cáp sạc, đầu sạc các chuẩn', to: '/products?category=cap-sac' },
      { label: 'Dụng cụ', description: 'Dụng cụ bảo dưỡng và đo kiểm', to: '/products?category=dung-cu' },
    ],
  },
  {
    id: 'promotions',
    label: 'Ưu đãi',
    to: '/promotions',
    size: 'md',
    entries: [
      { label: 'Flash sale', description: 'Giá tốt trong thời gian ngắn', to: '/promotions?type=flash-sale' },
      { label: 'Thành viên VIP', description: 'Ưu đãi riêng cho khách hàng thân thiết', to: '/promotions?type=vip' },
      { label: 'Ưu đãi theo mùa', description: 'Chương trình theo mùa và dịp lễ', to: '/promotions?type=seasonal' },
    ],
  },
  {
    id: 'packages',
    label: 'Gói dịch vụ',
    to: '/packages',
    size: 'sm',
    entries: [
      { label: 'Gói cơ bản', description: 'Bảo dưỡng định kỳ tiết kiệm', to: '/packages#co-ban' },
      { label: 'Gói tiêu chuẩn', description: 'Thêm kiểm tra pin và phần mềm', to: '/packages#tieu-chuan' },
      { label: 'Gói cao cấp', description: 'Chăm sóc toàn diện cả năm', to: '/packages#cao-cap' },
    ],
  },
  { id: 'contact', label: 'Liên hệ', to: '/contact', entries: [] },
];
