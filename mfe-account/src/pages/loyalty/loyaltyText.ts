import { formatDate, formatVnd } from 'shared-contracts';

let pointsFormat: Intl.NumberFormat | null = null;
let signedFormat: Intl.NumberFormat | null = null;

/** 1.250 (points, grouped as in Vietnamese). */
export function formatPoints(points: number): string {
  pointsFormat ??= new Intl.NumberFormat('vi-VN');
  return pointsFormat.format(points);
}

/** +120 / −50: an entry's points with their sign. */
export function formatSignedPoints(points: number): string {
  signedFormat ??= new Intl.NumberFormat('vi-VN', { signDisplay: 'exceptZero' });
  return signedFormat.format(points);
}

/** The /loyalty page's and the dashboard card's Vietnamese strings. */
export const loyaltyText = {
  loading: 'Đang tải điểm thưởng…',
  loadFailed: 'Không tải được điểm thưởng. Vui lòng thử lại.',
  balanceHeading: 'Số điểm hiện có',
  points: (points: number) => `${formatPoints(points)} điểm`,
  /** 1.250 điểm · trị giá 12.500 ₫ */
  balance: (points: number, value: number) => `${formatPoints(points)} điểm · trị giá ${formatVnd(value)}`,
  pointValue: (value: number) => `Mỗi điểm trị giá ${formatVnd(value)}.`,
  owed: (points: number) => `Bạn đang nợ ${formatPoints(Math.abs(points))} điểm do đơn đã hoàn tiền; điểm tích lũy tiếp theo sẽ bù trước.`,
  empty: 'Bạn chưa có điểm thưởng nào. Điểm được tích khi đơn hàng của bạn đã giao thành công hoặc khi bạn thanh toán dịch vụ tại trung tâm.',
  expiringHeading: 'Điểm sắp hết hạn',
  expiringNone: 'Không có điểm nào sắp hết hạn.',
  expiring: (points: number, expiresAt: string) => `${formatPoints(points)} điểm hết hạn ngày ${formatDate(expiresAt)}`,
  historyHeading: 'Lịch sử điểm thưởng',
  historyNone: 'Chưa có giao dịch điểm nào.',
  historyLatest: (count: number) => `${count} giao dịch gần nhất.`,
  signedPoints: (points: number) => `${formatSignedPoints(points)} điểm`,
  /** The dashboard's card. */
  card: {
    heading: 'Điểm thưởng',
    details: 'Xem chi tiết',
    loading: 'Đang tải điểm thưởng...',
    owed: (points: number) => `Đang nợ ${formatPoints(Math.abs(points))} điểm do đơn đã hoàn tiền.`,
    nextExpiry: (points: number, expiresAt: string) => `${formatPoints(points)} điểm sẽ hết hạn ngày ${formatDate(expiresAt)}.`,
    noExpiry: 'Chưa có điểm nào sắp hết hạn.',
    empty: 'Bạn chưa có điểm thưởng nào.',
  },
};
