import { formatVndPlain } from 'shared-contracts/schemas';

export const PROVIDER_LABELS = { PAYOS: 'payOS', SEPAY: 'SePay', MANUAL: 'nhập tay' } as const;
export type PaymentProvider = keyof typeof PROVIDER_LABELS;

export const paymentMessages = {
  wrongSignature: 'Chữ ký webhook không hợp lệ.',
  wrongKey: 'Khóa xác thực webhook không hợp lệ.',
  received: 'Đã nhận giao dịch.',
  replayed: 'Giao dịch này đã được ghi nhận trước đó.',
  ignored: 'Giao dịch không phải tiền vào: bỏ qua.',
  payOsNotConfigured: 'Thanh toán qua payOS chưa được bật. Vui lòng chuyển khoản theo mã VietQR.',
  payOsUnavailable: 'Không kết nối được cổng thanh toán payOS. Vui lòng thử lại sau hoặc chuyển khoản theo mã VietQR.',
  orderNotPayable: 'Đơn hàng này không còn chờ thanh toán chuyển khoản.',
  linkReady: 'Đã tạo liên kết thanh toán payOS.',
  /** The timeline's note of a payment the provider confirmed. */
  transferReceived: (amount: number, provider: PaymentProvider) => `Đã nhận chuyển khoản ${formatVndPlain(amount)} (${PROVIDER_LABELS[provider]})`,
};

/** A transfer the desk records by hand (recordedTransfersModule). */
export const recordedTransferMessages = {
  content: (orderCode: string) => `Nhân viên ghi nhận chuyển khoản cho đơn ${orderCode}`,
  paid: (orderCode: string) => `Đã ghi nhận chuyển khoản: đơn ${orderCode} đã thanh toán.`,
  queued: 'Số tiền không khớp tổng đơn: giao dịch đã được chuyển vào hàng đợi cần xử lý.',
  alreadyRecorded: (reference: string) => `Mã giao dịch ${reference} đã được ghi nhận trước đó.`,
  dateOutOfRange: (days: number) => `Ngày chuyển khoản phải từ ${days} ngày trước đến hôm nay.`,
};
