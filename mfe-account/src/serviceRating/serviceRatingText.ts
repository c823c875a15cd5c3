import { SERVICE_RATING_COMMENT_MAX, SERVICE_RATING_FOLLOW_UP_MAX_STARS } from 'shared-contracts/reviews';

/** The visit ratings' own copy (dashboard and maintenance history). */
export const serviceRatingText = {
  heading: 'Đánh giá lần bảo dưỡng',
  lead: 'Lần bảo dưỡng vừa rồi thế nào? Đánh giá của bạn giúp trung tâm phục vụ tốt hơn.',
  visitTitle: (centre: string, date: string) => `${centre} · ${date}`,
  vehicle: 'Xe',
  date: 'Ngày',
  technician: 'Kỹ thuật viên',
  rate: 'Đánh giá',
  edit: 'Sửa',
  formHeading: (centre: string, date: string) => `Đánh giá lần bảo dưỡng ngày ${date} tại ${centre}`,
  editHeading: (centre: string, date: string) => `Sửa đánh giá lần bảo dưỡng ngày ${date} tại ${centre}`,
  overall: 'Đánh giá chung',
  yes: 'Có',
  no: 'Không',
  questionsHint: 'Không bắt buộc: bấm lại để bỏ chọn.',
  technicianStars: (name: string) => `Kỹ thuật viên ${name}`,
  comment: 'Nhận xét',
  optional: '(không bắt buộc)',
  counter: (length: number) => `${length}/${SERVICE_RATING_COMMENT_MAX}`,
  counterLabel: (length: number) => `Đã nhập ${length} trên ${SERVICE_RATING_COMMENT_MAX} ký tự`,
  submit: 'Gửi đánh giá',
  save: 'Lưu thay đổi',
  submitting: 'Đang gửi đánh giá...',
  cancel: 'Hủy',
  thanks: 'Cảm ơn bạn đã đánh giá lần bảo dưỡng!',
  followUp: 'Trung tâm sẽ liên hệ với bạn để khắc phục.',
  chooseStars: 'Vui lòng chọn từ 1 đến 5 sao.',
  commentTooLong: `Nhận xét tối đa ${SERVICE_RATING_COMMENT_MAX} ký tự.`,
  failed: 'Không thể gửi đánh giá. Vui lòng thử lại.',
  yours: 'Đánh giá của bạn',
  notRated: 'Chưa đánh giá',
  editableUntil: (date: string) => `Có thể sửa đến ${date}`,
} as const;

/** What the page says once a visit is rated: thanks, and that the centre will call back after a low rating. */
export function ratedMessage(stars: number): string {
  return stars <= SERVICE_RATING_FOLLOW_UP_MAX_STARS ? `${serviceRatingText.thanks} ${serviceRatingText.followUp}` : serviceRatingText.thanks;
}
