import { formatDate, formatVnd } from 'shared-contracts';
import type { Promotion, PromotionCategory, PromotionEligibility } from 'shared-contracts/schemas';

type PromotionTerms = Pick<Promotion, 'type' | 'value' | 'minOrder' | 'maxDiscount'>;

/**
 * What a promotion gives, in plain Vietnamese:
 * 'Giảm 20%, tối đa 500.000 ₫ cho đơn từ 1.000.000 ₫', 'Giảm 500.000 ₫ cho đơn từ 5.000.000 ₫',
 * 'Miễn phí vận chuyển, tối đa 200.000 ₫ cho đơn từ 1.500.000 ₫'.
 */
export function describeDiscount(promotion: PromotionTerms): string {
  let text: string;
  if (promotion.type === 'percentage') {
    text = `Giảm ${promotion.value}%`;
    if (promotion.maxDiscount !== undefined) text += `, tối đa ${formatVnd(promotion.maxDiscount)}`;
  } else if (promotion.type === 'fixed') {
    text = `Giảm ${formatVnd(promotion.value)}`;
  } else {
    text = `Miễn phí vận chuyển, tối đa ${formatVnd(promotion.value)}`;
  }
  return promotion.minOrder > 0 ? `${text} cho đơn từ ${formatVnd(promotion.minOrder)}` : `${text} cho mọi đơn hàng`;
}

/** 'Hiệu lực đến dd/MM/yyyy' (the last day, in Asia/Ho_Chi_Minh). */
export function describeValidity(validTo: string): string {
  return `Hiệu lực đến ${formatDate(validTo)}`;
}

/** 'Còn N lượt', or 'Đã hết lượt' when every use is taken. */
export function describeRemaining(promotion: Pick<Promotion, 'usageLimit' | 'usedCount'>): string {
  const left = Math.max(0, promotion.usageLimit - promotion.usedCount);
  return left > 0 ? `Còn ${left} lượt` : 'Đã hết lượt';
}

const ELIGIBILITY: Record<PromotionEligibility, string | null> = {
  everyone: null,
  'new-customer': 'Dành cho khách hàng mới',
  'birthday-month': 'Dành cho khách hàng trong tháng sinh nhật',
  member: 'Dành cho thành viên đã đăng ký',
  vip: 'Dành cho thành viên VIP',
};

const CATEGORY: Record<PromotionCategory, string> = {
  parts: 'phụ tùng',
  accessories: 'phụ kiện',
  equipment: 'thiết bị',
};

/** The other conditions, one sentence each (who, what it applies to, how often per customer). */
export function describeConditions(promotion: Pick<Promotion, 'eligibility' | 'category' | 'perCustomerLimit'>): string[] {
  const lines: string[] = [];
  const who = ELIGIBILITY[promotion.eligibility];
  if (who) lines.push(who);
  if (promotion.category && promotion.category.length > 0) {
    lines.push(`Áp dụng cho ${promotion.category.map((category) => CATEGORY[category]).join(', ')}`);
  }
  lines.push(promotion.perCustomerLimit === 1 ? 'Mỗi khách hàng dùng 1 lần' : `Mỗi khách hàng dùng tối đa ${promotion.perCustomerLimit} lần`);
  return lines;
}
