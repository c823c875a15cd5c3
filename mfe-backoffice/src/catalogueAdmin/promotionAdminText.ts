import { VIETNAM_TIME_ZONE } from 'shared-contracts/calendar';
import { LOYALTY_RANKED_TIERS, LOYALTY_TIER_LABELS } from 'shared-contracts/pricing';
import type { PromotionEligibilityValue, PromotionGroupValue, PromotionKindValue, PromotionTypeValue } from './promotionAdminApi';

const day = new Intl.DateTimeFormat('vi-VN', { timeZone: VIETNAM_TIME_ZONE, day: '2-digit', month: '2-digit', year: 'numeric' });
/** dd/MM/yyyy in Vietnam. */
export const formatDay = (iso: string) => day.format(new Date(iso));

export const PROMOTION_TYPE_TEXT: Record<PromotionTypeValue, string> = { percentage: 'Giảm theo phần trăm', fixed: 'Giảm số tiền cố định', shipping: 'Giảm phí vận chuyển' };
export const PROMOTION_KIND_TEXT: Record<PromotionKindValue, string> = { general: 'Ưu đãi chung', 'flash-sale': 'Flash sale', vip: 'Thành viên VIP', seasonal: 'Ưu đãi theo mùa' };
export const PROMOTION_ELIGIBILITY_TEXT: Record<PromotionEligibilityValue, string> = {
  everyone: 'Mọi khách hàng',
  'new-customer': 'Khách hàng mới (đơn đầu tiên)',
  'birthday-month': 'Trong tháng sinh nhật',
  member: 'Thành viên',
  vip: 'Thành viên VIP',
};
/** The minimum tier's choices ('' : no tier required). */
export const PROMOTION_MIN_TIER_TEXT: readonly (readonly [string, string])[] = [
  ['', 'Không yêu cầu'],
  ...LOYALTY_RANKED_TIERS.map((tier) => [tier, LOYALTY_TIER_LABELS[tier]] as const),
];
export const PROMOTION_GROUP_TEXT: Record<PromotionGroupValue, string> = { parts: 'Phụ tùng', accessories: 'Phụ kiện', equipment: 'Thiết bị & dụng cụ' };

export const promotionText = {
  tabs: { products: 'Sản phẩm', promotions: 'Khuyến mãi', taxonomy: 'Danh mục & thương hiệu', label: 'Mục quản lý danh mục' },
  listTitle: 'Khuyến mãi',
  create: 'Thêm khuyến mãi',
  edit: 'Sửa',
  view: 'Xem',
  pause: 'Tạm ngưng',
  resume: 'Tiếp tục',
  running: 'Đang chạy',
  paused: 'Tạm ngưng',
  empty: 'Chưa có khuyến mãi nào.',
  loadFailed: 'Không tải được khuyến mãi.',
  readOnly: 'Bạn chỉ có quyền xem khuyến mãi.',
  columns: { code: 'Mã', title: 'Tiêu đề', value: 'Giá trị', window: 'Thời gian', used: 'Đã dùng / giới hạn', status: 'Trạng thái', actions: 'Thao tác' },
  fields: {
    code: 'Mã khuyến mãi',
    title: 'Tiêu đề',
    description: 'Mô tả',
    type: 'Loại',
    value: 'Giá trị',
    minOrder: 'Đơn tối thiểu (₫)',
    maxDiscount: 'Giảm tối đa (₫)',
    validFrom: 'Bắt đầu',
    validTo: 'Kết thúc',
    isActive: 'Đang hoạt động (bỏ chọn để tạm ngưng)',
    usageLimit: 'Giới hạn lượt dùng',
    usedCount: 'Đã dùng',
    perCustomerLimit: 'Lượt dùng mỗi khách',
    categories: 'Áp dụng cho nhóm sản phẩm (để trống: mọi sản phẩm)',
    kind: 'Nhóm ưu đãi',
    eligibility: 'Đối tượng',
    minTier: 'Hạng thành viên tối thiểu',
    image: 'Ảnh khuyến mãi',
    imageAlt: 'Mô tả ảnh (alt)',
    sortOrder: 'Thứ tự hiển thị',
  },
  valueHint: (type: PromotionTypeValue) => (type === 'percentage' ? '%' : '₫'),
  newTitle: 'Thêm khuyến mãi',
  save: 'Lưu',
  close: 'Đóng',
  saved: 'Đã lưu khuyến mãi.',
  created: 'Đã tạo khuyến mãi.',
  uploading: 'Đang tải ảnh…',
  stale: 'Khuyến mãi vừa được người khác cập nhật. Dưới đây là dữ liệu hiện tại; nội dung bạn đã nhập vẫn được giữ lại. Bấm Lưu để ghi đè bằng nội dung của bạn.',
  currentValues: 'Giá trị hiện tại trên hệ thống',
  useCurrent: 'Dùng dữ liệu hiện tại',
  usedNote: (used: number) => `Đã dùng ${used.toLocaleString('vi-VN')} lượt: giới hạn không được nhỏ hơn số này. Đơn hàng đã đặt giữ nguyên mức giảm đã áp dụng.`,
};
