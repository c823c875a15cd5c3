import type { PromotionCategory, PromotionEligibility, PromotionKind, PromotionType } from 'shared-contracts/schemas';

export interface PromotionSeed {
  code: string;
  title: string;
  description: string;
  type: PromotionType;
  /** Percent for 'percentage', integer VND otherwise. */
  value: number;
  minOrder: number;
  maxDiscount?: number;
  usageLimit: number;
  perCustomerLimit: number;
  categories?: PromotionCategory[];
  kind: PromotionKind;
  eligibility: PromotionEligibility;
  isActive: boolean;
  /** Validity window relative to the seed time, in hours (negative: in the past). */
  fromHours: number;
  toHours: number;
}

const DAY = 24;

/**
 * The promotions. The spec's five sample codes come first, their values mapped in the order of the spec's
 * value lists (percentages 20/15/10, maximum discounts 500 000/1 000 000/300 000, minimum orders
 * 1 000 000/500 000/5 000 000/2 000 000/1 500 000, usage limits 1/999/100/1/5, shipping 200 000, fixed
 * 500 000); then flash-sale, VIP and seasonal ones (the header's Ưu đãi entries), and two that must not be
 * listed (one expired, one switched off). Windows are relative to the seed time so a fresh install is live.
 */
export const PROMOTIONS: readonly PromotionSeed[] = [
  {
    code: 'NEWUSER20',
    title: 'Giảm 20% cho khách hàng mới',
    description: 'Giảm 20% cho đơn hàng đầu tiên từ 1.000.000 ₫, tối đa 500.000 ₫.',
    type: 'percentage', value: 20, minOrder: 1_000_000, maxDiscount: 500_000, usageLimit: 1, perCustomerLimit: 1,
    kind: 'general', eligibility: 'new-customer', isActive: true, fromHours: -7 * DAY, toHours: 180 * DAY,
  },
  {
    code: 'FREESHIP',
    title: 'Miễn phí vận chuyển',
    description: 'Miễn phí vận chuyển tới 200.000 ₫ cho đơn hàng từ 500.000 ₫.',
    type: 'shipping', value: 200_000, minOrder: 500_000, usageLimit: 999, perCustomerLimit: 3,
    kind: 'general', eligibility: 'everyone', isActive: true, fromHours: -7 * DAY, toHours: 90 * DAY,
  },
  {
    code: 'SAVE500K',
    title: 'Giảm ngay 500.000 ₫',
    description: 'Giảm 500.000 ₫ cho đơn hàng từ 5.000.000 ₫: pin, bộ sạc, động cơ và phụ tùng.',
    type: 'fixed', value: 500_000, minOrder: 5_000_000, usageLimit: 100, perCustomerLimit: 1, categories: ['parts'],
    kind: 'general', eligibility: 'everyone', isActive: true, fromHours: -3 * DAY, toHours: 60 * DAY,
  },
  {
    code: 'BIRTHDAY15',
    title: 'Quà sinh nhật: giảm 15%',
    description: 'Giảm 15% trong tháng sinh nhật của bạn cho đơn từ 2.000.000 ₫, tối đa 1.000.000 ₫.',
    type: 'percentage', value: 15, minOrder: 2_000_000, maxDiscount: 1_000_000, usageLimit: 1, perCustomerLimit: 1,
    kind: 'general', eligibility: 'birthday-month', isActive: true, fromHours: -7 * DAY, toHours: 365 * DAY,
  },
  {
    code: 'MEMBER10',
    title: 'Thành viên giảm 10%',
    description: 'Thành viên giảm 10% cho đơn từ 1.500.000 ₫, tối đa 300.000 ₫, dùng được 5 lần.',
    type: 'percentage', value: 10, minOrder: 1_500_000, maxDiscount: 300_000, usageLimit: 5, perCustomerLimit: 5,
    kind: 'vip', eligibility: 'member', isActive: true, fromHours: -7 * DAY, toHours: 120 * DAY,
  },
  {
    code: 'FLASHPIN25',
    title: 'Flash sale pin & bộ sạc: giảm 25%',
    description: 'Chỉ trong 72 giờ: giảm 25% pin và bộ sạc cho đơn từ 3.000.000 ₫, tối đa 1.500.000 ₫.',
    type: 'percentage', value: 25, minOrder: 3_000_000, maxDiscount: 1_500_000, usageLimit: 50, perCustomerLimit: 1, categories: ['parts'],
    kind: 'flash-sale', eligibility: 'everyone', isActive: true, fromHours: -2, toHours: 70,
  },
  {
    code: 'FLASHTOOL',
    title: 'Flash sale dụng cụ: giảm 200.000 ₫',
    description: 'Giảm 200.000 ₫ cho dụng cụ và thiết bị đo, đơn từ 1.000.000 ₫, trong 48 giờ.',
    type: 'fixed', value: 200_000, minOrder: 1_000_000, usageLimit: 100, perCustomerLimit: 1, categories: ['equipment'],
    kind: 'flash-sale', eligibility: 'everyone', isActive: true, fromHours: -1, toHours: 47,
  },
  {
    code: 'VIP300K',
    title: 'Ưu đãi VIP: giảm 300.000 ₫',
    description: 'Dành cho thành viên VIP: giảm 300.000 ₫ cho đơn từ 3.000.000 ₫.',
    type: 'fixed', value: 300_000, minOrder: 3_000_000, usageLimit: 200, perCustomerLimit: 2,
    kind: 'vip', eligibility: 'vip', isActive: true, fromHours: -14 * DAY, toHours: 180 * DAY,
  },
  {
    code: 'VIPSHIP',
    title: 'VIP miễn phí vận chuyển toàn quốc',
    description: 'Thành viên VIP được miễn phí vận chuyển tới 300.000 ₫, không cần đơn tối thiểu.',
    type: 'shipping', value: 300_000, minOrder: 0, usageLimit: 500, perCustomerLimit: 10,
    kind: 'vip', eligibility: 'vip', isActive: true, fromHours: -14 * DAY, toHours: 365 * DAY,
  },
  {
    code: 'MUAMUA15',
    title: 'Mùa mưa an toàn: giảm 15% phanh & lốp',
    description: 'Giảm 15% má phanh, đĩa phanh và lốp cho đơn từ 800.000 ₫, tối đa 400.000 ₫.',
    type: 'percentage', value: 15, minOrder: 800_000, maxDiscount: 400_000, usageLimit: 300, perCustomerLimit: 1, categories: ['parts'],
    kind: 'seasonal', eligibility: 'everyone', isActive: true, fromHours: -10 * DAY, toHours: 30 * DAY,
  },
  {
    code: 'TET2027',
    title: 'Đón Tết 2027: giảm 12%',
    description: 'Sắm Tết cho xe: giảm 12% phụ kiện và dụng cụ cho đơn từ 1.000.000 ₫, tối đa 600.000 ₫.',
    type: 'percentage', value: 12, minOrder: 1_000_000, maxDiscount: 600_000, usageLimit: 500, perCustomerLimit: 1,
    categories: ['accessories', 'equipment'],
    kind: 'seasonal', eligibility: 'everyone', isActive: true, fromHours: -1 * DAY, toHours: 100 * DAY,
  },
  {
    code: 'HE2026',
    title: 'Hè 2026: giảm 10% (đã kết thúc)',
    description: 'Chương trình hè đã kết thúc.',
    type: 'percentage', value: 10, minOrder: 500_000, maxDiscount: 200_000, usageLimit: 300, perCustomerLimit: 1,
    kind: 'seasonal', eligibility: 'everyone', isActive: true, fromHours: -150 * DAY, toHours: -60 * DAY,
  },
  {
    code: 'TAMNGUNG',
    title: 'Ưu đãi tạm ngưng',
    description: 'Chương trình đang tạm ngưng.',
    type: 'fixed', value: 100_000, minOrder: 1_000_000, usageLimit: 100, perCustomerLimit: 1,
    kind: 'general', eligibility: 'everyone', isActive: false, fromHours: -7 * DAY, toHours: 60 * DAY,
  },
];
