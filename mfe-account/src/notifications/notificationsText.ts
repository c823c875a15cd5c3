import { SHOP_TIME_ZONE } from 'shared-contracts';
import { UNREAD_COUNT_CAP } from 'shared-contracts/notifications';

export const notificationsText = {
  title: 'Thông báo',
  description: 'Lịch hẹn, xe tại trung tâm, đơn hàng, thanh toán và tin nhắn: mọi điều bạn cần biết ở một nơi.',
  loading: 'Đang tải thông báo…',
  empty: 'Bạn chưa có thông báo nào.',
  markAll: 'Đánh dấu tất cả đã đọc',
  marking: 'Đang đánh dấu…',
  more: 'Xem thêm',
  loadingMore: 'Đang tải thêm…',
  unread: 'Chưa đọc',
  /** The API counts up to UNREAD_COUNT_CAP: from there the page says "hơn 99", as the bell says 99+. */
  unreadSummary: (count: number) =>
    count === 0
      ? 'Bạn đã đọc hết thông báo.'
      : count >= UNREAD_COUNT_CAP
        ? `Bạn có hơn ${UNREAD_COUNT_CAP - 1} thông báo chưa đọc.`
        : `Bạn có ${new Intl.NumberFormat('vi-VN').format(count)} thông báo chưa đọc.`,
  markOne: 'Đánh dấu đã đọc',
  listLabel: 'Danh sách thông báo',
  newOne: (title: string) => `Thông báo mới: ${title}`,
};

const dateTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: SHOP_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** dd/MM/yyyy HH:mm in Asia/Ho_Chi_Minh. */
export function formatNotificationTime(value: string): string {
  return dateTime.format(new Date(value)).replace(',', '');
}
