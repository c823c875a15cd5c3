import { formatVnd } from 'shared-contracts';
import { formatTierMultiplier } from 'shared-contracts/pricing';

/** The member's tier on /loyalty and the dashboard's card. */
export const tierText = {
  heading: 'Hạng thành viên',
  tier: (label: string) => `Hạng ${label}`,
  multiplier: (percent: number) => `Điểm tích lũy ${formatTierMultiplier(percent)}`,
  spend: (spend: number) => `Chi tiêu 12 tháng: ${formatVnd(spend)}`,
  /** Chi tiêu 12 tháng: 8.000.000 ₫ · Còn 12.000.000 ₫ để lên hạng Vàng */
  progress: (spend: number, remaining: number, next: string) => `Chi tiêu 12 tháng: ${formatVnd(spend)} · Còn ${formatVnd(remaining)} để lên hạng ${next}`,
  reached: (next: string) => `Bạn đã đủ mức chi tiêu của hạng ${next}: hạng mới được cập nhật trong lần xét hạng hằng ngày.`,
  top: 'Bạn đang ở hạng cao nhất.',
  progressLabel: (next: string) => `Tiến độ lên hạng ${next}`,
  howItWorks: 'Hạng được xét mỗi ngày theo tổng chi tiêu 12 tháng gần nhất (dịch vụ và đơn hàng đã thanh toán, trừ phần hoàn tiền).',
} as const;
