/**
 * Conversations with the centre (issue 49), without zod: limits, labels and the thread's status machine that the API
 * (through shared-contracts/schemas, which re-exports them) and the remotes (through shared-contracts/conversations) share.
 * A thread belongs to one subject (a booking, a service order or a web order) and to that subject's centre.
 */

export const CONVERSATION_TEXT_MAX = 2000;
export const CONVERSATION_PHOTOS_MAX = 4;
/** Messages a thread answers at once (newest first, older ones by `before`). */
export const CONVERSATION_MESSAGES_PAGE_SIZE = 30;
export const CONVERSATION_MESSAGES_PAGE_SIZE_MAX = 100;
export const CONVERSATION_INBOX_PAGE_SIZE = 20;
export const CONVERSATION_INBOX_PAGE_SIZE_MAX = 50;
/** How long an uploaded photo waits to be sent in a message before it is deleted. */
export const CONVERSATION_PHOTO_PENDING_HOURS = 24;

export const CONVERSATION_SUBJECT_KINDS = ['appointment', 'service_order', 'order'] as const;
export type ConversationSubjectKind = (typeof CONVERSATION_SUBJECT_KINDS)[number];
export const CONVERSATION_SUBJECT_LABELS: Record<ConversationSubjectKind, string> = {
  appointment: 'Lịch hẹn',
  service_order: 'Phiếu dịch vụ',
  order: 'Đơn hàng',
};

/** Who wrote a message: the customer, or someone of the centre (staff, technician, manager, admin). */
export const CONVERSATION_SIDES = ['customer', 'centre'] as const;
export type ConversationSide = (typeof CONVERSATION_SIDES)[number];

/** A thread is open until staff close it; a new message (from either side) opens it again. */
export const CONVERSATION_STATUSES = ['open', 'closed'] as const;
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];
export const CONVERSATION_STATUS_LABELS: Record<ConversationStatus, string> = {
  open: 'Đang mở',
  closed: 'Đã đóng',
};
export const CONVERSATION_TRANSITIONS: Record<ConversationStatus, readonly ConversationStatus[]> = {
  open: ['closed'],
  closed: ['open'],
};
export function canMoveConversation(from: ConversationStatus, to: ConversationStatus): boolean {
  return CONVERSATION_TRANSITIONS[from].includes(to);
}

/** The staff inbox's filters. */
export const CONVERSATION_INBOX_FILTERS = ['open', 'unread', 'mine', 'unassigned', 'closed', 'all'] as const;
export type ConversationInboxFilter = (typeof CONVERSATION_INBOX_FILTERS)[number];
export const CONVERSATION_INBOX_FILTER_LABELS: Record<ConversationInboxFilter, string> = {
  open: 'Đang mở',
  unread: 'Chưa đọc',
  mine: 'Của tôi',
  unassigned: 'Chưa phân công',
  closed: 'Đã đóng',
  all: 'Tất cả',
};

/** The staff's quick replies: one click puts the text in the box (editable before sending). */
export const CONVERSATION_QUICK_REPLIES: readonly string[] = [
  'Dạ, trung tâm đã nhận được tin nhắn của anh/chị và sẽ phản hồi ngay ạ.',
  'Kỹ thuật viên đang kiểm tra xe, trung tâm sẽ báo lại anh/chị sớm nhất ạ.',
  'Xe của anh/chị đã sẵn sàng, mời anh/chị đến trung tâm nhận xe ạ.',
  'Anh/chị vui lòng gửi thêm hình ảnh để trung tâm hỗ trợ chính xác hơn ạ.',
  'Cảm ơn anh/chị đã tin tưởng EV Service!',
];

/** The page a customer opens a thread from and reads it on. */
export const CUSTOMER_MESSAGES_PATH = '/messages';
export const STAFF_MESSAGES_PATH = '/staff/messages';
