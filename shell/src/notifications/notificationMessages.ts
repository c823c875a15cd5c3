/** The bell's Vietnamese texts. */
export const notificationMessages = {
  title: 'Thông báo',
  /** The bell's accessible name: the badge's figure as a word of it (axe label-content-name-mismatch: not "(2"). */
  bellLabel: (count: number) => (count > 0 ? `Thông báo: ${badgeText(count)} chưa đọc` : 'Thông báo'),
  markAllRead: 'Đánh dấu tất cả đã đọc',
  seeAll: 'Xem tất cả',
  empty: 'Chưa có thông báo nào',
  loading: 'Đang tải thông báo…',
  loadFailed: 'Không tải được thông báo. Vui lòng thử lại.',
  unread: 'Chưa đọc',
  justNow: 'Vừa xong',
  minutesAgo: (minutes: number) => `${minutes} phút trước`,
  hoursAgo: (hours: number) => `${hours} giờ trước`,
};

/** The badge: the count, 99+ above 99. */
export function badgeText(count: number): string {
  return count > 99 ? '99+' : String(count);
}
