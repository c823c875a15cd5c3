import { formatVnd } from 'shared-contracts';
import type { MemberTier } from 'shared-contracts/schemas';
import { formatTierMultiplier, LOYALTY_TIER_MULTIPLIER_BOUNDS, LOYALTY_TIER_SPEND_MAX } from 'shared-contracts/pricing';

/** The tiers' rules panel (/admin?view=loyalty). */
export const tierRulesText = {
  heading: 'Hạng thành viên',
  intro:
    'Hạng được xét mỗi ngày lúc 01:30 theo tổng chi tiêu 12 tháng gần nhất (đã trừ phần hoàn tiền). Hệ số điểm nhân với số điểm tích của mỗi giao dịch. Mỗi thay đổi là một dòng mới, chỉ áp dụng từ thời điểm đã chọn: điểm đã tích không bị tính lại.',
  loading: 'Đang tải quy định hạng thành viên…',
  loadFailed: 'Không tải được quy định hạng thành viên. Vui lòng thử lại.',
  currentHeading: 'Hạng đang áp dụng',
  tier: 'Hạng',
  minSpend: 'Chi tiêu 12 tháng tối thiểu',
  multiplier: 'Hệ số điểm',
  rule: (minSpend: number, multiplierPercent: number) => `từ ${formatVnd(minSpend)} · ${formatTierMultiplier(multiplierPercent)}`,
  spendHint: `Từ 1 đến ${LOYALTY_TIER_SPEND_MAX.toLocaleString('vi-VN')} ₫`,
  multiplierHint: `Từ ${LOYALTY_TIER_MULTIPLIER_BOUNDS.min} đến ${LOYALTY_TIER_MULTIPLIER_BOUNDS.max} (100 = ×1)`,
  formHeading: 'Thay đổi quy định hạng',
  saved: 'Đã lưu thay đổi quy định hạng thành viên.',
  historyCaption: 'Mọi thay đổi quy định hạng, mới nhất trước',
} as const;

/** A customer's tier on their points panel: "Hạng Vàng (×1,25) · chi tiêu 12 tháng 23.000.000 ₫". */
export function tierLine(tier: MemberTier): string {
  return `Hạng ${tier.label} (${formatTierMultiplier(tier.multiplierPercent)}) · chi tiêu 12 tháng ${formatVnd(tier.spend12m)}`;
}
