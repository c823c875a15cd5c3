/**
 * What customers say (issue 48), without zod: the limits, the labels and the follow-up's status machine that the
 * API (through shared-contracts/schemas, which re-exports them) and the remotes (through shared-contracts/reviews) share.
 */

export const PRODUCT_REVIEW_TEXT_MAX = 2000;
export const PRODUCT_REVIEW_PHOTOS_MAX = 4;
/** A review is editable (text, stars, photos) this many days after it was written. */
export const PRODUCT_REVIEW_EDIT_DAYS = 30;
export const REVIEW_REPLY_TEXT_MAX = 2000;
export const REVIEW_MODERATION_REASON_MAX = 500;
export const PRODUCT_REVIEW_PAGE_SIZE_DEFAULT = 10;
export const PRODUCT_REVIEW_PAGE_SIZE_MAX = 20;

export const PRODUCT_REVIEW_SORTS = ['newest', 'helpful', 'highest', 'lowest'] as const;
export type ProductReviewSort = (typeof PRODUCT_REVIEW_SORTS)[number];
export const PRODUCT_REVIEW_SORT_LABELS: Record<ProductReviewSort, string> = {
  newest: 'Mới nhất',
  helpful: 'Hữu ích nhất',
  highest: 'Điểm cao nhất',
  lowest: 'Điểm thấp nhất',
};

/** Why a customer reports a review. */
export const REVIEW_REPORT_REASONS = ['spam', 'offensive', 'misleading', 'personal_info', 'other'] as const;
export type ReviewReportReason = (typeof REVIEW_REPORT_REASONS)[number];
export const REVIEW_REPORT_REASON_LABELS: Record<ReviewReportReason, string> = {
  spam: 'Spam, quảng cáo',
  offensive: 'Ngôn từ thô tục, xúc phạm',
  misleading: 'Sai sự thật, gây hiểu lầm',
  personal_info: 'Lộ thông tin cá nhân',
  other: 'Lý do khác',
};

/** The admin's moderation queue: reported, unanswered (no reply yet), hidden, or all. */
export const REVIEW_QUEUES = ['reported', 'unanswered', 'hidden', 'all'] as const;
export type ReviewQueue = (typeof REVIEW_QUEUES)[number];
export const REVIEW_QUEUE_LABELS: Record<ReviewQueue, string> = {
  reported: 'Bị báo cáo',
  unanswered: 'Chưa trả lời',
  hidden: 'Đã ẩn',
  all: 'Tất cả',
};

/** A rating is editable this many days after it was given. */
export const SERVICE_RATING_EDIT_DAYS = 7;
/** A rating at or below this opens a follow-up for the centre's manager. */
export const SERVICE_RATING_FOLLOW_UP_MAX_STARS = 2;
/** A visit is offered for rating this many days after its service order closed. */
export const SERVICE_RATING_OFFER_DAYS = 30;
export const SERVICE_RATING_COMMENT_MAX = 1000;
export const FOLLOW_UP_NOTE_MAX = 1000;

/** The yes/no questions of a visit's rating, in the order the form asks them. */
export const SERVICE_RATING_QUESTIONS = ['onTime', 'explainedClearly', 'carClean'] as const;
export type ServiceRatingQuestion = (typeof SERVICE_RATING_QUESTIONS)[number];
export const SERVICE_RATING_QUESTION_LABELS: Record<ServiceRatingQuestion, string> = {
  onTime: 'Đúng giờ',
  explainedClearly: 'Giải thích rõ',
  carClean: 'Xe sạch sẽ',
};

/** A low rating's follow-up: the manager calls the customer, notes what was said, closes it with an outcome. */
export const FOLLOW_UP_STATUSES = ['OPEN', 'CONTACTED', 'CLOSED'] as const;
export type FollowUpStatus = (typeof FOLLOW_UP_STATUSES)[number];
export const FOLLOW_UP_STATUS_LABELS: Record<FollowUpStatus, string> = {
  OPEN: 'Cần gọi lại',
  CONTACTED: 'Đã liên hệ',
  CLOSED: 'Đã đóng',
};
/** The follow-up's status machine: a note moves OPEN to CONTACTED; closing ends it from either. */
export const FOLLOW_UP_TRANSITIONS: Record<FollowUpStatus, readonly FollowUpStatus[]> = {
  OPEN: ['CONTACTED', 'CLOSED'],
  CONTACTED: ['CLOSED'],
  CLOSED: [],
};
export function canMoveFollowUp(from: FollowUpStatus, to: FollowUpStatus): boolean {
  return FOLLOW_UP_TRANSITIONS[from].includes(to);
}
