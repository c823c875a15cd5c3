import { SHOP_TIME_ZONE } from 'shared-contracts';
import { CONVERSATION_PHOTOS_MAX, CONVERSATION_TEXT_MAX } from 'shared-contracts/conversations';

const number = new Intl.NumberFormat('vi-VN');

export const messagesText = {
  listTitle: 'Tin nhắn',
  listDescription: 'Trao đổi với trung tâm về lịch hẹn, xe đang sửa và đơn hàng của bạn.',
  threadTitle: 'Trao đổi với trung tâm',
  threadDescription: 'Tin nhắn giữa bạn và trung tâm dịch vụ; trung tâm trả lời trong giờ làm việc.',
  loading: 'Đang tải tin nhắn…',
  empty: 'Bạn chưa có cuộc trò chuyện nào. Hãy chọn "Nhắn trung tâm" ở lịch hẹn hoặc đơn hàng để bắt đầu.',
  emptyThread: 'Chưa có tin nhắn nào. Hãy gửi tin nhắn đầu tiên cho trung tâm.',
  unread: (count: number) => `${number.format(count)} tin chưa đọc`,
  noMessage: 'Chưa có tin nhắn',
  photoOnly: '[Hình ảnh]',
  you: 'Bạn: ',
  more: 'Xem thêm cuộc trò chuyện',
  older: 'Xem tin nhắn cũ hơn',
  loadingOlder: 'Đang tải tin nhắn cũ hơn…',
  backToList: 'Tất cả tin nhắn',
  notFound: 'Không tìm thấy cuộc trò chuyện này.',
  seen: 'Đã xem',
  messagesLabel: 'Các tin nhắn',
  centreSide: 'Trung tâm',
  // composer
  composerLabel: 'Nội dung tin nhắn',
  composerHint: 'Nhấn Enter để gửi, Shift + Enter để xuống dòng.',
  counter: (length: number) => `${number.format(length)}/${number.format(CONVERSATION_TEXT_MAX)} ký tự`,
  tooLong: `Tin nhắn tối đa ${number.format(CONVERSATION_TEXT_MAX)} ký tự.`,
  emptyMessage: 'Vui lòng nhập nội dung tin nhắn hoặc chọn ảnh.',
  send: 'Gửi',
  sending: 'Đang gửi…',
  addPhotos: `Thêm ảnh (tối đa ${CONVERSATION_PHOTOS_MAX})`,
  photoLimit: `Mỗi tin nhắn tối đa ${CONVERSATION_PHOTOS_MAX} ảnh.`,
  photoWrongType: (name: string) => `Ảnh "${name}" không đúng định dạng (chỉ nhận JPG, PNG, WebP).`,
  photoTooLarge: (name: string, mb: number) => `Ảnh "${name}" lớn hơn ${mb} MB.`,
  photoFailed: (name: string, reason: string) => `Không tải được ảnh "${name}": ${reason}`,
  uploading: (name: string) => `Đang tải ảnh "${name}"…`,
  uploadProgress: (done: number, total: number) => `Đã tải ${done}/${total} ảnh`,
  removePhoto: (index: number) => `Bỏ ảnh ${index}`,
  pendingPhotosLabel: 'Ảnh sẽ gửi kèm',
  waitForUploads: 'Vui lòng chờ tải ảnh xong.',
  photoAlt: (index: number, author: string) => `Ảnh ${index} của ${author}`,
  openPhoto: (index: number, author: string) => `Xem ảnh ${index} của ${author}`,
  closePhoto: 'Đóng ảnh',
  photoUnavailable: 'Không tải được ảnh',
  newMessage: (author: string) => `Tin nhắn mới từ ${author}`,
  // the subject's button
  contactCentre: 'Nhắn trung tâm',
  opening: 'Đang mở…',
  liveOff: 'Mất kết nối trực tiếp, đang thử kết nối lại…',
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
export function formatMessageTime(value: string): string {
  return dateTime.format(new Date(value)).replace(',', '');
}
