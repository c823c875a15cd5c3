import { formatDate, formatDateTime } from 'shared-contracts';

const MINUTE_MS = 60_000;

/** dd/MM/yyyy HH:mm in Asia/Ho_Chi_Minh. */
function dateThenTime(iso: string): string {
  const [time, date] = formatDateTime(iso).split(' ');
  return `${date} ${time}`;
}

/** How long ago an order was placed: "Vừa xong", "12 phút trước", "2 giờ trước", "3 ngày trước", then its date. */
function ageOf(iso: string, now: number): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(iso)) / MINUTE_MS));
  if (minutes < 1) return 'Vừa xong';
  if (minutes < 60) return `${minutes} phút trước`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} giờ trước`;
  const days = Math.floor(hours / 24);
  return days <= 30 ? `${days} ngày trước` : formatDate(iso);
}

/** The web-order desk's Vietnamese text. */
export const webOrderText = {
  listHeading: 'Danh sách đơn hàng',
  all: 'Tất cả',
  filters: 'Bộ lọc',
  search: 'Tìm theo mã đơn, số điện thoại hoặc tên',
  searchButton: 'Tìm',
  paymentStatus: 'Thanh toán',
  paymentMethod: 'Phương thức',
  fulfilment: 'Nhận hàng',
  from: 'Từ ngày',
  to: 'Đến ngày',
  any: 'Tất cả',
  loading: 'Đang tải…',
  loadFailed: 'Không tải được danh sách đơn hàng. Vui lòng thử lại.',
  detailFailed: 'Không tải được đơn hàng. Vui lòng thử lại.',
  retry: 'Thử lại',
  empty: 'Không có đơn hàng nào khớp bộ lọc.',
  code: 'Mã đơn',
  customer: 'Người nhận',
  total: 'Tổng tiền',
  totals: 'Tiền đơn hàng',
  subtotal: 'Tạm tính',
  discount: (code: string | null) => (code ? `Giảm giá (${code})` : 'Giảm giá'),
  shippingFee: 'Phí vận chuyển',
  /** Điểm thưởng (−2.000 điểm): what the customer's points paid. */
  points: (used: number) => `Điểm thưởng (−${new Intl.NumberFormat('vi-VN').format(used)} điểm)`,
  status: 'Trạng thái',
  placedAt: 'Đặt lúc',
  open: (code: string) => `Xem đơn ${code}`,
  pager: 'Phân trang',
  page: (page: number, total: number | null) => (total === null ? `Trang ${page}` : `Trang ${page} · ${total} đơn`),
  previous: 'Trang trước',
  next: 'Trang sau',
  close: 'Đóng',
  lines: 'Sản phẩm',
  quantity: 'SL',
  sku: 'Mã SKU',
  customerHeading: 'Khách hàng',
  delivery: 'Giao tới',
  pickup: 'Nhận tại',
  paymentHeading: 'Thanh toán',
  amountReceived: 'Đã nhận',
  refundDue: 'Cần hoàn',
  bankReference: 'Mã giao dịch',
  timeline: 'Lịch sử đơn hàng',
  notes: 'Ghi chú nội bộ',
  noNotes: 'Chưa có ghi chú.',
  addNote: 'Thêm ghi chú',
  noteLabel: 'Ghi chú mới (khách hàng không thấy)',
  shipment: 'Vận chuyển',
  tracking: 'Theo dõi hành trình',
  refund: 'Hoàn tiền',
  actions: 'Thao tác',
  noActions: 'Đơn hàng không còn thao tác nào.',
  printSlip: 'In phiếu đóng gói',
  slipTitle: 'Phiếu đóng gói',
  carrier: 'Đơn vị vận chuyển',
  trackingCode: 'Mã vận đơn',
  reason: 'Lý do hủy',
  refundAmount: 'Số tiền hoàn (VND)',
  refundMethod: 'Hình thức hoàn',
  refundReference: 'Mã giao dịch ngân hàng',
  submit: 'Xác nhận',
  cancelForm: 'Bỏ qua',
  done: 'Đã cập nhật đơn hàng.',
  conflict: 'Đơn hàng đã thay đổi trong lúc bạn xem — thông tin mới nhất đã được tải lại.',
  statusSelect: 'Lọc theo trạng thái',
  moreFilters: 'Bộ lọc',
  searchShort: 'Mã đơn, SĐT, tên',
  cards: 'Đơn hàng',
  age: ageOf,
  stamp: dateThenTime,
  backToList: 'Quay lại danh sách',
  noPayments: 'Chưa nhận khoản thanh toán nào.',
  paymentRecord: (index: number) => `Khoản thanh toán ${index}`,
  refundRecord: (index: number) => `Khoản hoàn tiền ${index}`,
  paymentMethodOfRecord: 'Phương thức',
  paidAt: 'Thời gian',
  receivedBy: 'Người ghi nhận',
  automatic: 'Tự động (ngân hàng)',
  unknownPerson: 'Không rõ',
  refundedAmount: 'Số tiền hoàn',
  refundedBy: 'Người hoàn',
  refundReason: 'Lý do',
  by: (name: string | null, kind: string) => (kind === 'customer' ? 'Khách hàng' : kind === 'system' ? 'Hệ thống' : (name ?? 'Nhân viên')),
} as const;
