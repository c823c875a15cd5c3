import { SERVICE_RATING_EDIT_DAYS } from 'shared-contracts/schemas';

/** What the service ratings' routes tell the user (Vietnamese). */
export const serviceRatingMessages = {
  pendingListed: 'Các lượt dịch vụ chờ bạn đánh giá.',
  mineListed: 'Các đánh giá dịch vụ của bạn.',
  created: 'Cảm ơn bạn đã đánh giá lượt dịch vụ!',
  updated: 'Đã cập nhật đánh giá của bạn.',
  orderNotFound: 'Không tìm thấy phiếu dịch vụ.',
  notClosed: 'Chỉ có thể đánh giá khi lượt dịch vụ đã hoàn tất và thanh toán.',
  editWindowPassed: `Đã quá hạn ${SERVICE_RATING_EDIT_DAYS} ngày để sửa đánh giá.`,
  tooMany: (wait: string) => `Bạn gửi đánh giá quá nhiều lần. Vui lòng thử lại sau ${wait}.`,
  ratingNotFound: 'Không tìm thấy đánh giá.',
  followUpNotFound: 'Không tìm thấy phiếu theo dõi.',
  alreadyHidden: 'Đánh giá này đã được ẩn.',
  notHidden: 'Đánh giá này đang hiển thị.',
  hidden: 'Đã ẩn đánh giá và báo cho khách hàng.',
  unhidden: 'Đã hiện lại đánh giá và báo cho khách hàng.',
  followUpClosed: 'Phiếu theo dõi đã đóng, không thể thay đổi.',
  noteAdded: 'Đã lưu ghi chú cuộc gọi.',
  followUpClosedOk: 'Đã đóng phiếu theo dõi.',
  listed: 'Danh sách đánh giá dịch vụ.',
  followUpsListed: 'Danh sách phiếu theo dõi đánh giá thấp.',
  kpis: 'Chỉ số đánh giá dịch vụ.',
} as const;
