import { VIETNAM_TIME_ZONE } from 'shared-contracts/calendar';
import { CHECKLIST_PHOTO_MAX_BYTES } from 'shared-contracts/backoffice';
import { CONVERSATION_PHOTOS_MAX, CONVERSATION_TEXT_MAX } from 'shared-contracts/conversations';

/** A photo's bound: the API bounds a conversation's photo as a checklist photo's. */
export const PHOTO_MAX_BYTES = CHECKLIST_PHOTO_MAX_BYTES;
const PHOTO_MAX_MB = Math.round(PHOTO_MAX_BYTES / (1024 * 1024));

const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: VIETNAM_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** dd/MM HH:mm in Vietnam's time (the inbox's and the thread's times). */
export function shortTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.formatToParts(date).find((entry) => entry.type === type)?.value ?? '';
  return `${part('day')}/${part('month')} ${part('hour')}:${part('minute')}`;
}

const count = (value: number) => value.toLocaleString('vi-VN');

/** The messages pages' Vietnamese strings. */
export const messagesText = {
  loading: 'Đang tải…',
  retry: 'Thử lại',
  loadFailed: 'Không tải được tin nhắn. Vui lòng thử lại.',
  inbox: {
    heading: 'Hộp thư',
    centre: 'Trung tâm',
    filters: 'Lọc hội thoại',
    search: 'Tìm theo tên, số điện thoại, biển số hoặc mã đơn',
    searchPlaceholder: 'Tên, SĐT, biển số, mã đơn…',
    empty: 'Không có hội thoại nào.',
    emptySearch: (q: string) => `Không có hội thoại nào khớp “${q}”.`,
    more: 'Xem thêm hội thoại',
    unreadTotal: (n: number) => (n > 0 ? `${count(n)} tin chưa đọc` : 'Không có tin chưa đọc'),
    unread: (n: number) => `${count(n)} chưa đọc`,
    navUnread: 'tin chưa đọc',
    unassigned: 'Chưa phân công',
    assignee: (name: string) => `Phụ trách: ${name}`,
    photoOnly: '[Ảnh]',
    noMessages: 'Chưa có tin nhắn',
    you: 'Trung tâm: ',
  },
  thread: {
    choose: 'Chọn một hội thoại để xem tin nhắn.',
    back: 'Quay lại hộp thư',
    messages: 'Tin nhắn',
    older: 'Xem tin nhắn cũ hơn',
    olderFailed: 'Không tải được tin nhắn cũ hơn.',
    empty: 'Chưa có tin nhắn nào. Hãy gửi tin đầu tiên cho khách.',
    seen: 'Đã xem',
    sent: 'Đã gửi',
    customer: 'Khách hàng',
    photo: (index: number, author: string) => `Ảnh ${index} của ${author}`,
    photoFailed: 'Không tải được ảnh',
    status: 'Trạng thái',
    assignee: 'Người phụ trách',
    nobody: 'Chưa phân công',
    assign: 'Phân công',
    takeOver: 'Nhận xử lý',
    close: 'Đóng hội thoại',
    reopen: 'Mở lại hội thoại',
    assigned: (name: string | null) => (name ? `Đã phân công cho ${name}.` : 'Đã bỏ phân công.'),
    closed: 'Đã đóng hội thoại.',
    reopened: 'Đã mở lại hội thoại.',
    conflict: 'Hội thoại vừa được người khác cập nhật.',
    reloaded: 'Đã tải lại thông tin mới nhất, vui lòng kiểm tra rồi thao tác lại.',
    actionFailed: 'Không cập nhật được hội thoại. Vui lòng thử lại.',
    assigneesFailed: 'Không tải được danh sách nhân viên.',
  },
  composer: {
    label: 'Nội dung tin nhắn',
    placeholder: 'Nhập tin nhắn… (Enter để gửi, Shift+Enter để xuống dòng)',
    counter: (n: number) => `${count(n)}/${count(CONVERSATION_TEXT_MAX)}`,
    counterLabel: 'Số ký tự đã nhập',
    tooLong: `Tin nhắn tối đa ${count(CONVERSATION_TEXT_MAX)} ký tự.`,
    empty: 'Vui lòng nhập nội dung tin nhắn hoặc chọn ảnh.',
    send: 'Gửi',
    sending: 'Đang gửi…',
    sendFailed: 'Không gửi được tin nhắn. Vui lòng thử lại.',
    attach: 'Đính kèm ảnh',
    attachHint: `Tối đa ${CONVERSATION_PHOTOS_MAX} ảnh, JPEG, PNG hoặc WebP, mỗi ảnh đến ${PHOTO_MAX_MB} MB.`,
    tooManyPhotos: `Tối đa ${CONVERSATION_PHOTOS_MAX} ảnh mỗi tin nhắn.`,
    badType: 'Chỉ nhận ảnh JPEG, PNG hoặc WebP.',
    tooLarge: `Ảnh vượt quá ${PHOTO_MAX_MB} MB, vui lòng chọn ảnh nhỏ hơn.`,
    uploading: (name: string) => `Đang tải ảnh ${name} lên…`,
    uploadFailed: 'Không tải được ảnh lên. Vui lòng thử lại.',
    removePhoto: (index: number) => `Bỏ ảnh ${index}`,
    attached: (index: number) => `Ảnh đính kèm ${index}`,
    quickReplies: 'Trả lời nhanh',
    closedNote: 'Hội thoại đã đóng; gửi tin nhắn sẽ mở lại hội thoại.',
  },
  panel: {
    heading: 'Nhắn khách',
    open: 'Mở tin nhắn với khách',
    hide: 'Ẩn tin nhắn với khách',
    intro: 'Trao đổi với khách về xe đang làm: gửi ảnh và lời giải thích, khách nhận được ngay.',
    sendPhoto: 'Gửi ảnh cho khách',
    photoInput: 'Chụp hoặc chọn ảnh gửi cho khách',
    photoHint: 'Ví dụ: “Anh/chị xem má phanh này đã mòn quá giới hạn…”',
    photoText: 'Lời nhắn kèm ảnh (không bắt buộc)',
    photoSent: 'Đã gửi ảnh cho khách.',
    openFull: 'Mở trong hộp thư',
    latest: 'Tin nhắn gần đây',
  },
};
